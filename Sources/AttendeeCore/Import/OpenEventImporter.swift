import AttendeeModels
import Foundation

/// Reads the JSON that open-event-server (FOSSASIA) exports: `event`, `sessions`, `speakers`, `microlocations`
/// and `tracks`, one file each (with or without `.json`), or one object holding them under those keys.
///
/// The format changed over the years, so the reader takes every spelling it has had: kebab-case
/// (`starts-at`, `short-abstract`, `photo-url`, the API since 2017 and the web-app generator's input), snake_case
/// (`start_time`, `starts_at`, `long_abstract`, the older exports and the server's zip), camelCase, lists bare or
/// wrapped (`{"sessions": [...]}`), JSON:API documents (`data[].attributes`, `relationships`, `included`), and
/// rooms and tracks as objects (`{"id": 4, "name": "Hall 4"}`), ids into `microlocations`/`tracks`, or names.
/// Sessions not on the programme (`pending`, `rejected`, `draft`, `withdrawn`, `canceled`, deleted) are left out
/// and reported, like every row it cannot use.
enum OpenEventImporter {
    /// The files of an export the reader uses.
    enum FileKind: String, CaseIterable, Sendable {
        case event, sessions, speakers, microlocations, tracks

        /// The kind of `event.json`, `sessions`, `Speakers.JSON`…; `nil` for files the reader does not use.
        init?(fileName: String) {
            var name = fileName.lowercased()
            if name.hasSuffix(".json") { name.removeLast(5) }
            if name == "events" { name = "event" }
            self.init(rawValue: name)
        }
    }

    /// States of a session that is not (or no longer) on the programme.
    private static let unscheduledStates: Set<String> = [
        "pending", "rejected", "draft", "withdrawn", "canceled", "cancelled",
    ]

    static func read(_ parts: [FileKind: Any], options: ImportOptions) throws -> ImportReport {
        var skipped: [ImportReport.Skipped] = []
        func list(_ kind: FileKind) -> [Any] {
            guard let value = parts[kind] else { return [] }
            guard let rows = rows(value, kind: kind) else {
                skipped.append(
                    .init(kind: "file", identifier: kind.rawValue, reason: Strings.text("import.reason.notAList")))
                return []
            }
            return rows
        }
        guard parts[.sessions] != nil else {
            throw ImportError(Strings.text("import.error.noSessionsFile"))
        }
        let event = parts[.event].flatMap { rows($0, kind: .event)?.first as? [String: Any] } ?? [:]
        let rawSessions = list(.sessions)
        let sessionRows = rawSessions.compactMap { $0 as? [String: Any] }

        let samples =
            ([field(event, "starts-at", "start-time"), field(event, "ends-at", "end-time")]
            + sessionRows.flatMap { [startValue($0), endValue($0)] }).compactMap { JSONField.offsetSample($0) }
        let choice = try ImportTimeZone.choose(
            explicit: options.timeZone,
            named: JSONField.string(field(event, "timezone", "time-zone")).map { ($0, "timezone") },
            samples: samples)
        let zone = choice.zone

        let rooms = names(list(.microlocations))
        let tracks = names(list(.tracks))

        var speakers: [ProgrammeSpeaker] = []
        var speakerIDs: [String: String] = [:]
        var linkedFromSpeakers: [String: [String]] = [:]
        for (index, raw) in list(.speakers).enumerated() {
            guard let row = raw as? [String: Any], let id = JSONField.string(row["id"]) else {
                skipped.append(
                    .init(kind: "speaker", identifier: "#\(index + 1)", reason: Strings.text("import.reason.noID")))
                continue
            }
            guard let name = JSONField.string(field(row, "name", "public-name")) else {
                skipped.append(.init(kind: "speaker", identifier: id, reason: Strings.text("import.reason.noName")))
                continue
            }
            guard speakerIDs[id] == nil else {
                skipped.append(
                    .init(kind: "speaker", identifier: id, reason: Strings.text("import.reason.listedTwice")))
                continue
            }
            let externalID = "open-event:speaker:" + JSONField.idPart(id)
            speakerIDs[id] = externalID
            speakers.append(speaker(row, externalID: externalID, name: name))
            for sessionID in references(field(row, "sessions")).compactMap(\.id) {
                linkedFromSpeakers[sessionID, default: []].append(externalID)
            }
        }

        var sessions: [ProgrammeSession] = []
        var seen: Set<String> = []
        for (index, raw) in rawSessions.enumerated() {
            guard let (row, id, title) = SessionRow.head(raw, index: index, seen: &seen, skipped: &skipped) else {
                continue
            }
            if let state = JSONField.string(row["state"])?.lowercased(), unscheduledStates.contains(state) {
                skipped.append(
                    .init(
                        kind: "session", identifier: id, reason: Strings.format("import.reason.notOnProgramme", state)))
                continue
            }
            if JSONField.string(field(row, "deleted-at")) != nil {
                skipped.append(.init(kind: "session", identifier: id, reason: Strings.text("import.reason.deleted")))
                continue
            }
            guard
                let (start, end) = SessionRow.times(
                    JSONField.localDateTime(startValue(row), in: zone),
                    JSONField.localDateTime(endValue(row), in: zone),
                    id: id, skipped: &skipped)
            else { continue }
            let room = resolve(
                field(row, "microlocation", "microlocation-id", "room"), in: rooms, session: id, link: "room",
                &skipped)
            let track = resolve(field(row, "track", "track-id"), in: tracks, session: id, link: "track", &skipped)

            var linked: [String] = []
            for reference in references(field(row, "speakers")) {
                if let known = reference.id.flatMap({ speakerIDs[$0] }) {
                    linked.append(known)
                } else if let name = reference.name {
                    // NB: a session may name a speaker that speakers.json lacks (an export without that file);
                    // the name it gives is enough for a profile.
                    let key = reference.id ?? name.lowercased()
                    let externalID = "open-event:speaker:" + JSONField.idPart(key)
                    if speakerIDs[key] == nil {
                        speakerIDs[key] = externalID
                        speakers.append(ProgrammeSpeaker(externalID: externalID, name: name))
                    }
                    linked.append(externalID)
                } else if let unknown = reference.id {
                    skipped.append(
                        .init(
                            kind: "speaker link", identifier: id,
                            reason: Strings.format("import.reason.unknownSpeaker", "\(unknown)")))
                }
            }
            for externalID in linkedFromSpeakers[id, default: []] where !linked.contains(externalID) {
                linked.append(externalID)
            }

            let type = references(field(row, "session-type", "format", "type")).first
            let kind = JSONField.kind(type: type?.name ?? type?.id, title: title)
            let abstract = [
                field(row, "subtitle"), field(row, "short-abstract", "abstract"),
                field(row, "long-abstract", "description"),
            ].compactMap { JSONField.plainText($0) }.reduce(into: [String]()) { parts, text in
                if !parts.contains(text) { parts.append(text) }
            }.joined(separator: "\n\n")
            sessions.append(
                ProgrammeSession(
                    externalID: "open-event:" + id, title: title, abstract: abstract, kind: kind, track: track,
                    room: room, startsAt: start, endsAt: end,
                    capacity: kind == .workshop || kind == .breakout ? options.smallSessionCapacity : nil,
                    speakerIDs: linked))
        }
        let eventStart = JSONField.localDateTime(field(event, "starts-at", "start-time"), in: zone)
        let eventEnd = JSONField.localDateTime(field(event, "ends-at", "end-time"), in: zone)
        guard let first = sessions.map(\.startsAt).min(), let last = sessions.map(\.endsAt).max() else {
            throw ImportError(Strings.text("import.error.exportHasNoSession"))
        }
        let given = options.eventName ?? JSONField.string(event["name"])
        let name = given ?? Strings.text("import.defaultName")
        // NB: an export with no event.json names no event; the default name made all of those one event.
        let key =
            (JSONField.string(event["identifier"]) ?? JSONField.string(event["id"])
            ?? given.flatMap(JSONField.slug)).map(JSONField.idPart)
            ?? JSONField.contentKey(sessionIDs: sessions.map { String($0.externalID.dropFirst("open-event:".count)) })
            ?? ""
        let programmeEvent = ProgrammeEvent(
            externalID: "open-event:" + key, name: name,
            startsAt: [eventStart, first].compactMap { $0 }.min() ?? first,
            endsAt: [eventEnd, last].compactMap { $0 }.max() ?? last, timeZone: zone.identifier,
            venue: Venue(
                name: JSONField.string(field(event, "location-name")) ?? name,
                address: JSONField.string(field(event, "searchable-location-name")) ?? "",
                latitude: JSONField.double(event["latitude"]), longitude: JSONField.double(event["longitude"])),
            summary: JSONField.plainText(event["description"]) ?? "",
            coverImageURL: JSONField.string(
                field(event, "original-image-url", "large-image-url", "background-image", "logo-url", "logo")),
            additionalInfoFields: options.additionalInfoFields)
        return ImportReport(
            programme: ConferenceProgramme(event: programmeEvent, speakers: speakers, sessions: sessions),
            skipped: skipped, format: .openEvent, warnings: choice.warnings)
    }

    // MARK: - Rows and fields

    /// The rows of one file: a bare list, a list under the file's own key (`{"sessions": [...]}`) or a JSON:API
    /// document (`{"data": [...], "included": [...]}`) flattened; a lone object is a list of one (the event).
    /// `nil` when the value is none of these.
    static func rows(_ value: Any, kind: FileKind) -> [Any]? {
        if let list = value as? [Any] { return list.map { flatten($0, included: [:]) } }
        guard let object = value as? [String: Any] else { return nil }
        let wrapped = kind == .event ? object["event"] ?? object["events"] : object[kind.rawValue]
        if let wrapped { return rows(wrapped, kind: kind) }
        if let data = object["data"] {
            var included: [String: [String: Any]] = [:]
            for case let resource as [String: Any] in object["included"] as? [Any] ?? [] {
                if let type = JSONField.string(resource["type"]), let id = JSONField.string(resource["id"]) {
                    included[type + "/" + id] = flatten(resource, included: [:]) as? [String: Any]
                }
            }
            let list = data as? [Any] ?? [data]
            return list.map { flatten($0, included: included) }
        }
        return kind == .event ? [object] : nil
    }

    /// A JSON:API resource as a plain row: its attributes, its id, and each relationship as the related
    /// resource (from `included`, else `{"id": …}`); anything else unchanged.
    private static func flatten(_ value: Any, included: [String: [String: Any]]) -> Any {
        guard let resource = value as? [String: Any], let attributes = resource["attributes"] as? [String: Any]
        else { return value }
        var row = attributes
        row["id"] = resource["id"]
        for (name, relationship) in resource["relationships"] as? [String: Any] ?? [:] {
            func related(_ link: Any) -> Any? {
                guard let link = link as? [String: Any], let id = JSONField.string(link["id"]) else { return nil }
                return included[(JSONField.string(link["type"]) ?? "") + "/" + id] ?? ["id": id]
            }
            switch (relationship as? [String: Any])?["data"] {
            case let many as [Any]: row[name] = many.compactMap(related)
            case let one?: row[name] = related(one) ?? NSNull()
            case nil: break
            }
        }
        return row
    }

    /// The first of `names` the row has a value for, each tried as written (kebab-case), in snake_case and in
    /// camelCase; `null` and blank text count as no value (exports write `"long-biography": ""`).
    static func field(_ row: [String: Any], _ names: String...) -> Any? {
        for name in names {
            let snake = name.replacingOccurrences(of: "-", with: "_")
            let words = name.split(separator: "-")
            let camel = (words.first.map(String.init) ?? "") + words.dropFirst().map(\.capitalized).joined()
            for key in [name, snake, camel] {
                guard let value = row[key], !(value is NSNull) else { continue }
                if value is String, JSONField.string(value) == nil { continue }
                return value
            }
        }
        return nil
    }

    private static func startValue(_ row: [String: Any]) -> Any? {
        field(row, "starts-at", "start-time", "begin", "start")
    }

    private static func endValue(_ row: [String: Any]) -> Any? {
        field(row, "ends-at", "end-time", "end")
    }

    /// `{"id": 4, "name": "Hall 4"}`, `4`, `"Hall 4"`, or a list of those, as (id, name) pairs.
    private static func references(_ value: Any?) -> [(id: String?, name: String?)] {
        switch value {
        case let list as [Any]: return list.flatMap { references($0) }
        case let object as [String: Any]:
            let pair = (
                id: JSONField.string(object["id"]), name: JSONField.string(field(object, "name", "public-name"))
            )
            return pair.id == nil && pair.name == nil ? [] : [pair]
        case let number as NSNumber: return [(id: number.stringValue, name: nil)]
        case let text as String: return JSONField.string(text).map { [(id: $0, name: nil)] } ?? []
        default: return []
        }
    }

    /// The name of each row of `microlocations.json` or `tracks.json`, by id.
    private static func names(_ rows: [Any]) -> [String: String] {
        var names: [String: String] = [:]
        for case let row as [String: Any] in rows {
            if let id = JSONField.string(row["id"]), let name = JSONField.string(row["name"]) { names[id] = name }
        }
        return names
    }

    /// A room's or track's name: the one the session gives, else the one its id has in the file; a bare string
    /// that is no id is the name itself. Reports an id that names nothing.
    private static func resolve(
        _ value: Any?, in names: [String: String], session: String, link: String,
        _ skipped: inout [ImportReport.Skipped]
    ) -> String? {
        guard let reference = references(value).first else { return nil }
        if let name = reference.name { return name }
        guard let id = reference.id else { return nil }
        if let name = names[id] { return name }
        if value is String, Int(id) == nil { return id }
        skipped.append(
            .init(
                kind: "\(link) link", identifier: session,
                reason: Strings.format("import.reason.unknownLink", Strings.text("import.kind.\(link)"), id)))
        return nil
    }

    /// A row of `speakers.json` as a speaker.
    private static func speaker(_ row: [String: Any], externalID: String, name: String) -> ProgrammeSpeaker {
        let position = JSONField.string(field(row, "position")) ?? ""
        let organisation = JSONField.string(field(row, "organisation", "organization", "company"))
        let (title, company) =
            organisation.map { (position, $0) } ?? SessionizeImporter.splitPosition(position)
        let links = ["website", "twitter", "linkedin", "github", "facebook", "instagram"].compactMap { network in
            JSONField.string(row[network]).map { SocialLink(network: network, url: $0) }
        }
        return ProgrammeSpeaker(
            externalID: externalID, name: name, title: title, company: company,
            bio: JSONField.plainText(field(row, "long-biography", "short-biography", "biography", "bio")) ?? "",
            photoURL: JSONField.string(field(row, "photo-url", "photo", "thumbnail-image-url", "small-image-url")),
            socialLinks: links,
            // NB: open-event-server requires a speaker's e-mail; one that is no address is left out rather than
            // refusing the file, as nobody reads it but the sign-up it names.
            email: JSONField.string(row["email"]).map(EmailAddress.normalized).flatMap {
                EmailAddress.isPlausible($0) ? $0 : nil
            })
    }
}
