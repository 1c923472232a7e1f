import AttendeeModels
import Foundation
import HTTPServer
import Locking
import Testing

@testable import QuartetCLI

/// `quartet attendee messages …` and `notes …` end to end, two people on one real server over loopback.
@Suite(.serialized) struct AttendeeInboxCommandTests {
    typealias Harness = AttendeeCommandTests.Harness

    /// Runs `quartet attendee …` as the person whose token lives in the data folder `who`.
    static func run(_ harness: Harness, as who: String, _ arguments: String...) async -> (
        code: Int32, output: String, errors: String
    ) {
        var environment = harness.environment
        environment["QUARTET_DATA_DIR"] = harness.directory + "/" + who
        let captured = CapturedConsole()
        let code = await QuartetTool.run(
            ["attendee"] + arguments, environment: environment, console: captured.console, now: harness.now)
        return (code, captured.output, captured.errors)
    }

    static func json<T: Decodable>(_ harness: Harness, as who: String, _ type: T.Type, _ arguments: String...)
        async throws -> T
    {
        var environment = harness.environment
        environment["QUARTET_DATA_DIR"] = harness.directory + "/" + who
        let captured = CapturedConsole()
        let code = await QuartetTool.run(
            ["attendee"] + arguments + ["--json"], environment: environment, console: captured.console, now: harness.now
        )
        try #require(code == 0, "\(arguments): \(captured.errors)")
        return try AttendeeCoding.decoder().decode(T.self, from: Data(captured.output.utf8))
    }

    /// Signs `name` up as `who`, registers for the event, and answers their person id.
    static func attendee(_ harness: Harness, _ who: String, _ name: String, event: String) async throws -> String {
        let email = who + "@example.com"
        #expect(
            await run(harness, as: who, "signup", "--email", email, "--password", "correct horse", "--name", name).code
                == 0)
        #expect(await run(harness, as: who, "register", event, "--later").code == 0)
        return try await json(harness, as: who, MyProfile.self, "profile").person.id
    }

    /// Takes one from a count, if any is left.
    static func takeOne(_ count: inout Int) -> Bool {
        guard count > 0 else { return false }
        count -= 1
        return true
    }

    struct Row: Decodable {
        var id: String
        var name: String?
        var preview: String?
        var unreadCount: Int?
        var text: String?
        var author: String?
        var delivery: String?
        var about: String?
    }

    @Test func twoPeopleMessageAndReadEachOther() async throws {
        try await Harness.with { harness in
            let event = try #require(try await harness.json([Event].self, "events").first).id
            _ = try await Self.attendee(harness, "ana", "Ana Ferreira", event: event)
            let jose = try await Self.attendee(harness, "jose", "José Núñez", event: event)
            _ = try await Self.attendee(harness, "mei", "Mei Tanaka", event: event)

            let empty = await Self.run(harness, as: "ana", "messages", "list")
            #expect(empty.output == "No messages yet. Start a conversation from the attendee list.\n")
            // A blank first message is refused before the thread is started: nobody's inbox gets an empty thread.
            let blank = await Self.run(harness, as: "ana", "messages", "send", jose, "   ", "--event", event)
            #expect(blank.code == 1)
            #expect(blank.errors == "quartet: Write something first.\n")
            #expect(try await Self.json(harness, as: "ana", [Row].self, "messages", "list").isEmpty)
            #expect(try await Self.json(harness, as: "jose", [Row].self, "messages", "list").isEmpty)
            let first = await Self.run(harness, as: "ana", "messages", "send", jose, "Coffee at 10?", "--event", event)
            #expect(first.code == 0, "\(first.errors)")
            #expect(first.output.hasSuffix("  You: Coffee at 10?\n"))
            let threads = try await Self.json(harness, as: "jose", [Row].self, "messages", "list")
            let thread = try #require(threads.first)
            #expect(thread.name == "Ana Ferreira")
            #expect(thread.preview == "Coffee at 10?")
            #expect(thread.unreadCount == 1)
            let listed = await Self.run(harness, as: "jose", "messages", "list", "--event", event)
            #expect(listed.output.hasPrefix("\(thread.id)  Ana Ferreira  Coffee at 10?  "))
            #expect(listed.output.hasSuffix("  1 unread message\n"))

            let reply = await Self.run(harness, as: "jose", "messages", "send", thread.id, "Sure, see you there")
            #expect(reply.code == 0, "\(reply.errors)")
            let shown = await Self.run(harness, as: "ana", "messages", "show", thread.id)
            let lines = shown.output.split(separator: "\n").map(String.init)
            #expect(lines.first == "José Núñez")
            #expect(
                lines.dropFirst().map { $0.drop { $0 != "]" } } == [
                    "] You: Coffee at 10?", "] José Núñez: Sure, see you there",
                ])
            // Showing it marked it read, as opening the conversation does.
            #expect(try await Self.json(harness, as: "ana", [Row].self, "messages", "list").first?.unreadCount == 0)
            #expect(await Self.run(harness, as: "jose", "messages", "read", thread.id).output == "All messages read.\n")

            // Mei is not in the thread: it does not exist for her, and sending to it changes nothing.
            let intruder = await Self.run(harness, as: "mei", "messages", "show", thread.id)
            #expect(intruder.code == 1)
            #expect(intruder.errors == "quartet: This conversation is no longer on the server.\n")
            #expect(await Self.run(harness, as: "mei", "messages", "send", thread.id, "Hi").code == 1)
            #expect(try await Self.json(harness, as: "mei", [Row].self, "messages", "list").isEmpty)
            let messages = try await Self.json(harness, as: "ana", [Row].self, "messages", "show", thread.id)
            #expect(messages.map(\.text) == ["Coffee at 10?", "Sure, see you there"])
            #expect(messages.map(\.delivery) == ["sent", "sent"])

            let tooLong = String(repeating: "a", count: MessageRules.textLimit + 1)
            let refused = await Self.run(harness, as: "ana", "messages", "send", thread.id, tooLong)
            #expect(refused.code == 1)
            #expect(refused.errors == "quartet: The text must be at most 2,000 characters.\n")
            let yourself = await Self.run(harness, as: "jose", "messages", "send", jose, "Me", "--event", event)
            #expect(yourself.errors == "quartet: You cannot message yourself.\n")
            // Someone who is not an attendee of the event (a wrong id, or one who left) is refused in the app's words.
            let nobody = await Self.run(
                harness, as: "ana", "messages", "send", "no-such-person", "Hi", "--event", event)
            #expect(nobody.code == 1)
            #expect(nobody.errors == "quartet: This person is no longer an attendee of this event.\n")
            #expect(try await Self.json(harness, as: "ana", [Row].self, "messages", "list").count == 1)
        }
    }

    @Test func aLongConversationShowsItsNewestPageAndPagesBackOnlyForItsTwoPeople() async throws {
        try await Harness.with { harness in
            let event = try #require(try await harness.json([Event].self, "events").first).id
            let ana = try await Self.attendee(harness, "ana", "Ana Ferreira", event: event)
            let jose = try await Self.attendee(harness, "jose", "José Núñez", event: event)
            _ = try await Self.attendee(harness, "mei", "Mei Tanaka", event: event)
            #expect(
                await Self.run(harness, as: "ana", "messages", "send", jose, "Message 1", "--event", event).code == 0)
            let thread = try #require(try await Self.json(harness, as: "ana", [Row].self, "messages", "list").first)
            // 59 more, stored directly: 60 in all, one page of 50 and an older one of 10.
            _ = try await harness.database.write { db in
                for index in 2...60 {
                    try db.execute(
                        """
                        INSERT INTO attendee_message (thread_id, sender_id, text, sent_at)
                        VALUES (\(thread.id), \(index.isMultiple(of: 2) ? jose : ana), \("Message \(index)"), \(Date()))
                        """)
                }
            }
            let newest = await Self.run(harness, as: "ana", "messages", "show", thread.id)
            let lines = newest.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.filter { $0.hasPrefix("[") }.count == 50)
            #expect(lines.filter { $0.hasPrefix("[") }.first?.hasSuffix(": Message 11") == true)
            let olderLine = try #require(lines.first { $0.hasPrefix("older: --before ") })
            let cursor = String(olderLine.dropFirst("older: --before ".count))

            let older = try await Self.json(
                harness, as: "ana", [Row].self, "messages", "show", thread.id, "--before", cursor)
            #expect(older.map(\.text) == (1...10).map { "Message \($0)" })
            let all = try await Self.json(harness, as: "jose", [Row].self, "messages", "show", thread.id, "--all")
            #expect(all.map(\.text) == (1...60).map { "Message \($0)" })
            #expect(
                !(await Self.run(harness, as: "jose", "messages", "show", thread.id, "--all").output.contains("older:"))
            )

            // Mei is not in the thread: paging it is as unknown as opening it.
            let intruder = await Self.run(harness, as: "mei", "messages", "show", thread.id, "--before", cursor)
            #expect(intruder.errors == "quartet: This conversation is no longer on the server.\n")
            #expect(await Self.run(harness, as: "mei", "messages", "show", thread.id, "--all").code == 1)
        }
    }

    /// Another device saves the note between the command's read and its save: the edit overwrites nothing, shows
    /// the other version under the conflict line and exits 1; with `--keep-mine` it saves over that version, as
    /// the edit page's Keep Mine does.
    @Test func aNoteSavedElsewhereMeanwhileIsShownAndOverwrittenOnlyWithKeepMine() async throws {
        // The note's id, once written; each update of it is preceded by one from "the tablet" while armed.
        let target = Locked<String?>(nil)
        let tablet = Locked(0)
        let tabletFirst: @Sendable (Request, Handler) async throws -> Response = { request, handler in
            let note = target.withLock { $0 }
            if request.method == .put, let note, request.path.hasSuffix("/notes/" + note),
                tablet.withLock(Self.takeOne)
            {
                var edit = try AttendeeCoding.decoder().decode(NoteEdit.self, from: request.body)
                edit.text = "Tablet words\nsecond line"
                var theirs = request
                theirs.body = try AttendeeCoding.encoder().encode(edit)
                _ = try await handler(theirs)
            }
            return try await handler(request)
        }
        try await Harness.with(intercept: tabletFirst) { harness in
            let event = try #require(try await harness.json([Event].self, "events").first).id
            _ = try await Self.attendee(harness, "ana", "Ana Ferreira", event: event)
            let written = await Self.run(harness, as: "ana", "notes", event, "new", "Phone words")
            let noteID = try #require(written.output.split(separator: "\n").last.map(String.init))
            target.withLock { $0 = noteID }

            tablet.withLock { $0 = 1 }
            let met = await Self.run(harness, as: "ana", "notes", event, "edit", noteID, "Phone words, edited")
            #expect(met.code == 1)
            #expect(
                met.errors
                    == "quartet: This note was changed on another device since you opened it.\n"
                    + "The other version\n    > Tablet words\n    > second line\n")
            #expect(met.output.isEmpty)
            #expect(
                await Self.run(harness, as: "ana", "notes", event, "show", noteID).output
                    == "Tablet words\nsecond line\n")

            tablet.withLock { $0 = 1 }
            let kept = await Self.run(
                harness, as: "ana", "notes", event, "edit", noteID, "Phone words, kept", "--keep-mine")
            #expect(kept.code == 0, "\(kept.errors)")
            #expect(kept.output == "Note saved.\n\(noteID)\n")
            #expect(
                await Self.run(harness, as: "ana", "notes", event, "show", noteID).output == "Phone words, kept\n")
            #expect(tablet.withLock { $0 } == 0)
        }
    }

    @Test func notesAreWrittenFilteredEditedAndDeletedByTheirAuthorOnly() async throws {
        try await Harness.with { harness in
            let event = try #require(try await harness.json([Event].self, "events").first).id
            let session = try #require(try await harness.json([Session].self, "agenda", event).first)
            _ = try await Self.attendee(harness, "ana", "Ana Ferreira", event: event)
            _ = try await Self.attendee(harness, "mei", "Mei Tanaka", event: event)

            #expect(await Self.run(harness, as: "ana", "notes", event).output == "No notes yet.\n")
            let written = await Self.run(harness, as: "ana", "notes", event, "new", "Bring a charger")
            #expect(written.code == 0, "\(written.errors)")
            let noteID = try #require(written.output.split(separator: "\n").last.map(String.init))
            #expect(written.output == "Note saved.\n\(noteID)\n")
            let about = await Self.run(
                harness, as: "ana", "notes", event, "new", "Ask about SQLite", "--session", session.id)
            #expect(about.code == 0, "\(about.errors)")

            let all = try await Self.json(harness, as: "ana", [Row].self, "notes", event, "list")
            #expect(Set(all.compactMap(\.about)) == ["Event note", session.title])
            let filtered = try await Self.json(harness, as: "ana", [Row].self, "notes", event, "--session", session.id)
            #expect(filtered.map(\.preview) == ["Ask about SQLite"])

            let edited = await Self.run(harness, as: "ana", "notes", event, "edit", noteID, "Bring two chargers")
            #expect(edited.output == "Note saved.\n\(noteID)\n", "\(edited.errors)")
            #expect(await Self.run(harness, as: "ana", "notes", event, "show", noteID).output == "Bring two chargers\n")

            // Mei sees none of Ana's notes and can change none.
            #expect(await Self.run(harness, as: "mei", "notes", event).output == "No notes yet.\n")
            let peek = await Self.run(harness, as: "mei", "notes", event, "show", noteID)
            #expect(peek.code == 2)
            #expect(peek.errors.contains("no note '\(noteID)' of yours at this event (see 'notes EVENT list')"))
            #expect(await Self.run(harness, as: "mei", "notes", event, "edit", noteID, "Mine").code == 2)
            let refused = await Self.run(harness, as: "mei", "notes", event, "delete", noteID)
            #expect(refused.code == 2)
            #expect(refused.errors.contains("no note '\(noteID)' of yours at this event (see 'notes EVENT list')"))
            #expect(await Self.run(harness, as: "ana", "notes", event, "show", noteID).output == "Bring two chargers\n")

            let deleted = await Self.run(harness, as: "ana", "notes", event, "delete", noteID)
            #expect(deleted.output == "Note deleted.\n")
            #expect(try await Self.json(harness, as: "ana", [Row].self, "notes", event).count == 1)

            #expect(
                await Self.run(harness, as: "ana", "notes", event, "new", "   ").errors
                    == "quartet: Write something first.\n")
            #expect(await Self.run(harness, as: "ana", "notes", event, "rename", "x").code == 2)
            #expect(await Self.run(harness, as: "ana", "notes", event, "edit", noteID).code == 2)
            #expect(await Self.run(harness, as: "ana", "notes", event, "show", "a", "b").code == 2)
        }
    }

    /// `notes EVENT show|edit` go through that event's My Notes, as `delete` does: a note written at another
    /// event is refused there, and left as it was.
    @Test func aNoteOfAnotherEventIsNotShownOrEditedThroughThisOne() async throws {
        try await Harness.with { harness in
            let event = try #require(try await harness.json([Event].self, "events").first).id
            _ = try await Self.attendee(harness, "ana", "Ana Ferreira", event: event)
            let file = try harness.write(
                "frab.json",
                Data(
                    """
                    {"schedule": {"conference": {"acronym": "cli", "title": "CLI Camp", "time_zone_name": "Europe/Lisbon",
                      "days": [{"date": "2027-04-01", "rooms": {"Hall": [
                        {"guid": "g1", "title": "Hello", "date": "2027-04-01T08:00:00+00:00", "duration": "00:45"}]}}]}}}
                    """.utf8))
            var environment = harness.environment
            environment["QUARTET_DATA_DIR"] = harness.directory + "/ana"
            let captured = CapturedConsole()
            let code = await QuartetTool.run(
                ["attendee", "import", file, "--json"], environment: environment, console: captured.console,
                now: harness.now)
            try #require(code == 0, "\(captured.errors)")
            let other = try AttendeeCoding.decoder().decode(ImportSummary.self, from: Data(captured.output.utf8))
                .eventID
            #expect(await Self.run(harness, as: "ana", "register", other, "--later").code == 0)
            let written = await Self.run(harness, as: "ana", "notes", other, "new", "Camp note")
            let noteID = try #require(written.output.split(separator: "\n").last.map(String.init))

            let shown = await Self.run(harness, as: "ana", "notes", event, "show", noteID)
            #expect(shown.code == 2)
            #expect(shown.output == "")
            #expect(shown.errors.contains("no note '\(noteID)' of yours at this event (see 'notes EVENT list')"))
            let edited = await Self.run(harness, as: "ana", "notes", event, "edit", noteID, "Changed elsewhere")
            #expect(edited.code == 2)
            #expect(await Self.run(harness, as: "ana", "notes", other, "show", noteID).output == "Camp note\n")
        }
    }
}
