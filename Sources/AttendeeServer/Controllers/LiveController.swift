import AttendeeModels
import Foundation
import HTTPServer

/// The live-update streams: who may listen to which topic.
struct LiveController: Sendable {
    let service: AttendeeService

    /// An event's stream, for its registered attendees and its organizer, while they are and stay signed in.
    func event(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let eventID = try request.parameter("eventID")
        return try await service.liveStream(request, userID: userID, [.event(eventID)]) { db in
            try AttendeeStore.requireMembership(eventID: eventID, userID: userID, db)
        }
    }
}
