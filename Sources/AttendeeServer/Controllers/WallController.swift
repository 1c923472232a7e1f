import AttendeeModels
import Foundation
import HTTPServer

/// The event wall and the session discussions: reading, writing, likes, deleting, and the discussion's stream.
///
/// Every write commits its change with its live event, then publishes the event to this instance's streams.
struct WallController: Sendable {
    let service: AttendeeService
    var store: AttendeeStore { service.store }

    /// The largest body a post, reply or message may send: room for ``PostText/limit`` characters of long
    /// emoji sequences, far below the server's upload limit.
    static let bodyLimit = 256 * 1024

    func page(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let (cursor, limit) = try PostCursor.page(request)
        return try .json(
            try await store.wallPage(
                eventID: try request.parameter("eventID"), userID: userID, cursor: cursor, limit: limit))
    }

    func post(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let new = try Self.decode(NewPost.self, request)
        let (post, event) = try await store.createWallPost(
            eventID: try request.parameter("eventID"), userID: userID, new)
        service.live.publish(event)
        return try .json(post, status: .created)
    }

    func delete(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let event = try await store.deleteWallPost(
            postID: try PostCursor.id(try request.parameter("postID"), "post"), userID: userID)
        service.live.publish(event)
        return .noContent
    }

    func like(_ request: Request) async throws -> Response {
        try await setLike(request, like: true)
    }

    func unlike(_ request: Request) async throws -> Response {
        try await setLike(request, like: false)
    }

    private func setLike(_ request: Request, like: Bool) async throws -> Response {
        let userID = try await service.requireUser(request)
        let (likes, event) = try await store.setLike(
            postID: try PostCursor.id(try request.parameter("postID"), "post"), userID: userID, like: like)
        if let event { service.live.publish(event) }
        return try .json(likes)
    }

    func reply(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let postID = try PostCursor.id(try request.parameter("postID"), "post")
        let new = try Self.decode(NewWallReply.self, request)
        let (reply, event) = try await store.createWallReply(postID: postID, userID: userID, new)
        service.live.publish(event)
        return try .json(reply, status: .created)
    }

    func deleteReply(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let event = try await store.deleteWallReply(
            replyID: try PostCursor.id(try request.parameter("replyID"), "reply"), userID: userID)
        service.live.publish(event)
        return .noContent
    }

    // MARK: - Discussions

    func discussion(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let (cursor, limit) = try PostCursor.page(request)
        return try .json(
            try await store.discussionPage(
                sessionID: try request.parameter("sessionID"), userID: userID, cursor: cursor, limit: limit))
    }

    func discussionPost(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let new = try Self.decode(NewPost.self, request)
        let (message, event) = try await store.createDiscussionMessage(
            sessionID: try request.parameter("sessionID"), userID: userID, new)
        service.live.publish(event)
        return try .json(message, status: .created)
    }

    func discussionDelete(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let event = try await store.deleteDiscussionMessage(
            messageID: try PostCursor.id(try request.parameter("messageID"), "message"), userID: userID)
        service.live.publish(event)
        return .noContent
    }

    /// A session discussion's stream, for members of the session's event.
    func discussionLive(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let sessionID = try request.parameter("sessionID")
        try await store.database.read { db in
            _ = try AttendeeStore.requireDiscussionMember(sessionID: sessionID, userID: userID, db)
        }
        return Response(
            body: .eventStream(service.live.stream([.session(sessionID)], lastEventID: request.lastEventID)))
    }

    /// Decodes a body: 413 past ``bodyLimit``, 400 for malformed JSON or invalid UTF-8, 422 for a missing field.
    private static func decode<T: Decodable>(_ type: T.Type, _ request: Request) throws -> T {
        guard request.body.count <= bodyLimit else {
            throw HTTPError(.contentTooLarge, detail: "The text is too long.")
        }
        return try request.decode(T.self, decoder: AttendeeCoding.decoder())
    }
}
