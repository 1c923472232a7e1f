import Foundation

/// The one way people's names are folded for search, on the server and in the app alike (so the attendees list
/// and `?search=` agree): lowercase, accents and width removed, so "Jose" finds "José".
public enum SearchFolding {
    /// Folds `text` for storage and for queries.
    ///
    /// NB: ASCII text (most names, every query typed on an English keyboard) is folded here, exactly as Foundation
    /// would fold it; only other text goes through Foundation, whose Linux folding of a bridged string once
    /// crashed the test suite inside CoreFoundation (`CFStringReplaceAll`). The test checks both paths agree.
    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return foundationFold(text)
    }

    /// Foundation's folding, the reference for ``fold(_:)``.
    public static func foundationFold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
    }

    /// The text a person is found by: name, company and title.
    public static func searchText(name: String, company: String, title: String) -> String {
        fold([name, company, title].joined(separator: "\n"))
    }

    /// A `LIKE` pattern matching `query` anywhere, with `%`, `_` and `\` escaped (use `ESCAPE '\'`).
    public static func containsPattern(_ query: String) -> String {
        var escaped = ""
        for character in fold(query) {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "%" + escaped + "%"
    }
}
