import AttendeeCore
import AttendeeModels
import Foundation
import HTTPServer
import TestSupport
import Testing

/// The real programmes in `$QUARTET_FIXTURES/conference`, or `nil` (with a note) when the variable is unset.
func conferenceFixture(_ name: String) throws -> Data? {
    let fixtures = Fixtures("conference")
    guard fixtures.url != nil else {
        FileHandle.standardError.write(Data("AttendeeTests: QUARTET_FIXTURES is not set; \(name) NOT tested\n".utf8))
        return nil
    }
    return try fixtures.data(name)
}

@Suite struct ImporterTests {
    @Test func frabCamp2019DespiteFailingItsSchema() throws {
        guard let data = try conferenceFixture("voc-schedule_frab-camp2019.json") else { return }
        let report = try ProgrammeImporter.read(data)
        #expect(report.format == .frab)
        let programme = report.programme
        #expect(programme.event.externalID == "frab:Camp2019")
        #expect(programme.event.name == "Chaos Communication Camp 2019")
        #expect(programme.event.timeZone == "Europe/Berlin")
        #expect(report.warnings.isEmpty)
        #expect(programme.sessions.count + report.skipped.filter { $0.kind == "session" }.count == 79)
        #expect(programme.sessions.count == 79)
        let opening = try #require(programme.sessions.first { $0.title == "Opening Ceremony" })
        #expect(opening.externalID == "frab:a0a0fcfe-b7fb-46e3-84b6-97a5406016b4")
        #expect(opening.room == "Curie")
        #expect(opening.track == "CCC")
        #expect(opening.startsAt == Demo.at("2019-08-21T11:00", "Europe/Berlin"))
        #expect(opening.endsAt.timeIntervalSince(opening.startsAt) == 30 * 60)
        #expect(opening.speakerIDs.count == 2)
        let names = Set(programme.speakers.map(\.name))
        #expect(names.contains("jinxx") && names.contains("smtw"))
        #expect(Set(programme.speakers.map(\.externalID)).count == programme.speakers.count)
        let days = Set(programme.sessions.map { Demo.day($0.startsAt, "Europe/Berlin") })
        #expect(days.count == 5)
    }

    @Test func frabCamp2019WithoutItsZoneNameTakesItsOffsets() throws {
        guard let data = try conferenceFixture("voc-schedule_frab-camp2019.json") else { return }
        var root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var schedule = try #require(root["schedule"] as? [String: Any])
        var conference = try #require(schedule["conference"] as? [String: Any])
        conference["time_zone_name"] = nil
        schedule["conference"] = conference
        root["schedule"] = schedule
        let report = try ProgrammeImporter.read(try JSONSerialization.data(withJSONObject: root))
        let programme = report.programme
        #expect(programme.event.timeZone == TimeZone(secondsFromGMT: 2 * 3600)?.identifier)
        #expect(programme.event.timeZone == "GMT+0200")
        #expect(report.warnings.isEmpty)
        #expect(programme.sessions.count == 79)
        let opening = try #require(programme.sessions.first { $0.title == "Opening Ceremony" })
        #expect(opening.startsAt == Demo.at("2019-08-21T11:00", "Europe/Berlin"))
        #expect(Demo.day(programme.event.startsAt, programme.event.timeZone) == "2019-08-21")
        #expect(Set(programme.sessions.map { Demo.day($0.startsAt, programme.event.timeZone) }).count == 5)
        let named = try ProgrammeImporter.read(data)
        #expect(named.warnings.isEmpty)
        #expect(named.programme.sessions.map(\.startsAt) == programme.sessions.map(\.startsAt))
    }

    /// A small pretalx-like schedule: no `time_zone_name`, dates with offsets, one session with only a `start`.
    static func frab(_ dates: [String], zoneName: String? = nil) -> Data {
        let events = dates.enumerated().map { index, date in
            #"{"guid": "g\#(index)", "title": "Talk \#(index)", "date": "\#(date)", "duration": "00:30"}"#
        }
        let zone = zoneName.map { #""time_zone_name": "\#($0)", "# } ?? ""
        return Data(
            """
            {"schedule": {"conference": {"acronym": "rc3", "title": "rC3", \(zone)"start": "2020-12-27",
              "end": "2020-12-30", "days": [{"date": "2020-12-28", "rooms": {"Stage": [
                \((events + [#"{"id": 9, "title": "Bare start", "start": "14:00", "duration": "00:30"}"#])
                    .joined(separator: ", "))
              ]}}]}}}
            """.utf8)
    }

    @Test func frabOffsetsGiveTheZoneWhenTheFileNamesNone() throws {
        let report = try ProgrammeImporter.read(Self.frab(["2020-12-28T11:00:00+01:00", "2020-12-28T12:00:00+01:00"]))
        let event = report.programme.event
        #expect(event.timeZone == "GMT+0100")
        #expect(TimeZone(identifier: event.timeZone)?.secondsFromGMT() == 3600)
        #expect(report.warnings.isEmpty)
        let sessions = report.programme.sessions
        #expect(
            sessions.map(\.startsAt) == [
                Demo.at("2020-12-28T10:00", "UTC"), Demo.at("2020-12-28T11:00", "UTC"),
                Demo.at("2020-12-28T13:00", "UTC"),
            ])
        #expect(Demo.day(event.startsAt, event.timeZone) == "2020-12-27")

        // The caller's zone wins over the offsets, and the file's own zone name over them too.
        let explicit = try ProgrammeImporter.read(
            Self.frab(["2020-12-28T11:00:00+01:00"]), options: ImportOptions(timeZone: "America/New_York"))
        #expect(explicit.programme.event.timeZone == "America/New_York")
        #expect(explicit.programme.sessions[0].startsAt == Demo.at("2020-12-28T10:00", "UTC"))
        let named = try ProgrammeImporter.read(Self.frab(["2020-12-28T11:00:00+01:00"], zoneName: "Europe/Berlin"))
        #expect(named.programme.event.timeZone == "Europe/Berlin")
        #expect(named.warnings.isEmpty)

        let wrongName = try ProgrammeImporter.read(Self.frab(["2020-12-28T11:00:00+01:00"], zoneName: "Berlin"))
        #expect(wrongName.programme.event.timeZone == "GMT+0100")
        #expect(wrongName.warnings == ["The file's time_zone_name “Berlin” is not a time zone; it was ignored."])
    }

    @Test func frabOffsetsThatDisagreeAreExplained() throws {
        // The last Sunday of October 2020: Central Europe leaves summer time at 03:00.
        let change = try ProgrammeImporter.read(
            Self.frab(["2020-10-25T01:30:00+02:00", "2020-10-25T10:00:00+01:00", "2020-10-24T18:00:00+02:00"]))
        #expect(change.programme.event.timeZone == "Europe/Paris")
        #expect(change.warnings.count == 1)
        #expect(change.warnings.first?.contains("different offsets (+02:00, +01:00)") == true)
        #expect(change.warnings.first?.contains("Europe/Paris, which fits every one") == true)

        let nonsense = try ProgrammeImporter.read(
            Self.frab(["2020-12-28T11:00:00+05:45", "2020-12-28T09:00:00-03:00"]))
        #expect(nonsense.programme.event.timeZone == "GMT+0545")
        #expect(nonsense.warnings.first?.contains("(+05:45, -03:00) that no time zone fits") == true)
        #expect(nonsense.warnings.first?.contains("at +05:45, the offset of its earliest time") == true)
        #expect(nonsense.programme.sessions.last?.startsAt == Demo.at("2020-12-28T08:15", "UTC"))
    }

    @Test func aFileWithNoZoneAndNoOffsetsSaysItIsReadAsUTC() throws {
        let frab = try ProgrammeImporter.read(Self.frab([]))
        #expect(frab.programme.event.timeZone == TimeZone(identifier: "UTC")?.identifier)
        #expect(frab.programme.sessions.first?.startsAt == Demo.at("2020-12-28T14:00", "UTC"))
        #expect(frab.warnings.first?.contains("read as UTC") == true)
        let sessionize = try ProgrammeImporter.read(
            Data(
                #"{"sessions": [{"id": "1", "title": "A", "startsAt": "2025-05-22T09:00", "endsAt": "2025-05-22T10:00"}]}"#
                    .utf8))
        #expect(sessionize.programme.event.timeZone == TimeZone(identifier: "UTC")?.identifier)
        #expect(sessionize.warnings.first?.contains("read as UTC") == true)
        let zoned = try ProgrammeImporter.read(
            Data(
                #"{"sessions": [{"id": "1", "title": "A", "startsAt": "2025-05-22T09:00:00+02:00", "endsAt": "2025-05-22T10:00:00+02:00"}]}"#
                    .utf8))
        #expect(zoned.programme.event.timeZone == "GMT+0200")
        #expect(zoned.warnings.isEmpty)
    }

    @Test func idsNeverCarryTheServersScopeSeparator() throws {
        let frab = try ProgrammeImporter.read(
            Data(
                """
                {"schedule": {"conference": {"acronym": "a|b", "time_zone_name": "UTC", "days": [{"date": "2027-01-01",
                  "rooms": {"Hall": [{"guid": "g1", "title": "T", "date": "2027-01-01T10:00:00Z", "duration": "00:30",
                  "persons": [{"id": "7|8", "public_name": "P"}]}]}}]}}}
                """.utf8))
        #expect(frab.programme.event.externalID == "frab:a%7Cb")
        #expect(frab.programme.speakers.map(\.externalID) == ["frab:a%7Cb:person:7%7C8"])
        #expect(frab.programme.sessions.first?.speakerIDs == ["frab:a%7Cb:person:7%7C8"])
        let sessionize = try ProgrammeImporter.read(
            Data(
                """
                {"sessions": [{"id": "1", "title": "T", "startsAt": "2027-01-01T10:00", "endsAt": "2027-01-01T11:00",
                  "speakerIds": ["x|y"]}], "speakers": [{"id": "x|y", "fullName": "P"}]}
                """.utf8), options: ImportOptions(timeZone: "UTC"))
        #expect(sessionize.programme.speakers.map(\.externalID) == ["sessionize:speaker:x%7Cy"])
        #expect(sessionize.programme.sessions.first?.speakerIDs == ["sessionize:speaker:x%7Cy"])
    }

    @Test func sessionizeKotlinConf2025() throws {
        guard let data = try conferenceFixture("kotlinconf-app_2025_conference.json") else { return }
        let report = try ProgrammeImporter.read(
            data, options: ImportOptions(eventName: "KotlinConf 2025", timeZone: "Europe/Copenhagen"))
        #expect(report.format == .sessionize)
        let programme = report.programme
        #expect(programme.event.externalID == "sessionize:kotlinconf-2025")
        #expect(programme.speakers.count == 105)
        #expect(programme.sessions.count + report.skipped.filter { $0.kind == "session" }.count == 112)
        let registration = try #require(programme.sessions.first { $0.title == "Registration" })
        #expect(registration.startsAt == Demo.at("2025-05-21T08:00", "Europe/Copenhagen"))
        #expect(registration.room == "Room #173")
        let alan = try #require(programme.speakers.first { $0.name == "Alan Viverette" })
        #expect(alan.title == "Engineering Manager")
        #expect(alan.company == "Google")
        #expect(programme.sessions.contains { $0.kind == .keynote })
        let linked = Set(programme.sessions.flatMap(\.speakerIDs))
        #expect(linked.isSubset(of: Set(programme.speakers.map(\.externalID))))
    }

    @Test func malformedItemsAreSkippedWithReasons() throws {
        let json = """
            {"schedule": {"conference": {"acronym": "T", "title": "Test", "time_zone_name": "Pacific/Kiritimati",
              "days": [{"date": "2027-01-01", "day_start": "2027-01-01T08:00:00+14:00", "rooms": {"Hall": [
                {"guid": "g1", "title": "Good", "date": "2027-01-01T08:00:00+14:00", "duration": "00:45",
                 "type": "workshop", "persons": [{"id": 1, "public_name": "Aiko"}, {"id": 2}]},
                {"guid": "g2", "title": "No time", "duration": "00:45"},
                {"guid": "g3", "date": "2027-01-01T09:00:00+14:00", "duration": "00:45"},
                {"guid": "g4", "title": "Bad duration", "date": "2027-01-01T09:00:00+14:00", "duration": "soon"},
                {"guid": "g1", "title": "Twice", "date": "2027-01-01T10:00:00+14:00", "duration": "00:30"},
                {"id": 7, "title": "From day and start", "start": "11:00", "duration": "1:00:00"},
                {"id": 8, "title": "After midnight", "start": "01:30", "duration": "0:30"},
                42
              ], "Broken": "nope"}}, "not a day"]}}}
            """
        let report = try ProgrammeImporter.read(Data(json.utf8), options: ImportOptions(smallSessionCapacity: 25))
        #expect(report.programme.sessions.map(\.title) == ["Good", "From day and start", "After midnight"])
        #expect(report.programme.sessions.last?.startsAt == Demo.at("2027-01-02T01:30", "Pacific/Kiritimati"))
        #expect(report.programme.sessions.first?.kind == .workshop)
        #expect(report.programme.sessions.first?.capacity == 25)
        #expect(report.programme.sessions.first?.speakerIDs == ["frab:T:person:1"])
        #expect(report.programme.sessions[1].startsAt == Demo.at("2027-01-01T11:00", "Pacific/Kiritimati"))
        #expect(report.programme.sessions[1].externalID == "frab:T-7")
        let reasons = report.skipped.map(\.description)
        #expect(reasons.contains("session g2: no readable start time"))
        #expect(reasons.contains("session g3: no title"))
        #expect(reasons.contains("session g4: no readable duration"))
        #expect(reasons.contains("session g1: listed twice"))
        #expect(reasons.contains("session in Hall: not an object"))
        #expect(reasons.contains("room Broken: its events are not a list"))
        #expect(reasons.contains("day #2: not an object"))
    }

    @Test func sessionizeToleratesMissingPieces() throws {
        let json = """
            {"sessions": [
              {"id": "1", "title": "Keynote", "startsAt": "2025-05-22T09:00", "endsAt": "2025-05-22T10:00",
               "speakerIds": ["a", "ghost"], "roomId": 9, "tags": ["Keynote"]},
              {"id": "2", "title": "Unscheduled", "startsAt": null, "endsAt": null},
              {"id": "3", "title": "Backwards", "startsAt": "2025-05-22T10:00", "endsAt": "2025-05-22T09:00"},
              {"title": "No id"}
             ],
             "speakers": [{"id": "a", "firstName": "Zoë", "lastName": "Lindqvist", "tagLine": "CTO at Fjord",
                           "links": [{"linkType": "LinkedIn", "url": "https://linkedin.example/z"}]},
                          {"id": "b"}],
             "rooms": [{"id": 9, "name": "Main hall"}]}
            """
        let report = try ProgrammeImporter.read(Data(json.utf8), options: ImportOptions(timeZone: "Pacific/Pago_Pago"))
        let session = try #require(report.programme.sessions.first)
        #expect(report.programme.sessions.count == 1)
        #expect(session.kind == .keynote)
        #expect(session.room == "Main hall")
        #expect(session.speakerIDs == ["sessionize:speaker:a"])
        #expect(report.programme.speakers.first?.name == "Zoë Lindqvist")
        #expect(report.programme.speakers.first?.company == "Fjord")
        #expect(report.programme.speakers.first?.socialLinks.first?.network == "linkedin")
        let reasons = report.skipped.map(\.description)
        #expect(reasons.contains("speaker b: no name"))
        #expect(reasons.contains("speaker link 1: unknown speaker id ghost"))
        #expect(reasons.contains("session 2: not scheduled (no start or end time)"))
        #expect(reasons.contains("session 3: ends before it starts"))
        #expect(reasons.contains("session No id: no id"))
    }

    /// The dry run refuses what the server would, naming the field as its 422 does; addresses the apps could
    /// not open are left out with a warning rather than refusing the file.
    @Test func theDryRunAppliesTheServersRules() throws {
        func sessionize(title: String, link: String = "https://aiko.example") -> Data {
            Data(
                """
                {"sessions": [{"id": "1", "title": "\(title)", "startsAt": "2027-01-01T10:00",
                  "endsAt": "2027-01-01T11:00", "speakerIds": ["a"]}],
                 "speakers": [{"id": "a", "fullName": "Aiko", "links": [{"linkType": "Blog", "url": "\(link)"}]}]}
                """.utf8)
        }
        let options = ImportOptions(timeZone: "UTC")
        #expect(
            throws: ImportError(
                "The server would refuse this programme at sessions.0.title: The text must be at most 200 characters.")
        ) {
            try ProgrammeImporter.read(sessionize(title: String(repeating: "t", count: 201)), options: options)
        }
        #expect(throws: ImportError.self) {
            try ProgrammeImporter.read(
                sessionize(title: "T"),
                options: ImportOptions(
                    timeZone: "UTC", additionalInfoFields: [AdditionalInfoField(key: "", label: "Diet")]))
        }
        let report = try ProgrammeImporter.read(sessionize(title: "T", link: "javascript:alert(1)"), options: options)
        #expect(report.programme.speakers.first?.socialLinks == [])
        #expect(
            report.warnings == [
                "“javascript:alert(1)” (speakers.0.socialLinks.0.url) is not a web address (http or https with a host); it was left out."
            ])
    }

    /// An export's speaker whose company is on two lines, or whose name holds a tab or a right-to-left override,
    /// is cleaned into one line with a warning for each field; a bio keeps its line breaks. A name of one letter
    /// and 100,000 combining marks cannot be cleaned and is refused as the server would.
    @Test func speakersTextsAreCleanedToTheProfileRules() throws {
        func sessionize(_ speaker: [String: Any]) throws -> Data {
            var speaker = speaker
            speaker["id"] = "a"
            return try JSONSerialization.data(withJSONObject: [
                "sessions": [
                    [
                        "id": "1", "title": "T", "startsAt": "2027-01-01T10:00", "endsAt": "2027-01-01T11:00",
                        "speakerIds": ["a"],
                    ]
                ],
                "speakers": [speaker],
            ])
        }
        let options = ImportOptions(timeZone: "UTC")
        let report = try ProgrammeImporter.read(
            try sessionize([
                "fullName": "Aiko\tNakamura \u{202E}", "tagLine": "Engineer\r\nat Tejo",
                "bio": "Line one\n\nLine \u{2066}two",
            ]), options: options)
        let speaker = try #require(report.programme.speakers.first)
        #expect(speaker.name == "Aiko Nakamura")
        #expect(speaker.bio == "Line one\n\nLine two")
        #expect(report.programme.validationError() == nil)
        #expect(
            report.warnings.contains(
                "speakers.0.name is one line: its line breaks, tabs and characters that reorder text were taken out."))
        #expect(report.warnings.contains("speakers.0.bio held characters that reorder text; they were taken out."))
        #expect(
            throws: ImportError(
                "The server would refuse this programme at speakers.0.name: The name holds too many accents or other combining marks: at most 640 code points."
            )
        ) {
            try ProgrammeImporter.read(
                try sessionize(["fullName": "Z" + String(repeating: "\u{301}", count: 100_000)]), options: options)
        }
    }

    /// The real programmes pass the server's rules as the importer reads them: the event starts with its first
    /// session and ends with its last, past midnight of its last day included.
    @Test func theRealProgrammesPassTheRules() throws {
        guard let frab = try conferenceFixture("voc-schedule_frab-camp2019.json"),
            let sessionize = try conferenceFixture("kotlinconf-app_2025_conference.json")
        else { return }
        for programme in [
            try ProgrammeImporter.read(frab).programme,
            try ProgrammeImporter.read(sessionize, options: ImportOptions(timeZone: "Europe/Copenhagen")).programme,
        ] {
            #expect(programme.validationError() == nil)
            #expect(programme.sessions.allSatisfy { $0.startsAt >= programme.event.startsAt })
            #expect(programme.sessions.allSatisfy { $0.endsAt <= programme.event.endsAt })
        }
    }

    @Test func refusesWhatIsNotAProgramme() {
        #expect(throws: ImportError.self) { try ProgrammeImporter.read(Data("[1,2]".utf8)) }
        #expect(throws: ImportError.self) { try ProgrammeImporter.read(Data(#"{"hello": 1}"#.utf8)) }
        #expect(throws: ImportOptionError("“Nowhere/X” is not a time zone; pass one with --time-zone.")) {
            try ProgrammeImporter.read(Data(#"{"sessions": []}"#.utf8), options: ImportOptions(timeZone: "Nowhere/X"))
        }
    }

    /// A negative number of seats is the caller's mistake whatever the files hold, refused before they are read
    /// (the server refuses such a programme, so a dry run must too).
    @Test func refusesANegativeCapacity() {
        #expect(throws: ImportOptionError("--capacity expects a number of seats, not '-1'")) {
            try ProgrammeImporter.read(Data("[]".utf8), options: ImportOptions(smallSessionCapacity: -1))
        }
        #expect(throws: ImportOptionError("--capacity expects a number of seats, not '-1'")) {
            try ProgrammeImporter.read(files: [:], options: ImportOptions(smallSessionCapacity: -1))
        }
    }

    @Test func reimportingRealFilesUpdatesRatherThanDuplicates() async throws {
        guard let frab = try conferenceFixture("voc-schedule_frab-camp2019.json"),
            let sessionize = try conferenceFixture("kotlinconf-app_2025_conference.json")
        else { return }
        try await AttendeeTestServer.with { server in
            let token = try await server.signUp("Organizer")
            for (data, options) in [
                (frab, ImportOptions()),
                (sessionize, ImportOptions(eventName: "KotlinConf 2025", timeZone: "Europe/Copenhagen")),
            ] {
                let programme = try ProgrammeImporter.read(data, options: options).programme
                let body = try AttendeeCoding.encoder().encode(programme)
                let first = try await server.client.request(
                    .post, "/attendee/v1/import", headers: AttendeeTestServer.auth(token), body: body)
                #expect(first.status == .created)
                let again = try await server.client.request(
                    .post, "/attendee/v1/import", headers: AttendeeTestServer.auth(token), body: body)
                let summary = try again.decode(ImportSummary.self)
                #expect(summary.sessionsCreated == 0)
                #expect(summary.sessionsUpdated == programme.sessions.count)
                #expect(summary.speakersCreated == 0)
                let agenda = try await server.client.get("/attendee/v1/events/\(summary.eventID)/agenda")
                    .decode([Session].self)
                #expect(agenda.count == programme.sessions.count)
            }
            let events = try await server.client.get("/attendee/v1/events").decode([Event].self)
            #expect(events.count == 3)
        }
    }
}
