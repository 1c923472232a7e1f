import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import HTTPServer
import Locking
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A send whose answer the connection lost after the server stored it: the screen says it was not sent and keeps
/// the draft; the person's retry goes with the same `Idempotency-Key`, so the server stores it once. A new draft
/// goes with a new key. Driven through the live client against the real server, in process.
@MainActor @Suite struct IdempotentSendTests {
    /// A network that loses the answer of every create (`POST`) while `dropping`, after the server handled it,
    /// and remembers the key each create went with.
    final class LosingAnswers: Sendable {
        private let state = Locked((dropping: false, keys: [String?]()))

        var dropping: Bool {
            get { state.withLock { $0.dropping } }
            set { state.withLock { $0.dropping = newValue } }
        }

        /// The `Idempotency-Key` of each create that reached the server, in order.
        var keys: [String?] { state.withLock { $0.keys } }

        func client(_ server: AttendeeTestServer, _ tokens: LiveScreenTests.MemoryTokens) throws -> AttendeeClient {
            AttendeeClient.live(
                baseURL: try #require(URL(string: "http://attendee.test")), transport: transport(server),
                tokens: tokens.store)
        }

        /// The media client over the same network.
        func media(_ server: AttendeeTestServer, _ tokens: LiveScreenTests.MemoryTokens) throws
            -> AttendeeMediaClient
        {
            AttendeeMediaClient.live(
                baseURL: try #require(URL(string: "http://attendee.test")), transport: transport(server),
                tokens: tokens.store)
        }

        private func transport(_ server: AttendeeTestServer) -> HTTPTransport {
            let base = HTTPTransport.inProcess(server.client)
            return HTTPTransport(
                send: { request in
                    let answer = try await base.send(request)
                    guard request.httpMethod == "POST", request.url?.path.hasSuffix("/registration") == false,
                        request.url?.path.contains("/auth/") == false
                    else { return answer }
                    let lost = self.state.withLock { state in
                        state.keys.append(request.value(forHTTPHeaderField: IdempotencyKeyRules.header))
                        return state.dropping
                    }
                    if lost { throw URLError(.networkConnectionLost) }
                    return answer
                }, upload: base.upload, download: base.download, stream: base.stream)
        }
    }

    /// A signed-up attendee of the demo event, with the live client over a network that loses answers.
    static func attendee(_ server: AttendeeTestServer, _ network: LosingAnswers) async throws -> AttendeeClient {
        let client = try network.client(server, LiveScreenTests.MemoryTokens())
        _ = try await client.signUp(SignUpRequest(email: "ana@example.com", password: "correct horse", name: "Ana"))
        _ = try await client.register(server.eventID)
        return client
    }

    @Test func aGalleryPhotoUploadedAgainAfterALostAnswerIsStoredOnce() async throws {
        try await AttendeeTestServer.with { server in
            let network = LosingAnswers()
            let tokens = LiveScreenTests.MemoryTokens()
            let client = try network.client(server, tokens)
            _ = try await client.signUp(SignUpRequest(email: "ana@example.com", password: "correct horse", name: "Ana"))
            _ = try await client.register(server.eventID)
            let gallery = GalleryModel(client: try network.media(server, tokens), eventID: server.eventID)
            let (baseline, rows) = (network.keys.count, try await server.count("attendee_media"))
            let photo = try MediaFixtures.jpeg(width: 64, height: 48)

            network.dropping = true
            await gallery.photoPicked(fileName: "lunch.jpg", data: photo)
            guard case .failed = gallery.upload else {
                Issue.record("a lost answer is shown as failed, not \(gallery.upload)")
                return
            }
            network.dropping = false
            let attempts = network.keys.count - baseline
            await gallery.photoPicked(fileName: "lunch.jpg", data: photo)
            #expect(gallery.upload == .done(fileName: "lunch.jpg"))
            #expect(try await server.count("attendee_media") == rows + 1)

            // The same photo picked again once stored is another photo, with a new key.
            await gallery.photoPicked(fileName: "lunch.jpg", data: photo)
            #expect(try await server.count("attendee_media") == rows + 2)
            Self.expectOneKeyThenAnother(Array(network.keys.dropFirst(baseline)), firstAttempts: attempts + 1)
        }
    }

    @Test func aPhotoAttachedAgainAfterALostAnswerIsStoredOnce() async throws {
        try await AttendeeTestServer.with { server in
            let network = LosingAnswers()
            let client = try await Self.attendee(server, network)
            let wall = WallModel(client: client, eventID: server.eventID)
            let (baseline, rows) = (network.keys.count, try await server.count("attendee_media"))
            let photo = try MediaFixtures.jpeg(width: 64, height: 48)

            network.dropping = true
            await wall.attachment.photoPicked(fileName: "lunch.jpg", data: photo)
            #expect(wall.attachment.imageID == nil)
            network.dropping = false
            let attempts = network.keys.count - baseline
            await wall.attachment.photoPicked(fileName: "lunch.jpg", data: photo)
            #expect(wall.attachment.imageID != nil)
            #expect(try await server.count("attendee_media") == rows + 1)

            wall.attachment.removeTapped()
            await wall.attachment.photoPicked(fileName: "lunch.jpg", data: photo)
            #expect(try await server.count("attendee_media") == rows + 2)
            Self.expectOneKeyThenAnother(Array(network.keys.dropFirst(baseline)), firstAttempts: attempts + 1)
        }
    }

    /// The keys sent: every attempt of the first send (the client's own retries included) with one key, and a
    /// different one for what came after.
    static func expectOneKeyThenAnother(_ keys: [String?], firstAttempts: Int) {
        #expect(keys.count == firstAttempts + 1)
        let first = keys.prefix(firstAttempts)
        #expect(first.allSatisfy { $0 != nil && $0 == keys.first })
        #expect(keys.last != nil && keys.last != keys.first)
    }

    @Test func aMessageRetriedAfterALostAnswerIsStoredOnce() async throws {
        try await AttendeeTestServer.with { server in
            let network = LosingAnswers()
            let client = try await Self.attendee(server, network)
            let bob = try await server.messenger("Bob Babbage")
            let thread = try await client.startThread(server.eventID, bob.id)
            let baseline = network.keys.count
            let model = ConversationModel(client: client, threadID: thread.id)
            await model.appeared()

            network.dropping = true
            model.draftChanged("See you at lunch")
            await model.sendTapped()
            #expect(model.rows.map(\.delivery) == [.failed])
            network.dropping = false
            let attempts = network.keys.count - baseline
            await model.retryTapped(id: try #require(model.rows.first?.id))
            #expect(model.rows.map(\.delivery) == [.sent])
            #expect(try await server.messages(bob, thread.id).map(\.text) == ["See you at lunch"])
            #expect(try await server.threads(bob).first?.unreadCount == 1)

            // The same words again are a new message, with a new key.
            model.draftChanged("See you at lunch")
            await model.sendTapped()
            #expect(try await server.messages(bob, thread.id).count == 2)
            Self.expectOneKeyThenAnother(Array(network.keys.dropFirst(baseline)), firstAttempts: attempts + 1)
        }
    }

    /// The server stored a message whose answer the connection lost: the thread's stream brings it, and the row
    /// shows it sent. The line that said it was not sent goes with it (it stayed, over a row that said sent).
    @Test func aMessageWhoseAnswerWasLostTakesItsNotSentLineAwayWhenTheStreamBringsIt() async throws {
        try await AttendeeTestServer.with { server in
            let network = LosingAnswers()
            let client = try await Self.attendee(server, network)
            let bob = try await server.messenger("Bob Babbage")
            let thread = try await client.startThread(server.eventID, bob.id)
            let model = ConversationModel(client: client, threadID: thread.id)
            await model.appeared()

            network.dropping = true
            model.draftChanged("See you at lunch")
            await model.sendTapped()
            #expect(model.rows.map(\.delivery) == [.failed])
            #expect(model.banner == .failure("The connection was lost. Try again."))
            network.dropping = false

            let listening = Task { await model.listen() }
            defer { listening.cancel() }
            // NB: the stream's first resync reads the conversation again; a bound, not a timing, in case it never does.
            let deadline = ContinuousClock.now + .seconds(60)
            while model.rows.map(\.delivery) != [.sent], ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))
            }
            #expect(model.rows.map(\.delivery) == [.sent])
            #expect(model.rows.map(\.text) == ["See you at lunch"])
            #expect(model.banner == nil)
            #expect(try await server.messages(bob, thread.id).map(\.text) == ["See you at lunch"])
        }
    }

    @Test func aNoteSavedAgainAfterALostAnswerIsStoredOnce() async throws {
        try await AttendeeTestServer.with { server in
            let network = LosingAnswers()
            let client = try await Self.attendee(server, network)
            let baseline = network.keys.count
            let editor = NoteEditorModel(client: client, eventID: server.eventID)

            network.dropping = true
            editor.textChanged("Bring a charger")
            await editor.saveTapped()
            #expect(editor.saveState == .failed)
            #expect(editor.text == "Bring a charger")
            network.dropping = false
            let attempts = network.keys.count - baseline
            await editor.saveTapped()
            #expect(editor.saveState == .saved)
            #expect(try await client.notes(server.eventID, nil).map(\.text) == ["Bring a charger"])

            // Another note with the same words is another note.
            let next = NoteEditorModel(client: client, eventID: server.eventID)
            next.textChanged("Bring a charger")
            await next.saveTapped()
            #expect(try await client.notes(server.eventID, nil).count == 2)
            Self.expectOneKeyThenAnother(Array(network.keys.dropFirst(baseline)), firstAttempts: attempts + 1)
        }
    }

    @Test func aWallPostSentAgainAfterALostAnswerIsStoredOnce() async throws {
        try await AttendeeTestServer.with { server in
            let network = LosingAnswers()
            let client = try await Self.attendee(server, network)
            let baseline = network.keys.count
            let wall = WallModel(client: client, eventID: server.eventID)

            network.dropping = true
            wall.draftChanged("Lunch at one?")
            await wall.postTapped()
            #expect(wall.banner != nil)
            #expect(wall.draft == "Lunch at one?")
            network.dropping = false
            let attempts = network.keys.count - baseline
            await wall.postTapped()
            #expect(wall.draft == "")
            #expect(try await client.wall(server.eventID, nil, nil).posts.map(\.text) == ["Lunch at one?"])

            wall.draftChanged("Lunch at one?")
            await wall.postTapped()
            #expect(try await client.wall(server.eventID, nil, nil).posts.count == 2)
            Self.expectOneKeyThenAnother(Array(network.keys.dropFirst(baseline)), firstAttempts: attempts + 1)
        }
    }

    @Test func aWallReplySentAgainAfterALostAnswerIsStoredOnce() async throws {
        try await AttendeeTestServer.with { server in
            let network = LosingAnswers()
            let client = try await Self.attendee(server, network)
            let bob = try await server.registeredAttendee("Bob Babbage")
            let post = try await server.post(bob, "Lunch?")
            let baseline = network.keys.count
            let wall = WallModel(client: client, eventID: server.eventID)
            await wall.appeared()

            network.dropping = true
            wall.replyTapped(postID: post.id)
            wall.replyDraftChanged("Yes")
            await wall.sendReplyTapped()
            #expect(wall.replyDraft == "Yes")
            network.dropping = false
            let attempts = network.keys.count - baseline
            await wall.sendReplyTapped()
            #expect(wall.replyingTo == nil)
            #expect(try await Self.replies(client, server, post.id) == ["Yes"])

            wall.replyTapped(postID: post.id)
            wall.replyDraftChanged("Yes")
            await wall.sendReplyTapped()
            #expect(try await Self.replies(client, server, post.id) == ["Yes", "Yes"])
            Self.expectOneKeyThenAnother(Array(network.keys.dropFirst(baseline)), firstAttempts: attempts + 1)
        }
    }

    /// The replies the wall shows under a post.
    static func replies(_ client: AttendeeClient, _ server: AttendeeTestServer, _ postID: String) async throws
        -> [String]
    {
        try await client.wall(server.eventID, nil, nil).posts.first { $0.id == postID }?.replies.map(\.text) ?? []
    }

    @Test func aDiscussionMessageSentAgainAfterALostAnswerIsStoredOnce() async throws {
        try await AttendeeTestServer.with { server in
            let network = LosingAnswers()
            let client = try await Self.attendee(server, network)
            let sessionID = try #require(try await server.agenda().first?.id)
            let baseline = network.keys.count
            let discussion = DiscussionModel(client: client, sessionID: sessionID)

            network.dropping = true
            discussion.draftChanged("Slides, please")
            await discussion.sendTapped()
            #expect(discussion.draft == "Slides, please")
            network.dropping = false
            let attempts = network.keys.count - baseline
            await discussion.sendTapped()
            #expect(discussion.draft == "")
            #expect(try await client.discussion(sessionID, nil, nil).messages.map(\.text) == ["Slides, please"])

            discussion.draftChanged("Slides, please")
            await discussion.sendTapped()
            #expect(try await client.discussion(sessionID, nil, nil).messages.count == 2)
            Self.expectOneKeyThenAnother(Array(network.keys.dropFirst(baseline)), firstAttempts: attempts + 1)
        }
    }

    /// The poll form: the same draft created again goes with its key; a changed draft with a new one.
    @Test func aPollCreatedAgainGoesWithItsKeyAndAChangedOneWithANewKey() async {
        let keys = Locked<[String]>([])
        var client = AttendeeClient()
        client.createPoll = { eventID, draft, key in
            let attempt = keys.withLock {
                $0.append(key)
                return $0.count
            }
            if attempt == 1 { throw APIError.connectionLost }
            return Poll(
                id: "p\(attempt)", eventID: eventID, sessionID: nil, kind: draft.kind, choice: draft.choice,
                state: .draft, questions: [], results: PollResults(voters: 0, questions: []), canManage: true)
        }
        let form = PollComposerModel(client: client, eventID: "e1")
        form.questionChanged(0, text: "Coffee?", options: ["Yes", "No"])
        await form.createTapped()
        #expect(form.created == nil)
        await form.createTapped()
        #expect(form.created?.id == "p2")
        form.questionChanged(0, text: "Tea?", options: ["Yes", "No"])
        await form.createTapped()
        let sent = keys.withLock { $0 }
        #expect(sent.count == 3)
        #expect(sent[0] == sent[1])
        #expect(sent[2] != sent[1])
    }
}
