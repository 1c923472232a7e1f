import AttendeeModels
import AttendeeTestSupport
import Foundation
import Localization
import Testing

@testable import QuartetCLI

/// Issue 12: the command line is a view, so every word `quartet attendee` prints comes from AttendeeCore's strings
/// table, save the test's own data (what it typed, and what the server answered its `--json` requests with).
@Suite(.serialized) struct AttendeeStringsCommandTests {
    typealias Harness = AttendeeCommandTests.Harness

    /// Runs commands as several people against one server, recording what each plain run printed and gathering
    /// the data the `--json` runs answered.
    final class Session: @unchecked Sendable {
        // NB: `@unchecked Sendable` is sound because a test drives it from one task at a time.
        let harness: Harness
        var transcript = Transcript()
        var data: [String] = []

        init(_ harness: Harness) { self.harness = harness }

        func environment(_ who: String) -> [String: String] {
            var environment = harness.environment
            environment["QUARTET_DATA_DIR"] = harness.directory + "/client-" + who
            return environment
        }

        /// Runs `quartet attendee ARGS…` as `who`, under marking, and records what it printed.
        @discardableResult
        func run(_ who: String, _ arguments: [String]) async -> Int32 {
            let captured = CapturedConsole()
            let code = await StringTable.$marking.withValue(true) {
                await QuartetTool.run(
                    ["attendee"] + arguments, environment: environment(who), console: captured.console,
                    now: harness.now)
            }
            transcript.recordUsageError(arguments, code: code, captured.output, captured.errors)
            return code
        }

        /// The same run offline: nothing listens on port 9 of the loopback.
        func offline(_ who: String, _ arguments: [String]) async -> Int32 {
            await run(who, arguments + ["--server", "http://127.0.0.1:9"])
        }

        /// Runs `ARGS… --json` as `who` under marking, keeps its data, and decodes it.
        @discardableResult
        func json<T: Decodable>(_ type: T.Type, _ who: String, _ arguments: [String]) async throws -> T {
            let captured = CapturedConsole()
            let code = await StringTable.$marking.withValue(true) {
                await QuartetTool.run(
                    ["attendee"] + arguments + ["--json"], environment: environment(who), console: captured.console,
                    now: harness.now)
            }
            try #require(code == 0, "\(arguments): \(captured.errors)")
            data += UnmarkedText.data(inJSON: captured.output)
            return try AttendeeCoding.decoder().decode(T.self, from: Data(captured.output.utf8))
        }

        /// Keeps the data of a `--json` answer whose shape the test does not need.
        func records(_ who: String, _ arguments: [String]) async throws {
            try await json(AnyAnswer.self, who, arguments)
        }
    }

    /// Any JSON at all.
    struct AnyAnswer: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    @Test func printsOnlyTheCoresStrings() async throws {
        // NB: the keynote is under way: the event and the keynote can be rated, as the commands below do.
        try await Harness.with(now: runningClock(from: demoKeynoteUnderway)) { harness in
            let cli = Session(harness)
            let directory = harness.directory
            let events = try await cli.json([Event].self, "ana", ["events"])
            let event = try #require(events.first).id
            #expect(await cli.run("ana", ["events"]) == 0)
            #expect(await cli.offline("ana", ["events"]) == 1)
            #expect(await cli.run("ana", ["events", "--server", "ftp://nope"]) == 2)
            #expect(await cli.run("ana", ["my-agenda", event]) == 1)

            // Accounts.
            let signUp = ["--email", "ana@example.com", "--password", "correct horse"]
            #expect(await cli.run("ana", ["signup"] + signUp) == 2)
            #expect(await cli.run("ana", ["signup", "--name", "Ana Ferreira"] + signUp) == 0)
            #expect(await cli.run("ana", ["signout"]) == 0)
            #expect(await cli.run("ana", ["signout"]) == 0)
            #expect(await cli.run("ana", ["signin", "--email", "ana@example.com"]) == 2)
            #expect(await cli.run("ana", ["signin"] + signUp) == 0)
            // A stranger's e-mail past its failed sign-ins (whose refusals are in the server's words, so sent
            // unrecorded): the throttle's sentence is the core's.
            let guess = ["signin", "--email", "zed@example.com", "--password", "wrong horse"]
            for _ in 1...5 { #expect(await harness.run(guess).code == 1) }
            #expect(await cli.run("zed", guess) == 1)
            #expect(await cli.run("ana", ["profile"]) == 0)
            #expect(await cli.run("ana", ["profile", "edit"]) == 2)
            #expect(await cli.run("ana", ["profile", "edit", "--about", "I build apps.", "--track", "Swift"]) == 0)
            let ana = try await cli.json(MyProfile.self, "ana", ["profile"]).person.id

            // The programme.
            #expect(await cli.run("ana", ["event", event]) == 0)
            #expect(await cli.offline("ana", ["event", event]) == 1)
            #expect(await cli.run("ana", ["register", event, "--later", "--field", "a=b"]) == 2)
            #expect(await cli.run("ana", ["register", event, "--field", "tshirtSize"]) == 2)
            let fields = ["--field", "dietaryNeeds=none", "--field", "tshirtSize=M", "--field", "role=iOS"]
            #expect(await cli.run("ana", ["register", event] + fields) == 0)
            #expect(await cli.run("ana", ["event", event]) == 0)
            try await cli.records("ana", ["event", event])
            let sessions = try await cli.json([Session_].self, "ana", ["agenda", event])
            try await cli.records("ana", ["agenda", event, "--day", "2"])
            #expect(await cli.run("ana", ["agenda", event, "--day", "2"]) == 0)
            #expect(await cli.run("ana", ["agenda", event, "--day", "9"]) == 2)
            #expect(await cli.run("ana", ["agenda", event, "--day", "two"]) == 2)
            let keynote = try #require(sessions.first).id
            let workshop = try #require(sessions.first { $0.kind == .workshop }).id
            #expect(await cli.run("ana", ["attend", keynote]) == 0)
            #expect(await cli.offline("ana", ["attend", keynote]) == 1)
            #expect(await cli.run("ana", ["attend", workshop]) == 0)
            #expect(await cli.run("ana", ["leave", workshop]) == 0)
            #expect(await cli.offline("ana", ["leave", workshop]) == 1)
            #expect(await cli.run("ana", ["session", keynote]) == 0)
            #expect(await cli.run("ana", ["session", workshop]) == 0)
            #expect(await cli.offline("ana", ["session", workshop]) == 1)
            try await cli.records("ana", ["session", keynote])
            try await cli.records("ana", ["session", workshop])
            let share = directory + "/workshop.ics"
            #expect(await cli.run("ana", ["share", workshop, "--ics", share]) == 0)
            #expect(await cli.offline("ana", ["share", workshop]) == 2)
            try await cli.records("ana", ["share", workshop])
            let mine = directory + "/mine.ics"
            #expect(await cli.run("ana", ["my-agenda", event, "--ics", mine]) == 0)
            #expect(await cli.run("ana", ["feedback", "event", event, "--rating", "5", "--comment", "Lovely"]) == 0)
            #expect(await cli.run("ana", ["feedback", "event", event, "--rating", "nine"]) == 2)
            #expect(await cli.run("ana", ["feedback", "session", keynote]) == 2)

            // People.
            let speakers = try await cli.json([Person].self, "ana", ["speakers", event])
            let speaker = try #require(speakers.first).id
            #expect(await cli.run("ana", ["speakers", event]) == 0)
            #expect(await cli.offline("ana", ["speakers", event]) == 1)
            try await cli.records("ana", ["speaker", event, speaker])
            #expect(await cli.run("ana", ["speaker", event, speaker]) == 0)
            #expect(await cli.offline("ana", ["speaker", event, speaker]) == 1)
            #expect(await cli.run("ana", ["attendees", event, "--search", "FERREIRA"]) == 0)
            #expect(await cli.run("ana", ["attendees", event, "--search", "zebra"]) == 0)
            #expect(await cli.offline("ana", ["attendees", event]) == 1)
            #expect(await cli.run("ana", ["attendee", event, ana]) == 0)
            #expect(await cli.run("ana", ["attendee", event, speaker]) == 1)
            #expect(await cli.offline("ana", ["attendee", event, ana]) == 1)

            // Messages and notes, with a second person.
            #expect(
                await cli.run(
                    "bo", ["signup", "--email", "bo@example.com", "--password", "correct horse", "--name", "Bo"])
                    == 0)
            #expect(await cli.run("bo", ["register", event, "--later"]) == 0)
            #expect(await cli.run("bo", ["register", event] + fields) == 0)
            #expect(await cli.run("bo", ["register", event, "--field", "tshirtSize=L"]) == 1)
            let bo = try await cli.json(MyProfile.self, "bo", ["profile"]).person.id
            #expect(await cli.run("ana", ["messages", "list"]) == 0)
            #expect(await cli.run("ana", ["messages", "send", bo, "Hello Bo", "--event", event]) == 0)
            let threads = try await cli.json([Thread].self, "bo", ["messages", "list"])
            let thread = try #require(threads.first).id
            #expect(await cli.run("bo", ["messages", "list"]) == 0)
            #expect(await cli.run("bo", ["messages", "show", thread]) == 0)
            #expect(await cli.run("bo", ["messages", "read", thread]) == 0)
            #expect(await cli.run("bo", ["messages", "send", thread, ""]) == 1)
            #expect(await cli.run("ana", ["notes", event]) == 0)
            let note = try await cli.json(Identified.self, "ana", ["notes", event, "new", "Remember the workshop"]).id
            #expect(await cli.run("ana", ["notes", event, "new", "Bring a laptop"]) == 0)
            #expect(await cli.run("ana", ["notes", event]) == 0)
            #expect(await cli.run("ana", ["notes", event, "show", note]) == 0)
            #expect(await cli.run("ana", ["notes", event, "edit", note, "Remember the lab"]) == 0)
            #expect(await cli.run("ana", ["notes", event, "delete", note]) == 0)
            #expect(await cli.run("ana", ["notes", event, "shred"]) == 2)
            #expect(await cli.run("ana", ["notes", event, "show"]) == 2)
            try await cli.records("ana", ["notes", event])

            // The wall and a discussion.
            #expect(await cli.run("ana", ["wall", event]) == 0)
            let post = try await cli.json(Identified.self, "ana", ["wall", event, "post", "Hello wall"]).id
            #expect(await cli.run("ana", ["wall", event, "post", "Second post"]) == 0)
            #expect(await cli.run("bo", ["wall", event, "like", post]) == 0)
            #expect(await cli.run("bo", ["wall", event, "reply", post, "Hello Ana"]) == 0)
            #expect(await cli.run("ana", ["wall", event]) == 0)
            #expect(await cli.run("ana", ["wall", event, "like", "nope"]) == 1)
            #expect(await cli.run("ana", ["wall", event, "post"]) == 2)
            #expect(await cli.run("ana", ["wall", event, "delete", "nope"]) == 1)
            // Offline, each write says what was not done, in the screen's words.
            #expect(await cli.offline("bo", ["wall", event, "like", post]) == 1)
            #expect(await cli.offline("bo", ["wall", event, "reply", post, "Still there?"]) == 1)
            #expect(await cli.offline("ana", ["wall", event, "delete", post]) == 1)
            #expect(await cli.run("ana", ["wall", event, "delete", post]) == 0)
            #expect(await cli.offline("ana", ["wall", event]) == 1)
            #expect(await cli.offline("ana", ["wall", event, "post", "Still there?"]) == 1)
            let second = try await cli.json(Identified.self, "ana", ["wall", event, "post", "Third post"]).id
            try await cli.records("ana", ["wall", event, "delete", second])
            #expect(await cli.offline("ana", ["agenda", event]) == 0)
            try await cli.records("ana", ["wall", event])
            #expect(await cli.run("ana", ["discussion", keynote]) == 0)
            let message = try await cli.json(Identified.self, "ana", ["discussion", keynote, "post", "Great talk"]).id
            #expect(await cli.run("ana", ["discussion", keynote]) == 0)
            #expect(await cli.run("ana", ["discussion", keynote, "delete", "nope"]) == 1)
            #expect(await cli.offline("ana", ["discussion", keynote, "post", "Still there?"]) == 1)
            #expect(await cli.offline("ana", ["discussion", keynote, "delete", message]) == 1)
            #expect(await cli.run("ana", ["discussion", keynote, "delete", message]) == 0)
            let another = try await cli.json(Identified.self, "ana", ["discussion", keynote, "post", "Bye"]).id
            try await cli.records("ana", ["discussion", keynote, "delete", another])
            #expect(await cli.run("ana", ["discussion", keynote, "shout"]) == 2)

            // As the event's organizer: documents, the gallery, polls and quizzes, an import.
            _ = try await harness.database.write { db in
                try db.execute("UPDATE attendee_event SET organizer_id = \(ana) WHERE id = \(event)")
            }
            // The speaker's page: Ana reads its account section, links the speaker to Bo's account, then unlinks
            // it; Bo cannot.
            #expect(await cli.run("bo", ["speaker", event, speaker, "link", "--email", "bo@example.com"]) == 1)
            #expect(await cli.run("ana", ["speaker", event, speaker, "link"]) == 2)
            #expect(await cli.run("bo", ["speaker", event, speaker, "account"]) == 1)
            #expect(await cli.run("ana", ["speaker", event, speaker, "account"]) == 0)
            try await cli.records("ana", ["speaker", event, speaker, "account"])
            #expect(await cli.run("ana", ["speaker", event, speaker, "wave"]) == 2)
            #expect(await cli.run("ana", ["speaker", event, speaker, "link", "--email", "nope"]) == 1)
            #expect(await cli.run("ana", ["speaker", event, speaker, "link", "--email", "zed@example.com"]) == 1)
            #expect(await cli.run("ana", ["speaker", event, speaker, "link", "--email", "bo@example.com"]) == 0)
            #expect(await cli.offline("ana", ["speaker", event, speaker, "unlink"]) == 1)
            try await cli.records("ana", ["speaker", event, speaker, "link", "--email", "bo@example.com"])
            #expect(await cli.run("ana", ["speaker", event, speaker, "unlink"]) == 0)
            let pdf = try harness.write("Programme.pdf", Data("%PDF-1.7\nhello\n%%EOF\n".utf8))
            #expect(await cli.run("ana", ["docs", event]) == 0)
            #expect(await cli.run("ana", ["docs", event, "add", "--kind", "pre-read", pdf]) == 0)
            #expect(await cli.run("ana", ["docs", event, "add", "--kind", "slides", pdf]) == 2)
            let documents = try await cli.json(Documents.self, "ana", ["docs", event])
            let document = try #require(documents.sections.flatMap(\.rows).first).id
            let copy = directory + "/copy.pdf"
            #expect(await cli.run("ana", ["docs", event]) == 0)
            #expect(await cli.run("ana", ["docs", event, "share", document]) == 0)
            try await cli.records("ana", ["docs", event, "share", document])
            #expect(await cli.run("ana", ["docs", event, "download", document, "--output", copy]) == 0)
            #expect(await cli.run("ana", ["docs", event, "download", "nope", "--output", copy]) == 2)
            #expect(await cli.run("ana", ["docs", event, "remove", document]) == 0)
            let png =
                Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
                + Data([0, 0, 2, 128, 0, 0, 1, 224, 8, 6, 0, 0, 0]) + Data(count: 1024)
            let photo = try harness.write("Stage.png", png)
            let virus = try harness.write("virus.png", Data([0x4D, 0x5A, 0x90, 0x00, 0x03]))
            #expect(await cli.run("ana", ["gallery", event]) == 0)
            #expect(await cli.run("ana", ["gallery", event, "upload", photo]) == 0)
            #expect(await cli.run("ana", ["gallery", event, "upload", virus]) == 1)
            #expect(await cli.run("ana", ["gallery", event]) == 0)
            #expect(await cli.run("ana", ["gallery", event, "upload"]) == 2)
            try await cli.records("ana", ["gallery", event])

            #expect(await cli.run("ana", ["poll", "create", event, "--question", "Lunch?", "--option", "Now"]) == 1)
            #expect(await cli.run("ana", ["poll", "create", event, "--option", "Now"]) == 2)
            let lunch = ["--question", "Lunch?", "--option", "Now", "--option", "Later"]
            let poll = try await cli.json(Identified.self, "ana", ["poll", "create", event] + lunch).id
            #expect(await cli.run("ana", ["poll", "create", event] + lunch) == 0)
            #expect(await cli.run("ana", ["poll", "open", poll]) == 0)
            #expect(await cli.run("bo", ["poll", "list", event]) == 0)
            #expect(await cli.run("bo", ["poll", "answer", poll, "--option", "9-9"]) == 2)
            #expect(await cli.run("bo", ["poll", "answer", poll, "--option", "1-2"]) == 0)
            #expect(await cli.run("bo", ["poll", "show", poll]) == 0)
            #expect(await cli.run("bo", ["poll", "close", poll]) == 1)
            #expect(await cli.run("ana", ["poll", "close", poll]) == 0)
            try await cli.records("bo", ["poll", "show", poll])
            #expect(await cli.run("ana", ["quiz", "list", event]) == 0)
            #expect(await cli.run("ana", ["quiz", "create", event]) == 2)
            #expect(await cli.run("ana", ["quiz", "create", event, "--question", "Two and two"]) == 2)
            #expect(await cli.run("ana", ["quiz", "create", event, "--question", "2 + 2?: 3 | 4"]) == 1)
            let quiz = try await cli.json(
                Identified.self, "ana", ["quiz", "create", event, "--question", "2 + 2?: 3 | *4"]
            ).id
            #expect(await cli.run("ana", ["quiz", "open", quiz]) == 0)
            #expect(await cli.run("bo", ["quiz", "answer", quiz, "--option", "1-1", "--option", "1-2"]) == 2)
            #expect(await cli.run("bo", ["quiz", "answer", quiz, "--option", "1-2"]) == 0)
            #expect(await cli.run("ana", ["quiz", "list", event]) == 0)
            try await cli.records("ana", ["quiz", "show", quiz])
            try await cli.records("ana", ["quiz", "list", event])
            try await cli.records("ana", ["poll", "list", event])

            #expect(await cli.run("ana", ["watch", event, "--count", "0"]) == 2)
            // The organizer watches while Bo keeps changing his answer; the first update ends the watch.
            let again = try await cli.json(
                Identified.self, "ana",
                [
                    "poll", "create", event, "--question", "Coffee?", "--option", "Yes",
                    "--option", "No",
                ]
            ).id
            #expect(await cli.run("ana", ["poll", "open", again]) == 0)
            let environment = cli.environment("bo")
            let watched = await AttendeePollCommandTests.watching({
                let captured = CapturedConsole()
                let code = await StringTable.$marking.withValue(true) {
                    await QuartetTool.run(
                        ["attendee", "watch", event, "--count", "1"], environment: cli.environment("ana"),
                        console: captured.console, now: cli.harness.now)
                }
                return (code, captured.output, captured.errors)
            }) { option in
                _ = await QuartetTool.run(
                    ["attendee", "poll", "answer", again, "--option", option], environment: environment,
                    console: CapturedConsole().console, now: cli.harness.now)
            }
            #expect(watched.0 == 0, "\(watched.2)")
            cli.transcript.record(["watch", event, "--count", "1"], watched.1, watched.2)

            let frab = try harness.write(
                "frab.json",
                Data(
                    """
                    {"schedule": {"conference": {"acronym": "cli", "title": "CLI Camp",
                      "time_zone_name": "Pacific/Kiritimati", "days": [{"date": "2027-01-01", "rooms": {"Hall": [
                        {"guid": "g1", "title": "Hello", "date": "2027-01-01T08:00:00+14:00", "duration": "00:45",
                         "persons": []}]}}]}}}
                    """.utf8))
            #expect(await cli.run("ana", ["import", frab]) == 0)
            #expect(await cli.run("ana", ["import", frab]) == 0)
            // A rough file: a session without a start, and offsets no time zone fits.
            let rough = try harness.write(
                "rough.json",
                Data(
                    """
                    {"schedule": {"conference": {"acronym": "rough", "title": "Rough Camp",
                      "days": [{"date": "2027-01-01", "rooms": {"Hall": [
                        {"guid": "r1", "title": "East", "date": "2027-01-01T08:00:00+05:45", "duration": "00:45"},
                        {"guid": "r2", "title": "West", "date": "2027-01-01T09:00:00-03:00", "duration": "00:45"},
                        {"guid": "r3", "title": "Nowhen", "duration": "00:45"}]}}]}}}
                    """.utf8))
            #expect(await cli.run("ana", ["import", rough, "--dry-run"]) == 0)
            let report = cli.transcript.entries.last?.printed ?? ""
            #expect(
                report.contains("r3") && report.contains("+05:45"), "the skipped session and the warning: \(report)")
            #expect(await cli.run("ana", ["import", directory + "/missing.json"]) == 1)
            #expect(await cli.run("ana", ["import", frab, "--format", "pentabarf"]) == 2)
            try await cli.records("ana", ["import", frab])
            #expect(await cli.run("ana", ["import", frab, "--capacity", "-1", "--dry-run"]) == 2)
            #expect(await cli.offline("bo", ["signout"]) == 0)

            #expect(cli.transcript.printedCommands == cli.transcript.entries.count)
            // "quartet" and "attendee" lead the failure lines: the program's name and the command the test typed.
            let typed = [
                "quartet", "attendee", "ana@example.com", "Ana Ferreira", "I build apps.", "Swift", "none", "M", "iOS",
                "a=b", "tshirtSize", "nine", "two", "FERREIRA", "zebra", "Bo", "Hello Bo", "Remember the workshop",
                "Bring a laptop", "Remember the lab", "shred", "Hello wall", "Second post", "Hello Ana", "nope",
                "Great talk", "shout", "slides", "Programme.pdf", "Stage.png", "virus.png", "Lunch?", "Now", "Later",
                "9-9", "Two and two", "2 + 2?", "Coffee?", "Yes", "No", "CLI Camp", "Pacific/Kiritimati", "frab",
                "pentabarf", share, mine, copy, pdf, photo, virus, frab, directory + "/missing.json", rough,
                "Rough Camp", "r3", "+05:45", "-03:00", "GMT+0545", "ftp://nope", "-1", "bo@example.com",
                "zed@example.com", "wave",
            ]
            // The command line's vocabulary a refusal names: its commands, options and placeholders, and the actions
            // of the page commands (positional words, which the command tree does not list).
            let grammar =
                UnmarkedText.grammar(of: AttendeeCommand.spec) + [
                    "list", "show", "new", "edit", "delete", "post", "like", "unlike", "reply", "delete-reply",
                    "download", "share", "add", "remove", "upload", "POST", "REPLY", "account", "link", "unlink",
                ]
            let offences = UnmarkedText(data: typed + grammar + cli.data).offences(in: cli.transcript)
            #expect(offences.isEmpty, "\(offences.joined(separator: "\n"))")
        }
    }

    /// A session of the agenda (only what the test needs).
    struct Session_: Decodable {
        var id: String
        var kind: SessionKind
    }

    /// Anything with an id: a note, a post, a message, a poll.
    struct Identified: Decodable {
        var id: String
    }

    /// A thread of `messages list --json`.
    struct Thread: Decodable {
        var id: String
    }

    /// What `docs --json` prints (only what the test needs).
    struct Documents: Decodable {
        struct Section: Decodable {
            struct Row: Decodable { var id: String }
            var rows: [Row]
        }
        var sections: [Section]
    }
}
