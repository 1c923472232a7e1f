import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import Testing

/// Hand-written exports in the shapes open-event-server has written: the kebab-case JSON of its API and the
/// web-app generator, the snake_case of older exports, and JSON:API documents.
@Suite struct OpenEventImporterTests {
    static let event = """
        {"id": 7, "identifier": "b8d5a2e1", "name": "FOSS Summit 2027", "timezone": "Asia/Singapore",
         "starts-at": "2027-03-18T09:00:00+08:00", "ends-at": "2027-03-20T18:00:00+08:00",
         "location-name": "Lifelong Learning Institute", "latitude": 1.3207, "longitude": 103.8893,
         "description": "<p>Three days of <b>open source</b> &amp; open hardware.</p>",
         "original-image-url": "https://example.org/cover.jpg", "logo-url": "https://example.org/logo.png",
         "social-links": [{"name": "Twitter", "link": "https://twitter.example/fs"}]}
        """

    static let sessions = """
        [
          {"id": 101, "title": "Opening keynote", "subtitle": null, "short-abstract": "Welcome.",
           "long-abstract": "<p>Welcome to the summit.</p><ul><li>Why</li><li>How</li></ul>",
           "starts-at": "2027-03-18T09:30:00+08:00", "ends-at": "2027-03-18T10:15:00+08:00", "state": "confirmed",
           "session-type": {"id": 1, "name": "Keynote"}, "track": {"id": 3, "name": "Community"},
           "microlocation": {"id": 11, "name": "Auditorium"},
           "speakers": [{"id": 501, "name": "Hong Phuc Dang"}, {"id": 502, "name": "Mario Behling"}]},
          {"id": 102, "title": "Hands-on: flashing firmware", "short-abstract": "Bring a laptop.",
           "starts-at": "2027-03-18T13:00:00+08:00", "ends-at": "2027-03-18T15:00:00+08:00", "state": "accepted",
           "session-type": {"id": 2, "name": "Workshop"}, "track": null, "microlocation": 12,
           "speakers": [{"id": 503}]},
          {"id": 103, "title": "Pending talk", "starts-at": "2027-03-19T10:00:00+08:00",
           "ends-at": "2027-03-19T10:30:00+08:00", "state": "pending"},
          {"id": 104, "title": "Rejected talk", "starts-at": "2027-03-19T10:00:00+08:00",
           "ends-at": "2027-03-19T10:30:00+08:00", "state": "rejected"},
          {"id": 105, "title": "Not yet scheduled", "starts-at": null, "ends-at": null, "state": "accepted"},
          {"id": 106, "title": "Backwards", "starts-at": "2027-03-19T11:00:00+08:00",
           "ends-at": "2027-03-19T10:00:00+08:00"},
          {"id": 107, "starts-at": "2027-03-19T11:00:00+08:00", "ends-at": "2027-03-19T11:30:00+08:00"},
          {"title": "No id"},
          {"id": 101, "title": "Opening keynote again", "starts-at": "2027-03-18T09:30:00+08:00",
           "ends-at": "2027-03-18T10:15:00+08:00"},
          {"id": 108, "title": "Lightning talks", "starts-at": "2027-03-20T16:00:00.000000+08:00",
           "ends-at": "2027-03-20T17:00:00.000000+08:00", "microlocation": {"id": 99}, "track": 4,
           "speakers": [{"id": 777}, {"id": 504, "name": "Walk-in Speaker"}], "deleted-at": null},
          {"id": 109, "title": "Withdrawn", "starts-at": "2027-03-20T09:00:00+08:00",
           "ends-at": "2027-03-20T09:30:00+08:00", "deleted-at": "2027-02-01T00:00:00+00:00"},
          "not a session"
        ]
        """

    static let speakers = """
        [
          {"id": 501, "name": "Hong Phuc Dang", "position": "Founder", "organisation": "FOSSASIA",
           "short-biography": "Organizer.", "long-biography": "<p>Organizes <i>FOSSASIA</i> since 2009.</p>",
           "photo-url": "https://example.org/hpdang.jpg", "twitter": "https://twitter.example/hpdang",
           "github": "https://github.example/hpdang", "website": null, "sessions": [{"id": 101}]},
          {"id": 502, "name": "Mario Behling", "position": "Engineer at OpnTec", "short-biography": "Builds things.",
           "long-biography": "", "photo-url": null, "sessions": [{"id": 101}]},
          {"id": 503, "name": "Aiko Nakamura", "position": "", "organisation": "Hackerspace SG",
           "sessions": [{"id": 102}, {"id": 108}]},
          {"id": 505, "position": "Nobody"},
          {"name": "No id at all"},
          {"id": 501, "name": "Hong Phuc Dang (twice)"}
        ]
        """

    static let microlocations = """
        [{"id": 11, "name": "Auditorium", "floor": 1}, {"id": 12, "name": "Workshop Room", "floor": 2}]
        """

    static let tracks = """
        [{"id": 3, "name": "Community", "color": "#f8a", "font-color": "#000"},
         {"id": 4, "name": "Hardware", "color": "#8af", "font-color": null}]
        """

    static var files: [String: Data] {
        [
            "event.json": Data(event.utf8), "sessions.json": Data(sessions.utf8), "speakers.json": Data(speakers.utf8),
            "microlocations.json": Data(microlocations.utf8), "tracks.json": Data(tracks.utf8),
        ]
    }

    /// open-event-server keeps each speaker's e-mail: the programme carries it (normalized), so a sign-up with it
    /// is the speaker; one that is no address is left out.
    @Test func readsEachSpeakersEmail() throws {
        var files = Self.files
        files["speakers.json"] = Data(
            """
            [{"id": 501, "name": "Hong Phuc Dang", "email": " Hong@FOSSASIA.org "},
             {"id": 502, "name": "Mario Behling", "email": "not an address"},
             {"id": 503, "name": "Aiko Nakamura"}]
            """.utf8)
        let report = try ProgrammeImporter.read(files: files, options: ImportOptions(smallSessionCapacity: 30))
        let emails = Dictionary(
            uniqueKeysWithValues: report.programme.speakers.map { ($0.externalID, $0.email ?? "none") })
        #expect(emails["open-event:speaker:501"] == "hong@fossasia.org")
        #expect(emails["open-event:speaker:502"] == "none")
        #expect(emails["open-event:speaker:503"] == "none")
        #expect(report.programme.validationError() == nil)
    }

    @Test func readsTheKebabCaseExport() throws {
        let report = try ProgrammeImporter.read(files: Self.files, options: ImportOptions(smallSessionCapacity: 30))
        #expect(report.format == .openEvent)
        #expect(report.warnings.isEmpty)
        let programme = report.programme
        let event = programme.event
        #expect(event.externalID == "open-event:b8d5a2e1")
        #expect(event.name == "FOSS Summit 2027")
        #expect(event.timeZone == "Asia/Singapore")
        #expect(event.startsAt == Demo.at("2027-03-18T09:00", "Asia/Singapore"))
        #expect(event.endsAt == Demo.at("2027-03-20T18:00", "Asia/Singapore"))
        #expect(event.venue == Venue(name: "Lifelong Learning Institute", latitude: 1.3207, longitude: 103.8893))
        #expect(event.summary == "Three days of open source & open hardware.")
        #expect(event.coverImageURL == "https://example.org/cover.jpg")

        #expect(
            programme.sessions.map(\.title) == ["Opening keynote", "Hands-on: flashing firmware", "Lightning talks"])
        let keynote = programme.sessions[0]
        #expect(keynote.externalID == "open-event:101")
        #expect(keynote.kind == .keynote)
        #expect(keynote.room == "Auditorium")
        #expect(keynote.track == "Community")
        #expect(keynote.startsAt == Demo.at("2027-03-18T09:30", "Asia/Singapore"))
        #expect(keynote.endsAt == Demo.at("2027-03-18T10:15", "Asia/Singapore"))
        #expect(keynote.abstract == "Welcome.\n\nWelcome to the summit.\n\n• Why\n• How")
        #expect(keynote.capacity == nil)
        #expect(keynote.speakerIDs == ["open-event:speaker:501", "open-event:speaker:502"])
        let workshop = programme.sessions[1]
        #expect(workshop.kind == .workshop)
        #expect(workshop.capacity == 30)
        #expect(workshop.room == "Workshop Room")
        #expect(workshop.track == nil)
        #expect(workshop.speakerIDs == ["open-event:speaker:503"])
        let lightning = programme.sessions[2]
        #expect(lightning.startsAt == Demo.at("2027-03-20T16:00", "Asia/Singapore"))
        #expect(lightning.room == nil)
        #expect(lightning.track == "Hardware")
        #expect(lightning.speakerIDs == ["open-event:speaker:504", "open-event:speaker:503"])

        let byID = Dictionary(uniqueKeysWithValues: programme.speakers.map { ($0.externalID, $0) })
        #expect(programme.speakers.count == 4)
        let founder = try #require(byID["open-event:speaker:501"])
        #expect(founder.name == "Hong Phuc Dang")
        #expect(founder.title == "Founder")
        #expect(founder.company == "FOSSASIA")
        #expect(founder.bio == "Organizes FOSSASIA since 2009.")
        #expect(founder.photoURL == "https://example.org/hpdang.jpg")
        #expect(
            founder.socialLinks == [
                SocialLink(network: "twitter", url: "https://twitter.example/hpdang"),
                SocialLink(network: "github", url: "https://github.example/hpdang"),
            ])
        let engineer = try #require(byID["open-event:speaker:502"])
        #expect(engineer.title == "Engineer")
        #expect(engineer.company == "OpnTec")
        #expect(engineer.bio == "Builds things.")
        #expect(byID["open-event:speaker:504"]?.name == "Walk-in Speaker")

        let reasons = Set(report.skipped.map(\.description))
        #expect(
            reasons == [
                "session 103: pending, not on the programme", "session 104: rejected, not on the programme",
                "session 105: not scheduled (no start or end time)", "session 106: ends before it starts",
                "session 107: no title", "session No id: no id", "session 101: listed twice",
                "room link 108: unknown room id 99", "speaker link 108: unknown speaker id 777",
                "session 109: deleted", "session #12: not an object", "speaker 505: no name", "speaker #5: no id",
                "speaker 501: listed twice",
            ])
    }

    @Test func readsTheOlderSnakeCaseExport() throws {
        // As the server's zip wrote it: files without `.json`, snake_case, lists wrapped or bare, rooms and
        // tracks by id, times without an offset in the event's zone, speakers linked from their side.
        let files: [String: Data] = [
            "event": Data(
                #"{"events": [{"id": 4, "name": "FOSSASIA 2015", "timezone": "Asia/Singapore", "location_name": "Science Centre", "start_time": "2015-03-13T09:00:00", "end_time": "2015-03-15T18:00:00"}]}"#
                    .utf8),
            "sessions": Data(
                """
                {"sessions": [
                  {"id": 1, "title": "Open Tech", "short_abstract": "Short.", "long_abstract": "Long.",
                   "start_time": "2015-03-13 10:00:00", "end_time": "2015-03-13 10:45:00", "microlocation": 2,
                   "track": 1, "session_type": {"name": "Talk"}, "speakers": []},
                  {"id": 2, "title": "Breakout: Mozilla", "begin": "2015-03-14T11:00:00", "end": "2015-03-14T12:00:00",
                   "microlocation_id": 1, "track_id": "Web"}
                ]}
                """.utf8),
            "speakers": Data(
                #"[{"id": 9, "name": "Lee Kuan", "organisation": "SG Labs", "short_biography": "Hacker.", "photo": "/images/lee.png", "sessions": [{"id": 1}, {"id": 2}]}]"#
                    .utf8),
            "microlocations": Data(
                #"{"microlocations": [{"id": 1, "name": "Hall 1"}, {"id": 2, "name": "Hall 2"}]}"#.utf8),
            "tracks": Data(#"[{"id": 1, "name": "Open Tech"}]"#.utf8),
        ]
        let report = try ProgrammeImporter.read(files: files)
        let programme = report.programme
        #expect(report.skipped.isEmpty)
        #expect(programme.event.externalID == "open-event:4")
        #expect(programme.event.venue.name == "Science Centre")
        #expect(programme.event.startsAt == Demo.at("2015-03-13T09:00", "Asia/Singapore"))
        let first = programme.sessions[0]
        #expect(first.startsAt == Demo.at("2015-03-13T10:00", "Asia/Singapore"))
        #expect(first.room == "Hall 2")
        #expect(first.track == "Open Tech")
        #expect(first.abstract == "Short.\n\nLong.")
        #expect(first.speakerIDs == ["open-event:speaker:9"])
        let second = programme.sessions[1]
        #expect(second.kind == .breakout)
        #expect(second.room == "Hall 1")
        #expect(second.track == "Web")
        #expect(second.endsAt == Demo.at("2015-03-14T12:00", "Asia/Singapore"))
        #expect(second.speakerIDs == ["open-event:speaker:9"])
        #expect(programme.speakers.first?.company == "SG Labs")
        #expect(programme.speakers.first?.bio == "Hacker.")
        // A photo the export names by its path on the exporting server is no address the apps could open.
        #expect(programme.speakers.first?.photoURL == nil)
        #expect(
            report.warnings == [
                "“/images/lee.png” (speakers.0.photoURL) is not a web address (http or https with a host); it was left out."
            ])
    }

    @Test func readsJSONAPIDocuments() throws {
        let sessions = """
            {"data": [
              {"type": "session", "id": "31", "attributes": {"title": "Accessibility", "starts-at":
                "2027-06-01T14:00:00+02:00", "ends-at": "2027-06-01T14:40:00+02:00", "state": "accepted"},
               "relationships": {"microlocation": {"data": {"type": "microlocation", "id": "5"}},
                 "track": {"data": null},
                 "speakers": {"data": [{"type": "speaker", "id": "8"}]}}}
             ],
             "included": [{"type": "microlocation", "id": "5", "attributes": {"name": "Room Ada"}}]}
            """
        let speakers = """
            {"data": [{"type": "speaker", "id": "8", "attributes": {"name": "Zoë Lindqvist",
              "short-biography": "Designer."}}]}
            """
        let report = try ProgrammeImporter.read(
            files: ["sessions.json": Data(sessions.utf8), "speakers.json": Data(speakers.utf8)],
            options: ImportOptions(eventName: "A11y Day"))
        let session = try #require(report.programme.sessions.first)
        #expect(session.title == "Accessibility")
        #expect(session.room == "Room Ada")
        #expect(session.track == nil)
        #expect(session.speakerIDs == ["open-event:speaker:8"])
        #expect(report.programme.speakers.map(\.name) == ["Zoë Lindqvist"])
        // No event file, no zone: the offsets give it, and the name the caller chose.
        #expect(report.programme.event.timeZone == "GMT+0200")
        #expect(report.programme.event.name == "A11y Day")
        #expect(report.programme.event.externalID == "open-event:a11y-day")
    }

    @Test func readsAFolderAndASingleFile() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("open-event-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, data) in Self.files { try data.write(to: folder.appendingPathComponent(name)) }
        try Data(#"[{"id": 1, "name": "Sponsor"}]"#.utf8).write(to: folder.appendingPathComponent("sponsors.json"))
        try Data("notes".utf8).write(to: folder.appendingPathComponent("README.txt"))
        let fromFolder = try ProgrammeImporter.read(contentsOf: [folder])
        #expect(fromFolder.programme == (try ProgrammeImporter.read(files: Self.files)).programme)

        let files = ["sessions.json", "speakers.json"].map { folder.appendingPathComponent($0) }
        let fromFiles = try ProgrammeImporter.read(contentsOf: files)
        #expect(fromFiles.programme.sessions.count == 3)
        #expect(fromFiles.programme.sessions[0].room == "Auditorium")

        // One sessions.json alone, or one object holding every part, is told from its shape.
        let alone = try ProgrammeImporter.read(Data(Self.sessions.utf8))
        #expect(alone.format == .openEvent)
        #expect(alone.programme.sessions[1].room == nil)
        #expect(alone.skipped.map(\.description).contains("room link 102: unknown room id 12"))
        let combined = try ProgrammeImporter.read(
            Data(
                """
                {"event": \(Self.event), "sessions": \(Self.sessions), "speakers": \(Self.speakers),
                 "microlocations": \(Self.microlocations), "tracks": \(Self.tracks)}
                """.utf8))
        #expect(combined.format == .openEvent)
        #expect(combined.programme == (try ProgrammeImporter.read(files: Self.files)).programme)
    }

    @Test func refusesWhatIsNotAnExport() throws {
        #expect(throws: ImportError("An Open Event export needs its sessions.json; give it, or the export's folder.")) {
            try ProgrammeImporter.read(files: ["speakers.json": Data(Self.speakers.utf8)])
        }
        #expect(throws: ImportError.self) {
            try ProgrammeImporter.read(files: [
                "sessions.json": Data(Self.sessions.utf8), "notes.json": Data("{}".utf8),
            ])
        }
        #expect(throws: ImportError("“speakers.json” is not a JSON object or list.")) {
            try ProgrammeImporter.read(files: [
                "sessions.json": Data(Self.sessions.utf8), "speakers.json": Data("<".utf8),
            ])
        }
        #expect(throws: ImportError.self) { try ProgrammeImporter.read(files: Self.files, format: .frab) }
        #expect(throws: ImportError("The export has no scheduled session.")) {
            try ProgrammeImporter.read(Data(#"[{"id": 1, "title": "Draft", "state": "draft"}]"#.utf8))
        }
        #expect(throws: ImportError.self) {
            try ProgrammeImporter.read(Data(#"{"sessions": []}"#.utf8), format: .frab)
        }
        let empty = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("empty-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: ImportError.self) { try ProgrammeImporter.read(contentsOf: [empty]) }
        // A file that is not there is the file's own error, which every screen names the same way.
        let missing = empty.appendingPathComponent("missing.json")
        #expect {
            try ProgrammeImporter.read(contentsOf: [missing])
        } throws: { error in
            APIError.message(for: error) == "There is no such file or folder: \(missing.path)."
        }
    }

    @Test func idsNeverCarryTheServersScopeSeparator() throws {
        let report = try ProgrammeImporter.read(
            files: [
                "event.json": Data(#"{"identifier": "a|b", "name": "Pipes", "timezone": "UTC"}"#.utf8),
                "sessions.json": Data(
                    #"[{"id": 1, "title": "T", "starts-at": "2027-01-01T10:00:00Z", "ends-at": "2027-01-01T11:00:00Z", "speakers": [{"id": "x|y", "name": "P"}]}]"#
                        .utf8),
            ])
        #expect(report.programme.event.externalID == "open-event:a%7Cb")
        #expect(report.programme.speakers.map(\.externalID) == ["open-event:speaker:x%7Cy"])
    }
}
