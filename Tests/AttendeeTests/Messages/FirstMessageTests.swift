import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import Locking
import TestSupport
import Testing

/// A conversation opened on a person: nothing is started by opening it, the first message starts the thread, and
/// a thread the caller already has with them opens as it is. Over scripted clients that count what the server is
/// asked.
@MainActor @Suite struct FirstMessageTests {
    nonisolated static let bob = PersonReference(id: "bob", name: "Bob Babbage")

    /// What the scripted server was asked to do.
    struct Asked: Sendable, Equatable {
        var starts: [String] = []
        var sends: [String] = []
    }

    /// A server with no thread between the caller and Bob until one is started; `startFails` is thrown by the
    /// start while set.
    static func client(_ asked: Locked<Asked>, startFails: Locked<(any Error)?> = Locked(nil)) -> AttendeeClient {
        var client = AttendeeClient()
        client.threads = { _ in [] }
        client.startThread = { eventID, personID in
            if let error = startFails.withLock({ $0 }) { throw error }
            asked.withLock { $0.starts.append(personID) }
            return MessageThread(id: "t", eventID: eventID, with: bob, createdAt: Date(timeIntervalSince1970: 0))
        }
        client.sendMessage = { threadID, request, _ in
            asked.withLock { $0.sends.append("\(threadID): \(request.text)") }
            return Message(
                id: "11", threadID: threadID, senderID: "me", text: request.text,
                sentAt: Date(timeIntervalSince1970: 1_773_100_000))
        }
        return client
    }

    /// The Message button opens the conversation without asking the server anything: opened and left, it leaves
    /// no thread in either inbox (the button used to start one).
    @Test func openingAConversationFromTheAttendeeListAndLeavingItStartsNoThread() async throws {
        let asked = Locked(Asked())
        var client = Self.client(asked)
        client.attendees = { _, _ in
            [
                Person(id: "me", name: "Ana Ferreira"),
                Person(id: "bob", name: "Bob Babbage", title: "Engineer", company: "Tejo"),
            ]
        }
        let attendees = AttendeesModel(client: client, eventID: "e1", personID: "me")
        await attendees.appeared()
        attendees.rowTapped("bob")
        attendees.messageTapped()
        #expect(attendees.selected == nil)
        let conversation = try #require(attendees.conversation)
        await conversation.appeared()
        #expect(conversation.title == "Bob Babbage")
        #expect(conversation.rows.isEmpty)
        #expect(conversation.threadID == nil)
        #expect(conversation.banner == nil)
        attendees.conversationClosed()
        #expect(attendees.conversation == nil)
        #expect(asked.withLock { $0 } == Asked())
    }

    /// The first message the box lets go starts the thread, once, and is sent in it; the next goes to the same
    /// thread. A blank or unsendable text starts nothing; a first send that cannot reach the server keeps the
    /// text and creates nothing.
    @Test func theFirstMessageStartsTheThreadAndAFailedOneKeepsTheText() async {
        let asked = Locked(Asked())
        let startFails = Locked<(any Error)?>(APIError.offline)
        let model = ConversationModel(
            client: Self.client(asked, startFails: startFails), eventID: "e1", person: Self.bob)
        await model.appeared()

        model.draftChanged("   ")
        await model.sendTapped()
        #expect(model.draftProblem?.messageText == "Write something first.")
        model.draftChanged("nul\u{0}")
        await model.sendTapped()
        #expect(model.draftProblem?.messageText == "The text holds a character that cannot be sent.")
        #expect(asked.withLock { $0 } == Asked())

        model.draftChanged("Lunch?")
        await model.sendTapped()
        #expect(model.draft == "Lunch?")
        #expect(model.rows.isEmpty)
        #expect(model.threadID == nil)
        #expect(model.banner == .failure("You're offline. Check your connection and try again."))
        #expect(asked.withLock { $0 } == Asked())

        startFails.withLock { $0 = nil }
        await model.sendTapped()
        #expect(model.banner == nil)
        #expect(model.draft == "")
        #expect(model.threadID == "t")
        #expect(model.rows.map(\.text) == ["Lunch?"])
        #expect(model.rows.map(\.delivery) == [.sent])
        #expect(asked.withLock { $0 } == Asked(starts: ["bob"], sends: ["t: Lunch?"]))

        model.draftChanged("At noon?")
        await model.sendTapped()
        #expect(asked.withLock { $0 } == Asked(starts: ["bob"], sends: ["t: Lunch?", "t: At noon?"]))
    }

    /// The server's refusal of the thread is said in the app's words where the app has them (oneself; someone
    /// who is not, or no longer, an attendee of the event: a 404 naming `personID`, as the live client reads it),
    /// in the server's otherwise (no such event: a 404 naming nothing); each keeps the text and shows no message.
    @Test(arguments: [
        (422, "personID", "You cannot message yourself."),
        (404, "personID", "This person is no longer an attendee of this event."),
        (404, nil, "Server words."),
        (403, nil, "Server words."),
    ])
    func aRefusedFirstMessageIsSaidInTheAppsWords(status: Int, field: String?, line: String) async {
        let asked = Locked(Asked())
        let refusal = APIError.http(
            status: status, problem: ProblemDetails(status: status, detail: "Server words.", field: field))
        let model = ConversationModel(
            client: Self.client(asked, startFails: Locked(refusal)), eventID: "e1", person: Self.bob)
        model.draftChanged("Hi")
        await model.sendTapped()
        #expect(model.banner == .failure(line))
        #expect(model.draft == "Hi")
        #expect(model.rows.isEmpty)
        #expect(asked.withLock { $0 } == Asked())
    }

    /// A thread the caller already has with the person at this event (not one at another event) opens with its
    /// messages, found in their threads without starting anything; a message goes to it.
    @Test func anExistingThreadOpensWithItsMessages() async {
        let asked = Locked(Asked())
        var client = Self.client(asked)
        client.threads = { eventID in
            #expect(eventID == "e1")
            return [
                MessageThread(
                    id: "elsewhere", eventID: "e2", with: Self.bob, createdAt: Date(timeIntervalSince1970: 0)),
                MessageThread(
                    id: "t-ada", eventID: "e1", with: PersonReference(id: "ada", name: "Ada Lovelace"),
                    createdAt: Date(timeIntervalSince1970: 0)),
                MessageThread(id: "t-bob", eventID: "e1", with: Self.bob, createdAt: Date(timeIntervalSince1970: 0)),
            ]
        }
        client.thread = { id in
            MessageThread(id: id, eventID: "e1", with: Self.bob, createdAt: Date(timeIntervalSince1970: 0))
        }
        client.olderMessages = { threadID, _ in
            MessagePage(messages: [
                Message(
                    id: "5", threadID: threadID, senderID: "me", text: "See you there",
                    sentAt: Date(timeIntervalSince1970: 1_773_100_000))
            ])
        }
        let model = ConversationModel(client: client, eventID: "e1", person: Self.bob)
        await model.appeared()
        #expect(model.threadID == "t-bob")
        #expect(model.title == "Bob Babbage")
        #expect(model.rows.map(\.text) == ["See you there"])
        model.draftChanged("Still on?")
        await model.sendTapped()
        #expect(asked.withLock { $0 } == Asked(sends: ["t-bob: Still on?"]))
    }

    /// Bob writes first while Ana's page with him is open and shows no thread: her first message is answered with
    /// his thread, whose messages now show before hers. They were missed: hers was the newest shown, and catching
    /// up reads only after the newest, so his showed only once the page was opened again.
    @Test func aThreadThePersonStartedMeanwhileShowsItsMessagesBeforeTheFirstSent() async {
        let asked = Locked(Asked())
        var client = Self.client(asked)
        let hello = Message(
            id: "10", threadID: "t", senderID: "bob", text: "Hi Ana", sentAt: Date(timeIntervalSince1970: 1_773_099_000)
        )
        let started = Locked(false)
        client.threads = { _ in [] }
        client.startThread = { eventID, personID in
            asked.withLock { $0.starts.append(personID) }
            return MessageThread(
                id: "t", eventID: eventID, with: Self.bob, lastMessage: hello, unreadCount: 1,
                createdAt: Date(timeIntervalSince1970: 0))
        }
        client.thread = { id in
            started.withLock { $0 = true }
            return MessageThread(
                id: id, eventID: "e1", with: Self.bob, lastMessage: hello, unreadCount: 1,
                createdAt: Date(timeIntervalSince1970: 0))
        }
        client.olderMessages = { _, _ in MessagePage(messages: [hello]) }
        client.markRead = { id, _ in
            MessageThread(id: id, eventID: "e1", with: Self.bob, createdAt: Date(timeIntervalSince1970: 0))
        }
        let model = ConversationModel(client: client, eventID: "e1", person: Self.bob)
        await model.appeared()
        #expect(model.rows.isEmpty)
        model.draftChanged("Lunch?")
        await model.sendTapped()
        #expect(model.rows.map(\.text) == ["Hi Ana", "Lunch?"])
        #expect(asked.withLock { $0 } == Asked(starts: ["bob"], sends: ["t: Lunch?"]))
        #expect(started.withLock { $0 })
    }

    /// A conversation with no thread has no stream to follow: listening returns at once (the page listens
    /// again when the thread's id changes); once the first message starts the thread, it follows that thread's
    /// stream.
    @Test func listeningFollowsTheThreadTheFirstMessageStarted() async {
        let asked = Locked(Asked())
        let listened = Locked<[String]>([])
        var client = Self.client(asked)
        client.threadUpdates = { threadID in
            listened.withLock { $0.append(threadID) }
            return AsyncThrowingStream { continuation in
                continuation.yield(
                    .change(
                        .message(
                            Message(
                                id: "12", threadID: "t", senderID: "bob", text: "Sure",
                                sentAt: Date(timeIntervalSince1970: 1_773_100_060)))))
                continuation.finish()
            }
        }
        client.markRead = { id, _ in
            MessageThread(id: id, eventID: "e1", with: Self.bob, createdAt: Date(timeIntervalSince1970: 0))
        }
        let model = ConversationModel(client: client, eventID: "e1", person: Self.bob)
        await model.opened()
        #expect(listened.withLock { $0 }.isEmpty)
        #expect(model.title == "Bob Babbage")
        model.draftChanged("Lunch?")
        await model.sendTapped()
        await model.opened()
        #expect(listened.withLock { $0 } == ["t"])
        #expect(model.rows.map(\.text) == ["Lunch?", "Sure"])
        #expect(model.banner == nil)
    }

    /// The command line's `messages send PERSON TEXT --event` opens the conversation as the Message button does:
    /// the thread the list shows with them, or one on the person with nothing started.
    @Test func theThreadListOpensAConversationWithAPersonWithoutStartingOne() async {
        let asked = Locked(Asked())
        var client = Self.client(asked)
        client.threads = { _ in
            [MessageThread(id: "t-bob", eventID: "e1", with: Self.bob, createdAt: Date(timeIntervalSince1970: 0))]
        }
        let threads = ThreadsModel(client: client, eventID: "e1")
        #expect(threads.messageTapped(personID: "bob", eventID: "e1").threadID == nil)
        await threads.appeared()
        #expect(threads.messageTapped(personID: "bob", eventID: "e1").threadID == "t-bob")
        #expect(threads.messageTapped(personID: "ada", eventID: "e1").threadID == nil)
        #expect(asked.withLock { $0 } == Asked())
    }
}
