import AttendeeModels
import Foundation

/// Reads c3voc/frab `schedule.json` (frab and pretalx exports): `schedule.conference.days[].rooms{room: [event]}`.
///
/// Real exports often fail the format's own schema (an upper-case acronym, a missing `guid`, a `null` track);
/// this reader takes what it can and reports every event it leaves out.
enum FrabImporter {
    static func read(_ root: [String: Any], options: ImportOptions) throws -> ImportReport {
        guard let schedule = root["schedule"] as? [String: Any],
            let conference = schedule["conference"] as? [String: Any]
        else { throw ImportError(Strings.text("import.error.noConference")) }
        let acronym = JSONField.string(conference["acronym"]) ?? JSONField.string(conference["title"]) ?? "event"
        let days = conference["days"] as? [Any] ?? []
        let choice = try ImportTimeZone.choose(
            explicit: options.timeZone,
            named: JSONField.string(conference["time_zone_name"]).map { ($0, "time_zone_name") },
            samples: offsetSamples(days))
        let zone = choice.zone
        var skipped: [ImportReport.Skipped] = []
        var sessions: [ProgrammeSession] = []
        var speakers: [String: ProgrammeSpeaker] = [:]
        var speakerOrder: [String] = []
        var seen: Set<String> = []

        if days.isEmpty {
            skipped.append(.init(kind: "conference", identifier: acronym, reason: Strings.text("import.reason.noDays")))
        }
        for case let (dayIndex, rawDay) in days.enumerated() {
            guard let day = rawDay as? [String: Any] else {
                skipped.append(
                    .init(
                        kind: "day", identifier: "#\(dayIndex + 1)", reason: Strings.text("import.reason.notAnObject")))
                continue
            }
            let rooms = day["rooms"] as? [String: Any] ?? [:]
            for roomName in rooms.keys.sorted() {
                guard let events = rooms[roomName] as? [Any] else {
                    skipped.append(
                        .init(kind: "room", identifier: roomName, reason: Strings.text("import.reason.eventsNotAList")))
                    continue
                }
                for rawEvent in events {
                    guard let event = rawEvent as? [String: Any] else {
                        skipped.append(
                            .init(
                                kind: "session", identifier: Strings.format("import.identifier.inRoom", roomName),
                                reason: Strings.text("import.reason.notAnObject")))
                        continue
                    }
                    let identifier =
                        JSONField.string(event["guid"]) ?? JSONField.string(event["id"]).map { "\(acronym)-\($0)" }
                    let label =
                        JSONField.string(event["id"]) ?? JSONField.string(event["guid"])
                        ?? JSONField.string(event["title"]) ?? "?"
                    guard let identifier else {
                        skipped.append(
                            .init(kind: "session", identifier: label, reason: Strings.text("import.reason.noGuid")))
                        continue
                    }
                    guard seen.insert(identifier).inserted else {
                        skipped.append(
                            .init(kind: "session", identifier: label, reason: Strings.text("import.reason.listedTwice"))
                        )
                        continue
                    }
                    guard let title = JSONField.string(event["title"]) else {
                        skipped.append(
                            .init(kind: "session", identifier: label, reason: Strings.text("import.reason.noTitle")))
                        continue
                    }
                    guard let start = startDate(event, day: day, zone: zone) else {
                        skipped.append(
                            .init(kind: "session", identifier: label, reason: Strings.text("import.reason.noStart")))
                        continue
                    }
                    guard let duration = JSONField.duration(event["duration"]) else {
                        skipped.append(
                            .init(kind: "session", identifier: label, reason: Strings.text("import.reason.noDuration")))
                        continue
                    }
                    var speakerIDs: [String] = []
                    for case let person as [String: Any] in event["persons"] as? [Any] ?? [] {
                        let name = JSONField.string(person["public_name"]) ?? JSONField.string(person["name"])
                        guard let name else { continue }
                        let personID =
                            "frab:\(JSONField.idPart(acronym)):person:"
                            + JSONField.idPart(JSONField.string(person["id"]) ?? name.lowercased())
                        if speakers[personID] == nil {
                            speakers[personID] = ProgrammeSpeaker(
                                externalID: personID, name: name, bio: JSONField.string(person["biography"]) ?? "")
                            speakerOrder.append(personID)
                        }
                        speakerIDs.append(personID)
                    }
                    let kind = JSONField.kind(type: JSONField.string(event["type"]), title: title)
                    let abstract = [
                        JSONField.string(event["subtitle"]), JSONField.string(event["abstract"]),
                        JSONField.string(event["description"]),
                    ].compactMap { $0 }.joined(separator: "\n\n")
                    sessions.append(
                        ProgrammeSession(
                            externalID: "frab:" + identifier, title: title, abstract: abstract, kind: kind,
                            track: JSONField.string(event["track"]),
                            room: JSONField.string(event["room"]) ?? roomName, startsAt: start,
                            endsAt: start.addingTimeInterval(duration),
                            capacity: kind == .workshop || kind == .breakout ? options.smallSessionCapacity : nil,
                            speakerIDs: speakerIDs))
                }
            }
        }
        let calendar = { () -> Calendar in
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            return calendar
        }()
        let firstDay = JSONField.localDateTime((conference["start"] as? String).map { $0 + "T00:00" }, in: zone)
        let lastDay = JSONField.localDateTime((conference["end"] as? String).map { $0 + "T23:59" }, in: zone)
        let startsAt =
            [firstDay, sessions.map(\.startsAt).min()].compactMap { $0 }.min() ?? Date(timeIntervalSince1970: 0)
        let endsAt =
            [lastDay, sessions.map(\.endsAt).max()].compactMap { $0 }.max() ?? calendar.date(
                byAdding: .day, value: 1, to: startsAt) ?? startsAt
        let name = options.eventName ?? JSONField.string(conference["title"]) ?? acronym
        // NB: a file naming neither an acronym nor a title would otherwise be the one event "frab:event".
        let named = JSONField.string(conference["acronym"]) ?? JSONField.string(conference["title"])
        let key =
            named.map(JSONField.idPart)
            ?? JSONField.contentKey(sessionIDs: sessions.map { String($0.externalID.dropFirst("frab:".count)) })
            ?? acronym
        let event = ProgrammeEvent(
            externalID: "frab:" + key, name: name, startsAt: startsAt, endsAt: endsAt,
            timeZone: zone.identifier,
            venue: Venue(name: JSONField.string(conference["venue"]) ?? name),
            summary: JSONField.string(conference["description"]) ?? "",
            additionalInfoFields: options.additionalInfoFields)
        return ImportReport(
            programme: ConferenceProgramme(
                event: event, speakers: speakerOrder.compactMap { speakers[$0] }, sessions: sessions),
            skipped: skipped, format: .frab, warnings: choice.warnings)
    }

    /// The offsets the sessions' `date`s carry; the days' `day_start` and `day_end` when no session has one.
    private static func offsetSamples(_ days: [Any]) -> [ImportTimeZone.Sample] {
        let days = days.compactMap { $0 as? [String: Any] }
        let sessions = days.flatMap { day in
            (day["rooms"] as? [String: Any] ?? [:]).values.flatMap { $0 as? [Any] ?? [] }
        }
        let dated = sessions.compactMap { JSONField.offsetSample(($0 as? [String: Any])?["date"]) }
        if !dated.isEmpty { return dated }
        return days.flatMap { [JSONField.offsetSample($0["day_start"]), JSONField.offsetSample($0["day_end"])] }
            .compactMap { $0 }
    }

    /// The event's `date` (an instant with offset), else the day's date plus `start` in the conference zone.
    ///
    /// NB: a frab day runs past midnight (`day_start` 09:00, `day_end` 04:00 the next morning), so a bare
    /// `start` earlier than the day's start belongs to the next calendar date.
    private static func startDate(_ event: [String: Any], day: [String: Any], zone: TimeZone) -> Date? {
        if let date = JSONField.instant(event["date"]) { return date }
        guard let dayDate = JSONField.string(day["date"]), let start = JSONField.string(event["start"]),
            let date = JSONField.localDateTime("\(dayDate)T\(start)", in: zone)
        else { return nil }
        if let dayStart = JSONField.instant(day["day_start"]), date < dayStart {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            return calendar.date(byAdding: .day, value: 1, to: date)
        }
        return date
    }
}
