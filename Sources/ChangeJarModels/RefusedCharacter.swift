import Foundation

/// A character the control-character rule refuses, and where it is: what both sides say of it, the app in its
/// strings table (`Violation.sentence(of:)` in ChangeJarCore), the server in its problem's `detail`.
///
/// A person sees neither a BEL nor a line break pasted into a one-line field, so "without control characters" alone
/// leaves them nothing to look for: the character is named, and placed after the words before it.
///
/// ```swift
/// ActionRules.Violation.refusedCharacter(in: "Walk to\nwork", field: "title")
/// // kind .lineBreak, code "U+000A", wordsBefore "Walk to"
/// ```
public struct RefusedCharacter: Sendable, Hashable {
    /// What a person calls the character.
    public enum Kind: Sendable, Hashable {
        /// A line break of any kind (LF, CR, NEL, the line and paragraph separators).
        case lineBreak
        /// A tab.
        case tab
        /// A character that reorders the words after it (``ActionRules/isReordering(_:)``), named by its ``code``.
        case reordering
        /// Any other control character: it draws nothing, so it is named by its ``code``.
        case invisible
    }

    /// The character itself.
    public let scalar: Unicode.Scalar
    /// What a person calls it.
    public let kind: Kind
    /// Its code point as Unicode writes it: `U+0007`.
    public let code: String
    /// The words just before it, on its own line, as the person finds them in the field (at most
    /// ``wordsBeforeMaximum`` characters, whole words, "…" before when cut); `nil` when it comes first.
    public let wordsBefore: String?

    /// The longest run of words quoted before a refused character, in characters.
    public static let wordsBeforeMaximum = 20

    /// `scalar`, found after `textBefore` in the text as the rules read it.
    init(_ scalar: Unicode.Scalar, after textBefore: String) {
        self.scalar = scalar
        let hex = String(scalar.value, radix: 16, uppercase: true)
        code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        kind =
            switch scalar.value {
            case 0x09: .tab
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029: .lineBreak
            case _ where ActionRules.isReordering(scalar): .reordering
            default: .invisible
            }
        wordsBefore = Self.words(before: textBefore)
    }

    /// The words just before a refused character (``wordsBefore``).
    static func words(before text: String) -> String? {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        var line = text.split(whereSeparator: \.isNewline).last ?? Substring(text)
        var cut = line.count < text.count
        if line.count > wordsBeforeMaximum {
            let kept = line.suffix(wordsBeforeMaximum)
            // NB: a word cut in two is left out, unless it is all there is.
            let startsAWord = line[..<kept.startIndex].last?.isWhitespace ?? true
            line = startsAWord ? kept : (kept.firstIndex(where: \.isWhitespace).map { kept[$0...] } ?? kept)
            cut = true
        }
        let words = line.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\t", with: " ")
        return cut ? "\u{2026}" + words : words
    }

    /// The character in English, as the server's `detail` says it ("a line break", "a tab", …).
    var englishName: String {
        switch kind {
        case .lineBreak: "a line break"
        case .tab: "a tab"
        case .reordering: "a character that reorders the words after it (\(code))"
        case .invisible: "an invisible character (\(code))"
        }
    }
}

extension ActionRules.Violation {
    /// The character this violation of the control-character rule refuses in `text`, the text of the field it names
    /// (``field``: `title`, `content` or `name`), read as the rule reads it (trimmed); `nil` for any other rule.
    public func refusedCharacter(in text: String) -> RefusedCharacter? {
        guard rule == .controlCharacters,
            let found = field == "name"
                ? AuthorName.refusedCharacter(in: text) : ActionRules.refusedCharacter(in: text, field: field)
        else { return nil }
        return RefusedCharacter(found.scalar, after: found.textBefore)
    }

    /// The violation as the server's problem `detail` says it, in English: for a refused control character, which
    /// and where, as the app says it from the same rule ("The title has a line break after “Walk to”: a title must be
    /// one line, without control characters."); else ``message``.
    public func detail(of text: String) -> String {
        guard let found = refusedCharacter(in: text) else { return message }
        let subject = field == "content" ? "The content" : "The \(field)"
        let rule =
            switch field {
            case "content": "it may hold line breaks and tabs, but no other control characters."
            case "name": "a name must be one line, without control characters."
            default: "a title must be one line, without control characters."
            }
        guard let words = found.wordsBefore else { return "\(subject) starts with \(found.englishName): \(rule)" }
        return "\(subject) has \(found.englishName) after \u{201C}\(words)\u{201D}: \(rule)"
    }

    /// The violation of an action's `title` and `content` as the server's problem `detail` says it: ``detail(of:)``
    /// the field it names.
    public func detail(title: String, content: String) -> String {
        detail(of: field == "title" ? title : content)
    }
}
