import APIClient
import AttendeeCore
import AttendeeModels
import AttendeeServer
import AttendeeTestSupport
import Database
import Foundation
import HTTPServer
import Locking
import SwiftUI
import TestSupport
import Testing
import TokenVerifier

@testable import AttendeeUI

/// Messages and My Notes driven through the views against the real server code in process.
@MainActor
struct InboxViewTests {
    /// The app, and a client of the same server for a second person.
    static func host() async throws -> (ViewHost<AttendeeRootView>, TestClient) {
        let app = try await InProcessAttendee.make()
        return (await app.host(), app.server)
    }

    /// A save that met another device's edit shows that version's words above Keep Mine and Use the Other Version:
    /// the person chooses between two texts they can read (only their own was on screen).
    @Test func aConflictShowsTheOtherVersionItAsksAbout() async throws {
        let server = VersionedNote(text: "Tablet words: the room moved to Tejo", version: 2, eventID: "e")
        let model = NoteEditorModel(
            client: server.client, editing: VersionedNote.note("First", version: 1, eventID: "e"))
        let host = ViewHost(NavigationStack { NoteEditorView(model: model) })
        try await host.waitUntil("the editor") { $0.visibleNavigationTitle == "Edit Note" }
        try host.type("Phone words", into: "Write a note")
        try host.tap("Save")
        try await host.waitUntil("the conflict") { $0.find(.button, "Keep Mine") != nil }
        #expect(host.tree.texts.contains("The other version"))
        #expect(host.tree.texts.contains("Tablet words: the room moved to Tejo"))

        try host.tap("Use the Other Version")
        try await host.waitUntil("the other version to edit") { $0.find(.button, "Keep Mine") == nil }
        #expect(!host.tree.texts.contains("The other version"))
    }

    /// A save that met another device's edit, whose read of that version dropped: the editor still offers Keep
    /// Mine and Use the Other Version (it offered only Save), and Keep Mine reads the other version, then saves
    /// the person's words over it.
    @Test func aConflictWhoseOtherVersionCouldNotBeReadStillOffersKeepMine() async throws {
        let server = VersionedNote(text: "Tablet words", version: 2, eventID: "e")
        let stored = server.stored
        let reading = server.isReadable
        reading.withLock { $0 = false }
        let client = server.client
        let first = VersionedNote.note("First", version: 1, eventID: "e")
        let host = ViewHost(NavigationStack { NoteEditorView(model: NoteEditorModel(client: client, editing: first)) })
        try await host.waitUntil("the editor") { $0.visibleNavigationTitle == "Edit Note" }
        try host.type("Phone words", into: "Write a note")
        try host.tap("Save")
        let notRead = "This note was changed on another device since you opened it. The connection was lost. Try again."
        try await host.waitUntil("the conflict") { $0.texts.contains(notRead) }
        #expect(host.tree.find(.button, "Keep Mine") != nil)
        #expect(host.tree.find(.button, "Use the Other Version") != nil)

        reading.withLock { $0 = true }
        try host.tap("Keep Mine")
        try await host.waitUntil("saved") { $0.texts.contains("Note saved.") }
        #expect(stored.withLock { $0.text } == "Phone words")
        #expect(host.tree.find(.button, "Keep Mine") == nil)
    }

    @Test func theLoadOlderRowPutsOlderMessagesOnTopAndGoesAwayAtTheStart() async throws {
        var client = AttendeeClient()
        let bob = PersonReference(id: "bob", name: "Bob Babbage")
        client.thread = { _ in
            MessageThread(id: "t", eventID: "e", with: bob, createdAt: Date(timeIntervalSince1970: 0))
        }
        client.markRead = { _, _ in
            MessageThread(id: "t", eventID: "e", with: bob, createdAt: Date(timeIntervalSince1970: 0))
        }
        client.threadUpdates = { _ in AsyncThrowingStream { _ in } }
        client.olderMessages = { _, before in
            let message = { (id: Int, text: String) in
                Message(
                    id: String(id), threadID: "t", senderID: "bob", text: text, sentAt: Date(timeIntervalSince1970: 0))
            }
            return before == nil
                ? MessagePage(messages: [message(2, "Newer")], previousCursor: "2")
                : MessagePage(messages: [message(1, "Older")])
        }
        // NB: the screen's live task reads a stream that never yields; it only listens, so the host does not
        // wait for it to end (it waited a minute per step before).
        let host = ViewHost(
            NavigationStack { ConversationView(model: ConversationModel(client: client, threadID: "t")) },
            listeners: { 1 })
        try await host.waitUntil("the newest page") { $0.texts.contains("Newer") }
        #expect(!host.tree.texts.contains("Older"))
        try host.tap("Load Older Messages")
        try await host.waitUntil("the older page") { $0.texts.contains("Older") }
        #expect(host.tree.find(.button, "Load Older Messages") == nil)
        let texts = host.tree.texts
        #expect(texts.firstIndex(of: "Older")! < texts.firstIndex(of: "Newer")!)
    }

    /// A conversation tells the person's messages from the other person's: theirs sit leading and plain, the
    /// person's trailing and tinted, and VoiceOver reads each bubble as who wrote what (and that it has a photo),
    /// not the author's name alone.
    @Test func myMessagesSitTrailingAndTintedAndEachBubbleReadsWhoWroteWhat() async throws {
        var client = AttendeeClient()
        let bob = PersonReference(id: "bob", name: "Bob Babbage")
        let thread = MessageThread(id: "t", eventID: "e", with: bob, createdAt: Date(timeIntervalSince1970: 0))
        client.thread = { _ in thread }
        client.markRead = { _, _ in thread }
        client.threadUpdates = { _ in AsyncThrowingStream { _ in } }
        client.olderMessages = { _, _ in
            MessagePage(messages: [
                Message(
                    id: "1", threadID: "t", senderID: "bob", text: "Lunch after the keynote?", imageID: "m1",
                    sentAt: Date(timeIntervalSince1970: 60)),
                Message(
                    id: "2", threadID: "t", senderID: "ana", text: "Yes, see you there",
                    sentAt: Date(timeIntervalSince1970: 120)),
            ])
        }
        let host = ViewHost(
            NavigationStack { ConversationView(model: ConversationModel(client: client, threadID: "t")) },
            listeners: { 1 })
        try await host.waitUntil("the messages") { $0.texts.contains("Yes, see you there") }

        func bubble(_ label: String) throws -> ViewNode {
            try #require(host.tree.first { $0.accessibilityLabel?.hasPrefix(label) == true }, "\(host.tree.outline)")
        }
        func row(holding label: String) throws -> ViewNode {
            try #require(
                host.tree.first { node in
                    node.style.frameAlignment != nil
                        && node.allNodes.contains { $0.accessibilityLabel?.hasPrefix(label) == true }
                }, "\(host.tree.outline)")
        }
        let theirs = try bubble("Bob Babbage: Lunch after the keynote?, photo, ")
        let mine = try bubble("You: Yes, see you there, ")
        #expect(try row(holding: "Bob Babbage: ").style.frameAlignment == .leading)
        #expect(try row(holding: "You: ").style.frameAlignment == .trailing)
        #expect(mine.style.background?.name == "accent")
        #expect(theirs.style.background?.name != "accent")
    }

    /// From the dashboard: Attendees, the person's details, and their Message button.
    static func tapMessage(on name: String, _ host: ViewHost<some View>) async throws {
        try host.tap("Attendees")
        try await host.waitUntil("the attendees") { $0.texts.contains(name) }
        try host.tap(name)
        try await host.waitUntil("\(name)'s details") { $0.topPresentation?.find(.button, "Message") != nil }
        try host.tap("Message")
    }

    /// The badge of the dashboard's Messages link.
    static func messagesBadge(_ tree: ViewNode) -> String? {
        tree.first { $0.badge != nil && $0.texts.contains("Messages") }?.badge
    }

    @Test func fromTheDashboardToAConversationAndToMyNotes() async throws {
        let app = try await InProcessAttendee.make()
        let host = try await AttendeeRootViewTests.registered(app)

        // Bob, on his own phone, writes to Ana.
        _ = try await InboxViewTests.bobWritesToAna("Lunch after the keynote?", app)

        try host.tap("Messages")
        try await host.waitUntil("the threads") { $0.texts.contains("Lunch after the keynote?") }
        #expect(host.tree.visibleNavigationTitle == "Messages")
        // The unread count is a badge: a tinted capsule, read as a sentence rather than a bare number.
        let badge = try #require(host.tree.first { $0.accessibilityLabel == "1 unread message" })
        #expect(badge.text == "1")
        #expect(badge.style.background?.name == "accent")
        #expect(badge.style.cornerRadius == .infinity)
        try host.back()
        try await host.waitUntil("the dashboard") { $0.visibleNavigationTitle == "Quartet Summit 2027" }
        // Back on the dashboard, the Messages link counts the unread message.
        try await host.waitUntil("the Messages badge") { Self.messagesBadge($0) == "1" }

        // Ana answers from Bob's details in the attendee list: the Message button opens their one thread.
        try await Self.tapMessage(on: "Bob Babbage", host)
        try await host.waitUntil("the conversation") {
            $0.topPresentation == nil && $0.visibleNavigationTitle == "Bob Babbage"
                && $0.texts.contains("Lunch after the keynote?")
        }
        #expect(host.tree.find(.button, "Send")?.isEnabled == false)
        try host.type("Yes, see you there", into: "Message")
        try host.tap("Send")
        try await host.waitUntil("the reply") { $0.texts.contains("Yes, see you there") }
        try host.back()
        try await host.waitUntil("the attendees again") { $0.visibleNavigationTitle == "Attendees" }
        try host.back()
        try await host.waitUntil("the dashboard") { $0.visibleNavigationTitle == "Quartet Summit 2027" }
        try host.tap("Messages")
        try await host.waitUntil("the threads again") { $0.texts.contains("You: Yes, see you there") }
        #expect(host.tree.first { $0.accessibilityLabel == "1 unread message" } == nil)
        try host.tap("Bob Babbage")
        // Named as the threads list named it before it loads (it had no title until then, none offline).
        #expect(host.tree.visibleNavigationTitle == "Bob Babbage")
        try await host.waitUntil("the conversation again") { $0.texts.contains("Yes, see you there") }
        try host.back()
        try await host.waitUntil("the threads") { $0.visibleNavigationTitle == "Messages" }
        try host.back()

        try await host.waitUntil("the dashboard again") { $0.visibleNavigationTitle == "Quartet Summit 2027" }
        try await host.waitUntil("no Messages badge once read") { Self.messagesBadge($0) == nil }
        try host.tap("My Notes")
        try await host.waitUntil("my notes") { $0.texts.contains("No notes yet.") }
        try host.tap("New Note")
        try await host.waitUntil("the editor") { $0.visibleNavigationTitle == "New Note" }
        try host.type("Bring a charger", into: "Write a note")
        #expect(host.tree.texts.contains("15 / 10,000"))
        try host.tap("Save")
        try await host.waitUntil("saved") { $0.texts.contains("Note saved.") }
        try host.back()
        try await host.waitUntil("the note in the list") { $0.texts.contains("Bring a charger") }
        #expect(host.tree.texts.contains("Event note"))
        // A second note, then its swipe: the question names it; Cancel keeps it, Delete deletes it.
        try host.tap("New Note")
        try await host.waitUntil("the editor again") { $0.visibleNavigationTitle == "New Note" }
        try host.type("Ask about the offline copy", into: "Write a note")
        try host.tap("Save")
        try await host.waitUntil("saved again") { $0.texts.contains("Note saved.") }
        try host.back()
        try await host.waitUntil("both notes") { $0.texts.contains("Ask about the offline copy") }
        try await host.swipeAsksThenRemoves(
            "Ask about the offline copy", question: "Delete “Ask about the offline copy”?")
        #expect(host.tree.texts.contains("Note deleted."))
        #expect(host.tree.texts.contains("Bring a charger"))

        // A session's details link to that session's notes, which the event note is not one of.
        try host.back()
        try await host.waitUntil("the dashboard once more") { $0.visibleNavigationTitle == "Quartet Summit 2027" }
        try await host.openKeynoteFromTheAgenda()
        try host.tap("My Notes")
        try await host.waitUntil("the session's notes") { $0.texts.contains("No notes about this session yet.") }
        #expect(host.tree.visibleNavigationTitle == "My Notes")
        #expect(!host.tree.texts.contains("Bring a charger"))
    }

    /// Message on a person's card opens their conversation with nothing started: going back leaves no thread in
    /// either inbox; the first message sent starts the one thread.
    @Test func aConversationOpenedAndLeftLeavesNoThread() async throws {
        let app = try await InProcessAttendee.make()
        let host = try await AttendeeRootViewTests.registered(app)
        let eventID = try await app.eventID()
        let bob = try await app.registeredPerson("Bob Babbage", email: "bob@example.com")
        func bobsThreads() async throws -> [MessageThread] {
            try await app.server.get("/attendee/v1/threads", headers: bob.auth).decode([MessageThread].self)
        }

        try await Self.tapMessage(on: "Bob Babbage", host)
        try await host.waitUntil("the conversation") {
            $0.topPresentation == nil && $0.visibleNavigationTitle == "Bob Babbage"
        }
        try host.back()
        try await host.waitUntil("the attendees again") { $0.visibleNavigationTitle == "Attendees" }
        #expect(try await bobsThreads().isEmpty)

        try host.tap("Bob Babbage")
        try await host.waitUntil("Bob's details again") { $0.topPresentation?.find(.button, "Message") != nil }
        try host.tap("Message")
        try await host.waitUntil("the conversation again") {
            $0.topPresentation == nil && $0.visibleNavigationTitle == "Bob Babbage"
        }
        try host.type("Lunch?", into: "Message")
        try host.tap("Send")
        try await host.waitUntil("the message sent") { $0.texts.contains("Lunch?") && !$0.texts.contains("Sending…") }
        let threads = try await bobsThreads()
        #expect(threads.count == 1)
        #expect(threads.first?.eventID == eventID)
        #expect(threads.first?.lastMessage?.text == "Lunch?")
    }

    @Test func messagesFromAnotherPhoneShowInTheOpenListAndTheOpenConversation() async throws {
        let app = try await InProcessAttendee.make()
        let host = try await AttendeeRootViewTests.registered(app)
        try host.tap("Messages")
        try await host.waitUntil("no threads yet") { $0.visibleNavigationTitle == "Messages" }

        // Bob writes to Ana while her list is open: the thread comes in with its unread badge.
        let (bob, thread) = try await Self.bobWritesToAna("Lunch after the keynote?", app)
        try await host.waitUntil("the new thread") {
            $0.texts.contains("Lunch after the keynote?")
                && $0.first { $0.accessibilityLabel == "1 unread message" } != nil
        }
        try await Self.send("I know a place near the river.", in: thread, as: bob, app)
        try await host.waitUntil("two unread") { $0.first { $0.accessibilityLabel == "2 unread messages" } != nil }
        #expect(host.tree.texts.contains("I know a place near the river."))

        // In the open conversation his next message appears, and is read there.
        try host.tap("Bob Babbage")
        try await host.waitUntil("the conversation") {
            $0.visibleNavigationTitle == "Bob Babbage" && $0.texts.contains("I know a place near the river.")
        }
        try await Self.send("Twelve thirty?", in: thread, as: bob, app)
        try await host.waitUntil("Bob's next message") { $0.texts.contains("Twelve thirty?") }
        try await Self.waitUntilRead(thread, app)
        try host.back()
        try await host.waitUntil("the list, all read") {
            $0.visibleNavigationTitle == "Messages" && $0.texts.contains("Twelve thirty?")
                && $0.first { $0.accessibilityLabel?.contains("unread") == true } == nil
        }
    }

    /// Bob signs up on his own phone, registers for the event and writes `text` to Ana.
    static func bobWritesToAna(_ text: String, _ app: InProcessAttendee) async throws -> (
        InProcessAttendee.Person, MessageThread
    ) {
        let eventID = try await app.eventID()
        let bob = try await app.registeredPerson("Bob Babbage", email: "bob@example.com")
        let ana = try #require(
            try await app.server.get("/attendee/v1/events/\(eventID)/attendees", headers: bob.auth)
                .decode([AttendeeModels.Person].self).first { $0.name == "Ana Ferreira" })
        let thread = try await app.server.post(
            "/attendee/v1/events/\(eventID)/threads", json: StartThreadRequest(personID: ana.id), headers: bob.auth
        ).decode(MessageThread.self)
        try await send(text, in: thread, as: bob, app)
        return (bob, thread)
    }

    /// Bob sends `text` from his own phone.
    static func send(
        _ text: String, in thread: MessageThread, as person: InProcessAttendee.Person, _ app: InProcessAttendee
    ) async throws {
        let sent = try await app.server.post(
            "/attendee/v1/threads/\(thread.id)/messages", json: SendMessageRequest(text: text), headers: person.auth)
        try #require(sent.status == .created, "send: \(sent.bodyText)")
    }

    /// Waits (at most ten seconds) until the server has the app's person read the whole thread.
    static func waitUntilRead(_ thread: MessageThread, _ app: InProcessAttendee) async throws {
        let token = try #require(app.tokens.load())
        let deadline = ContinuousClock.now + .seconds(10)
        var unread: Int?
        while ContinuousClock.now < deadline {
            unread = try await app.server.get(
                "/attendee/v1/threads/\(thread.id)", headers: ["Authorization": "Bearer \(token)"]
            ).decode(MessageThread.self).unreadCount
            if unread == 0 { return }
            try await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("the open conversation never marked its messages read (\(unread.map(String.init) ?? "?") unread)")
    }
}
