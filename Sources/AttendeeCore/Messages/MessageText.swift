import AttendeeModels
import Foundation
import HTTPTypes
import Localization

/// What a text box says about its text before it is sent or saved: the rule broken, in the core's words.
public enum TextProblem: Sendable, Hashable {
    /// Nothing written yet (or only spaces, or characters that draw nothing: ``MessageRules/isBlank(_:)``).
    case empty
    /// Longer than the limit, this many characters.
    case tooLong(limit: Int)
    /// More code points than a text of `limit` characters may hold (``TextLength``): a letter with thousands
    /// of marks.
    case tooManyMarks(limit: Int)
    /// Holds a NUL character, which the server refuses.
    case invalidCharacter

    /// The problem of `text` under `limit`, or `nil` when it can go.
    public static func of(_ text: String, limit: Int) -> TextProblem? {
        if text.holdsNUL { return .invalidCharacter }
        if MessageRules.isBlank(text) { return .empty }
        return switch TextLength.excess(text, limit: limit) {
        case .characters: .tooLong(limit: limit)
        case .scalars: .tooManyMarks(limit: limit)
        case nil: nil
        }
    }

    /// The sentence under a message box.
    public var messageText: String {
        switch self {
        case .empty: Strings.text("messages.empty.text")
        case .tooLong(let limit): Self.tooLong(limit)
        case .tooManyMarks(let limit): Self.tooManyMarks(limit)
        case .invalidCharacter: Strings.text("messages.invalid")
        }
    }

    /// The sentence under a note's text.
    public var noteText: String {
        switch self {
        case .empty: Strings.text("notes.empty.text")
        case .tooLong(let limit): Self.tooLong(limit)
        case .tooManyMarks(let limit): Self.tooManyMarks(limit)
        case .invalidCharacter: Strings.text("notes.invalid")
        }
    }

    /// `The text must be at most 2,000 characters.`: the one sentence of a message, a note and a wall post.
    static func tooLong(_ limit: Int) -> String { Strings.format("text.tooLong", NumberText.count(limit)) }

    /// `The text holds too many accents or other combining marks.`: one sentence for the three, as above.
    static func tooManyMarks(_ limit: Int) -> String {
        Strings.format("text.tooManyMarks", NumberText.count(TextLength.scalarLimit(limit)))
    }
}
