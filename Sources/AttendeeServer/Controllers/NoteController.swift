import AttendeeModels
import Foundation
import HTTPServer

/// My Notes: list, view, write, edit (with the version edited) and delete, each for the author only.
struct NoteController: Sendable {
    let service: AttendeeService
    var store: AttendeeStore { service.store }

    func list(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let sessionID = request.query["sessionID"].flatMap { $0.isEmpty ? nil : $0 }
        return try .json(
            try await store.notes(eventID: try request.parameter("eventID"), authorID: userID, sessionID: sessionID))
    }

    func create(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let draft = try request.decode(NoteDraft.self)
        if let error = draft.validationError() {
            throw HTTPError(.unprocessableContent, detail: error.message, field: error.field)
        }
        let key = try IdempotencyKey(request, body: draft)
        return try await store.createNote(eventID: try request.parameter("eventID"), authorID: userID, draft, key: key)
            .response
    }

    func details(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        return try .json(try await store.note(id: try request.parameter("noteID"), authorID: userID))
    }

    func update(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let noteID = try request.parameter("noteID")
        // NB: someone else's note is a 404 before its body is looked at, so nothing about it leaks.
        _ = try await store.note(id: noteID, authorID: userID)
        let edit = try request.decode(NoteEdit.self)
        if let error = edit.validationError() {
            throw HTTPError(.unprocessableContent, detail: error.message, field: error.field)
        }
        return try .json(try await store.updateNote(id: noteID, authorID: userID, edit))
    }

    func delete(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        try await store.deleteNote(id: try request.parameter("noteID"), authorID: userID)
        return .noContent
    }
}
