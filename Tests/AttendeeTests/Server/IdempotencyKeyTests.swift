import AttendeeModels
import AttendeeServer
import AttendeeTestSupport
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import TestSupport
import Testing

/// A create sent again with its `Idempotency-Key` (after an answer the connection lost) makes nothing twice: the
/// same account, key and request answer what the first answered; the key with another request is refused.
@Suite struct IdempotencyKeyTests {
    /// Every Attendee create whose retry would otherwise store a person's words twice.
    enum Create: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case message, note, wallPost, wallReply, discussionMessage, poll

        var testDescription: String { rawValue }

        /// Where its rows are counted.
        var table: String {
            switch self {
            case .message: "attendee_message"
            case .note: "attendee_note"
            case .wallPost: "attendee_wall_post"
            case .wallReply: "attendee_wall_reply"
            case .discussionMessage: "attendee_discussion_message"
            case .poll: "attendee_poll"
            }
        }
    }

    /// Two people, and where each create of theirs goes with its two different bodies.
    struct Scene {
        let ada: Messenger
        let bob: Messenger
        let path: String
        let first: Data
        let second: Data
    }

    static func scene(_ create: Create, _ server: AttendeeTestServer) async throws -> Scene {
        let ada = try await server.messenger("Ada Lovelace")
        let bob = try await server.messenger("Bob Babbage")
        func json(_ value: some Encodable) throws -> Data { try Response.jsonEncoder.encode(value) }
        let twoPosts = (try json(NewPost(text: "See you at lunch")), try json(NewPost(text: "See you at dinner")))
        switch create {
        case .message:
            let thread = try await server.startThread(ada, with: bob).decode(MessageThread.self)
            return Scene(
                ada: ada, bob: bob, path: "/attendee/v1/threads/\(thread.id)/messages",
                first: try json(SendMessageRequest(text: "See you at lunch")),
                second: try json(SendMessageRequest(text: "See you at dinner")))
        case .note:
            return Scene(
                ada: ada, bob: bob, path: "/attendee/v1/events/\(server.eventID)/notes",
                first: try json(NoteDraft(text: "Bring a charger")), second: try json(NoteDraft(text: "Bring two")))
        case .wallPost:
            return Scene(ada: ada, bob: bob, path: server.wallPath, first: twoPosts.0, second: twoPosts.1)
        case .wallReply:
            let post = try await server.post(bob.token, "Lunch?")
            return Scene(
                ada: ada, bob: bob, path: "/attendee/v1/wall/\(post.id)/replies",
                first: try json(NewWallReply(text: "Yes")), second: try json(NewWallReply(text: "No")))
        case .discussionMessage:
            let sessionID = try #require(try await server.agenda().first?.id)
            return Scene(
                ada: ada, bob: bob, path: "/attendee/v1/sessions/\(sessionID)/discussion", first: twoPosts.0,
                second: twoPosts.1)
        case .poll:
            try await server.makeOrganizer(ada.token)
            return Scene(
                ada: ada, bob: bob, path: "/attendee/v1/events/\(server.eventID)/polls",
                first: try json(PollTests.colour), second: try json(PollTests.quiz))
        }
    }

    @Test(arguments: DatabaseKind.eachDialect, Create.allCases)
    func theSameRequestWithTheSameKeyStoresOnceAndAnswersTheSame(_ kind: DatabaseKind, _ create: Create)
        async throws
    {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(create, server)
            let key = UUID().uuidString
            let first = try await server.create(scene.path, scene.first, by: scene.ada, key: key)
            #expect(first.status == .created, "\(first.bodyText)")
            let (rows, events) = (try await server.count(create.table), try await server.count("attendee_live_event"))

            let again = try await server.create(scene.path, scene.first, by: scene.ada, key: key)
            #expect(again.status == first.status)
            #expect(again.bodyText == first.bodyText)
            #expect(again.headers["Content-Type"] == first.headers["Content-Type"])
            #expect(try await server.count(create.table) == rows)
            #expect(try await server.count("attendee_live_event") == events)
            if create == .message {
                #expect(try await server.threads(scene.bob).first?.unreadCount == 1)
            }
        }
    }

    @Test(arguments: DatabaseKind.eachDialect, Create.allCases)
    func theSameKeyWithAnotherRequestIsRefused(_ kind: DatabaseKind, _ create: Create) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(create, server)
            let key = UUID().uuidString
            #expect(try await server.create(scene.path, scene.first, by: scene.ada, key: key).status == .created)
            let rows = try await server.count(create.table)

            let other = try await server.create(scene.path, scene.second, by: scene.ada, key: key)
            #expect(other.status == .unprocessableContent)
            #expect(other.headers["Content-Type"] == "application/problem+json")
            #expect(other.problem["type"] == IdempotencyKeyRules.reusedType)
            #expect(other.problem["field"] == IdempotencyKeyRules.header)
            #expect(try await server.count(create.table) == rows)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect, Create.allCases)
    func anotherAccountsSameKeyMakesItsOwn(_ kind: DatabaseKind, _ create: Create) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(create, server)
            let key = UUID().uuidString
            let adas = try await server.create(scene.path, scene.first, by: scene.ada, key: key)
            #expect(adas.status == .created)
            let rows = try await server.count(create.table)
            // NB: a poll is its event's organizer's to make; Bob becomes it.
            if create == .poll { try await server.makeOrganizer(scene.bob.token) }

            let bobs = try await server.create(scene.path, scene.first, by: scene.bob, key: key)
            #expect(bobs.status == .created, "\(bobs.bodyText)")
            #expect(bobs.bodyText != adas.bodyText)
            #expect(try await server.count(create.table) == rows + 1)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect, Create.allCases)
    func withoutAKeyEachRequestMakesOneAsBefore(_ kind: DatabaseKind, _ create: Create) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(create, server)
            let rows = try await server.count(create.table)
            #expect(try await server.create(scene.path, scene.first, by: scene.ada, key: nil).status == .created)
            #expect(try await server.create(scene.path, scene.first, by: scene.ada, key: nil).status == .created)
            #expect(try await server.count(create.table) == rows + 2)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect, Create.allCases)
    func aMalformedOrOverlongKeyIsA400NamingTheHeader(_ kind: DatabaseKind, _ create: Create) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(create, server)
            let rows = try await server.count(create.table)
            let longest = String(repeating: "k", count: IdempotencyKeyRules.maximumLength)
            for bad in [longest + "k", "two words", "back\\slash", "\"\"", "caf\u{E9}"] {
                let refused = try await server.create(scene.path, scene.first, by: scene.ada, key: bad)
                #expect(refused.status == .badRequest, "\(bad)")
                #expect(refused.problem["field"] == IdempotencyKeyRules.header)
                #expect(refused.problem["type"] == IdempotencyKeyRules.invalidType)
            }
            #expect(try await server.count(create.table) == rows)
            // The longest key, and a key in the draft's quotes (the same key as without them), are taken.
            let taken = try await server.create(scene.path, scene.first, by: scene.ada, key: longest)
            #expect(taken.status == .created)
            let quoted = try await server.create(scene.path, scene.first, by: scene.ada, key: "\"\(longest)\"")
            #expect(quoted.bodyText == taken.bodyText)
            #expect(try await server.count(create.table) == rows + 1)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func aRefusedCreateLeavesItsKeyFreeForTheRetry(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(.note, server)
            let key = UUID().uuidString
            let photo = "not-a-photo-of-mine"
            let refused = try await server.create(
                scene.path, try Response.jsonEncoder.encode(NoteDraft(text: "Hi", imageID: photo)), by: scene.ada,
                key: key)
            #expect(refused.status != .created)
            // The same key with the corrected request is a first request: nothing was kept of the refused one.
            #expect(try await server.create(scene.path, scene.first, by: scene.ada, key: key).status == .created)
        }
    }

    /// The hourly cleanup forgets every account's keys past their retention, also those of an account that never
    /// creates again (a create sweeps only its own account's), and keeps the others.
    @Test(arguments: DatabaseKind.eachDialect)
    func theCleanupForgetsKeysPastTheirRetentionOfEveryAccount(_ kind: DatabaseKind) async throws {
        let clock = TestClock()
        let onTheClock: (inout AttendeeService.Configuration) -> Void = { $0.now = clock.closure }
        try await AttendeeTestServer.with(kind, configure: onTheClock) { server in
            let scene = try await Self.scene(.note, server)
            #expect(try await server.create(scene.path, scene.first, by: scene.ada, key: "ada-1").status == .created)
            clock.advance(by: 3600)
            #expect(try await server.create(scene.path, scene.first, by: scene.bob, key: "bob-1").status == .created)
            #expect(try await server.count("attendee_idempotency_key") == 2)
            // Ada's key is past the day it is kept, Bob's is not; neither creates again.
            clock.advance(by: 24 * 3600 - 1800)
            let cleanup = server.service.startCleanup(every: .seconds(3600))
            defer { cleanup.cancel() }
            for _ in 0..<3000 where try await server.count("attendee_idempotency_key") != 1 {
                try await Task.sleep(for: .milliseconds(20))
            }
            let kept = try await server.database.read { db in
                try db.fetchColumn(String.self, "SELECT idempotency_key FROM attendee_idempotency_key")
            }
            #expect(kept == ["bob-1"])
        }
    }

    /// A message names the key it was sent with, in the answer (a repeat's too) and in every later read, so the
    /// sender's conversation knows the message it shows as not sent (its answer lost) when it hears of it; one
    /// sent without a key names none.
    @Test(arguments: DatabaseKind.eachDialect)
    func aMessageNamesTheKeyItWasSentWith(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(.message, server)
            let key = UUID().uuidString
            let sent = try await server.create(scene.path, scene.first, by: scene.ada, key: key)
            #expect(try sent.decode(Message.self).idempotencyKey == key)
            let repeated = try await server.create(scene.path, scene.first, by: scene.ada, key: key)
            #expect(try repeated.decode(Message.self).idempotencyKey == key)
            #expect(try await server.create(scene.path, scene.second, by: scene.ada, key: nil).status == .created)
            for reader in [scene.ada, scene.bob] {
                let page = try await server.client.get(scene.path, headers: AttendeeTestServer.auth(reader.token))
                    .decode(MessagePage.self)
                #expect(page.messages.map(\.idempotencyKey) == [key, nil])
            }
        }
    }
}

extension AttendeeTestServer {
    /// `POST path` with a JSON body as `caller`, with `key` as its `Idempotency-Key` when there is one.
    func create(_ path: String, _ body: Data, by caller: Messenger, key: String?) async throws -> Response {
        var headers = Self.auth(caller.token)
        if let key { headers[IdempotencyKeyRules.header] = key }
        return try await client.post(path, body: body, headers: headers)
    }

    /// How many rows `table` holds (a name from the test's own list).
    func count(_ table: String) async throws -> Int {
        try await database.read { db in
            try db.fetchValue(Int.self, SQL(raw: "SELECT COUNT(*) FROM \(table)")) ?? 0
        }
    }
}
