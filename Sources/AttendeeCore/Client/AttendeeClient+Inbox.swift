import APIClient
import AttendeeModels
import Foundation
import HTTPTypes

/// What a live inbox or thread stream says.
public enum InboxUpdate: Sendable, Hashable {
    /// A new message in one of the caller's threads.
    case message(Message)
    /// The caller marked a thread read (maybe on another device): the thread with its new unread count.
    case read(MessageThread)
    /// The caller's seat changed without their asking (``AttendanceResult/changedEvent``): the seat they waited for
    /// is theirs, or they moved up a waitlist.
    case seat(AttendanceResult)

    /// The update an event of the stream carries, `nil` for `ready` and kinds this version does not know.
    public init?(_ event: ServerEvent) {
        let update: Self? =
            switch event.type {
            case MessageRules.newMessageEvent: AttendeeCoding.liveUpdate(event.data, Self.message)
            case MessageRules.readEvent: AttendeeCoding.liveUpdate(event.data, Self.read)
            case AttendanceResult.changedEvent: AttendeeCoding.liveUpdate(event.data, Self.seat)
            default: nil
            }
        guard let update else { return nil }
        self = update
    }
}

extension AttendeeClient {
    /// Sets the messages and notes calls to go through `api`.
    mutating func useInbox(_ api: APIClient) {
        @Sendable func call<T: Decodable & Sendable>(
            _ route: Route, _ values: [String], query: [URLQueryItem] = [], body: (any Encodable & Sendable)? = nil,
            idempotencyKey: String? = nil
        ) async throws -> T {
            try await api.send(
                Endpoint<T>(
                    route, values, query: query, body: body.map { RequestBody.json($0) },
                    idempotencyKey: idempotencyKey, response: .json()))
        }
        @Sendable func updates(_ route: Route, _ values: [String]) -> LiveChanges<InboxUpdate> {
            AttendeeClient.updates(api.events(Endpoint<Void>(route, values, response: .none)), InboxUpdate.init)
        }
        startThread = { try await call(AttendeeRoute.startThread, [$0], body: StartThreadRequest(personID: $1)) }
        threads = { eventID in
            try await call(
                AttendeeRoute.threads, [], query: eventID.map { [URLQueryItem(name: "eventID", value: $0)] } ?? [])
        }
        thread = { try await call(AttendeeRoute.thread, [$0]) }
        messages = { threadID, after in
            try await call(
                AttendeeRoute.messages, [threadID], query: after.map { [URLQueryItem(name: "after", value: $0)] } ?? [])
        }
        olderMessages = { threadID, before in
            try await call(
                AttendeeRoute.messages, [threadID],
                query: [URLQueryItem(name: "before", value: before ?? MessageRules.newestCursor)])
        }
        sendMessage = { try await call(AttendeeRoute.sendMessage, [$0], body: $1, idempotencyKey: $2) }
        markRead = { try await call(AttendeeRoute.markRead, [$0], body: MarkReadRequest(messageID: $1)) }
        inboxUpdates = { updates(AttendeeRoute.meLive, []) }
        threadUpdates = { updates(AttendeeRoute.threadLive, [$0]) }
        notes = { eventID, sessionID in
            try await call(
                AttendeeRoute.notes, [eventID],
                query: sessionID.map { [URLQueryItem(name: "sessionID", value: $0)] } ?? [])
        }
        note = { try await call(AttendeeRoute.note, [$0]) }
        createNote = { try await call(AttendeeRoute.createNote, [$0], body: $1, idempotencyKey: $2) }
        updateNote = { try await call(AttendeeRoute.updateNote, [$0], body: $1) }
        deleteNote = { try await api.send(Endpoint<Void>(AttendeeRoute.deleteNote, [$0], response: .none)) }
        uploadAttachment = { eventID, fileName, data, key in
            try await api.send(
                Endpoint<MediaFile>(
                    AttendeeRoute.uploadAttachment, [eventID], query: [URLQueryItem(name: "name", value: fileName)],
                    body: .data(data, contentType: "application/octet-stream"), idempotencyKey: key,
                    response: .json()))
        }
    }
}
