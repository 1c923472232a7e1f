import AttendeeModels
import Foundation
import HTTPTypes

/// What a text box says about its text before it is sent or saved: the rule broken, in the core's words.
public enum TextProblem: Sendable, Hashable {
    /// Nothing written yet (or only spaces).
    case empty
    /// Longer than the limit by this many characters.
    case tooLong(by: Int)
    /// Holds a NUL character, which the server refuses.
    case invalidCharacter

    /// The problem of `text` under `limit`, or `nil` when it can go.
    public static func of(_ text: String, limit: Int) -> TextProblem? {
        if text.holdsNUL { return .invalidCharacter }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return .empty }
        let count = text.count
        return count > limit ? .tooLong(by: count - limit) : nil
    }

    /// The sentence under a message box.
    public var messageText: String {
        switch self {
        case .empty: Strings.text("messages.empty.text")
        case .tooLong(let by): Strings.format("messages.tooLong", String(by))
        case .invalidCharacter: Strings.text("messages.invalid")
        }
    }

    /// The sentence under a note's text.
    public var noteText: String {
        switch self {
        case .empty: Strings.text("notes.empty.text")
        case .tooLong(let by): Strings.format("notes.tooLong", String(by))
        case .invalidCharacter: Strings.text("notes.invalid")
        }
    }
}
