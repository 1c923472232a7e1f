import APIClient
import AttendeeModels
import Foundation
import Localization

/// What the wall and discussion banners say: offline, what did not go or change, or the failure's own sentence.
///
/// The screens and the command line show the same sentence: one that says what became of the person's text or
/// change, and never that the text is still in a composer (the command line keeps none; on the screen it shows).
public enum PostBanner: Sendable, Hashable {
    /// The network is away; the screen says it catches up later.
    case offline
    /// The network was away when the composer's post (or discussion message) was sent: nothing was posted.
    case notSent
    /// The network was away when a reply was sent: it was not sent.
    case replyNotSent
    /// The network was away when a like, an unlike or a deletion was sent: nothing was changed (the screen shows
    /// the post as it was).
    case notChanged
    /// A call failed; the sentence says why.
    case failed(String)

    /// The banner for a failed call.
    init(_ error: any Error) {
        self = (error as? APIError)?.isUnreachable == true ? .offline : .failed(AttendeeFailure.message(error))
    }

    /// The banner for a failed send of `write`, which says what became of the text (never that the feed catches
    /// up): not sent when the server was never reached; else the failure's sentence (a connection lost midway may
    /// have delivered it).
    init(sending write: PostWrite, _ error: any Error) {
        guard (error as? APIError)?.neverReachedServer == true else {
            self = .failed(AttendeeFailure.message(error))
            return
        }
        self = PostBanner.offline.stopping(write)
    }

    /// The banner for a failed like, unlike or deletion, which says that nothing changed when the server was never
    /// reached (not that the feed catches up); else as any failed call (a connection lost midway may have
    /// delivered it, and the feed's live changes will show whether it did).
    init(changing error: any Error) {
        self = (error as? APIError)?.neverReachedServer == true ? .notChanged : PostBanner(error)
    }

    /// This banner as it answers a person who came to make `write` and met it first (the command line, which
    /// names its post, reply or change before the screen has loaded): offline, that write surely did not go, and
    /// the banner says what was not done; any other banner stands.
    public func stopping(_ write: PostWrite) -> PostBanner {
        guard self == .offline else { return self }
        switch write {
        case .post: return .notSent
        case .reply: return .replyNotSent
        case .change: return .notChanged
        }
    }

    /// The wall's banner text.
    public var wallText: String {
        switch self {
        case .offline: Strings.text("wall.offline")
        case .notSent: Strings.text("wall.notSent")
        case .replyNotSent: Strings.text("wall.replyNotSent")
        case .notChanged: Strings.text("wall.notChanged")
        case .failed(let message): message
        }
    }

    /// The discussion's banner text.
    public var discussionText: String {
        switch self {
        case .offline: Strings.text("discussion.offline")
        case .notSent: Strings.text("discussion.notSent")
        case .replyNotSent: Strings.text("wall.replyNotSent")
        case .notChanged: Strings.text("discussion.notChanged")
        case .failed(let message): message
        }
    }
}

/// What a person writes on the wall or in a discussion, for the banner that says it was not done.
public enum PostWrite: Sendable, Hashable {
    /// A post, or a discussion message.
    case post
    /// A reply to a post.
    case reply
    /// A like, an unlike or a deletion.
    case change
}

/// What a deletion the person confirmed took away, once the server took it: the id the command line's `--json`
/// prints (`{"deleted": "42"}`).
public struct Deleted: Codable, Sendable, Hashable {
    /// The id of the post, reply, message or note deleted.
    public var deleted: String

    /// What deleting `id` took away.
    public init(_ id: String) { deleted = id }
}

/// The composer's rule, as the screen shows it: the character counter and why posting is off.
public struct ComposerState: Sendable, Hashable {
    /// Characters as a person sees them (grapheme clusters).
    public var count: Int
    /// `12 / 2,000`, counts grouped as the locale writes them.
    public var counter: String
    /// Whether the text is past ``PostText/limit`` (the counter turns red).
    public var isOverLimit: Bool
    /// What stops the text from being sent, if anything.
    public var problem: PostText.Problem?

    /// The state of a draft (with an optional picture).
    public init(draft: String, imageID: String? = nil) {
        count = draft.count
        counter = Strings.format("wall.counter", NumberText.count(count), NumberText.count(PostText.limit))
        isOverLimit = count > PostText.limit
        problem = PostText.check(draft, imageID: imageID)
    }

    /// The sentence under the composer for ``problem`` (none for an empty draft, which needs no telling off).
    public var message: String? {
        problem == .empty ? nil : problem.map(Self.sentence)
    }

    /// Why a text cannot be sent, as a sentence (what the command line prints when it refuses one).
    public static func sentence(_ problem: PostText.Problem) -> String {
        switch problem {
        case .empty: Strings.text("wall.problem.empty")
        case .tooLong: TextProblem.tooLong(PostText.limit)
        case .tooManyMarks: TextProblem.tooManyMarks(PostText.limit)
        case .invalidCharacter: Strings.text("wall.problem.invalidCharacter")
        case .invalidImage: Strings.text("wall.problem.invalidImage")
        }
    }
}

/// The fixed words of the wall and discussion screens, so views and the command line show no literal.
public enum WallText {
    /// `Wall`.
    public static var title: String { Strings.text("wall.title") }
    /// `Write on the wall`.
    public static var placeholder: String { Strings.text("wall.placeholder") }
    /// `Post`.
    public static var post: String { Strings.text("wall.post") }
    /// `Reply`.
    public static var reply: String { Strings.text("wall.reply") }
    /// `Write a reply`.
    public static var replyPlaceholder: String { Strings.text("wall.replyPlaceholder") }
    /// `Send Reply`.
    public static var sendReply: String { Strings.text("wall.sendReply") }
    /// The button that closes the reply field without sending.
    public static var cancelReply: String { Strings.text("wall.cancelReply") }
    /// The button that deletes a reply (its author's, or any for the organizer).
    public static var deleteReply: String { Strings.text("wall.deleteReply") }
    /// `Delete`.
    public static var delete: String { Strings.text("wall.delete") }
    /// `Load More`.
    public static var loadMore: String { Strings.text("wall.loadMore") }
    /// `Deleted.`
    public static var deleted: String { Strings.text("wall.deleted") }
    /// `This post was deleted.`: a like, reply or page of replies met a post deleted since the wall showed it.
    public static var postDeletedElsewhere: String { Strings.text("wall.deletedElsewhere") }
    /// `There is no post “42” on this wall.`
    public static func notFound(_ postID: String) -> String { Strings.format("wall.notFound", postID) }
    /// `You can delete only your own posts.`: Delete on another person's post, which the wall does not offer.
    public static var cannotDeletePost: String { Strings.text("wall.cannotDelete.post") }
    /// `You can delete only your own replies.`
    public static var cannotDeleteReply: String { Strings.text("wall.cannotDelete.reply") }
    /// `You can delete only your own messages.`: Delete on another person's discussion message.
    public static var cannotDeleteMessage: String { Strings.text("discussion.cannotDelete") }
    /// `There is no reply “7” under this post.`
    public static func replyNotFound(_ replyID: String) -> String { Strings.format("wall.replyNotFound", replyID) }
    /// `[Photo from Ada Lovelace]`: a post's or message's photo where it cannot be drawn (a terminal, the live
    /// feed), by what a screen reader says of it.
    public static func photoLine(_ image: RowImage) -> String {
        Strings.format("wall.photoLine", image.accessibilityLabel)
    }
    /// `Discussion`.
    public static var discussion: String { Strings.text("discussion.title") }
    /// `There is no message “42” in this discussion.`
    public static func messageNotFound(_ messageID: String) -> String {
        Strings.format("discussion.notFound", messageID)
    }
    /// `Write a message`.
    public static var messagePlaceholder: String { Strings.text("discussion.placeholder") }
    /// `Send`.
    public static var send: String { Strings.text("discussion.send") }
}
