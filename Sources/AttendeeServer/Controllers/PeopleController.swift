import AttendeeModels
import Foundation
import HTTPServer

/// Speakers, attendees and the caller's own profile.
struct PeopleController: Sendable {
    let service: AttendeeService
    var store: AttendeeStore { service.store }

    func speakers(_ request: Request) async throws -> Response {
        try .json(try await store.speakers(eventID: try request.parameter("eventID")))
    }

    func speaker(_ request: Request) async throws -> Response {
        try .json(
            try await store.speakerProfile(
                eventID: try request.parameter("eventID"), id: try request.parameter("personID")))
    }

    func attendees(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let search = request.query["search"].flatMap { $0.isEmpty ? nil : $0 }
        if let search, search.count > 200 {
            throw HTTPError(.unprocessableContent, detail: "The search is too long.", field: "search")
        }
        return try .json(
            try await store.attendees(eventID: try request.parameter("eventID"), search: search, callerID: userID))
    }

    func person(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        return try .json(try await store.person(id: try request.parameter("personID"), viewerID: userID))
    }

    func me(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        return try .json(try await store.profile(userID: userID))
    }

    func updateMe(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let update = try request.decode(ProfileUpdate.self)
        if let error = update.validationError() {
            throw HTTPError(.unprocessableContent, detail: error.message, field: error.field)
        }
        return try .json(try await store.updateProfile(userID: userID, update))
    }
}
