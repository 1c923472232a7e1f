import Foundation
import PublicInit

/// A person's name in the jar: one per person (provider and user id there), kept by the server and shown on all of
/// their actions, and never one another person already goes by.
///
/// Two names are the same name when their ``key(_:)``s are equal: case, width, accents, spacing, punctuation,
/// invisible characters and the commonest look-alike letters (Cyrillic "а" for Latin "a"; "I", "l" and "1"; "0"
/// for "o"; "rn" for "m") do not make a name another.
///
/// ```swift
/// AuthorName.key("Alice  A.") == AuthorName.key("ALICE A")   // true
/// AuthorName.key("Аlice A") == AuthorName.key("Alice A")     // true: the first "А" is Cyrillic
/// ```
public enum AuthorName {
    /// The longest name, in characters.
    public static let length = 1...ActionRules.authorNameMaximum

    /// The name as it is kept and shown: trimmed, every run of white space one space, compatibility forms folded
    /// (NFKC), invisible formatting characters dropped.
    public static func normalized(_ name: String) -> String {
        let folded = name.precomposedStringWithCompatibilityMapping
        var result = ""
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            if scalar.properties.isWhitespace || ActionRules.isControl(scalar) {
                pendingSpace = !result.isEmpty
                continue
            }
            if isInvisible(scalar) { continue }
            if pendingSpace {
                result.unicodeScalars.append(" ")
                pendingSpace = false
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// A name someone else gave the person (their provider's), as the jar takes it when they have none yet:
    /// ``normalized(_:)`` and cut to the longest a name may be, at a character, with no space left at the cut;
    /// `nil` when what remains cannot be a name (no letter or digit).
    ///
    /// ```swift
    /// AuthorName.fitted(String(repeating: "a", count: 79) + " Smith")   // 79 "a"s: the space at the cut goes
    /// AuthorName.fitted("...")                                          // nil
    /// ```
    public static func fitted(_ name: String) -> String? {
        // NB: cut, a long name could end in the space before its next word, which no name typed in may.
        let cut = normalized(String(normalized(name).prefix(length.upperBound)))
        return violation(cut) == nil ? cut : nil
    }

    /// The rule `name` breaks, after trimming, or `nil` when it can be someone's name (whether someone has it is the
    /// server's to say).
    ///
    /// White space and line breaks around the name are trimmed first, as a title's are (``ActionRules/trimmed(_:)``):
    /// a name pasted with its line's newline is the name. A line break inside it is still refused.
    public static func violation(_ name: String) -> ActionRules.Violation? {
        if ActionRules.trimmed(name).unicodeScalars.contains(where: ActionRules.isControl) {
            return ActionRules.Violation(
                field: "name", message: "A name must be one line, without control characters.",
                rule: .controlCharacters)
        }
        let name = normalized(name)
        if !length.contains(name.count) {
            return ActionRules.Violation(
                field: "name", message: "A name must be \(ActionRules.phrase(length)) characters.")
        }
        if key(name).isEmpty {
            return ActionRules.Violation(
                field: "name", message: "A name needs a letter or a digit.", rule: .noLetters)
        }
        return nil
    }

    /// The first control character of `name`, trimmed as ``violation(_:)`` reads it, which that refuses, with the
    /// text before it; `nil` when there is none. Settings says which and where
    /// (``ActionRules/refusedCharacter(in:field:)`` for an action).
    public static func refusedCharacter(in name: String) -> (scalar: Unicode.Scalar, textBefore: String)? {
        let name = ActionRules.trimmed(name)
        guard let index = name.unicodeScalars.firstIndex(where: ActionRules.isControl) else { return nil }
        return (name.unicodeScalars[index], String(name.unicodeScalars[..<index]))
    }

    /// What two names must not share: the name without case, width, accents, spaces, punctuation or invisible
    /// characters, with look-alike letters made one. Empty when the name has no letter or digit.
    public static func key(_ name: String) -> String {
        var skeleton = ""
        // NB: a capital I passes for a small l ("AIice" for "Alice"): once case goes, l, 1 and the other
        // look-alikes of both are all made i.
        let folded = normalized(name).folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
        ).lowercased()
        for scalar in folded.unicodeScalars {
            let properties = scalar.properties
            guard properties.isAlphabetic || properties.numericType != nil else { continue }
            if properties.generalCategory == .nonspacingMark { continue }
            skeleton.unicodeScalars.append(lookAlikes[scalar] ?? scalar)
        }
        return skeleton.replacingOccurrences(of: "rn", with: "m").replacingOccurrences(of: "vv", with: "w")
    }

    /// Letters and digits that pass for a Latin letter: the commonest of Unicode's confusables.
    static let lookAlikes: [Unicode.Scalar: Unicode.Scalar] = [
        // Cyrillic
        "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
        "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "ԁ": "d", "ԛ": "q", "ԝ": "w",
        "һ": "h", "ӏ": "i",
        // Greek
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
        "υ": "u", "χ": "x", "γ": "y",
        // Digits and Latin look-alikes
        "0": "o", "1": "i", "l": "i", "ı": "i", "ℓ": "i",
    ]

    /// Characters that draw nothing: zero-width spaces and joiners, the soft hyphen, direction marks, variation
    /// selectors, the byte-order mark.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isDefaultIgnorableCodePoint { return true }
        return scalar.properties.generalCategory == .format
    }
}

/// The signed-in person's profile: `GET` and `PUT /changejar/v1/profile`.
@PublicInit
public struct AuthorProfile: Codable, Sendable, Hashable {
    /// The name on all of the person's actions; `nil` until they choose one (their actions then say "Someone").
    public var name: String?
}
