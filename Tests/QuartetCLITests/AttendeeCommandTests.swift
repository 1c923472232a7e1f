import AttendeeCore
import AttendeeModels
import AttendeeServer
import AttendeeTestSupport
import Database
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import QuartetCLI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `quartet attendee …` end to end: the real command line, URLSession and a real server on a loopback port.
@Suite(.serialized) struct AttendeeCommandTests {
    /// A real Attendee server on a loopback port (uploads streamed into `media/` as they arrive), and the
    /// command line pointed at it.
    final class Harness: Sendable {
        let server: Server
        let database: SQLiteDatabase
        let directory: String
        let media: String
        let environment: [String: String]
        /// The clock the server's programme rules and the command line share.
        let now: @Sendable () -> Date

        /// `now` is the clock of the server's programme rules (`eventNow`) and of the command line: a few days
        /// before the demo event (``demoConferenceAhead``) unless a test stands at a moment of it, never today's
        /// date. `idleTimeout` is the server's; a short one is the backstop that closes a connection whose upload was
        /// dropped when the drop itself goes unnoticed (with 60 s, one loaded run kept the staged file past 10 s).
        /// `intercept`, when given, is handed every request with the server's own handler, to answer it (another
        /// device's request first, say) as a test needs.
        init(
            idleTimeout: Duration = .seconds(60),
            now: @escaping @Sendable () -> Date = runningClock(from: demoConferenceAhead),
            configure: (inout AttendeeService.Configuration) -> Void = { _ in },
            intercept: (@Sendable (Request, Handler) async throws -> Response)? = nil
        ) async throws {
            self.now = now
            directory = NSTemporaryDirectory() + "quartet-cli-attendee-" + UUID().uuidString.prefix(8).lowercased()
            media = directory + "/media"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            database = try SQLiteDatabase(path: directory + "/server.sqlite")
            let mediaDirectory = URL(fileURLWithPath: media)
            let router = try await seededAttendee(database) {
                $0.mediaDirectory = mediaDirectory
                $0.eventNow = now
                configure(&$0)
            }.router
            var handler: Handler = router.handler()
            if let intercept, case let served = handler {
                handler = { request in try await intercept(request, served) }
            }
            server = Server(
                configuration: .init(port: 0, threadPoolSize: 2, idleTimeout: idleTimeout, log: .discard),
                handler: handler, bodyReceivers: router.bodyReceivers())
            try server.start()
            // NB: the locale and zone are pinned, as `quartet quakes`'s tests pin them: the British English the
            // expected `Wed 10 Mar` and `09:00` were written in, and UTC for the device's clock.
            environment = [
                "QUARTET_SERVER": "http://127.0.0.1:\(server.port)", "QUARTET_DATA_DIR": directory + "/client",
                "HOME": directory, "QUARTET_LOCALE": "en_GB", "TZ": "UTC",
            ]
        }

        /// Every file under the media folder, relative to it.
        func mediaFiles() -> [String] {
            guard let walker = FileManager.default.enumerator(atPath: media) else { return [] }
            return walker.compactMap { $0 as? String }.filter { relative in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: media + "/" + relative, isDirectory: &isDirectory)
                    && !isDirectory.boolValue
            }.sorted()
        }

        /// Writes a file for a command to read, and answers its path.
        func write(_ name: String, _ data: Data) throws -> String {
            let path = directory + "/" + name
            try data.write(to: URL(fileURLWithPath: path))
            return path
        }

        func run(_ arguments: String...) async -> (code: Int32, output: String, errors: String) {
            await run(arguments)
        }

        func run(_ arguments: [String]) async -> (code: Int32, output: String, errors: String) {
            let captured = CapturedConsole()
            let code = await QuartetTool.run(
                ["attendee"] + arguments, environment: environment, console: captured.console, now: now)
            return (code, captured.output, captured.errors)
        }

        func json<T: Decodable>(_ type: T.Type, _ arguments: String...) async throws -> T {
            let captured = CapturedConsole()
            let code = await QuartetTool.run(
                ["attendee"] + arguments + ["--json"], environment: environment, console: captured.console, now: now)
            try #require(code == 0, "\(arguments): \(captured.errors)")
            return try AttendeeCoding.decoder().decode(T.self, from: Data(captured.output.utf8))
        }

        /// Runs `body` with a fresh harness, closing it afterwards even when `body` throws.
        static func with(
            idleTimeout: Duration = .seconds(60),
            now: @escaping @Sendable () -> Date = runningClock(from: demoConferenceAhead),
            configure: (inout AttendeeService.Configuration) -> Void = { _ in },
            intercept: (@Sendable (Request, Handler) async throws -> Response)? = nil,
            _ body: (Harness) async throws -> Void
        ) async throws {
            let harness = try await Harness(
                idleTimeout: idleTimeout, now: now, configure: configure, intercept: intercept)
            do {
                try await body(harness)
            } catch {
                await harness.close()
                throw error
            }
            await harness.close()
        }

        func close() async {
            await server.shutdown(gracePeriod: .seconds(1))
            await database.close()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    /// Past the server's five failed sign-ins for an e-mail, `signin` prints the core's sentence with the minutes
    /// left of the server's window, and exits 1, even with the right password.
    @Test func aThrottledSignInPrintsHowLongToWait() async throws {
        let clock = TestClock()
        let onTheClock: (inout AttendeeService.Configuration) -> Void = { $0.now = clock.closure }
        try await Harness.with(configure: onTheClock) { harness in
            let signUp = await harness.run(
                "signup", "--email", "ana@example.com", "--password", "correct horse", "--name", "Ana Ferreira")
            #expect(signUp.code == 0, "\(signUp.errors)")
            for _ in 1...5 {
                let wrong = await harness.run("signin", "--email", "ana@example.com", "--password", "wrong horse")
                #expect(wrong.code == 1)
                #expect(wrong.errors == "quartet: The e-mail or the password is not right.\n")
            }
            clock.advance(by: 60)
            let right = await harness.run("signin", "--email", "ana@example.com", "--password", "correct horse")
            #expect(right.code == 1)
            #expect(right.output == "")
            #expect(right.errors == "quartet: Too many attempts. Try again in 14 minutes.\n")
        }
    }

    /// `feedback session` is the session page's feedback button: for one of the session's speakers it opens nothing
    /// and says why in the page's words, sending nothing (it sent the rating, which the server refused in English).
    @Test func aSpeakerIsToldTheirOwnSessionIsRatedByItsAudience() async throws {
        try await Harness.with(now: runningClock(from: demoKeynoteUnderway)) { harness in
            let event = try #require(try await harness.json([Event].self, "events").first)
            let signUp = await harness.run(
                "signup", "--email", "rui@example.com", "--password", "correct horse", "--name", "Rui Matos")
            #expect(signUp.code == 0, "\(signUp.errors)")
            let me = try await harness.json(MyProfile.self, "profile").person
            #expect(await harness.run("register", event.id, "--later").code == 0)
            let keynote = try #require(try await harness.json([Session].self, "agenda", event.id).first)
            let meID = me.id
            let keynoteID = keynote.id
            _ = try await harness.database.write { db in
                try db.execute(
                    """
                    INSERT INTO attendee_session_speaker (session_id, user_id, position)
                    VALUES (\(keynoteID), \(meID), 99)
                    """)
            }
            #expect(await harness.run("attend", keynote.id).code == 0)
            let ratings = (keynote.speakers.map(\.id) + [me.id]).map { "--speaker=\($0)=5" }
            let refused = await harness.run(["feedback", "session", keynote.id, "--rating", "5"] + ratings)
            #expect(refused.code == 1)
            #expect(refused.errors == "quartet: \(SessionFeedbackAccess.ownSession.reason ?? "-")\n")
        }
    }

    @Test func signUpRegisterAgendaAttendFeedbackAndExport() async throws {
        // NB: the keynote is under way, so it can still be attended and is already rated.
        try await Harness.with(now: runningClock(from: demoKeynoteUnderway)) { harness in

            let events = try await harness.json([Event].self, "events")
            let event = try #require(events.first)

            let anonymous = await harness.run("my-agenda", event.id)
            #expect(anonymous.code == 1)
            // Never signed in: nothing expired, so it says to sign in rather than that a session ended.
            #expect(anonymous.errors == "quartet: You are signed out. Sign in first.\n")

            let signUp = await harness.run(
                "signup", "--email", "ana@example.com", "--password", "correct horse", "--name", "Ana Ferreira")
            #expect(signUp.code == 0, "\(signUp.errors)")
            #expect(signUp.output == "Signed up as Ana Ferreira <ana@example.com>.\n")
            // A mistyped password is refused in the server's words, and Ana stays signed in.
            var mistyped = harness.environment
            mistyped["QUARTET_ATTENDEE_PASSWORD"] = "wrong horse"
            let wrong = CapturedConsole()
            #expect(
                await QuartetTool.run(
                    ["attendee", "signin", "--email", "ana@example.com"], environment: mistyped, console: wrong.console)
                    == 1)
            #expect(wrong.errors == "quartet: The e-mail or the password is not right.\n")
            #expect(try await harness.json(MyProfile.self, "profile").email == "ana@example.com")

            let missing = await harness.run("register", event.id, "--field", "dietaryNeeds=none")
            #expect(missing.code == 2)
            #expect(missing.errors.contains("T-shirt size is required."))
            let bothWays = await harness.run("register", event.id, "--later", "--field", "a=b")
            #expect(bothWays.code == 2)
            let registered = await harness.run(
                "register", event.id, "--field", "dietaryNeeds=none", "--field", "tshirtSize=M", "--field", "role=iOS",
                "--guest", "Zoë Lindqvist <zoe@example.com>")
            #expect(registered.output == "Registered for Quartet Summit 2027 (additional info: completed).\n")

            let agenda = await harness.run("agenda", event.id, "--day", "2")
            #expect(agenda.code == 0)
            #expect(agenda.output.hasPrefix("Wed 10 Mar  [Thu 11 Mar]\nEvent Time (Europe/Lisbon)\n"))
            #expect(agenda.output.contains("+ 09:00 – 10:00  Closing keynote: what we learned  (Auditorium)"))
            #expect(await harness.run("agenda", event.id, "--day", "9").code == 2)

            // The agenda as the environment's locale writes it, as `quartet quakes` reads `QUARTET_LOCALE`.
            func agendaIn(_ locale: String) async -> String {
                var environment = harness.environment
                environment["QUARTET_LOCALE"] = locale
                let captured = CapturedConsole()
                _ = await QuartetTool.run(
                    ["attendee", "agenda", event.id, "--day", "2"], environment: environment, console: captured.console,
                    now: harness.now)
                return captured.output
            }
            let american = await agendaIn("en_US")
            #expect(american.hasPrefix("Wed, Mar 10  [Thu, Mar 11]\nEvent Time (Europe/Lisbon)\n"), "\(american)")
            #expect(american.contains("+ 9:00\u{202F}AM – 10:00\u{202F}AM  Closing keynote: what we learned"))
            let german = await agendaIn("de_DE")
            #expect(german.hasPrefix("Mi. 10. März  [Do. 11. März]\n"), "\(german)")
            #expect(german.contains("+ 09:00 – 10:00  Closing keynote: what we learned"))

            let sessions = try await harness.json([Session].self, "agenda", event.id)
            let keynote = try #require(sessions.first)
            let clash = try #require(sessions.first { $0.startsAt == sessions[1].startsAt && $0.id != sessions[1].id })
            let attended = await harness.run("attend", keynote.id)
            #expect(attended.output == "Attending\n")
            #expect(await harness.run("attend", sessions[1].id).code == 0)
            let refused = await harness.run("attend", clash.id)
            #expect(refused.code == 1)
            #expect(refused.errors.contains("overlaps “\(sessions[1].title)”"))

            let rating = keynote.speakers.map { "--speaker=\($0.id)=5" }
            let feedback = await harness.run(["feedback", "session", keynote.id, "--rating", "4"] + rating)
            #expect(feedback.output == "Thank you for your feedback.\n", "\(feedback.errors)")
            let again = await harness.run(["feedback", "session", keynote.id, "--rating", "4"] + rating)
            #expect(again.code == 1)
            #expect(again.errors.contains("already gave feedback"))

            let ics = harness.directory + "/mine.ics"
            let mine = await harness.run("my-agenda", event.id, "--ics", ics)
            #expect(mine.output.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 2)
            #expect(mine.errors == "Wrote 2 sessions to \(ics).\n")
            let calendar = try String(contentsOfFile: ics, encoding: .utf8)
            #expect(calendar.contains("DTSTART;TZID=Europe/Lisbon:20270310T090000\r\n"))

            let edited = await harness.run(
                "profile", "edit", "--about", "I build apps.", "--track", "Swift", "--title", "iOS Engineer",
                "--company", "Tejo Cloud")
            #expect(edited.code == 0, "\(edited.errors)")
            #expect(edited.output.hasPrefix("Ana Ferreira\nana@example.com\niOS Engineer · Tejo Cloud\n"))
            let profile = try await harness.json(MyProfile.self, "profile")
            #expect(profile.person.aboutMe == "I build apps.")
            #expect(profile.preferences.tracks == ["Swift"])
            #expect(profile.person.company == "Tejo Cloud")
            let unnamed = await harness.run("profile", "edit", "--name", " ")
            #expect(unnamed.code == 2)
            #expect(unnamed.errors.contains("Name must not be empty."))
            let nothing = await harness.run("profile", "edit")
            #expect(nothing.code == 2)
            #expect(nothing.errors.contains("needs --name, --title, --company, --about, --track or --topic"))
            #expect(try await harness.json(MyProfile.self, "profile").person.name == "Ana Ferreira")

            let people = try await harness.json([Person].self, "attendees", event.id, "--search", "FERREIRA")
            #expect(people.map(\.name) == ["Ana Ferreira"])

            #expect(await harness.run("signout").output == "Signed out.\n")
            // Signed out on purpose: nothing ended, so the next command says to sign in, not that a session ended.
            let after = await harness.run("profile")
            #expect(after.code == 1)
            #expect(after.errors == "quartet: You are signed out. Sign in first.\n")
        }
    }

    /// Answers given to `register` after "Later" complete Additional Info through the dashboard's "Complete
    /// registration"; once complete, answers are refused in the core's words rather than dropped.
    @Test func answersAfterLaterCompleteTheRegistration() async throws {
        try await Harness.with { harness in
            let event = try #require(try await harness.json([Event].self, "events").first)
            _ = await harness.run(
                "signup", "--email", "ana@example.com", "--password", "correct horse", "--name", "Ana Ferreira")
            let later = await harness.run("register", event.id, "--later")
            #expect(later.output == "Registered for Quartet Summit 2027 (additional info: later).\n")
            let answers = ["--field", "dietaryNeeds=vegan", "--field", "tshirtSize=M", "--field", "role=iOS"]
            let incomplete = await harness.run("register", event.id, "--field", "dietaryNeeds=vegan")
            #expect(incomplete.code == 2)
            #expect(incomplete.errors.contains("T-shirt size is required."))
            let completed = await harness.run(["register", event.id] + answers)
            #expect(completed.code == 0, "\(completed.errors)")
            #expect(completed.output == "Registered for Quartet Summit 2027 (additional info: completed).\n")
            let details = try await harness.json(EventDetails.self, "event", event.id)
            #expect(details.registration?.answers == ["dietaryNeeds": "vegan", "tshirtSize": "M", "role": "iOS"])

            let again = await harness.run("register", event.id, "--field", "tshirtSize=L")
            #expect(again.code == 1)
            #expect(
                again.errors == "quartet: Your Additional Info is complete; its answers cannot be changed.\n")
            let kept = try await harness.json(EventDetails.self, "event", event.id)
            #expect(kept.registration?.answers["tshirtSize"] == "M")
        }
    }

    /// A usage error leaves nothing done: answers the Additional Info form would refuse are refused before
    /// registering, and an event that asks no questions says so without an empty list of fields.
    @Test func aRefusedRegisterLeavesThePersonUnregistered() async throws {
        try await Harness.with { harness in
            let event = try #require(try await harness.json([Event].self, "events").first)
            _ = await harness.run(
                "signup", "--email", "ana@example.com", "--password", "correct horse", "--name", "Ana Ferreira")
            let bare = await harness.run("register", event.id)
            #expect(bare.code == 2)
            #expect(bare.errors.hasPrefix("quartet: Dietary needs is required. Fields: dietaryNeeds (Dietary needs), "))
            let badGuest = await harness.run(
                "register", event.id, "--field", "dietaryNeeds=none", "--field", "tshirtSize=M", "--field", "role=iOS",
                "--guest", "Zoë <not-an-address>")
            #expect(badGuest.code == 2)
            #expect(badGuest.errors.contains("Guest 1 needs a valid e-mail address."))
            #expect(try await harness.json(EventDetails.self, "event", event.id).registration == nil)
            #expect(await harness.run("event", event.id).output.contains("Not registered"))

            let file = try harness.write(
                "frab.json",
                Data(
                    """
                    {"schedule": {"conference": {"acronym": "ask", "title": "No Questions", "time_zone_name": "UTC",
                      "days": [{"date": "2027-04-01", "rooms": {"Hall": [
                        {"guid": "g1", "title": "Hello", "date": "2027-04-01T08:00:00+00:00", "duration": "00:45"}]}}]}}}
                    """.utf8))
            let summary = try await harness.json(ImportSummary.self, "import", file)
            let unknown = await harness.run("register", summary.eventID, "--field", "foo=bar")
            #expect(unknown.code == 2)
            #expect(unknown.errors.hasPrefix("quartet: This event does not ask for foo.\n"))
            #expect(!unknown.errors.contains("Fields:"))
            #expect(try await harness.json(EventDetails.self, "event", summary.eventID).registration == nil)
            let plain = await harness.run("register", summary.eventID)
            #expect(plain.code == 0, "\(plain.errors)")
            #expect(plain.output == "Registered for No Questions (additional info: completed).\n")
        }
    }

    /// Before the event starts the event's Feedback page says, as the session's does, that feedback opens then,
    /// and sends nothing: the server here already stands in the event (a clock ahead of this machine's), so a
    /// feedback sent anyway would have been taken.
    @Test func eventFeedbackBeforeTheStartSaysWhenItOpensAndSendsNothing() async throws {
        let serverInTheEvent: (inout AttendeeService.Configuration) -> Void = {
            $0.eventNow = runningClock(from: demoKeynoteUnderway)
        }
        try await Harness.with(configure: serverInTheEvent) { harness in
            let event = try #require(try await harness.json([Event].self, "events").first)
            _ = await harness.run(
                "signup", "--email", "ana@example.com", "--password", "correct horse", "--name", "Ana Ferreira")
            #expect(await harness.run("register", event.id, "--later").code == 0)
            let early = await harness.run("feedback", "event", event.id, "--rating", "5")
            #expect(early.code == 1)
            #expect(early.output == "")
            #expect(early.errors == "quartet: Feedback opens when the event starts.\n")
            #expect(try await harness.json(EventDetails.self, "event", event.id).feedbackGiven == false)
        }
    }

    /// Offline, `signout` signs this device out all the same (the token is forgotten, exit 0) and says the
    /// server could not be told; the session the server still holds ends on its own.
    @Test func offlineSignOutSignsOutThisDeviceAndSaysSo() async throws {
        try await Harness.with { harness in
            _ = await harness.run(
                "signup", "--email", "ana@example.com", "--password", "correct horse", "--name", "Ana Ferreira")
            let tokenFile = try #require(harness.environment["QUARTET_DATA_DIR"]) + "/attendee/token"
            #expect(FileManager.default.fileExists(atPath: tokenFile))
            let signedOut = await harness.run("signout", "--server", "http://127.0.0.1:9")
            #expect(signedOut.code == 0, "\(signedOut.errors)")
            #expect(
                signedOut.output
                    == "Signed out on this device. The server could not be told; the session ends on its own.\n")
            #expect(signedOut.errors == "")
            #expect(!FileManager.default.fileExists(atPath: tokenFile))
            #expect(await harness.run("signout").output == "Not signed in.\n")
        }
    }

    /// `agenda` keeps the copy the app keeps: offline, the agenda last seen online shows (exit 0) under the
    /// screen's offline notice; an event never seen has no copy, and fails.
    @Test func offlineTheAgendaLastSeenShowsWithTheNotice() async throws {
        try await Harness.with { harness in
            let event = try #require(try await harness.json([Event].self, "events").first)
            let online = await harness.run("agenda", event.id, "--day", "2")
            #expect(online.code == 0, "\(online.errors)")
            #expect(online.errors == "")
            let offline = await harness.run("agenda", event.id, "--day", "2", "--server", "http://127.0.0.1:9")
            #expect(offline.code == 0, "\(offline.errors)")
            #expect(offline.output == online.output)
            #expect(offline.errors.hasPrefix("Offline: agenda saved "), "\(offline.errors)")
            let unseen = await harness.run("agenda", "nope", "--server", "http://127.0.0.1:9")
            #expect(unseen.code == 1)
        }
    }

    /// The offline agenda holds the signed-in person's seats: signing out forgets it, and the next person to sign in
    /// on the device never sees the last one's seats as theirs.
    @Test func theOfflineAgendaLeavesWithItsPerson() async throws {
        try await Harness.with { harness in
            let event = try #require(try await harness.json([Event].self, "events").first)
            let offline = ["--server", "http://127.0.0.1:9"]
            func signUp(_ name: String) async -> Int32 {
                let email = name.lowercased() + "@example.com"
                let result = await harness.run([
                    "signup", "--email", email, "--password", "correct horse", "--name", name,
                ])
                return result.code
            }
            #expect(await signUp("Ana") == 0)
            #expect(await harness.run("register", event.id, "--later").code == 0)
            let keynote = try #require(try await harness.json([Session].self, "agenda", event.id).first)
            #expect(await harness.run("attend", keynote.id).code == 0)
            let online = await harness.run("agenda", event.id, "--day", "1")
            #expect(online.output.contains("✓"), "\(online.output)")
            #expect(await harness.run(["agenda", event.id, "--day", "1"] + offline).output == online.output)

            #expect(await harness.run("signout").code == 0)
            #expect(await harness.run(["agenda", event.id, "--day", "1"] + offline).code == 1)

            // Ana's session is left to expire on this device, and Bo signs in on it.
            #expect(await harness.run("signin", "--email", "ana@example.com", "--password", "correct horse").code == 0)
            #expect(await harness.run("agenda", event.id, "--day", "1").output == online.output)
            #expect(await signUp("Bo") == 0)
            let bo = await harness.run(["agenda", event.id, "--day", "1"] + offline)
            #expect(bo.code == 1)
            #expect(!bo.output.contains("✓"))
        }
    }

    @Test func importReportsAndUpdates() async throws {
        try await Harness.with { harness in
            let file = harness.directory + "/frab.json"
            try Data(
                """
                {"schedule": {"conference": {"acronym": "cli", "title": "CLI Camp", "time_zone_name": "Pacific/Kiritimati",
                  "days": [{"date": "2027-01-01", "rooms": {"Hall": [
                    {"guid": "g1", "title": "Hello", "date": "2027-01-01T08:00:00+14:00", "duration": "00:45", "persons": []},
                    {"guid": "g2", "title": "Broken", "duration": "00:45"}]}}]}}}
                """.utf8
            ).write(to: URL(fileURLWithPath: file))
            _ = await harness.run(
                "signup", "--email", "org@example.com", "--password", "correct horse", "--name", "Org")
            let first = await harness.run("import", file)
            #expect(first.code == 0, "\(first.errors)")
            #expect(first.errors.contains("skipped session g2: no readable start time"))
            #expect(first.output.contains("Created event"))
            let second = await harness.run("import", file)
            #expect(second.output.contains("Updated event"))
            #expect(second.output.contains("0 sessions created, 1 updated"))
            #expect(await harness.run("import", harness.directory + "/missing.json").code == 1)
        }
    }

    /// A dry run refuses what the import would: a negative `--capacity` and a `--time-zone` that is no zone are
    /// mistakes in the call (exit 2, with the help pointer) either way.
    @Test func aDryRunRefusesWhatTheImportWould() async throws {
        try await Harness.with { harness in
            let file = try harness.write(
                "frab.json",
                Data(
                    """
                    {"schedule": {"conference": {"acronym": "cli", "title": "CLI Camp", "time_zone_name": "Europe/Lisbon",
                      "days": [{"date": "2027-01-01", "rooms": {"Hall": [
                        {"guid": "g1", "title": "Hello", "date": "2027-01-01T08:00:00+00:00", "duration": "00:45",
                         "type": "workshop"}]}}]}}}
                    """.utf8))
            _ = await harness.run(
                "signup", "--email", "org@example.com", "--password", "correct horse", "--name", "Org")
            for dryRun in [["--dry-run"], []] {
                let seats = await harness.run(["import", file, "--capacity", "-1"] + dryRun)
                #expect(seats.code == 2, "\(dryRun)")
                #expect(
                    seats.errors
                        == "quartet: --capacity expects a number of seats, not '-1'\n"
                        + "usage: see 'quartet attendee import --help'\n")
                let zone = await harness.run(["import", file, "--time-zone", "Mars/Olympus"] + dryRun)
                #expect(zone.code == 2, "\(dryRun)")
                #expect(
                    zone.errors
                        == "quartet: “Mars/Olympus” is not a time zone; pass one with --time-zone.\n"
                        + "usage: see 'quartet attendee import --help'\n")
            }
            #expect(await harness.run("import", file, "--capacity", "0", "--dry-run").code == 0)
        }
    }

    @Test func importTakesTheZoneFromOffsetsAndKeepsOthersEventsApart() async throws {
        try await Harness.with { harness in
            let file = harness.directory + "/pretalx.json"
            try Data(
                """
                {"schedule": {"conference": {"acronym": "rc3", "title": "rC3",
                  "days": [{"date": "2020-12-28", "rooms": {"Stage": [
                    {"guid": "g1", "title": "Opening", "date": "2020-12-28T11:00:00+01:00", "duration": "00:45"}]}}]}}}
                """.utf8
            ).write(to: URL(fileURLWithPath: file))
            _ = await harness.run(
                "signup", "--email", "org@example.com", "--password", "correct horse", "--name", "Org")
            let first = await harness.run("import", file)
            #expect(first.code == 0, "\(first.errors)")
            #expect(first.errors.contains("Read frab: rC3, 1 session, 0 speakers, 0 skipped; times in GMT+0100."))
            let summary = try await harness.json(ImportSummary.self, "import", file)
            #expect(summary.externalID == "frab:rc3")
            let agenda = await harness.run("agenda", summary.eventID)
            #expect(agenda.output.contains("Event Time (GMT+0100)"))
            #expect(agenda.output.contains("11:00 – 11:45  Opening"))

            _ = await harness.run("signout")
            _ = await harness.run(
                "signup", "--email", "eve@example.com", "--password", "correct horse", "--name", "Eve")
            let other = await harness.run("import", file)
            #expect(other.code == 0, "\(other.errors)")
            #expect(other.output.contains("Created event"))
            #expect(other.output.contains("“frab:rc3” is another organizer's event, left as it was"))
            #expect(!other.output.contains(summary.eventID))
            let untouched = try await harness.json([Session].self, "agenda", summary.eventID)
            #expect(untouched.map(\.title) == ["Opening"])
        }
    }

    @Test func importReadsAnOpenEventFolder() async throws {
        try await Harness.with { harness in
            let folder = harness.directory + "/export"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let files = [
                "event.json": #"{"identifier": "cafe1234", "name": "Open Hardware Day", "timezone": "Asia/Singapore"}"#,
                "sessions.json": """
                [{"id": 1, "title": "Soldering 101", "starts-at": "2027-03-18T13:00:00+08:00",
                  "ends-at": "2027-03-18T14:30:00+08:00", "microlocation": {"id": 2, "name": "Lab"},
                  "session-type": {"name": "Workshop"}, "speakers": [{"id": 5}], "state": "confirmed"},
                 {"id": 2, "title": "Maybe", "starts-at": "2027-03-18T15:00:00+08:00",
                  "ends-at": "2027-03-18T15:30:00+08:00", "state": "pending"}]
                """,
                "speakers.json": #"""
                [{"id": 5, "name": "Aiko Nakamura", "organisation": "Hackerspace SG", "email": "aiko@example.com"}]
                """#,
                "sponsors.json": "[]",
            ]
            for (name, text) in files {
                try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
            }
            _ = await harness.run(
                "signup", "--email", "org@example.com", "--password", "correct horse", "--name", "Org")
            let dry = await harness.run("import", folder, "--dry-run", "--capacity", "12", "--json")
            #expect(dry.code == 0, "\(dry.errors)")
            #expect(dry.errors.contains("skipped session 2: pending, not on the programme"))
            #expect(dry.errors.contains("Read open-event: Open Hardware Day, 1 session, 1 speaker, 1 skipped"))
            let programme = try AttendeeCoding.decoder().decode(ConferenceProgramme.self, from: Data(dry.output.utf8))
            #expect(programme.sessions.first?.capacity == 12)

            let imported = await harness.run("import", folder, "--format", "open-event")
            #expect(imported.code == 0, "\(imported.errors)")
            #expect(imported.output.contains("Created event"))
            let events = try await harness.json([Event].self, "events")
            let event = try #require(events.first { $0.name == "Open Hardware Day" })
            #expect(event.timeZone == "Asia/Singapore")
            let agenda = await harness.run("agenda", event.id)
            #expect(agenda.output.contains("13:00 – 14:30  Soldering 101  (Lab)"))

            // The export's e-mail for Aiko is a suggestion the organizer reads on the speaker's page and confirms.
            let aiko = try #require(try await harness.json([Person].self, "speakers", event.id).first).id
            let waiting = await harness.run("speaker", event.id, aiko, "account")
            #expect(waiting.code == 0, "\(waiting.errors)")
            #expect(
                waiting.output
                    == "The programme gives aiko@example.com, but nobody has signed up with it yet. Once they have, "
                    + "link it here: until then no account is this speaker.\n"
                    + "E-mail they signed up with: aiko@example.com\n")
            _ = await harness.run(
                "signup", "--email", "aiko@example.com", "--password", "correct horse", "--name", "Aiko")
            _ = await harness.run("signin", "--email", "org@example.com", "--password", "correct horse")
            let suggested = await harness.run("speaker", event.id, aiko, "account")
            #expect(suggested.output.hasPrefix("The programme gives aiko@example.com, and an account has signed up"))
            let confirmed = await harness.run("speaker", event.id, aiko, "link", "--email", "aiko@example.com")
            #expect(confirmed.code == 0, "\(confirmed.errors)")
            #expect(confirmed.output.hasPrefix("aiko@example.com is this speaker now.\n"))

            let wrongFormat = await harness.run("import", folder, "--format", "sessionize")
            #expect(wrongFormat.code == 1)
            #expect(wrongFormat.errors.contains("Only an Open Event export comes in several files"))
            #expect(await harness.run("import", folder, "--format", "pentabarf").code == 2)
            let twoFiles = await harness.run(
                "import", folder + "/sessions.json", folder + "/speakers.json", "--dry-run")
            #expect(twoFiles.code == 0, "\(twoFiles.errors)")
            // Every file of the export, named one by one, as the README's `import FILE…` says.
            let everyFile = await harness.run(
                "import", folder + "/event.json", folder + "/sessions.json", folder + "/speakers.json", "--dry-run")
            #expect(everyFile.code == 0, "\(everyFile.errors)")
            #expect(everyFile.errors.contains("Read open-event: Open Hardware Day, 1 session, 1 speaker, 1 skipped"))
        }
    }

    @Test func browsingCommandsAndWaitlist() async throws {
        // NB: 11:00 on the first day: the event has started and its first workshop (10:30–12:00) is under way, so it
        // can be attended and rated.
        try await Harness.with(now: runningClock(from: demoKeynoteUnderway.addingTimeInterval(90 * 60))) { harness in
            let event = try #require(try await harness.json([Event].self, "events").first)
            let listed = await harness.run("events")
            #expect(
                listed.output.hasPrefix(
                    "\(event.id)  Quartet Summit 2027  10\u{2009}–\u{2009}11 Mar 2027  Centro de Congressos"))
            let details = await harness.run("event", event.id)
            #expect(details.output.contains("Not registered: quartet attendee register \(event.id)"))

            let speakers = try await harness.json([Person].self, "speakers", event.id)
            let speaker = try #require(speakers.first)
            let profile = await harness.run("speaker", event.id, speaker.id)
            #expect(profile.output.hasPrefix(speaker.name + "\n"))
            #expect(profile.output.contains("github: https://github.com/"))
            let talks = try await harness.json(SpeakerProfile.self, "speaker", event.id, speaker.id).sessions
            #expect(!talks.isEmpty && talks.allSatisfy { profile.output.contains("  \($0.id)  ") })
            #expect(await harness.run("speaker", event.id, "nobody").code == 1)

            _ = await harness.run("signup", "--email", "a@example.com", "--password", "correct horse", "--name", "A")
            // The Feedback page of an event one is not registered for says so before anything is sent.
            let unregistered = await harness.run("feedback", "event", event.id, "--rating", "5")
            #expect(unregistered.code == 1)
            #expect(unregistered.errors == "quartet: Register for this event first.\n")
            #expect(await harness.run("register", event.id, "--later").code == 0)
            let workshop = try #require(
                try await harness.json([Session].self, "agenda", event.id).first { $0.kind == .workshop })
            let shown = await harness.run("session", workshop.id)
            #expect(shown.output.contains("Workshop · Mobile Ops"))
            #expect(shown.output.contains("Workshop Lab, Centro de Congressos de Lisboa"))

            // The share sheet of the session page: title, time in the event's zone and place, link, and an .ics.
            let share = await harness.run("share", workshop.id)
            #expect(share.code == 0, "\(share.errors)")
            let lines = share.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first == workshop.title)
            #expect(lines.count > 3 && lines[1].contains(workshop.title) && lines[1].contains("Workshop Lab"))
            #expect(lines.count > 3 && lines[2].hasSuffix("/sessions/\(workshop.id)"))
            #expect(share.output.contains("BEGIN:VCALENDAR") && share.output.contains("DTSTART"))
            // The link opens in any browser, with no account: the session's page on the server.
            let link = try #require(URL(string: lines.count > 3 ? lines[2] : ""))
            let (page, response) = try await URLSession.shared.data(from: link)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(
                (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8")
            let html = String(decoding: page, as: UTF8.self)
            #expect(html.contains("<h1>\(workshop.title.markupEscaped)</h1>"), "\(html)")
            #expect(html.contains("Workshop Lab"))
            #expect(await harness.run("share", "no-such-session").code != 0)

            _ = await harness.run("profile", "edit", "--title", "Engineer", "--company", "Tejo")
            let me = try await harness.json(MyProfile.self, "profile").person
            let attendee = await harness.run("attendee", event.id, me.id)
            #expect(attendee.code == 0, "\(attendee.errors)")
            #expect(attendee.output == "A\nEngineer · Tejo\n")
            let nobody = await harness.run("attendee", event.id, "nobody")
            #expect(nobody.code == 1)
            #expect(nobody.errors.contains("no attendee 'nobody' at this event"))

            let attended = await harness.run("attend", workshop.id, "--json")
            #expect(
                try AttendeeCoding.decoder().decode(Session.self, from: Data(attended.output.utf8)).myAttendance
                    == .attending)
            #expect(await harness.run("leave", workshop.id).output == "Not attending\n")

            let event1 = await harness.run("feedback", "event", event.id, "--rating", "5", "--comment", "Lovely")
            #expect(event1.output == "Thank you for your feedback.\n")
            #expect(try await harness.json(EventDetails.self, "event", event.id).feedbackGiven)
            let event2 = await harness.run("feedback", "event", event.id, "--rating", "4")
            #expect(event2.code == 1)
            #expect(event2.errors == "quartet: You already gave feedback.\n")
            #expect(await harness.run("feedback", "event", event.id, "--rating", "nine").code == 2)
            let notAttended = await harness.run("feedback", "session", workshop.id, "--rating", "4")
            #expect(notAttended.code == 1)
            // NB: the session page's words for why its feedback button opens nothing, never the command line's.
            #expect(notAttended.errors == "quartet: \(SessionFeedbackAccess.attendFirst.reason ?? "-")\n")
            #expect(await harness.run("attend", workshop.id).code == 0)
            let missing = await harness.run("feedback", "session", workshop.id, "--rating", "4")
            #expect(missing.code == 2)
            #expect(missing.errors.contains("Rate every speaker."))
            let zero = workshop.speakers.map { "--speaker=\($0.id)=0" }
            let outOfRange = await harness.run(["feedback", "session", workshop.id, "--rating", "5"] + zero)
            #expect(outOfRange.code == 2)
            #expect(outOfRange.errors.hasPrefix("quartet: Choose a rating from 1 to 5."), "\(outOfRange.errors)")
        }
    }

    /// `attend` taps the session page's button: on a full session that button joins the waitlist, which the
    /// command does only when `--waitlist` says so; the page's state line is what it prints.
    @Test func aFullSessionIsJoinedOnlyWithWaitlist() async throws {
        try await Harness.with { harness in
            let file = harness.directory + "/frab.json"
            try Data(
                """
                {"schedule": {"conference": {"acronym": "lab", "title": "Lab Day", "time_zone_name": "Europe/Lisbon",
                  "days": [{"date": "2027-05-01", "rooms": {"Lab": [
                    {"guid": "w1", "title": "Soldering workshop", "type": "workshop",
                     "date": "2027-05-01T10:00:00+01:00", "duration": "01:30", "persons": []}]}}]}}}
                """.utf8
            ).write(to: URL(fileURLWithPath: file))
            _ = await harness.run(
                "signup", "--email", "org@example.com", "--password", "correct horse", "--name", "Org")
            let summary = try await harness.json(ImportSummary.self, "import", file, "--capacity", "1")
            #expect(await harness.run("register", summary.eventID, "--later").code == 0)
            let workshop = try #require(try await harness.json([Session].self, "agenda", summary.eventID).first)
            #expect(workshop.capacity == 1)
            let taken = await harness.run("attend", workshop.id)
            #expect(taken.code == 0, "\(taken.errors)")
            #expect(taken.output.hasPrefix("Attending\n"))

            _ = await harness.run("signout")
            _ = await harness.run("signup", "--email", "bo@example.com", "--password", "correct horse", "--name", "Bo")
            #expect(await harness.run("register", summary.eventID, "--later").code == 0)
            // The agenda marks the full session as one whose waitlist can be joined, as the app's row does.
            let agenda = await harness.run("agenda", summary.eventID)
            #expect(agenda.output.contains("⧗ 10:00 – 11:30  Soldering workshop  (Lab)  — Full"), "\(agenda.output)")
            let full = await harness.run("attend", workshop.id)
            #expect(full.code == 2)
            #expect(full.errors.contains("The session is full: --waitlist joins its waitlist."))
            let waiting = await harness.run("attend", workshop.id, "--waitlist")
            #expect(waiting.code == 0, "\(waiting.errors)")
            #expect(waiting.output.hasPrefix("On the waitlist\n"))
            let rated = await harness.run("feedback", "session", workshop.id, "--rating", "5")
            #expect(rated.code == 1)
            #expect(rated.errors == "quartet: \(SessionFeedbackAccess.attendFirst.reason ?? "-")\n")

            // The organizer lowers the capacity below the seat taken: the import says it kept the seat, and why.
            _ = await harness.run("signout")
            _ = await harness.run("signin", "--email", "org@example.com", "--password", "correct horse")
            let lowered = await harness.run("import", file, "--capacity", "0")
            #expect(lowered.code == 0, "\(lowered.errors)")
            #expect(
                lowered.output.contains(
                    "Capacity of “Soldering workshop” kept at 1, not 0: the seats already taken stay taken.\n"),
                "\(lowered.output)")
        }
    }

    @Test func usageErrors() async throws {
        let captured = CapturedConsole()
        #expect(await QuartetTool.run(["attendee", "agenda"], environment: [:], console: captured.console) == 2)
        #expect(captured.errors.hasPrefix("quartet: 'quartet attendee agenda' needs EVENT"))
        let help = CapturedConsole()
        #expect(await QuartetTool.run(["attendee", "--help"], environment: [:], console: help.console) == 0)
        #expect(help.output.contains("my-agenda"))
        #expect(help.output.contains("--server URL"))
        for (noun, plural) in [("poll", "polls"), ("quiz", "quizzes")] {
            let listHelp = CapturedConsole()
            #expect(
                await QuartetTool.run(["attendee", noun, "--help"], environment: [:], console: listHelp.console) == 0)
            #expect(listHelp.output.contains("the event's \(plural)"), "\(listHelp.output)")
            #expect(!listHelp.output.contains("quizs"))
        }
    }
}
