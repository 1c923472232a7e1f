import AttendeeCore
import AttendeeModels
import Foundation
import Testing

@testable import QuartetCLI

/// `quartet attendee poll …`, `quiz …` and `watch` end to end against a real server on a loopback port.
@Suite(.serialized) struct AttendeePollCommandTests {
    typealias Harness = AttendeeCommandTests.Harness

    /// Runs the tool as another person: a client data folder of their own.
    /// Runs `watch` while `answer` switches an answer between options 1-1 and 1-2 every 50 ms, until the watch
    /// returns. NB: bounded (200 changes), so a watch that never hears anything fails its test instead of hanging.
    static func watching<Watched: Sendable>(
        _ watch: @escaping @Sendable () async -> Watched,
        whileAnswering answer: @escaping @Sendable (String) async -> Void
    ) async -> Watched {
        let watching = Task { await watch() }
        let changer = Task {
            var option = "1-1"
            for _ in 0..<200 where !Task.isCancelled {
                await answer(option)
                option = option == "1-1" ? "1-2" : "1-1"
                try? await Task.sleep(for: .milliseconds(50))
            }
            if !Task.isCancelled { watching.cancel() }
        }
        let watched = await watching.value
        changer.cancel()
        _ = await changer.value
        return watched
    }

    static func runAs(_ person: String, _ harness: Harness, _ arguments: [String]) async -> (Int32, String, String) {
        var environment = harness.environment
        environment["QUARTET_DATA_DIR"] = harness.directory + "/client-" + person
        let captured = CapturedConsole()
        let code = await QuartetTool.run(
            ["attendee"] + arguments, environment: environment, console: captured.console, now: harness.now)
        return (code, captured.output, captured.errors)
    }

    static func makeOrganizer(_ harness: Harness, eventID: String) async throws {
        let profile = try await harness.json(MyProfile.self, "profile")
        let id = profile.person.id
        _ = try await harness.database.write { db in
            try db.execute("UPDATE attendee_event SET organizer_id = \(id) WHERE id = \(eventID)")
        }
    }

    /// What the poll page says to a tap on Open or Close it does not offer, for `poll` as `--json` printed it.
    @MainActor static func pageRefuses(_ poll: Poll, _ action: LivePollManagement) async -> String {
        var client = AttendeeClient()
        client.poll = { _ in poll }
        let page = LivePollModel(client: client, pollID: poll.id)
        await page.appeared()
        await page.managementTapped(action)
        return "quartet: \(page.banner?.failure ?? "(the page refused nothing)")\n"
    }

    /// `poll open` and `poll close` are the page's manage button: where the page offers no such button, the
    /// command prints the page's own refusal (the command line decides no sentence from the poll's state).
    @Test func openAndCloseThePageDoesNotOfferPrintThePagesRefusal() async throws {
        try await Harness.with { harness in
            let event = try #require(try await harness.json([Event].self, "events").first)
            _ = await harness.run(
                "signup", "--email", "olga@example.com", "--password", "correct horse", "--name", "Olga")
            try await Self.makeOrganizer(harness, eventID: event.id)
            _ = await Self.runAs(
                "ana", harness,
                ["signup", "--email", "ana@example.com", "--password", "correct horse", "--name", "Ana"])
            _ = await Self.runAs("ana", harness, ["register", event.id, "--later"])
            for kind in ["poll", "quiz"] {
                let content =
                    kind == "poll"
                    ? ["--question", "Lunch?", "--option", "Now", "--option", "Later"]
                    : ["--question", "2 + 2?: 3 | *4"]
                let created = await harness.run([kind, "create", event.id, "--json"] + content)
                let poll = try AttendeeCoding.decoder().decode(Poll.self, from: Data(created.output.utf8))
                for (action, state) in [("close", "draft"), ("open", "open"), ("open", "closed"), ("close", "closed")] {
                    if state == "open" { #expect(await harness.run(kind, "open", poll.id).code == 0) }
                    if state == "closed", action == "open" {
                        #expect(await harness.run(kind, "close", poll.id).code == 0)
                    }
                    let shown = try await harness.json(Poll.self, kind, "show", poll.id)
                    let refused = await harness.run(kind, action, poll.id)
                    #expect(refused.code == 1)
                    #expect(
                        refused.errors == (await Self.pageRefuses(shown, action == "open" ? .open : .close)),
                        "\(kind) \(action) on a \(state) one")
                }
                let seen = await Self.runAs("ana", harness, [kind, "show", poll.id, "--json"])
                let asAna = try AttendeeCoding.decoder().decode(Poll.self, from: Data(seen.1.utf8))
                let notHers = await Self.runAs("ana", harness, [kind, "open", poll.id])
                #expect(notHers.0 == 1)
                #expect(notHers.2 == (await Self.pageRefuses(asAna, .open)))
            }
        }
    }

    /// A poll the server does not have (a wrong id, or deleted before the page opened) is said in the app's words,
    /// as the page says it, not the server's.
    @Test func aPollTheServerDoesNotHaveIsSaidInTheAppsWords() async throws {
        try await Harness.with { harness in
            _ = await harness.run(
                "signup", "--email", "olga@example.com", "--password", "correct horse", "--name", "Olga")
            let shown = await harness.run("poll", "show", "424242")
            #expect(shown.code == 1)
            #expect(shown.errors == "quartet: This poll is no longer on the server.\n")
        }
    }

    @Test func organizersRunAPollAttendeesAnswerAndWatchIt() async throws {
        try await Harness.with { harness in
            let event = try #require(try await harness.json([Event].self, "events").first)
            _ = await harness.run(
                "signup", "--email", "olga@example.com", "--password", "correct horse", "--name", "Olga")
            try await Self.makeOrganizer(harness, eventID: event.id)

            // A terminal highlights nothing: a refused draft prints the rule with the part it names.
            let refused = await harness.run("poll", "create", event.id, "--question", "Lunch?", "--option", "Now")
            #expect(refused.code == 1)
            #expect(refused.errors == "quartet: Question 1: Give from 2 to 10 options.\n")
            let options = (1...11).flatMap { ["--option", "Option \($0)"] }
            let eleven = await harness.run(["poll", "create", event.id, "--question", "Lunch?"] + options)
            #expect(eleven.errors == "quartet: Question 1: Give from 2 to 10 options.\n")
            let long = await harness.run(
                "poll", "create", event.id, "--question", String(repeating: "q", count: 3_000), "--option", "A",
                "--option", "B")
            #expect(long.code == 1)
            #expect(long.errors == "quartet: Question 1: A question must be at most 280 characters.\n")
            let unmarked = await harness.run("quiz", "create", event.id, "--question", "2 + 2?: 3 | 4")
            #expect(unmarked.code == 1)
            #expect(unmarked.errors == "quartet: Question 1: Mark the correct options.\n")
            let poll = try await harness.json(
                Poll.self, "poll", "create", event.id, "--question", "Lunch?", "--option", "Now", "--option", "Later")
            #expect(poll.state == .draft)
            let opened = await harness.run("poll", "open", poll.id)
            #expect(opened.code == 0, "\(opened.errors)")
            #expect(
                opened.output.hasPrefix("Poll · Open · 0 votes\n    \(poll.id)\n\nLunch?\n  ○ Now  0% (0)    1-1\n"))

            _ = await Self.runAs(
                "ana", harness,
                ["signup", "--email", "ana@example.com", "--password", "correct horse", "--name", "Ana"])
            _ = await Self.runAs("ana", harness, ["register", event.id, "--later"])
            let list = await Self.runAs("ana", harness, ["poll", "list", event.id])
            #expect(list.1 == "Lunch?\n    \(poll.id)  Poll · Open · 0 votes\n")
            let notMine = await Self.runAs("ana", harness, ["poll", "close", poll.id])
            #expect(notMine.0 == 1)
            #expect(
                notMine.2.contains(
                    "Only the event's organizers, and the session's speakers, open and close its polls."),
                "\(notMine.2)")
            let unknown = await Self.runAs("ana", harness, ["poll", "answer", poll.id, "--option", "9-9"])
            #expect(unknown.0 == 2)
            #expect(unknown.2.contains("no option '9-9'; options: 1-1, 1-2"))
            let answered = await Self.runAs("ana", harness, ["poll", "answer", poll.id, "--option", "1-2"])
            #expect(answered.0 == 0, "\(answered.2)")
            #expect(answered.1.contains("  ● Later  100% (1)    1-2\n"))
            #expect(answered.1.hasPrefix("Poll · Open · 1 vote\n"))
            #expect(await harness.run("watch", event.id, "--count", "0").code == 2)

            // The organizer watches while Ana keeps changing her answer; the first update ends the watch.
            let pollID = poll.id
            let watched = await Self.watching({ await harness.run("watch", event.id, "--count", "1") }) { option in
                _ = await Self.runAs("ana", harness, ["poll", "answer", pollID, "--option", option])
            }
            #expect(watched.code == 0, "\(watched.errors)")
            let line = watched.output.trimmingCharacters(in: .newlines)
            #expect(line == "Lunch? — Now 100% · Later 0% (1 vote)" || line == "Lunch? — Now 0% · Later 100% (1 vote)")

            let closed = await harness.run("poll", "close", poll.id)
            #expect(closed.output.hasPrefix("Poll · Closed · 1 vote\n"))
            let again = await harness.run("poll", "close", poll.id)
            #expect(again.code == 1)
            #expect(again.errors.contains("Only an open poll can be closed; this one is closed."), "\(again.errors)")
            let late = await Self.runAs("ana", harness, ["poll", "answer", poll.id, "--option", "1-1"])
            #expect(late.0 == 1)
            #expect(late.2.contains("This poll is closed."))
        }
    }

    @Test func aQuizIsWrittenOnOneLinePerQuestionAndScoredWhenClosed() async throws {
        try await Harness.with { harness in
            let event = try #require(try await harness.json([Event].self, "events").first)
            _ = await harness.run(
                "signup", "--email", "olga@example.com", "--password", "correct horse", "--name", "Olga")
            try await Self.makeOrganizer(harness, eventID: event.id)
            let noColon = await harness.run("quiz", "create", event.id, "--question", "Meet at 10:30 | *11:00")
            #expect(noColon.code == 2)
            #expect(
                noColon.errors.hasPrefix(
                    "quartet: --question needs “: ” after the question, before its options (\"TEXT: A | *B | C\"), "
                        + "not 'Meet at 10:30 | *11:00'"), "\(noColon.errors)")
            // The question ends at the first ": ", so an option may hold a colon.
            let times = try await harness.json(
                Poll.self, "quiz", "create", event.id, "--question", "Meet at?: 10:30 | *11:00")
            #expect(times.questions.map(\.text) == ["Meet at?"])
            #expect(times.questions.first?.options.map(\.text) == ["10:30", "11:00"])
            #expect(times.questions.map(\.correctOptionIDs) == [["1-2"]])
            let quiz = try await harness.json(
                Poll.self, "quiz", "create", event.id, "--question", "2 + 2?: 3 | *4",
                "--question", "Capital of Portugal?: Porto | *Lisbon")
            #expect(quiz.kind == .quiz)
            #expect(quiz.questions.map(\.correctOptionIDs) == [["1-2"], ["2-2"]])
            _ = await harness.run("quiz", "open", quiz.id)

            _ = await Self.runAs(
                "ana", harness,
                ["signup", "--email", "ana@example.com", "--password", "correct horse", "--name", "Ana"])
            _ = await Self.runAs("ana", harness, ["register", event.id, "--later"])
            // An answer the send button would not take is refused with the rule, and nothing is sent.
            let partial = await Self.runAs("ana", harness, ["quiz", "answer", quiz.id, "--option", "1-2"])
            #expect(partial.0 == 2)
            #expect(partial.1 == "")
            #expect(partial.2.hasPrefix("quartet: Answer every question.\n"), "\(partial.2)")
            let twice = await Self.runAs(
                "ana", harness, ["quiz", "answer", quiz.id, "--option", "1-1", "--option", "1-2", "--option", "2-1"])
            #expect(twice.0 == 2)
            #expect(twice.2.hasPrefix("quartet: Pick one option.\n"), "\(twice.2)")
            #expect(await Self.runAs("ana", harness, ["quiz", "show", quiz.id]).1.hasPrefix("Quiz · Open · 0 votes\n"))
            let answered = await Self.runAs(
                "ana", harness, ["quiz", "answer", quiz.id, "--option", "1-2", "--option", "2-1"])
            #expect(answered.0 == 0, "\(answered.2)")
            #expect(!answered.1.contains("Correct answer"))
            #expect(!answered.1.contains("Your score"))
            #expect(await Self.runAs("ana", harness, ["quiz", "list", event.id]).1.hasPrefix("2 + 2?\n"))
            #expect(await Self.runAs("ana", harness, ["poll", "list", event.id]).1 == "No polls yet.\n")

            _ = await harness.run("quiz", "close", quiz.id)
            let again = await harness.run("quiz", "close", quiz.id)
            #expect(again.errors.contains("Only an open quiz can be closed; this one is closed."), "\(again.errors)")
            let reopened = await harness.run("quiz", "open", quiz.id)
            #expect(reopened.errors.contains("Only a draft can be opened; this one is closed."), "\(reopened.errors)")
            let late = await Self.runAs(
                "ana", harness, ["quiz", "answer", quiz.id, "--option", "1-2", "--option", "2-2"])
            #expect(late.2.contains("This quiz is closed."), "\(late.2)")
            let shown = await Self.runAs("ana", harness, ["quiz", "show", quiz.id])
            #expect(shown.1.contains("  ● 4  100% (1)  ✓ Correct answer    1-2\n"))
            #expect(shown.1.contains("\nYour score: 1 of 2\n"))
            #expect(shown.1.hasSuffix("Leaderboard\n  1. Ana  1 of 2\n"))
            let outcome = try await harness.json(Poll.self, "quiz", "show", quiz.id)
            #expect(outcome.outcome?.distribution.map(\.people) == [0, 1, 0])
        }
    }

    @Test func organizersEditADraftAndDeleteAPollAttendeesAreRefused() async throws {
        try await Harness.with { harness in
            let event = try #require(try await harness.json([Event].self, "events").first)
            _ = await harness.run(
                "signup", "--email", "olga@example.com", "--password", "correct horse", "--name", "Olga")
            try await Self.makeOrganizer(harness, eventID: event.id)
            let poll = try await harness.json(
                Poll.self, "poll", "create", event.id, "--question", "Lunch at nooon?", "--option", "Yes", "--option",
                "No")

            // What is not given stays: the options keep theirs when only the question changes.
            let edited = await harness.run("poll", "edit", poll.id, "--question", "Lunch at noon?")
            #expect(edited.code == 0, "\(edited.errors)")
            #expect(edited.output.hasPrefix("Poll · Draft · 0 votes\n    \(poll.id)\n\nLunch at noon?\n  ○ Yes"))
            let refused = await harness.run("poll", "edit", poll.id, "--option", "Yes")
            #expect(refused.code == 1)
            #expect(refused.errors == "quartet: Question 1: Give from 2 to 10 options.\n")
            let options = try await harness.json(
                Poll.self, "poll", "edit", poll.id, "--multiple", "--option", "Yes", "--option", "No", "--option",
                "Later")
            #expect(options.choice == .multiple)
            #expect(options.questions.first?.options.map(\.text) == ["Yes", "No", "Later"])
            #expect(options.questions.first?.text == "Lunch at noon?")

            _ = await Self.runAs(
                "ana", harness,
                ["signup", "--email", "ana@example.com", "--password", "correct horse", "--name", "Ana"])
            _ = await Self.runAs("ana", harness, ["register", event.id, "--later"])
            _ = await harness.run("poll", "open", poll.id)
            _ = await Self.runAs("ana", harness, ["poll", "answer", poll.id, "--option", "1-3"])
            let late = await harness.run("poll", "edit", poll.id, "--question", "Dinner?")
            #expect(late.code == 1)
            #expect(late.errors == "quartet: Only a draft poll can be edited; this one has opened.\n")
            let open = await harness.run("poll", "delete", poll.id)
            #expect(open.code == 1)
            #expect(open.errors == "quartet: Close the poll before deleting it.\n")
            _ = await harness.run("poll", "close", poll.id)
            let notHers = await Self.runAs("ana", harness, ["poll", "delete", poll.id])
            #expect(notHers.0 == 1)
            #expect(
                notHers.2
                    == "quartet: Only the event's organizers, and the session's speakers, edit and delete its polls.\n"
            )

            let deleted = await harness.run("poll", "delete", poll.id)
            #expect(deleted.code == 0, "\(deleted.errors)")
            #expect(deleted.output == "Poll deleted.\n")
            #expect(await Self.runAs("ana", harness, ["poll", "list", event.id]).1 == "No polls yet.\n")
            let gone = await harness.run("poll", "delete", poll.id)
            #expect(gone.code == 1)
        }
    }
}
