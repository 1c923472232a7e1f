import AttendeeModels
import Foundation

extension SessionDetailsModel {
    /// The session's own Documentation page (where its speakers add slides and handouts), once it has loaded.
    public var documentsDestination: AttendeeDestination? {
        session.map { .documents(eventID: $0.eventID, sessionID: $0.id) }
    }

    /// The words of the link to the session's documents.
    public var documentsLinkTitle: String { Strings.text("session.documents") }
}
