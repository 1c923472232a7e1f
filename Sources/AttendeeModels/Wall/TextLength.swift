import Foundation
import Localization

/// The one length rule of what people write to each other: wall posts and replies, discussion messages,
/// messages, notes and feedback comments.
///
/// A text is counted in characters as a person sees them (grapheme clusters), and also in Unicode code points,
/// at most ``scalarsPerCharacter`` times the character limit. Characters alone let one letter carry any number
/// of combining marks: `"Z"` and 40,000 U+0301 is one character, 80 KB that every reader downloads and every
/// screen has to lay out.
///
/// ```swift
/// TextLength.excess("Hello", limit: 2_000)                                     // nil
/// TextLength.excess("Z" + String(repeating: "\u{301}", count: 40_000), limit: 2_000)   // .scalars
/// ```
public enum TextLength {
    /// Code points allowed per character of the limit. NB: a family emoji is 7 code points and most accented
    /// letters or flags 1–2, so a text of the allowed length in any script or emoji a person types stays under
    /// it; a text of 2,000 family emoji (14,000) does too.
    public static let scalarsPerCharacter = 8

    /// How a text breaks the rule.
    public enum Excess: Sendable, Hashable {
        /// More characters than the limit.
        case characters
        /// More code points than ``TextLength/scalarLimit(_:)``.
        case scalars
    }

    /// The most code points a text under a `limit` of characters may hold.
    public static func scalarLimit(_ limit: Int) -> Int { limit * scalarsPerCharacter }

    /// How `text` breaks a limit of `limit` characters, or `nil` when it keeps to it.
    public static func excess(_ text: String, limit: Int) -> Excess? {
        // NB: counting code points first is cheap and bounds the grapheme walk that follows.
        if text.unicodeScalars.count > scalarLimit(limit) { return .scalars }
        return text.count > limit ? .characters : nil
    }

    /// The server's sentence for `excess` of a text in `field`.
    public static func fieldError(_ excess: Excess, field: String, limit: Int) -> FieldError {
        switch excess {
        case .characters:
            FieldError(field: field, message: RuleText.format("rule.text.tooLong", NumberText.count(limit)))
        case .scalars:
            FieldError(
                field: field, message: RuleText.format("rule.text.tooManyMarks", NumberText.count(scalarLimit(limit))))
        }
    }
}
