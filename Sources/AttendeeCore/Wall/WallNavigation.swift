import AttendeeModels
import Foundation

extension SessionDetailsModel {
    /// The session's discussion, once the session has loaded.
    public var discussionDestination: AttendeeDestination? {
        session.map { .discussion(sessionID: $0.id) }
    }

    /// `Discussion`, the link's title.
    public var discussionLinkTitle: String { Strings.text("discussion.title") }
}

extension AttendeeAppModel {
    /// The wall of an event.
    public func wall(_ eventID: String) -> WallModel { WallModel(client: client, eventID: eventID, locale: locale) }

    /// The discussion of a session.
    public func discussion(_ sessionID: String) -> DiscussionModel {
        DiscussionModel(client: client, sessionID: sessionID, locale: locale)
    }
}
