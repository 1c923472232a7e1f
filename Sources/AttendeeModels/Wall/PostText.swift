import Foundation
import HTTPTypes
import PublicInit

/// The rule every wall post, reply and discussion message follows, shared by the app's composer and the server.
///
/// Lengths are counted in characters as a person sees them (grapheme clusters, Swift's `String.count`): a
/// family emoji or a letter with combining accents is one character however many bytes it takes.
///
/// ```swift
/// PostText.check("Hello 👋", imageID: nil)   // nil: fine
/// PostText.check("   ", imageID: nil)        // .empty
/// PostText.check("", imageID: "img-1")       // nil: a picture alone is a post
/// ```
public enum PostText {
    /// The most characters a post, reply or message may have.
    public static let limit = 2_000

    /// Why a text is refused.
    public enum Problem: String, Sendable, Hashable, CaseIterable {
        /// Nothing but white space (or characters that draw nothing, ``MessageRules/isBlank(_:)``), and no picture.
        case empty
        /// More than ``PostText/limit`` characters.
        case tooLong
        /// More code points than ``TextLength/scalarLimit(_:)`` allows (a letter with thousands of marks).
        case tooManyMarks
        /// A NUL character, which no text a person types contains.
        case invalidCharacter
        /// An image id that is empty, too long, or holds a NUL.
        case invalidImage
    }

    /// The first rule `text` (with an optional picture) breaks, or `nil`.
    public static func check(_ text: String, imageID: String?) -> Problem? {
        if text.holdsNUL { return .invalidCharacter }
        switch TextLength.excess(text, limit: limit) {
        case .characters: return .tooLong
        case .scalars: return .tooManyMarks
        case nil: break
        }
        if let imageID, !MediaID.isPlausible(imageID) { return .invalidImage }
        if imageID == nil, MessageRules.isBlank(text) { return .empty }
        return nil
    }

    /// The problem as the server words it, naming `field`.
    public static func fieldError(_ problem: Problem) -> FieldError {
        switch problem {
        case .empty: FieldError(field: "text", message: RuleText.text("rule.post.empty"))
        case .tooLong: TextLength.fieldError(.characters, field: "text", limit: limit)
        case .tooManyMarks: TextLength.fieldError(.scalars, field: "text", limit: limit)
        case .invalidCharacter: FieldError(field: "text", message: RuleText.text("rule.text.invalidCharacter"))
        case .invalidImage: FieldError(field: "imageID", message: RuleText.text("rule.post.invalidImage"))
        }
    }
}

/// Who is reading a wall or a discussion, so the app can tell which posts they may delete.
@PublicInit
public struct PostViewer: Codable, Sendable, Hashable {
    /// The reader's person id.
    public var personID: String
    /// Whether they organize the event (and so may delete anything).
    public var isOrganizer: Bool

    /// Whether this reader may delete what `author` wrote.
    public func mayDelete(_ author: PersonReference) -> Bool { mayDelete(authorID: author.id) }

    /// Whether the reader may delete what the person `authorID` wrote (the rule the server enforces).
    public func mayDelete(authorID: String) -> Bool { isOrganizer || authorID == personID }
}

/// The largest page a wall or discussion answers, and the page when none is asked for.
public enum PostPaging {
    /// The default `limit`.
    public static let defaultLimit = 20
    /// The largest `limit` accepted.
    public static let maxLimit = 100
    /// The replies a wall page carries under each post: its latest, as a post shows them before "N more
    /// replies". NB: each wall page is read by everyone at the event, so what it carries per post must not grow
    /// with what one person writes; three show a conversation going on and cost at most 3 × 2,000 characters.
    public static let inlineReplies = 3
}
