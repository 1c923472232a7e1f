import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import Locking
import TestSupport
import Testing

/// What a person sees in the thread list and a conversation, step by step, over scripted clients.
@MainActor @Suite struct InboxModelTests {
    static let utc = TimeZone(identifier: "UTC") ?? .current

    @Test func theListShowsPreviewsBadgesAndTheNewestActivityFirst() async {
        let gate = Gate(isOpen: false)
        let loads = Locked(0)
        var client = AttendeeClient()
        client.threads = { eventID in
            #expect(eventID == "e1")
            loads.withLock { $0 += 1 }
            await gate.pass()
            return [
                MessageThread(
                    id: "t-ada", eventID: "e1", with: Sample.ada,
                    lastMessage: Sample.message(3, in: "t-ada", from: "me", "See you\nat the keynote"), unreadCount: 0,
                    createdAt: Date(timeIntervalSince1970: 0)),
                MessageThread(
                    id: "t-bob", eventID: "e1", with: Sample.bob,
                    lastMessage: Sample.message(7, in: "t-bob", from: "bob", "Lunch?"), unreadCount: 2,
                    createdAt: Date(timeIntervalSince1970: 0)),
            ]
        }
        let model = ThreadsModel(client: client, eventID: "e1", timeZone: Self.utc, locale: Demo.british)
        #expect(model.title == "Messages")
        let loading = Task { await model.appeared() }
        await gate.arrived(1)
        #expect(model.isBusy)
        #expect(model.rows.isEmpty)
        await gate.open()
        await loading.value
        #expect(model.isBusy == false)
        #expect(model.rows.map(\.name) == ["Bob Babbage", "Ada Lovelace"])
        #expect(model.rows.map(\.preview) == ["Lunch?", "You: See you"])
        #expect(model.rows.map(\.unreadCount) == [2, 0])
        #expect(model.rows.map(\.unreadLabel) == ["2 unread messages", nil])
        #expect(model.rows.first?.time == "9 Mar at 23:53")
        #expect(model.emptyMessage == nil)

        // Live: Ada writes, her thread goes on top and counts; my own message from another device does not count.
        await model.received(.message(Sample.message(8, in: "t-ada", from: "ada", "Sure!")))
        #expect(model.rows.map(\.name) == ["Ada Lovelace", "Bob Babbage"])
        #expect(model.rows.map(\.unreadCount) == [1, 2])
        await model.received(.message(Sample.message(9, in: "t-bob", from: "me", "Yes, 12:30")))
        #expect(model.rows.map(\.preview) == ["You: Yes, 12:30", "Sure!"])
        #expect(model.rows.map(\.unreadCount) == [2, 1])
        // The same message heard twice counts once.
        await model.received(.message(Sample.message(8, in: "t-ada", from: "ada", "Sure!")))
        #expect(model.rows.map(\.unreadCount) == [2, 1])
        // Read on another device.
        await model.received(
            .read(
                MessageThread(
                    id: "t-bob", eventID: "e1", with: Sample.bob,
                    lastMessage: Sample.message(9, in: "t-bob", from: "me", "Yes, 12:30"), unreadCount: 0,
                    createdAt: Date(timeIntervalSince1970: 0))))
        #expect(model.rows.map(\.unreadLabel) == [nil, "1 unread message"])
        #expect(loads.withLock { $0 } == 1)
        // A thread the list does not know reloads the list.
        await model.received(.message(Sample.message(10, in: "t-new", from: "carol", "Hi")))
        #expect(loads.withLock { $0 } == 2)
    }

    /// The dashboard's Messages link counts a registered person's unread messages at its event only; without a
    /// registration, or when the count fails, there is no badge and nothing else changes.
    @Test func theDashboardBadgesMessagesWithTheUnreadCount() async {
        let registered = Locked(true)
        let threadsFail = Locked(false)
        var client = AttendeeClient()
        client.event = { id in
            EventDetails(
                event: Demo.event(), registration: registered.withLock { $0 } ? Registration(eventID: id) : nil)
        }
        client.threads = { _ in
            if threadsFail.withLock({ $0 }) { throw URLError(.notConnectedToInternet) }
            return [
                MessageThread(id: "t1", eventID: "e1", with: Sample.ada, unreadCount: 2, createdAt: .distantPast),
                MessageThread(id: "t2", eventID: "e1", with: Sample.bob, unreadCount: 1, createdAt: .distantPast),
                MessageThread(id: "t3", eventID: "e2", with: Sample.bob, unreadCount: 5, createdAt: .distantPast),
            ]
        }
        let dashboard = EventDetailsModel(client: client, eventID: "e1")
        await dashboard.appeared()
        #expect(dashboard.badge(.messages) == 3)
        #expect(DashboardLink.allCases.filter { $0 != .messages }.allSatisfy { dashboard.badge($0) == 0 })

        threadsFail.withLock { $0 = true }
        await dashboard.appeared()
        #expect(dashboard.badge(.messages) == 0)
        #expect(dashboard.banner == nil)
        #expect(dashboard.name == "Quartet Summit")

        threadsFail.withLock { $0 = false }
        registered.withLock { $0 = false }
        await dashboard.appeared()
        #expect(dashboard.badge(.messages) == 0)
    }

    @Test func anEmptyListAndAFailingOneSaySo() async {
        var client = AttendeeClient()
        client.threads = { _ in [] }
        let empty = ThreadsModel(client: client)
        await empty.appeared()
        #expect(empty.emptyMessage == "No messages yet. Start a conversation from the attendee list.")

        client.threads = { _ in throw APIError.offline }
        let failing = ThreadsModel(client: client)
        await failing.appeared()
        #expect(failing.banner == .failure("You're offline. Check your connection and try again."))
        #expect(failing.rows.isEmpty)
    }

    /// A message's time is the device's clock, written as the reader's locale writes it: 12-hour in American
    /// English, German words and a 24-hour clock in German. 23:47 UTC on 9 March 2026 is 16:47 in Los Angeles
    /// (on daylight time since the 8th).
    @Test(arguments: [
        (Demo.british, "9 Mar at 16:47"),
        (Demo.american, "Mar 9 at 4:47\u{202F}PM"),
        (Demo.german, "9. März, 16:47"),
    ])
    func aMessagesTimeFollowsTheLocaleAndTheDevicesZone(locale: Locale, time: String) async throws {
        var client = AttendeeClient()
        client.thread = { _ in
            MessageThread(
                id: "t", eventID: "e1", with: Sample.bob, unreadCount: 0, createdAt: Date(timeIntervalSince1970: 0))
        }
        client.olderMessages = { _, _ in
            MessagePage(messages: [Sample.message(1, in: "t", from: "bob", "Hey")], previousCursor: nil)
        }
        client.markRead = { _, _ in
            MessageThread(
                id: "t", eventID: "e1", with: Sample.bob, unreadCount: 0, createdAt: Date(timeIntervalSince1970: 0))
        }
        let device = try #require(TimeZone(identifier: "America/Los_Angeles"))
        let conversation = ConversationModel(client: client, threadID: "t", timeZone: device, locale: locale)
        await conversation.appeared()
        #expect(conversation.rows.map(\.time) == [time])

        client.threads = { _ in
            [
                MessageThread(
                    id: "t", eventID: "e1", with: Sample.bob,
                    lastMessage: Sample.message(1, in: "t", from: "bob", "Hey"),
                    unreadCount: 1, createdAt: Date(timeIntervalSince1970: 0))
            ]
        }
        let threads = ThreadsModel(client: client, eventID: "e1", timeZone: device, locale: locale)
        await threads.appeared()
        #expect(threads.rows.map(\.time) == [time])
    }

    @Test func aConversationLoadsItsNewestPageThenMarksTheNewestRead() async {
        let marks = Locked<[String]>([])
        let asked = Locked<[String?]>([])
        var client = AttendeeClient()
        client.thread = { _ in
            MessageThread(
                id: "t", eventID: "e1", with: Sample.bob, unreadCount: 2, createdAt: Date(timeIntervalSince1970: 0))
        }
        client.olderMessages = { _, before in
            asked.withLock { $0.append(before) }
            return MessagePage(
                messages: [
                    Sample.message(2, in: "t", from: "bob", "Hey"),
                    Sample.message(3, in: "t", from: "bob", "How are you?"),
                ],
                previousCursor: "2")
        }
        client.markRead = { _, messageID in
            marks.withLock { $0.append(messageID) }
            return MessageThread(
                id: "t", eventID: "e1", with: Sample.bob, unreadCount: 0, createdAt: Date(timeIntervalSince1970: 0))
        }
        let model = ConversationModel(client: client, threadID: "t", timeZone: Self.utc, locale: Demo.british)
        await model.appeared()
        #expect(asked.withLock { $0 } == [nil])
        #expect(model.title == "Bob Babbage")
        #expect(model.rows.map(\.text) == ["Hey", "How are you?"])
        #expect(model.rows.map(\.isMine) == [false, false])
        #expect(model.rows.allSatisfy { $0.delivery == .sent && $0.deliveryLabel == nil })
        #expect(model.older == .available)
        #expect(model.olderTitle == "Load Older Messages")
        #expect(model.olderCursor == "2")
        #expect(marks.withLock { $0 } == ["3"])
        #expect(model.thread?.unreadCount == 0)

        // A live message from Bob shows and is marked read; an echo of one already shown changes nothing.
        await model.received(.message(Sample.message(4, in: "t", from: "bob", "Still there?")))
        await model.received(.message(Sample.message(4, in: "t", from: "bob", "Still there?")))
        await model.received(.message(Sample.message(5, in: "other", from: "bob", "Elsewhere")))
        #expect(model.rows.map(\.text) == ["Hey", "How are you?", "Still there?"])
        #expect(marks.withLock { $0 } == ["3", "4"])
    }

    @Test func loadOlderPutsTheOlderPageOnTopUntilTheFirstMessage() async {
        let gate = Gate(isOpen: false)
        let fail = Locked(true)
        var client = AttendeeClient()
        client.thread = { _ in
            MessageThread(id: "t", eventID: "e1", with: Sample.bob, createdAt: Date(timeIntervalSince1970: 0))
        }
        client.markRead = { _, _ in
            MessageThread(id: "t", eventID: "e1", with: Sample.bob, createdAt: Date(timeIntervalSince1970: 0))
        }
        client.olderMessages = { _, before in
            switch before {
            case nil:
                return MessagePage(
                    messages: [
                        Sample.message(5, in: "t", from: "me", "Five"), Sample.message(6, in: "t", from: "bob", "Six"),
                    ],
                    previousCursor: "5")
            case "5":
                await gate.pass()
                if fail.withLock({ $0 }) { throw APIError.offline }
                return MessagePage(
                    messages: [
                        Sample.message(3, in: "t", from: "bob", "Three"),
                        Sample.message(4, in: "t", from: "me", "Four"),
                    ],
                    previousCursor: "3")
            default:
                return MessagePage(messages: [Sample.message(1, in: "t", from: "me", "One")])
            }
        }
        let model = ConversationModel(client: client, threadID: "t", timeZone: Self.utc, locale: Demo.british)
        await model.appeared()
        #expect(model.rows.map(\.text) == ["Five", "Six"])

        // Loading: the row says so and a second tap does nothing; a failure keeps what is shown and the row.
        let first = Task { await model.loadOlderTapped() }
        await gate.arrived(1)
        #expect(model.older == .loading)
        #expect(model.olderTitle == "Loading older messages…")
        await model.loadOlderTapped()
        await gate.open()
        await first.value
        #expect(model.older == .available)
        #expect(model.banner == .failure("You're offline. Check your connection and try again."))
        #expect(model.rows.map(\.text) == ["Five", "Six"])

        fail.withLock { $0 = false }
        await model.loadOlderTapped()
        #expect(model.banner == nil)
        #expect(model.rows.map(\.text) == ["Three", "Four", "Five", "Six"])
        #expect(model.rows.map(\.isMine) == [false, true, true, false])
        #expect(model.older == .available)
        await model.loadOlderTapped()
        #expect(model.rows.map(\.text) == ["One", "Three", "Four", "Five", "Six"])
        #expect(model.older == OlderMessages.none)
        #expect(model.olderTitle == nil)
        #expect(model.olderCursor == nil)
        await model.loadOlderTapped()
        #expect(model.rows.count == 5)
    }

    @Test func aReadConversationIsNotMarkedAgain() async {
        let marks = Locked(0)
        var client = AttendeeClient()
        client.thread = { _ in
            MessageThread(
                id: "t", eventID: "e1", with: Sample.bob, unreadCount: 0, createdAt: Date(timeIntervalSince1970: 0))
        }
        client.olderMessages = { _, _ in MessagePage(messages: [Sample.message(2, in: "t", from: "bob", "Hey")]) }
        client.markRead = { _, _ in
            marks.withLock { $0 += 1 }
            return MessageThread(id: "t", eventID: "e1", with: Sample.bob, createdAt: Date(timeIntervalSince1970: 0))
        }
        let model = ConversationModel(client: client, threadID: "t")
        await model.appeared()
        #expect(marks.withLock { $0 } == 0)
    }

    /// A Retry that sends takes away the line its failed send put up, and only that one: a line another call put
    /// up since (the thread's stream ended) still says what it says.
    @Test func aRetryThatSendsLeavesAnotherCallsLine() async {
        let attempts = Locked(0)
        var client = AttendeeClient()
        client.thread = { _ in
            MessageThread(id: "t", eventID: "e1", with: Sample.bob, createdAt: Date(timeIntervalSince1970: 0))
        }
        client.olderMessages = { _, _ in MessagePage(messages: []) }
        client.threadUpdates = { _ in
            AsyncThrowingStream { $0.finish(throwing: APIError.http(status: 503, problem: nil)) }
        }
        client.sendMessage = { threadID, request, _ in
            let attempt = attempts.withLock {
                $0 += 1
                return $0
            }
            if attempt == 1 { throw APIError.connectionLost }
            return Message(
                id: "11", threadID: threadID, senderID: "me", text: request.text,
                sentAt: Date(timeIntervalSince1970: 1_773_100_000))
        }
        let model = ConversationModel(client: client, threadID: "t", timeZone: Self.utc, locale: Demo.british)
        await model.appeared()
        model.draftChanged("Hello")
        await model.sendTapped()
        #expect(model.banner == .failure("The connection was lost. Try again."))
        await model.listen()
        let streamLine = model.banner
        #expect(streamLine != nil)
        #expect(streamLine != .failure("The connection was lost. Try again."))

        await model.retryTapped(id: model.rows[0].id)
        #expect(model.rows.map(\.delivery) == [.sent])
        #expect(model.banner == streamLine)
    }

    @Test func sendingShowsPendingThenSentOrFailedWithRetry() async {
        let gate = Gate(isOpen: false)
        let attempts = Locked(0)
        var client = AttendeeClient()
        client.thread = { _ in
            MessageThread(id: "t", eventID: "e1", with: Sample.bob, createdAt: Date(timeIntervalSince1970: 0))
        }
        client.olderMessages = { _, _ in MessagePage(messages: []) }
        client.sendMessage = { threadID, request, _ in
            let attempt = attempts.withLock {
                $0 += 1
                return $0
            }
            await gate.pass()
            if attempt == 2 { throw APIError.connectionLost }
            return Message(
                id: String(10 + attempt), threadID: threadID, senderID: "me", text: request.text,
                sentAt: Date(timeIntervalSince1970: 1_773_100_000))
        }
        let model = ConversationModel(client: client, threadID: "t", timeZone: Self.utc, locale: Demo.british)
        await model.appeared()
        #expect(model.isSendEnabled == false)
        #expect(model.draftProblem == nil)
        #expect(model.sendTitle == "Send")

        model.draftChanged("Hello")
        #expect(model.isSendEnabled)
        let sending = Task { await model.sendTapped() }
        await gate.arrived(1)
        #expect(model.draft == "")
        #expect(model.rows.map(\.text) == ["Hello"])
        #expect(model.rows.map(\.delivery) == [.pending])
        #expect(model.rows.map(\.deliveryLabel) == ["Sending…"])
        #expect(model.rows.first?.time == nil)
        // The thread's stream brings the message before the answer does: it shows once.
        await model.received(
            .message(
                Message(
                    id: "11", threadID: "t", senderID: "me", text: "Hello",
                    sentAt: Date(timeIntervalSince1970: 1_773_100_000))))
        await gate.open()
        await sending.value
        #expect(model.rows.map(\.id) == ["11"])
        #expect(model.rows.map(\.delivery) == [.sent])
        #expect(model.rows.first?.time == "9 Mar at 23:46")

        model.draftChanged("Are you there?")
        await model.sendTapped()
        #expect(model.rows.map(\.text) == ["Hello", "Are you there?"])
        #expect(model.rows.map(\.delivery) == [.sent, .failed])
        #expect(model.rows.last?.deliveryLabel == "Not sent")
        #expect(model.banner == .failure("The connection was lost. Try again."))
        let failedID = model.rows[1].id
        await model.retryTapped(id: failedID)
        #expect(model.rows.map(\.delivery) == [.sent, .sent])
        #expect(model.rows.map(\.id) == ["11", "13"])
        #expect(attempts.withLock { $0 } == 3)
        // Retry worked: nothing is left unsent, and the line that said so goes (it stayed until the page was left).
        #expect(model.banner == nil)
    }

    /// The server stored a message and its answer was lost: the thread's stream (or a re-read when the
    /// conversation opens again) brings it with the key it was sent with, and it shows once, as sent, where it used
    /// to show twice (sent, and "Not sent" with Retry) until Retry was tapped.
    @Test func aMessageWhoseAnswerWasLostShowsOnceWhenItIsHeardOf() async {
        let stored = Locked<[Message]>([])
        var client = AttendeeClient()
        client.thread = { _ in
            MessageThread(id: "t", eventID: "e1", with: Sample.bob, createdAt: Date(timeIntervalSince1970: 0))
        }
        client.olderMessages = { _, _ in MessagePage(messages: stored.withLock { $0 }) }
        client.sendMessage = { threadID, request, key in
            stored.withLock {
                $0.append(
                    Message(
                        id: String(11 + $0.count), threadID: threadID, senderID: "me", text: request.text,
                        sentAt: Date(timeIntervalSince1970: 1_773_100_000), idempotencyKey: key))
            }
            throw APIError.connectionLost
        }
        let model = ConversationModel(client: client, threadID: "t", timeZone: Self.utc, locale: Demo.british)
        await model.appeared()

        model.draftChanged("Hello")
        await model.sendTapped()
        #expect(model.rows.map(\.delivery) == [.failed])
        let heard = stored.withLock { $0 }
        #expect(heard.count == 1)
        for message in heard { await model.received(.message(message)) }
        #expect(model.rows.map(\.id) == ["11"])
        #expect(model.rows.map(\.delivery) == [.sent])

        // Again, and this time the conversation is opened afresh before anything is heard.
        model.draftChanged("Still there?")
        await model.sendTapped()
        #expect(model.rows.map(\.delivery) == [.sent, .failed])
        await model.appeared()
        #expect(model.rows.map(\.text) == ["Hello", "Still there?"])
        #expect(model.rows.map(\.delivery) == [.sent, .sent])
        // Another message with the same words is not taken for it: only the key says which one it is.
        model.draftChanged("Hello")
        await model.sendTapped()
        await model.received(
            .message(
                Message(
                    id: "20", threadID: "t", senderID: "me", text: "Hello",
                    sentAt: Date(timeIntervalSince1970: 1_773_100_000), idempotencyKey: "another-device")))
        #expect(model.rows.map(\.delivery) == [.sent, .sent, .sent, .failed])
    }

    /// A message sent while the server cannot be reached is kept as "Not sent" with Retry, and the line says it
    /// was not sent rather than only that the server was out of reach.
    @Test func aMessageSentOfflineSaysItWasNotSent() async {
        var client = AttendeeClient()
        client.thread = { _ in
            MessageThread(id: "t", eventID: "e1", with: Sample.bob, createdAt: Date(timeIntervalSince1970: 0))
        }
        client.olderMessages = { _, _ in MessagePage(messages: []) }
        client.sendMessage = { _, _, _ in throw APIError.cannotConnect }
        let model = ConversationModel(client: client, threadID: "t", timeZone: Self.utc, locale: Demo.british)
        await model.appeared()
        model.draftChanged("Hello")
        await model.sendTapped()
        #expect(model.rows.map(\.text) == ["Hello"])
        #expect(model.rows.map(\.delivery) == [.failed])
        #expect(model.banner == .failure("You're offline: your message was not sent."))
    }

    @Test func theMessageBoxSaysWhatStopsIt() async {
        let sends = Locked(0)
        var client = AttendeeClient()
        client.sendMessage = { _, _, _ in
            sends.withLock { $0 += 1 }
            throw AttendeeClient.callNotInTest
        }
        let model = ConversationModel(client: client, threadID: "t")
        model.draftChanged("   ")
        #expect(model.draftProblem == nil)
        await model.sendTapped()
        #expect(model.draftProblem == .empty)
        #expect(model.draftProblem?.messageText == "Write something first.")
        model.draftChanged(String(repeating: "👍🏽", count: MessageRules.textLimit))
        #expect(model.draftProblem == nil)
        #expect(model.isSendEnabled)
        model.draftChanged(String(repeating: "👍🏽", count: MessageRules.textLimit + 3))
        #expect(model.draftProblem == .tooLong(limit: MessageRules.textLimit))
        #expect(model.draftProblem?.messageText == "The text must be at most 2,000 characters.")
        model.draftChanged("a\u{0}b")
        #expect(model.draftProblem == .invalidCharacter)
        await model.sendTapped()
        #expect(sends.withLock { $0 } == 0)
        #expect(model.rows.isEmpty)
    }
}

/// The people and messages the scripted clients answer with.
private enum Sample {
    static let ada = PersonReference(id: "ada", name: "Ada Lovelace")
    static let bob = PersonReference(id: "bob", name: "Bob Babbage")

    static func message(_ id: Int, in thread: String, from sender: String, _ text: String) -> Message {
        Message(
            id: String(id), threadID: thread, senderID: sender, text: text,
            sentAt: Date(timeIntervalSince1970: 1_773_100_000 + Double(id) * 60))
    }
}

/// The live streams as the models hear them: parsed events, followed until the stream ends.
@MainActor @Suite struct InboxStreamTests {
    @Test func streamEventsBecomeUpdatesAndUnknownKindsAreSkipped() throws {
        let message = Sample.message(4, in: "t", from: "bob", "Hi")
        let data = String(decoding: try AttendeeCoding.encoder().encode(message), as: UTF8.self)
        #expect(InboxUpdate(ServerEvent(type: MessageRules.newMessageEvent, data: data)) == .message(message))
        #expect(InboxUpdate(ServerEvent(type: "ready", data: "{}")) == nil)
        #expect(InboxUpdate(ServerEvent(type: "poll.results", data: data)) == nil)
        #expect(InboxUpdate(ServerEvent(type: MessageRules.newMessageEvent, data: #"{"id":"4"}"#)) == nil)
    }

    @Test func theListFollowsTheInboxStreamUntilItEnds() async {
        var client = AttendeeClient()
        client.threads = { _ in
            [MessageThread(id: "t", eventID: "e1", with: Sample.bob, createdAt: Date(timeIntervalSince1970: 0))]
        }
        client.inboxUpdates = {
            AsyncThrowingStream { continuation in
                continuation.yield(.change(.message(Sample.message(1, in: "t", from: "bob", "One"))))
                continuation.yield(.change(.message(Sample.message(2, in: "t", from: "bob", "Two"))))
                continuation.finish(throwing: APIError.connectionLost)
            }
        }
        let model = ThreadsModel(client: client)
        await model.appeared()
        #expect(model.rows.map(\.preview) == ["No messages yet"])
        await model.listen()
        #expect(model.rows.map(\.preview) == ["Two"])
        #expect(model.rows.map(\.unreadCount) == [2])
        #expect(model.banner == .failure("The connection was lost. Try again."))
    }

    /// Pulled down while live: a message heard while the list is read still shows when a list read before it
    /// lands.
    @Test func aMessageHeardWhileTheListIsReadIsNotLostWhenItLands() async {
        let gate = Gate()
        var client = AttendeeClient()
        client.threads = { _ in
            await gate.pass()
            return [MessageThread(id: "t", eventID: "e1", with: Sample.bob, createdAt: Date(timeIntervalSince1970: 0))]
        }
        client.inboxUpdates = {
            AsyncThrowingStream { continuation in
                continuation.yield(.change(.message(Sample.message(1, in: "t", from: "bob", "One"))))
                continuation.finish()
            }
        }
        let model = ThreadsModel(client: client)
        await model.appeared()
        await gate.close()
        let pulled = Task { await model.appeared() }
        await gate.arrived(2)
        await model.listen()
        #expect(model.rows.map(\.preview) == ["One"])
        await gate.open()
        await pulled.value
        #expect(model.rows.map(\.preview) == ["One"])
        #expect(model.rows.map(\.unreadCount) == [1])
    }

    /// What a stream's `ready` says, as the screens hear it: one that does not resume (or does not say) asks for
    /// a resync; one that resumes, and the other events, do not.
    @Test func aReadyThatDoesNotResumeAsksForAResync() throws {
        func ready(_ data: String) -> ServerEvent { ServerEvent(type: LiveReady.eventType, data: data) }
        #expect(ready(#"{"resumed":false}"#).startsAfresh)
        #expect(ready("{}").startsAfresh)
        #expect(ready("not json").startsAfresh)
        #expect(ready(#"{"resumed":true}"#).startsAfresh == false)
        #expect(ServerEvent(type: MessageRules.newMessageEvent, data: #"{"resumed":false}"#).startsAfresh == false)
    }

    @Test func theConversationFollowsItsThreadStream() async {
        let marks = Locked<[String]>([])
        var client = AttendeeClient()
        client.thread = { _ in
            MessageThread(id: "t", eventID: "e1", with: Sample.bob, createdAt: Date(timeIntervalSince1970: 0))
        }
        client.olderMessages = { _, _ in MessagePage(messages: []) }
        client.markRead = { id, messageID in
            marks.withLock { $0.append(messageID) }
            return MessageThread(id: id, eventID: "e1", with: Sample.bob, createdAt: Date(timeIntervalSince1970: 0))
        }
        client.threadUpdates = { threadID in
            #expect(threadID == "t")
            return AsyncThrowingStream { continuation in
                continuation.yield(.change(.message(Sample.message(5, in: "t", from: "bob", "Are you coming?"))))
                continuation.finish()
            }
        }
        let model = ConversationModel(client: client, threadID: "t")
        await model.appeared()
        #expect(model.rows.isEmpty)
        #expect(marks.withLock { $0 }.isEmpty)
        await model.listen()
        #expect(model.rows.map(\.text) == ["Are you coming?"])
        #expect(model.rows.map(\.author) == ["Bob Babbage"])
        #expect(marks.withLock { $0 } == ["5"])
        #expect(model.banner == nil)
    }
}

/// Starting a conversation from the attendee list, through the live client against the real server.
@MainActor @Suite struct MessageFromAttendeesTests {
    /// Opening the conversation and leaving it leaves no thread on the server; the first message starts the one
    /// thread, and opening again shows it with its message.
    @Test func theAttendeeDetailsMessageButtonOpensTheOneThread() async throws {
        try await AttendeeTestServer.with { server in
            _ = try await server.registeredAttendee("Bob Babbage")
            let client = try LiveScreenTests.client(server, LiveScreenTests.MemoryTokens())
            _ = try await client.signUp(SignUpRequest(email: "ana@example.com", password: "correct horse", name: "Ana"))
            _ = try await client.register(server.eventID)

            let attendees = AttendeesModel(client: client, eventID: server.eventID)
            await attendees.appeared()
            let bob = try #require(attendees.rows.first { $0.name == "Bob Babbage" })
            attendees.rowTapped(bob.id)
            attendees.messageTapped()
            #expect(attendees.selected == nil)
            let opened = try #require(attendees.conversation)
            await opened.appeared()
            #expect(opened.title == "Bob Babbage")
            #expect(opened.rows.isEmpty)
            attendees.conversationClosed()
            #expect(attendees.conversation == nil)
            #expect(try await client.threads(server.eventID).isEmpty)

            // Again, and this time a message: it starts the one thread, and the message is in it.
            attendees.rowTapped(bob.id)
            attendees.messageTapped()
            let writing = try #require(attendees.conversation)
            await writing.appeared()
            writing.draftChanged("Lunch?")
            await writing.sendTapped()
            #expect(writing.rows.map(\.delivery) == [.sent])
            let threads = try await client.threads(server.eventID)
            #expect(threads.count == 1)
            #expect(threads.first?.lastMessage?.text == "Lunch?")
            attendees.conversationClosed()

            // And again: the thread there is, with its message, and still one thread.
            attendees.rowTapped(bob.id)
            attendees.messageTapped()
            let again = try #require(attendees.conversation)
            await again.appeared()
            #expect(again.threadID == threads.first?.id)
            #expect(again.rows.map(\.text) == ["Lunch?"])
            #expect(try await client.threads(server.eventID).count == 1)

            // A model that does not know who is looking offers Message on one's own card: the first message is
            // refused in the app's words, and starts nothing.
            let me = try #require(attendees.rows.first { $0.name == "Ana" })
            attendees.conversationClosed()
            attendees.rowTapped(me.id)
            attendees.messageTapped()
            let yourself = try #require(attendees.conversation)
            yourself.draftChanged("Me")
            await yourself.sendTapped()
            #expect(yourself.banner == .failure("You cannot message yourself."))
            #expect(yourself.draft == "Me")
            #expect(try await client.threads(server.eventID).count == 1)
        }
    }
}
