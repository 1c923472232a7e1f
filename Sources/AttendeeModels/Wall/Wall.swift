import Foundation

/// A post on an event's wall, newest first, with its replies oldest first.
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
    public var likeCount: Int
    /// Whether the reader likes it (always `false` in a live event, which everyone hears alike).
    public var likedByMe: Bool
    /// Its replies, oldest first.
    public var replies: [WallReply]

    /// Creates a post.
    public init(
        id: String, eventID: String, author: PersonReference, text: String, imageID: String? = nil, createdAt: Date,
        likeCount: Int = 0, likedByMe: Bool = false, replies: [WallReply] = []
    ) {
        self.id = id
        self.eventID = eventID
        self.author = author
        self.text = text
        self.imageID = imageID
        self.createdAt = createdAt
        self.likeCount = likeCount
        self.likedByMe = likedByMe
        self.replies = replies
    }
}

/// A reply to a wall post.
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

    /// Creates a reply.
    public init(id: String, postID: String, author: PersonReference, text: String, createdAt: Date) {
        self.id = id
        self.postID = postID
        self.author = author
        self.text = text
        self.createdAt = createdAt
    }
}

/// `GET /events/:eventID/wall`: one page of posts, newest first.
public struct WallPage: Codable, Sendable, Hashable {
    /// The posts of this page.
    public var posts: [WallPost]
    /// Pass as `cursor` for the next (older) page; `nil` on the last page.
    public var nextCursor: String?
    /// Who is reading.
    public var viewer: PostViewer

    /// Creates a page.
    public init(posts: [WallPost], nextCursor: String?, viewer: PostViewer) {
        self.posts = posts
        self.nextCursor = nextCursor
        self.viewer = viewer
    }
}

/// `POST /events/:eventID/wall` and `POST /sessions/:sessionID/discussion`: a new post on the wall, or a new
/// message in a discussion (the same body: text, a picture or both).
public struct NewPost: Codable, Sendable, Hashable {
    /// The text; may be empty when `imageID` is given.
    public var text: String
    /// An uploaded image, by its media id.
    public var imageID: String?

    /// Creates a post to send.
    public init(text: String, imageID: String? = nil) {
        self.text = text
        self.imageID = imageID
    }
}

/// `POST /wall/:postID/replies`: a reply.
public struct NewWallReply: Codable, Sendable, Hashable {
    /// The text.
    public var text: String

    /// Creates a reply to send.
    public init(text: String) {
        self.text = text
    }
}

/// The answer to liking or unliking, and the `wall.likes` live event.
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

    /// Creates a like count.
    public init(
        postID: String, likeCount: Int, likedByMe: Bool? = nil, changedBy: String? = nil, changerLikes: Bool? = nil
    ) {
        self.postID = postID
        self.likeCount = likeCount
        self.likedByMe = likedByMe
        self.changedBy = changedBy
        self.changerLikes = changerLikes
    }
}

/// What was deleted from a wall: a post (`replyID == nil`) or one reply.
public struct WallDeletion: Codable, Sendable, Hashable {
    /// The post, or the post of the reply.
    public var postID: String
    /// The reply, when a reply was deleted.
    public var replyID: String?

    /// Creates a deletion.
    public init(postID: String, replyID: String? = nil) {
        self.postID = postID
        self.replyID = replyID
    }
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
