import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import TestSupport
import Testing

/// A screen reads its page, then opens its live stream; a change made between the two is on neither. Each live
/// screen, through the live client against the real server in process: the change is made in that window, and
/// the stream's first `ready` (which says it does not resume) has the screen read again and show it.
///
/// NB: the time limit only ends a run that hangs (a screen that ignores `ready` would wait for ever).
@MainActor @Suite(.timeLimit(.minutes(5))) struct LiveResyncTests {
    /// A signed-up, registered person's live client, ending every live stream once the screen has dealt with
    /// its first `ready`.
    static func person(_ name: String, _ server: AttendeeTestServer) async throws -> (AttendeeClient, String) {
        let client = try LiveScreenTests.client(server, LiveScreenTests.MemoryTokens())
        let email = name.lowercased().replacingOccurrences(of: " ", with: ".") + "@example.com"
        let session = try await client.signUp(SignUpRequest(email: email, password: "correct horse", name: name))
        _ = try await client.register(server.eventID)
        return (client.endingAfterReady(), session.profile.person.id)
    }

    @Test func theWallShowsAPostMadeBetweenItsPageAndItsStream() async throws {
        try await AttendeeTestServer.with { server in
            let bo = try await server.registeredAttendee("Bo Chen")
            let liked = try await server.post(bo, "Before")
            let (ana, _) = try await Self.person("Ana Ferreira", server)
            let wall = WallModel(client: ana, eventID: server.eventID, timeZone: .gmt)
            await wall.appeared()
            #expect(wall.rows.map(\.text) == ["Before"])

            _ = try await server.post(bo, "In the window")
            #expect(try await server.like(liked.id, bo).status == .ok)
            await wall.listen()
            #expect(wall.rows.map(\.text) == ["In the window", "Before"])
            #expect(wall.rows.map(\.likes) == ["No likes", "1 like"])
            #expect(wall.isLoading == false)
            #expect(wall.banner == nil)
        }
    }

    @Test func aDiscussionShowsAMessageSentBetweenItsPageAndItsStream() async throws {
        try await AttendeeTestServer.with { server in
            let session = try await server.firstSessionID()
            let (ana, _) = try await Self.person("Ana Ferreira", server)
            let (bo, _) = try await Self.person("Bo Chen", server)
            let discussion = DiscussionModel(client: ana, sessionID: session, timeZone: .gmt)
            await discussion.appeared()
            #expect(discussion.rows.isEmpty)

            _ = try await bo.postToDiscussion(session, NewPost(text: "In the window"), UUID().uuidString)
            await discussion.listen()
            #expect(discussion.rows.map(\.text) == ["In the window"])
            #expect(discussion.emptyMessage == nil)
        }
    }

    @Test func theInboxAndTheConversationShowAMessageSentBetweenTheirPageAndTheirStream() async throws {
        try await AttendeeTestServer.with { server in
            let (ana, anaID) = try await Self.person("Ana Ferreira", server)
            let (bo, _) = try await Self.person("Bo Chen", server)
            let thread = try await bo.startThread(server.eventID, anaID)
            _ = try await bo.sendMessage(thread.id, SendMessageRequest(text: "First"), UUID().uuidString)

            let inbox = ThreadsModel(client: ana, eventID: server.eventID)
            await inbox.appeared()
            #expect(inbox.rows.map(\.preview) == ["First"])
            let conversation = ConversationModel(client: ana, threadID: thread.id)
            await conversation.appeared()
            #expect(conversation.rows.map(\.text) == ["First"])

            _ = try await bo.sendMessage(thread.id, SendMessageRequest(text: "In the window"), UUID().uuidString)
            await inbox.listen()
            #expect(inbox.rows.map(\.preview) == ["In the window"])
            #expect(inbox.rows.map(\.unreadCount) == [1])
            await conversation.listen()
            #expect(conversation.rows.map(\.text) == ["First", "In the window"])
            // Read while the conversation is open: Bo's thread shows nothing unread.
            #expect(try await ana.threads(server.eventID).map(\.unreadCount) == [0])
            #expect(conversation.banner == nil)
        }
    }

    @Test func aPollAndTheDashboardCardShowAChangeMadeBetweenTheirReadAndTheirStream() async throws {
        try await AttendeeTestServer.with { server in
            let organizer = try await server.organizer("Olga Organizer")
            let poll = try await server.createPoll(PollTests.colour, organizer).decode(Poll.self)
            let (ana, _) = try await Self.person("Ana Ferreira", server)
            let dashboard = EventDetailsModel(client: ana, eventID: server.eventID)
            await dashboard.appeared(now: Demo.at("2027-01-01T00:00", "Europe/Lisbon"))
            #expect(dashboard.livePoll == nil)

            _ = try await server.action("open", poll.id, organizer)
            await dashboard.followLive()
            #expect(dashboard.livePoll?.question == "Favourite colour?")
            #expect(dashboard.liveNotice == nil)

            let screen = LivePollModel(client: ana, pollID: poll.id)
            await screen.appeared()
            #expect(screen.phase == .open)
            screen.optionTapped(questionID: "1", optionID: "1-2")
            _ = try await server.action("close", poll.id, organizer)
            await screen.follow()
            #expect(screen.phase == .closed)
            #expect(screen.canPick == false)
            #expect(screen.banner == nil)
        }
    }
}

extension AttendeeClient {
    /// This client with every live stream ending once the screen has dealt with the stream's first `ready`, so
    /// a test can wait for `listen` and look at what that `ready` did.
    func endingAfterReady() -> AttendeeClient {
        var client = self
        let (wall, discussion, inbox, thread, live) = (
            wallUpdates, discussionUpdates, inboxUpdates, threadUpdates, self.live
        )
        client.wallUpdates = { Self.through(wall($0)) { $0 == .resync } }
        client.discussionUpdates = { Self.through(discussion($0)) { $0 == .resync } }
        client.inboxUpdates = { Self.through(inbox()) { $0 == .resync } }
        client.threadUpdates = { Self.through(thread($0)) { $0 == .resync } }
        client.live = { Self.through(live($0)) { $0.type == LiveReady.eventType } }
        return client
    }

    /// `events` up to and including the first for which `isLast` holds.
    private static func through<Element: Sendable>(
        _ events: AsyncThrowingStream<Element, any Error>, _ isLast: @escaping @Sendable (Element) -> Bool
    ) -> AsyncThrowingStream<Element, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Element, any Error>.makeStream()
        let task = Task {
            do {
                for try await element in events {
                    continuation.yield(element)
                    if isLast(element) { break }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
