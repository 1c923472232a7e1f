import Foundation
import Localization
import PublicInit

/// One row of the merged Notes & Attachments list, as a person sees it.
@PublicInit
public struct ItemRow: Sendable, Hashable, Identifiable {
    /// The record id, or a stable stand-in for a record not yet on the server.
    public var id: String
    /// The kind of record, for the row's icon.
    public var kind: Kind
    /// The name; "Untitled" when the record has none.
    public var title: String
    /// `lastModifiedDate` as the locale writes a date (`Feb 4, 2015` in en_US), or empty when absent.
    public var date: String
    /// The kind of an attachment in words (`PDF`, `JPEG image`), the shortened URL of a Google Doc, nothing for a
    /// note.
    public var detail: String?
    /// What the row says while its item waits in the outbox to be created (`Not sent yet`), added offline; `nil`
    /// once the server has it.
    public var waiting: String? = nil

    /// The three kinds of row.
    public enum Kind: String, Sendable, Hashable, Codable {
        case note, attachment, doc
    }

    /// The row for an item, its date written as `locale` writes dates, in `timeZone`.
    public init(_ item: AccountItem, locale: Locale = .current, timeZone: TimeZone = .current) {
        let kind: Kind
        let detail: String?
        switch item {
        case .note:
            kind = .note
            detail = nil
        case .attachment(let attachment):
            kind = .attachment
            detail = attachment.contentType.map { FileKind(mimeType: $0).words }
        case .doc(let doc):
            kind = .doc
            // NB: a link saved by another tool that is no web page's address ("docs", "ftp://…") showed as typed,
            // and read as one the row would open.
            detail =
                ItemEditorModel.webLink(doc.url ?? "") != nil
                ? doc.url.map { ItemRow.truncatedURL($0) } : SalesText.localized("item.linkNotValid")
        }
        self.init(
            // NB: an item added offline carries its outbox edit's id (``AccountItem/localID(of:)``); only a copy
            // saved by an older version has none, and is named by its kind and name.
            id: item.id ?? "\(AccountItem.localIDPrefix)\(kind.rawValue)-\(item.name ?? "")",
            kind: kind,
            title: SalesText.itemName(item.name),
            date: item.lastModifiedDate.map { ItemRow.date($0, locale: locale, timeZone: timeZone) } ?? "",
            detail: detail,
            // NB: only the server gives an item its id, so one with none, or a local one, is waiting to be sent.
            waiting: item.isWaiting ? SalesText.localized("item.notSent") : nil
        )
    }

    /// A date as `locale` writes it, month abbreviated (`Feb 4, 2015`, `4 févr. 2015`), in `timeZone`.
    public static func date(_ date: Date, locale: Locale, timeZone: TimeZone) -> String {
        DateText.string(date, dateStyle: .medium, locale: locale, timeZone: timeZone)
    }

    /// `MM/DD/YY` in the given time zone (Gregorian, whatever the person's calendar): the date `quartet sales
    /// items --json` writes, a fixed form for scripts.
    public static func shortDate(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        func two(_ value: Int?) -> String {
            let value = (value ?? 0) % 100
            return value < 10 ? "0\(value)" : "\(value)"
        }
        return "\(two(parts.month))/\(two(parts.day))/\(two(parts.year))"
    }

    /// The maximum length of a shortened URL, ellipsis included.
    public static let urlDisplayLength = 32

    /// A URL shortened for a row: scheme and `www.` dropped, cut to ``urlDisplayLength`` with `…`.
    ///
    /// `https://docs.google.com/a/appirio.com/document/d/14SCnpf…/edit` → `docs.google.com/a/appirio.com/d…`
    public static func truncatedURL(_ url: String) -> String {
        var text = url.trimmingCharacters(in: .whitespacesAndNewlines)
        for prefix in ["https://", "http://"] where text.lowercased().hasPrefix(prefix) {
            text = String(text.dropFirst(prefix.count))
        }
        if text.lowercased().hasPrefix("www.") { text = String(text.dropFirst(4)) }
        guard text.count > urlDisplayLength else { return text }
        return String(text.prefix(urlDisplayLength - 1)) + "…"
    }
}
