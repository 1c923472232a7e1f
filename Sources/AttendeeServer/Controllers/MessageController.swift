import AttendeeModels
import Foundation
import HTTPServer

/// Threads between attendees, their messages, read marks and live streams.
struct MessageController: Sendable {
    let service: AttendeeService
    var store: AttendeeStore { service.store }

    func start(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let body = try request.decode(StartThreadRequest.self)
        let (thread, created) = try await store.startThread(
            eventID: try request.parameter("eventID"), callerID: userID, personID: body.personID)
        return try .json(thread, status: created ? .created : .ok)
    }

    func list(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let eventID = request.query["eventID"].flatMap { $0.isEmpty ? nil : $0 }
        return try .json(try await store.threads(callerID: userID, eventID: eventID))
    }

    func details(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        return try .json(try await store.thread(id: try request.parameter("threadID"), callerID: userID))
    }

    func messages(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let before = try Self.before(request)
        var cursor: Int64 = 0
        if let after = request.query["after"], !after.isEmpty {
            guard let value = MessageRules.cursor(after) else {
                throw HTTPError(.unprocessableContent, detail: "The cursor is not valid.", field: "after")
            }
            cursor = value
        }
        let limit = try request.pageSize(
            default: MessageRules.defaultPageSize, maximum: MessageRules.maximumPageSize)
        let threadID = try request.parameter("threadID")
        if let before {
            return try .json(
                try await store.messages(threadID: threadID, callerID: userID, before: before, limit: limit))
        }
        return try .json(try await store.messages(threadID: threadID, callerID: userID, after: cursor, limit: limit))
    }

    /// The `before` cursor: a message id, or ``MessageRules/newestCursor`` for the newest page (`Int64.max`).
    private static func before(_ request: Request) throws -> Int64? {
        guard let text = request.query["before"], !text.isEmpty else { return nil }
        if request.query["after"].map({ !$0.isEmpty }) == true {
            throw HTTPError(
                .unprocessableContent, detail: "Ask for messages after or before, not both.", field: "before")
        }
        if text == MessageRules.newestCursor { return .max }
        // NB: no leading zero, as the document's pattern says (a message id is never 0).
        guard let value = MessageRules.cursor(text), value > 0, !text.hasPrefix("0") else {
            throw HTTPError(.unprocessableContent, detail: "The cursor is not valid.", field: "before")
        }
        return value
    }

    func send(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let threadID = try request.parameter("threadID")
        // NB: a stranger learns nothing from the body's validation: the thread is checked first.
        _ = try await store.thread(id: threadID, callerID: userID)
        let body = try request.decode(SendMessageRequest.self)
        if let error = body.validationError() {
            throw HTTPError(.unprocessableContent, detail: error.message, field: error.field)
        }
        let key = try IdempotencyKey(request, body: body)
        let sent = try await store.send(threadID: threadID, callerID: userID, body, key: key)
        service.live.publish(sent.events)
        return sent.response
    }

    func markRead(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let threadID = try request.parameter("threadID")
        _ = try await store.thread(id: threadID, callerID: userID)
        let body = try request.decode(MarkReadRequest.self)
        let (thread, event) = try await store.markRead(threadID: threadID, callerID: userID, messageID: body.messageID)
        service.live.publish(event)
        return try .json(thread)
    }

    /// A thread's stream: its new messages, for its two participants only.
    func threadLive(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let threadID = try request.parameter("threadID")
        return try await service.liveStream(request, userID: userID, [.thread(threadID)]) { db in
            _ = try AttendeeStore.otherParticipant(threadID: threadID, userID: userID, db)
        }
    }

    /// The caller's own stream: new messages in any of their threads, and their read marks.
    func meLive(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        return try await service.liveStream(request, userID: userID, [.person(userID)])
    }
}
