import Foundation
import PublicInit

/// A post on an event's wall, newest first, with its replies oldest first.
@PublicInit
public struct WallPost: Codable, Sendable, Hashable, Identifiable {
    /// The post's id.
    public var id: String
    /// The event whose wall it is on.
    public var eventID: String
    /// Who wrote it.
    public var author: PersonReference
    /// The text (may be empty when there is a picture).
    public var text: String
    /// An uploaded image, by its media id.
    public var imageID: String?
    /// When it was posted.
    public var createdAt: Date
    /// How many people like it.
    public var likeCount: Int = 0
    /// Whether the reader likes it (always `false` in a live event, which everyone hears alike).
    public var likedByMe: Bool = false
    /// Its replies, oldest first: on a wall page the latest ``PostPaging/inlineReplies`` of them, the rest
    /// paged with ``earlierRepliesCursor``.
    public var replies: [WallReply] = []
    /// How many replies it has in all; `nil` from a server that did not say, whose ``replies`` are all of them.
    public var replyCount: Int?
    /// How many times its replies have changed (one written or deleted) when ``replyCount`` was read: a live reply
    /// or reply deletion carries the version it made, so an app applies one only to a post read before it.
    /// `nil` from a server that did not say.
    public var replyVersion: Int?
    /// Pass as `cursor` to `GET /wall/:postID/replies` for the replies before ``replies``; `nil` when there are
    /// none.
    public var earlierRepliesCursor: String?
}

/// `GET /wall/:postID/replies`: one page of a post's replies, going back in time.
@PublicInit
public struct WallReplyPage: Codable, Sendable, Hashable {
    /// The replies of this page, oldest first.
    public var replies: [WallReply]
    /// Pass as `cursor` for the page of replies before these; `nil` on the first page.
    public var nextCursor: String?
}

/// A reply to a wall post.
@PublicInit
public struct WallReply: Codable, Sendable, Hashable, Identifiable {
    /// The reply's id.
    public var id: String
    /// The post it answers.
    public var postID: String
    /// Who wrote it.
    public var author: PersonReference
    /// The text.
    public var text: String
    /// When it was written.
    public var createdAt: Date
    /// In the answer that wrote it and its live event, its post's ``WallPost/replyVersion`` once it was written;
    /// `nil` in a page of replies.
    public var replyVersion: Int?
}

/// `GET /events/:eventID/wall`: one page of posts, newest first.
@PublicInit
public struct WallPage: Codable, Sendable, Hashable {
    /// The posts of this page.
    public var posts: [WallPost]
    /// Pass as `cursor` for the next (older) page; `nil` on the last page.
    public var nextCursor: String?
    /// Who is reading.
    public var viewer: PostViewer
}

/// `POST /events/:eventID/wall` and `POST /sessions/:sessionID/discussion`: a new post on the wall, or a new
/// message in a discussion (the same body: text, a picture or both).
@PublicInit
public struct NewPost: Codable, Sendable, Hashable {
    /// The text; may be empty when `imageID` is given.
    public var text: String
    /// An uploaded image, by its media id.
    public var imageID: String?
}

/// `POST /wall/:postID/replies`: a reply.
@PublicInit
public struct NewWallReply: Codable, Sendable, Hashable {
    /// The text.
    public var text: String
}

/// The answer to liking or unliking, and the `wall.likes` live event.
@PublicInit
public struct WallLikes: Codable, Sendable, Hashable {
    /// The post.
    public var postID: String
    /// How many people like it now.
    public var likeCount: Int
    /// Whether the caller likes it now (`nil` in a live event).
    public var likedByMe: Bool?
    /// In a live event, whose like changed, so their own app (and their other devices) can tell its echo from
    /// someone else's like.
    public var changedBy: String?
    /// In a live event, whether ``changedBy`` likes the post now.
    public var changerLikes: Bool?
}

/// What was deleted from a wall: a post (`replyID == nil`) or one reply. A reply's is also the answer to
/// `DELETE /wall-replies/:replyID`.
@PublicInit
public struct WallDeletion: Codable, Sendable, Hashable {
    /// The post, or the post of the reply.
    public var postID: String
    /// The reply, when a reply was deleted.
    public var replyID: String?
    /// For a reply, its post's ``WallPost/replyVersion`` once it was deleted; `nil` for a post, or from a server
    /// that did not say.
    public var replyVersion: Int?
}

/// A change on an event's wall, as its live stream (`GET /events/:eventID/live`) tells it.
public enum WallUpdate: Sendable, Hashable {
    /// Someone posted.
    case posted(WallPost)
    /// Someone replied.
    case replied(WallReply)
    /// A like count changed.
    case likes(WallLikes)
    /// A post or reply was deleted.
    case deleted(WallDeletion)

    /// The SSE event types, as the server sends them.
    public enum Kind: String, Sendable, CaseIterable {
        /// ``WallUpdate/posted(_:)``.
        case posted = "wall.post"
        /// ``WallUpdate/replied(_:)``.
        case replied = "wall.reply"
        /// ``WallUpdate/likes(_:)``.
        case likes = "wall.likes"
        /// ``WallUpdate/deleted(_:)``.
        case deleted = "wall.deleted"
    }

    /// The update's SSE event type.
    public var kind: Kind {
        switch self {
        case .posted: .posted
        case .replied: .replied
        case .likes: .likes
        case .deleted: .deleted
        }
    }

    /// Reads an SSE event; `nil` for other kinds (polls, `ready`) and for data that does not decode.
    public init?(kind: String, data: String) {
        let update: Self? =
            switch Kind(rawValue: kind) {
            case .posted?: AttendeeCoding.liveUpdate(data, Self.posted)
            case .replied?: AttendeeCoding.liveUpdate(data, Self.replied)
            case .likes?: AttendeeCoding.liveUpdate(data, Self.likes)
            case .deleted?: AttendeeCoding.liveUpdate(data, Self.deleted)
            case nil: nil
            }
        guard let update else { return nil }
        self = update
    }
}
