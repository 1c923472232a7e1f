import Foundation

/// One accordion section of Know · Say · Show, as drawn.
public struct KnowSayShowSection: Sendable, Hashable, Identifiable {
    /// The three sections, in display order.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        case know, say, show
    }

    /// A row: the version's description, tapped to open its document.
    public struct Row: Sendable, Hashable, Identifiable {
        /// The ContentVersion id (or a positional stand-in).
        public var id: String
        /// The `Description`, or the title when it has no words, or "Untitled" when neither has: never blank.
        public var text: String
        /// What a tap downloads; `nil` makes the row inert.
        public var contentDocumentID: String?

        /// Whether a tap opens something: only a row with a document is drawn as a button.
        public var isOpenable: Bool { contentDocumentID != nil }
        /// The line under a row with nothing to open, so it neither looks tappable nor leaves the rep wondering;
        /// `nil` for a row that opens.
        public var nothingToOpen: String? { isOpenable ? nil : SalesText.localized("content.noDocument") }
    }

    /// Which of the three sections.
    public var kind: Kind
    /// The header text.
    public var title: String
    /// The rows, in the server's order.
    public var rows: [Row]
    /// Whether the accordion is open.
    public var isExpanded: Bool
    /// The section's identity: its kind.
    public var id: Kind { kind }
    /// The line an open section shows when it lists nothing (an accordion that opened onto nothing read as one
    /// still loading); `nil` when it has rows.
    ///
    /// NB: a section exists only once content is loaded (or its saved copy shown), so this never shows while
    /// loading or after a failed load, which ``AccountScreenModel/contentUnavailable`` or the banner words.
    public var emptyText: String? { rows.isEmpty ? SalesText.noContentYet : nil }

    /// The minimum row height in points (Apple's minimum touch target).
    public static let minimumRowHeight = 44.0
    /// The separator colour between rows: light gray, as sRGB components 0…1.
    public static let separatorColor = (red: 0.83, green: 0.83, blue: 0.83)

    /// The three sections for a WebContent answer; Know starts expanded.
    public static func sections(_ content: WebContent, expanded: Set<Kind> = [.know]) -> [KnowSayShowSection] {
        Kind.allCases.map { kind in
            let versions: [ContentVersion]
            let title: String
            switch kind {
            case .know:
                versions = content.contentsforKnow
                title = SalesText.know
            case .say:
                versions = content.contentsforSay
                title = SalesText.say
            case .show:
                versions = content.contentsforShow
                title = SalesText.show
            }
            let rows = versions.enumerated().map { index, version in
                Row(
                    id: version.id ?? "\(kind.rawValue)-\(index)",
                    text: words(version.description) ?? words(version.title) ?? SalesText.untitled,
                    contentDocumentID: words(version.contentDocumentID))
            }
            return KnowSayShowSection(kind: kind, title: title, rows: rows, isExpanded: expanded.contains(kind))
        }
    }

    /// `text` trimmed, or `nil` when nothing is left: an org's `Description` of spaces drew a blank row.
    private static func words(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}

extension KnowSayShowSection.Row: Encodable {
    private enum CodingKeys: String, CodingKey {
        case text
        case contentDocumentID = "contentDocumentId"
    }

    /// What a script reads of a row (`content --json`): its words, and the document its tap opens, `null` for none
    /// (the id `content open` takes).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
        try c.encode(contentDocumentID, forKey: .contentDocumentID)
    }
}

extension KnowSayShowSection {
    /// The sections as `content --json` prints them: each kind's rows under its name (`know`, `say`, `show`).
    public static func rowsByKind(_ sections: [KnowSayShowSection]) -> [String: [Row]] {
        Dictionary(sections.map { ($0.kind.rawValue, $0.rows) }) { first, _ in first }
    }
}
