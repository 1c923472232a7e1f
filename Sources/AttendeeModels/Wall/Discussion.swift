import Foundation
import PublicInit

/// A message in a session's discussion.
@PublicInit
public struct DiscussionMessage: Codable, Sendable, Hashable, Identifiable {
    /// The message's id.
    public var id: String
    /// The session discussed.
    public var sessionID: String
    /// Who wrote it.
    public var author: PersonReference
    /// The text, emoji and all (may be empty when there is a picture).
    public var text: String
    /// An uploaded image, by its media id.
    public var imageID: String?
    /// When it was written.
    public var createdAt: Date
}

/// `GET /sessions/:sessionID/discussion`: one page of messages, newest first.
@PublicInit
public struct DiscussionPage: Codable, Sendable, Hashable {
    /// The messages of this page.
    public var messages: [DiscussionMessage]
    /// Pass as `cursor` for the next (older) page; `nil` on the last page.
    public var nextCursor: String?
    /// Who is reading.
    public var viewer: PostViewer
}

/// A deleted discussion message, as the live stream tells it.
@PublicInit
public struct DiscussionDeletion: Codable, Sendable, Hashable {
    /// The message.
    public var messageID: String
}

/// A change in a session's discussion, as `GET /sessions/:sessionID/discussion/live` tells it.
public enum DiscussionUpdate: Sendable, Hashable {
    /// Someone wrote.
    case posted(DiscussionMessage)
    /// A message was deleted.
    case deleted(DiscussionDeletion)

    /// The SSE event types, as the server sends them.
    public enum Kind: String, Sendable, CaseIterable {
        /// ``DiscussionUpdate/posted(_:)``.
        case posted = "discussion.message"
        /// ``DiscussionUpdate/deleted(_:)``.
        case deleted = "discussion.deleted"
    }

    /// The update's SSE event type.
    public var kind: Kind {
        switch self {
        case .posted: .posted
        case .deleted: .deleted
        }
    }

    /// Reads an SSE event; `nil` for other kinds and for data that does not decode.
    public init?(kind: String, data: String) {
        let update: Self? =
            switch Kind(rawValue: kind) {
            case .posted?: AttendeeCoding.liveUpdate(data, Self.posted)
            case .deleted?: AttendeeCoding.liveUpdate(data, Self.deleted)
            case nil: nil
            }
        guard let update else { return nil }
        self = update
    }
}
