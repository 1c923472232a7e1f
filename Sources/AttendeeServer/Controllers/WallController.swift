import AttendeeModels
import Foundation
import HTTPServer

/// The event wall and the session discussions: reading, writing, likes, deleting, and the discussion's stream.
///
/// Every write commits its change with its live event, then publishes the event to this instance's streams.
struct WallController: Sendable {
    let service: AttendeeService
    var store: AttendeeStore { service.store }

    func page(_ request: Request) async throws -> Response {
        try await feedPage(request) { userID, cursor, limit in
            try await store.wallPage(
                eventID: try request.parameter("eventID"), userID: userID, cursor: cursor, limit: limit)
        }
    }

    func post(_ request: Request) async throws -> Response {
        try await created(request, NewPost.self) { userID, new, key in
            try await store.createWallPost(eventID: try request.parameter("eventID"), userID: userID, new, key: key)
        }
    }

    func delete(_ request: Request) async throws -> Response {
        try await removed(request) { userID in
            try await store.deleteWallPost(
                postID: try WallRequest.id(try request.parameter("postID"), "post"), userID: userID)
        }
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
            postID: try WallRequest.id(try request.parameter("postID"), "post"), userID: userID, like: like)
        if let event { service.live.publish(event) }
        return try .json(likes)
    }

    func reply(_ request: Request) async throws -> Response {
        try await created(request, NewWallReply.self) { userID, new, key in
            let postID = try WallRequest.id(try request.parameter("postID"), "post")
            return try await store.createWallReply(postID: postID, userID: userID, new, key: key)
        }
    }

    func replies(_ request: Request) async throws -> Response {
        try await feedPage(request) { userID, cursor, limit in
            try await store.wallReplies(
                postID: try WallRequest.id(try request.parameter("postID"), "post"), userID: userID, cursor: cursor,
                limit: limit)
        }
    }

    /// Answers what was deleted (200), with the post's reply version it made, so the app that deleted it can tell
    /// a page read before it from one read after.
    func deleteReply(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let (deletion, event) = try await store.deleteWallReply(
            replyID: try WallRequest.id(try request.parameter("replyID"), "reply"), userID: userID)
        service.live.publish(event)
        return try .json(deletion)
    }

    // MARK: - Discussions

    func discussion(_ request: Request) async throws -> Response {
        try await feedPage(request) { userID, cursor, limit in
            try await store.discussionPage(
                sessionID: try request.parameter("sessionID"), userID: userID, cursor: cursor, limit: limit)
        }
    }

    func discussionPost(_ request: Request) async throws -> Response {
        try await created(request, NewPost.self) { userID, new, key in
            try await store.createDiscussionMessage(
                sessionID: try request.parameter("sessionID"), userID: userID, new, key: key)
        }
    }

    func discussionDelete(_ request: Request) async throws -> Response {
        try await removed(request) { userID in
            try await store.deleteDiscussionMessage(
                messageID: try WallRequest.id(try request.parameter("messageID"), "message"), userID: userID)
        }
    }

    /// A session discussion's stream, for members of the session's event.
    func discussionLive(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let sessionID = try request.parameter("sessionID")
        return try await service.liveStream(request, userID: userID, [.session(sessionID)]) { db in
            _ = try AttendeeStore.requireDiscussionMember(sessionID: sessionID, userID: userID, db)
        }
    }

    // MARK: - The shape every handler here shares

    // NB: each helper asks who is signed in before its closure reads the body or the path, so a caller without
    // a session gets 401 whatever else is wrong with the request, as before.

    /// A page of a feed for the signed-in reader, after the request's `cursor`, at most `limit` items.
    private func feedPage<Page: Encodable>(
        _ request: Request, _ read: (_ userID: String, KeysetCursor?, Int) async throws -> Page
    ) async throws -> Response {
        let userID = try await service.requireUser(request)
        let (cursor, limit) = try WallRequest.page(request)
        return try .json(try await read(userID, cursor, limit))
    }

    /// A write by the signed-in user that makes something from a body of type `New`, once per `Idempotency-Key`:
    /// once committed, its live event goes to this instance's streams and the answer is 201 with what was made (a
    /// repeat of the key answers the first's answer and publishes nothing).
    private func created<New: Codable>(
        _ request: Request, _ type: New.Type,
        _ write: (_ userID: String, New, IdempotencyKey?) async throws -> CreatedAnswer
    ) async throws -> Response {
        let userID = try await service.requireUser(request)
        let new = try Self.decode(New.self, request)
        let created = try await write(userID, new, try IdempotencyKey(request, body: new))
        service.live.publish(created.events)
        return created.response
    }

    /// A removal by the signed-in user: once committed, its live event goes to the streams; the answer is 204.
    private func removed(_ request: Request, _ write: (_ userID: String) async throws -> LiveEvent)
        async throws -> Response
    {
        service.live.publish(try await write(try await service.requireUser(request)))
        return .noContent
    }

    /// Decodes a body: 413 past ``Request/jsonBodyLimit``, 400 for malformed JSON or invalid UTF-8, 422 for a
    /// missing field.
    private static func decode<T: Decodable>(_ type: T.Type, _ request: Request) throws -> T {
        try request.decode(T.self, decoder: AttendeeCoding.decoder())
    }
}
