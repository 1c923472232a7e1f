import AttendeeModels
import Foundation
import HTTPServer

/// One session: details, taking and giving back a seat, its attendees and its feedback.
struct SessionController: Sendable {
    let service: AttendeeService
    var store: AttendeeStore { service.store }

    func details(_ request: Request) async throws -> Response {
        let userID = try await service.optionalUser(request)
        return try .json(try await store.session(id: try request.parameter("sessionID"), userID: userID))
    }

    /// The page a shared link opens in any browser (``SessionPage``).
    func page(_ request: Request) async throws -> Response {
        let session = try await store.session(id: try request.parameter("sessionID"), userID: nil)
        let event = try await store.eventDetails(id: session.eventID, userID: nil).event
        return Response(
            status: .ok, headers: ["Content-Type": "text/html; charset=utf-8"],
            body: Data(SessionPage(session: session, event: event).html.utf8))
    }

    func attend(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let body = request.body.isEmpty ? AttendRequest() : try request.decode(AttendRequest.self)
        let result = try await store.attend(
            sessionID: try request.parameter("sessionID"), userID: userID, joinWaitlistIfFull: body.joinWaitlistIfFull)
        service.agendaCache.invalidate()
        return try .json(result)
    }

    func leave(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let (result, moved) = try await store.leave(sessionID: try request.parameter("sessionID"), userID: userID)
        service.agendaCache.invalidate()
        service.live.publish(moved)
        return try .json(result)
    }

    func attendees(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        return try .json(
            try await store.sessionAttendees(sessionID: try request.parameter("sessionID"), callerID: userID))
    }

    func feedback(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let feedback = try request.decode(SessionFeedback.self)
        try await store.giveSessionFeedback(sessionID: try request.parameter("sessionID"), userID: userID, feedback)
        return .noContent
    }
}
