import AttendeeModels
import Foundation
import HTTPServer

/// Events, registration, the agenda, event feedback and programme import.
struct EventController: Sendable {
    let service: AttendeeService
    var store: AttendeeStore { service.store }

    func list(_ request: Request) async throws -> Response {
        try .json(try await store.events())
    }

    func details(_ request: Request) async throws -> Response {
        let userID = try await service.optionalUser(request)
        return try .json(try await store.eventDetails(id: try request.parameter("eventID"), userID: userID))
    }

    func register(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let (registration, created) = try await store.register(
            eventID: try request.parameter("eventID"), userID: userID)
        return try .json(registration, status: created ? .created : .ok)
    }

    func additionalInfo(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let submission = try request.decode(AdditionalInfoSubmission.self)
        return try .json(
            try await store.submitAdditionalInfo(
                eventID: try request.parameter("eventID"), userID: userID, submission))
    }

    func agenda(_ request: Request) async throws -> Response {
        let eventID = try request.parameter("eventID")
        if let userID = try await service.optionalUser(request) {
            return try .json(try await store.agenda(eventID: eventID, userID: userID))
        }
        let cache = service.agendaCache
        let now = service.configuration.now()
        let body: Data
        if let cached = cache.lookup(eventID, at: now) {
            body = cached
        } else {
            let generation = cache.generation
            do {
                body = try Response.jsonEncoder.encode(try await store.agenda(eventID: eventID, userID: nil))
            } catch {
                cache.abandon(eventID)
                throw error
            }
            cache.store(body, for: eventID, generation: generation, at: now)
        }
        return Response(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8"], body: body)
    }

    func myAgenda(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        return try .json(
            try await store.agenda(eventID: try request.parameter("eventID"), userID: userID, onlyAttending: true))
    }

    func feedback(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let feedback = try request.decode(EventFeedback.self)
        try await store.giveEventFeedback(eventID: try request.parameter("eventID"), userID: userID, feedback)
        return .noContent
    }

    func importProgramme(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        // NB: dates are read as every route reads them (a fraction of a second, which the document's `date-time`
        // allows, is dropped), not with the stricter `.iso8601` of `AttendeeCoding`.
        let programme = try request.decode(
            ConferenceProgramme.self, decoder: Request.jsonDecoder, limit: ConferenceProgramme.maximumBodySize)
        if let error = programme.validationError() {
            throw HTTPError(.unprocessableContent, detail: error.message, field: error.field)
        }
        let (summary, moved) = try await store.importProgrammeMovingSeats(programme, organizerID: userID)
        service.agendaCache.invalidate()
        service.live.publish(moved)
        return try .json(summary, status: summary.eventCreated ? .created : .ok)
    }
}
