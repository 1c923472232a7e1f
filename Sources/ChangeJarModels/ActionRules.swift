import Foundation
import HTTPTypes

/// The validation rules both sides apply to an action's text (the server enforces them; the core checks early).
public enum ActionRules {
    /// Title length, in characters, after trimming.
    public static let titleLength = 1...120
    /// Content length, in characters, after trimming.
    public static let contentLength = 1...2_000
    /// Search text length, in characters (grapheme clusters), after trimming: the server refuses any other, and the
    /// search screen says so before sending.
    public static let searchLength = 1...200
    /// Longest author display name kept; longer names are cut.
    public static let authorNameMaximum = 80

    /// A rule an action's text breaks.
    public struct Violation: Error, Sendable, Hashable {
        /// Which kind of rule.
        public enum Rule: String, Sendable, Hashable {
            /// Too short or too long.
            case length
            /// A control character where none may be (any in a title, a line break included; in content, any
            /// but line breaks and tabs).
            case controlCharacters
            /// A name already used by another person (names only).
            case taken
            /// A name with no letter or digit in it (names only).
            case noLetters
        }

        /// The wire name of the offending field (`title`, `content`).
        public var field: String
        /// A sentence a person can read.
        public var message: String
        /// The rule broken: a client words it in its own language from the field and the rule.
        public var rule: Rule = .length
    }

    /// The text trimmed of surrounding white space and newlines.
    public static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The first rule that `title` and `content` break, after trimming, or `nil` when both are fine.
    ///
    /// A title is one line of plain text: no control character at all (a line break, a tab, BEL or ESC spill into
    /// lists and reach other clients as raw bytes). Content may keep line breaks and tabs, and nothing else of the
    /// kind. Neither may hold a character that reorders the words after it (``isReordering(_:)``), and neither is
    /// there when nothing of it shows (``showsSomething(_:)``).
    public static func violation(title: String, content: String) -> Violation? {
        let title = trimmed(title)
        let content = trimmed(content)
        if !titleLength.contains(title.count) || !showsSomething(title) {
            return Violation(field: "title", message: "The title must be \(phrase(titleLength)) characters.")
        }
        if title.unicodeScalars.contains(where: { isControl($0) || isReordering($0) }) {
            return Violation(
                field: "title", message: "The title must be one line, without control characters.",
                rule: .controlCharacters)
        }
        if !contentLength.contains(content.count) || !showsSomething(content) {
            return Violation(field: "content", message: "The content must be \(phrase(contentLength)) characters.")
        }
        let notInContent = { (scalar: Unicode.Scalar) in
            (isControl(scalar) && !allowedInContent.contains(scalar)) || isReordering(scalar)
        }
        if content.unicodeScalars.contains(where: notInContent) {
            return Violation(
                field: "content",
                message: "The content may hold line breaks and tabs, but no other control characters.",
                rule: .controlCharacters)
        }
        return nil
    }

    /// The first character the control-character rule refuses in `field` (`title` or `content`) of `text`, trimmed as
    /// the rules read it, with the text before it; `nil` when there is none.
    ///
    /// A form says which character and where: a person sees neither a BEL nor a line break pasted into a one-line
    /// field, so "without control characters" alone leaves them nothing to look for.
    ///
    /// ```swift
    /// ActionRules.refusedCharacter(in: "Ring\u{7} the bell", field: "title")  // ("\u{7}", "Ring")
    /// ```
    public static func refusedCharacter(in text: String, field: String) -> (scalar: Unicode.Scalar, textBefore: String)?
    {
        let text = trimmed(text)
        let allowed = field == "content" ? allowedInContent : []
        guard
            let index = text.unicodeScalars.firstIndex(where: {
                (isControl($0) && !allowed.contains($0)) || isReordering($0)
            })
        else { return nil }
        return (text.unicodeScalars[index], String(text.unicodeScalars[..<index]))
    }

    /// The control characters content may hold: line feed, carriage return (a Windows line break) and tab.
    static let allowedInContent: Set<Unicode.Scalar> = ["\n", "\r", "\t"]

    /// A C0 or C1 control character, DEL, or a Unicode line or paragraph separator (a line break in all but name).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.isLineControl }

    /// Unicode's explicit directional embeddings, overrides and isolates (LRE, RLE, PDF, LRO, RLO; LRI, RLI, FSI,
    /// PDI): they reorder what follows them, so "\u{202E}kcab emoc I" reads "I come back" in every list while the jar
    /// keeps, and searches, other words. Direction marks (LRM, RLM), which only place the text beside them, stay.
    public static func isReordering(_ scalar: Unicode.Scalar) -> Bool { scalar.reordersText }

    /// Whether `text` has a character a person sees: not white space, a control character, or one that draws
    /// nothing by itself (Unicode's default-ignorable code points: zero-width spaces and joiners, direction marks, the
    /// byte-order mark, the soft hyphen, the Hangul filler, variation selectors). A title of zero-width spaces was a
    /// blank row in every list.
    public static func showsSomething(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            !scalar.properties.isWhitespace && !isControl(scalar) && !scalar.properties.isDefaultIgnorableCodePoint
        }
    }

    /// A length rule as the server's sentences write it, `1 to 2,000`: what `quartet changejar submit --help` says,
    /// too.
    public static func phrase(_ range: ClosedRange<Int>) -> String {
        let format = IntegerFormatStyle<Int>(locale: Locale(identifier: "en_US"))
        return "\(range.lowerBound.formatted(format)) to \(range.upperBound.formatted(format))"
    }
}
