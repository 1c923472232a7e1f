import AttendeeModels
import Foundation

/// Reads Sessionize-style JSON: `{sessions: [...], speakers: [...], rooms?: [...]}` as Sessionize's "All data"
/// endpoint or a normalized copy of it gives. Times usually carry no zone, so the event's zone comes from the
/// options (else from offsets, should the times carry them, else UTC with a warning).
enum SessionizeImporter {
    static func read(_ root: [String: Any], options: ImportOptions) throws -> ImportReport {
        let samples = (root["sessions"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
            .flatMap { [JSONField.offsetSample($0["startsAt"]), JSONField.offsetSample($0["endsAt"])] }
            .compactMap { $0 }
        let choice = try ImportTimeZone.choose(explicit: options.timeZone, named: nil, samples: samples)
        let zone = choice.zone
        var skipped: [ImportReport.Skipped] = []
        var rooms: [String: String] = [:]
        for case let room as [String: Any] in root["rooms"] as? [Any] ?? [] {
            if let id = JSONField.string(room["id"]), let name = JSONField.string(room["name"]) { rooms[id] = name }
        }
        var speakers: [ProgrammeSpeaker] = []
        var known: Set<String> = []
        for (index, raw) in (root["speakers"] as? [Any] ?? []).enumerated() {
            guard let speaker = raw as? [String: Any], let id = JSONField.string(speaker["id"]) else {
                skipped.append(
                    .init(kind: "speaker", identifier: "#\(index + 1)", reason: Strings.text("import.reason.noID")))
                continue
            }
            let composed = [JSONField.string(speaker["firstName"]), JSONField.string(speaker["lastName"])]
                .compactMap { $0 }.joined(separator: " ")
            guard
                let name = JSONField.string(speaker["name"]) ?? JSONField.string(speaker["fullName"])
                    ?? (composed.isEmpty ? nil : composed)
            else {
                skipped.append(.init(kind: "speaker", identifier: id, reason: Strings.text("import.reason.noName")))
                continue
            }
            let position = JSONField.string(speaker["position"]) ?? JSONField.string(speaker["tagLine"]) ?? ""
            let (title, company) = splitPosition(position)
            var links: [SocialLink] = []
            for case let link as [String: Any] in speaker["links"] as? [Any] ?? [] {
                if let url = JSONField.string(link["url"]) {
                    links.append(
                        SocialLink(
                            network: (JSONField.string(link["linkType"]) ?? JSONField.string(link["title"]) ?? "website")
                                .lowercased(), url: url))
                }
            }
            guard known.insert(id).inserted else {
                skipped.append(
                    .init(kind: "speaker", identifier: id, reason: Strings.text("import.reason.listedTwice")))
                continue
            }
            speakers.append(
                ProgrammeSpeaker(
                    externalID: "sessionize:speaker:" + JSONField.idPart(id), name: name, title: title,
                    company: JSONField.string(speaker["company"]) ?? company,
                    bio: JSONField.string(speaker["description"]) ?? JSONField.string(speaker["bio"]) ?? "",
                    photoURL: JSONField.string(speaker["photoUrl"]) ?? JSONField.string(speaker["profilePicture"]),
                    socialLinks: links))
        }
        var sessions: [ProgrammeSession] = []
        var seen: Set<String> = []
        for (index, raw) in (root["sessions"] as? [Any] ?? []).enumerated() {
            guard let (session, id, title) = SessionRow.head(raw, index: index, seen: &seen, skipped: &skipped),
                let (start, end) = SessionRow.times(
                    JSONField.localDateTime(session["startsAt"], in: zone),
                    JSONField.localDateTime(session["endsAt"], in: zone), id: id, skipped: &skipped)
            else { continue }
            let speakerIDs = (session["speakerIds"] as? [Any] ?? session["speakers"] as? [Any] ?? [])
                .compactMap { JSONField.string($0) ?? JSONField.string(($0 as? [String: Any])?["id"]) }
            let missing = speakerIDs.filter { !known.contains($0) }
            if !missing.isEmpty {
                skipped.append(
                    .init(
                        kind: "speaker link", identifier: id,
                        reason: Strings.format("import.reason.unknownSpeaker", missing.joined(separator: ", "))))
            }
            let tags = (session["tags"] as? [Any] ?? []).compactMap { JSONField.string($0) }
            let kind = JSONField.kind(type: JSONField.string(session["format"]), tags: tags, title: title)
            let room =
                JSONField.string(session["location"]) ?? JSONField.string(session["roomId"]).flatMap { rooms[$0] }
                ?? JSONField.string(session["room"])
            sessions.append(
                ProgrammeSession(
                    externalID: "sessionize:" + id, title: title,
                    abstract: JSONField.string(session["description"]) ?? "", kind: kind, track: tags.first,
                    room: room, startsAt: start, endsAt: end,
                    capacity: kind == .workshop || kind == .breakout ? options.smallSessionCapacity : nil,
                    speakerIDs: speakerIDs.filter(known.contains).map { "sessionize:speaker:" + JSONField.idPart($0) }))
        }
        guard let first = sessions.map(\.startsAt).min(), let last = sessions.map(\.endsAt).max() else {
            throw ImportError(Strings.text("import.error.fileHasNoSession"))
        }
        let given = options.eventName ?? JSONField.string(root["name"])
        let name = given ?? Strings.text("import.defaultName")
        let key =
            given.flatMap(JSONField.slug)
            ?? JSONField.contentKey(sessionIDs: sessions.map { String($0.externalID.dropFirst("sessionize:".count)) })
            ?? ""
        let event = ProgrammeEvent(
            externalID: "sessionize:" + key, name: name, startsAt: first, endsAt: last, timeZone: zone.identifier,
            venue: Venue(name: name), additionalInfoFields: options.additionalInfoFields)
        return ImportReport(
            programme: ConferenceProgramme(event: event, speakers: speakers, sessions: sessions), skipped: skipped,
            format: .sessionize, warnings: choice.warnings)
    }

    /// "Engineering Manager at Google" → ("Engineering Manager", "Google").
    static func splitPosition(_ position: String) -> (title: String, company: String) {
        guard let range = position.range(of: " at ", options: .backwards) else { return (position, "") }
        return (String(position[..<range.lowerBound]), String(position[range.upperBound...]))
    }
}
