import AttendeeModels
import Foundation
import HTTPTypes

/// What a text box says about its text before it is sent or saved: the rule broken, in the core's words.
public enum TextProblem: Sendable, Hashable {
    /// Nothing written yet (or only spaces).
    case empty
    /// Longer than the limit, this many characters.
    case tooLong(limit: Int)
    /// Holds a NUL character, which the server refuses.
    case invalidCharacter

    /// The problem of `text` under `limit`, or `nil` when it can go.
    public static func of(_ text: String, limit: Int) -> TextProblem? {
        if text.holdsNUL { return .invalidCharacter }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return .empty }
        return text.count > limit ? .tooLong(limit: limit) : nil
    }

    /// The sentence under a message box.
    public var messageText: String {
        switch self {
        case .empty: Strings.text("messages.empty.text")
        case .tooLong(let limit): Self.tooLong(limit)
        case .invalidCharacter: Strings.text("messages.invalid")
        }
    }

    /// The sentence under a note's text.
    public var noteText: String {
        switch self {
        case .empty: Strings.text("notes.empty.text")
        case .tooLong(let limit): Self.tooLong(limit)
        case .invalidCharacter: Strings.text("notes.invalid")
        }
    }

    /// `The text must be at most 2000 characters.`: the one sentence of a message, a note and a wall post.
    static func tooLong(_ limit: Int) -> String { Strings.format("text.tooLong", String(limit)) }
}
