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
        /// The wire name of the offending field (`title`, `content`).
        public var field: String
        /// A sentence a person can read.
        public var message: String
    }

    /// The text trimmed of surrounding white space and newlines.
    public static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The first rule that `title` and `content` break, after trimming, or `nil` when both are fine.
    public static func violation(title: String, content: String) -> Violation? {
        let title = trimmed(title)
        let content = trimmed(content)
        if !titleLength.contains(title.count) {
            return Violation(field: "title", message: "The title must be \(phrase(titleLength)) characters.")
        }
        if !contentLength.contains(content.count) {
            return Violation(field: "content", message: "The content must be \(phrase(contentLength)) characters.")
        }
        return nil
    }

    /// `1 to 2,000`: a range as the server's sentences write it.
    private static func phrase(_ range: ClosedRange<Int>) -> String {
        let format = IntegerFormatStyle<Int>(locale: Locale(identifier: "en_US"))
        return "\(range.lowerBound.formatted(format)) to \(range.upperBound.formatted(format))"
    }
}
