import AttendeeModels
import Foundation
import HTTPServer

/// Polls and quizzes: creating, editing (drafts), deleting, opening and closing them (organizers, a session's speakers), answering them
/// (attendees), and a session's live stream. Each change is published to live streams after its commit.
struct PollController: Sendable {
    let service: AttendeeService
    var store: AttendeeStore { service.store }

    func list(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        return try .json(try await store.polls(eventID: try request.parameter("eventID"), userID: userID))
    }

    func create(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let draft = try request.decode(PollDraft.self)
        let key = try IdempotencyKey(request, body: draft)
        let created = try await store.createPoll(
            eventID: try request.parameter("eventID"), userID: userID, draft, key: key)
        service.live.publish(created.events)
        return created.response
    }

    func details(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        return try .json(try await store.poll(id: try request.parameter("pollID"), userID: userID))
    }

    func edit(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let edit = try request.decode(PollEdit.self)
        return try publish(try await store.editPoll(id: try request.parameter("pollID"), userID: userID, edit))
    }

    func delete(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let events = try await store.deletePoll(id: try request.parameter("pollID"), userID: userID)
        service.live.publish(events)
        return .noContent
    }

    func open(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        return try publish(try await store.openPoll(id: try request.parameter("pollID"), userID: userID))
    }

    func close(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        return try publish(try await store.closePoll(id: try request.parameter("pollID"), userID: userID))
    }

    func answer(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let answer = try request.decode(PollAnswer.self)
        return try publish(try await store.answerPoll(id: try request.parameter("pollID"), userID: userID, answer))
    }

    /// A session's stream, for the event's attendees and organizer and the session's speakers.
    func sessionLive(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let sessionID = try request.parameter("sessionID")
        return try await service.liveStream(request, userID: userID, [.session(sessionID)]) { db in
            let session = try AttendeeStore.session(id: sessionID, userID: nil, db)
            if try AttendeeStore.speaks(sessionID: sessionID, userID: userID, db) { return }
            try AttendeeStore.requireMembership(eventID: session.eventID, userID: userID, db)
        }
    }

    private func publish(_ change: PollChange) throws -> Response {
        service.live.publish(change.events)
        return try .json(change.poll)
    }
}
