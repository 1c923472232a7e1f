import Foundation

/// The validation rules both sides apply to an action's text (the server enforces them; the core checks early).
public enum ActionRules {
    /// Title length, in characters, after trimming.
    public static let titleLength = 1...120
    /// Content length, in characters, after trimming.
    public static let contentLength = 1...2_000
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
    /// kind.
    public static func violation(title: String, content: String) -> Violation? {
        let title = trimmed(title)
        let content = trimmed(content)
        if !titleLength.contains(title.count) {
            return Violation(field: "title", message: "The title must be \(phrase(titleLength)) characters.")
        }
        if title.unicodeScalars.contains(where: isControl) {
            return Violation(
                field: "title", message: "The title must be one line, without control characters.",
                rule: .controlCharacters)
        }
        if !contentLength.contains(content.count) {
            return Violation(field: "content", message: "The content must be \(phrase(contentLength)) characters.")
        }
        if content.unicodeScalars.contains(where: { isControl($0) && !allowedInContent.contains($0) }) {
            return Violation(
                field: "content",
                message: "The content may hold line breaks and tabs, but no other control characters.",
                rule: .controlCharacters)
        }
        return nil
    }

    /// The control characters content may hold: line feed, carriage return (a Windows line break) and tab.
    static let allowedInContent: Set<Unicode.Scalar> = ["\n", "\r", "\t"]

    /// A C0 or C1 control character, DEL, or a Unicode line or paragraph separator (a line break in all but name).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// `1 to 2,000`: a range as the server's sentences write it.
    static func phrase(_ range: ClosedRange<Int>) -> String {
        let format = IntegerFormatStyle<Int>(locale: Locale(identifier: "en_US"))
        return "\(range.lowerBound.formatted(format)) to \(range.upperBound.formatted(format))"
    }
}
