import HTTPTypes

/// The one-line rule of a note's title and an attachment's or Google Doc's name, as Change Jar's titles and
/// Attendee's names keep it: no line break, tab or other control character, line or paragraph separator, or
/// character that reorders the text after it (`Unicode.Scalar.isLineControl`, `reordersText`), once the spaces and
/// line breaks around it are trimmed.
///
/// A name is the row's one line on every rep's Account screen, in Salesforce's related lists and in `quartet
/// sales`; a line break typed or pasted into it was sent to Salesforce as it was. The editor refuses it, saying
/// where, rather than fold it into a space: what the name should read is the rep's to say.
public enum ItemName {
    /// Where a name stops being one line.
    public struct Break: Sendable, Hashable {
        /// Whether the character is a line break (LF, CR, NEL, VT, FF, line or paragraph separator), rather than
        /// another character the rep cannot see (a tab, a control character, a direction override).
        public var isLineBreak: Bool
        /// The few words before it (at most ``shownBefore`` characters), to find it by; empty when it comes first.
        public var before: String
    }

    /// How many characters before the break a sentence quotes.
    public static let shownBefore = 24

    /// The first character of `name` that breaks the one-line rule, with what comes before it; `nil` when there is
    /// none.
    ///
    /// ```swift
    /// ItemName.lineBreak(in: "Site visit")            // nil
    /// ItemName.lineBreak(in: "Site visit\nnorth wing") // Break(isLineBreak: true, before: "Site visit")
    /// ```
    public static func lineBreak(in name: String) -> Break? {
        let scalars = name.unicodeScalars
        guard let index = scalars.firstIndex(where: { $0.isLineControl || $0.reordersText }) else { return nil }
        let before = String(String.UnicodeScalarView(scalars[..<index]))
        return Break(
            isLineBreak: lineBreaks.contains(scalars[index]),
            before: String(before.suffix(shownBefore)).trimmingCharacters(in: .whitespaces))
    }

    /// The characters that start a new line.
    private static let lineBreaks: Set<Unicode.Scalar> = [
        "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}",
    ]
}
