import Foundation

/// The one way names are folded for search: lowercase, accents removed, so "Jose" finds "José".
enum SearchFolding {
    /// Folds `text` for storage and for queries.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
    }

    /// The text a person is found by: name, company and title.
    static func searchText(name: String, company: String, title: String) -> String {
        fold([name, company, title].joined(separator: "\n"))
    }

    /// A `LIKE` pattern matching `query` anywhere, with `%`, `_` and `\` escaped (use `ESCAPE '\'`).
    static func containsPattern(_ query: String) -> String {
        var escaped = ""
        for character in fold(query) {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "%" + escaped + "%"
    }
}
