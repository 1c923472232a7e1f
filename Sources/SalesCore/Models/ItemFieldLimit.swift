import Foundation

/// The longest text Salesforce stores in an item's field, so the editor refuses what the server would answer
/// with `STRING_TOO_LONG` (an edit queued offline would otherwise be refused at sync, and could only be
/// discarded).
///
/// The lengths are Salesforce's standard fields' (the Object Reference and Field Reference, and the stand-in's
/// schema): `Note.Title` 80, `Note.Body` 32,000, `Attachment.Name` 255, `GoogleDoc.Name` 80 and `GoogleDoc.Url`
/// 255 (the Field Reference's GoogleDoc table: "Google Doc Name … 80", "Google Doc URL … 255"). Salesforce counts
/// a length in UTF-16 code units, as Apex's `String.length()` does, so this does too.
public enum ItemFieldLimit: String, Sendable, Hashable, CaseIterable {
    case noteTitle, noteBody, attachmentName, docName, docURL

    /// The most the field stores.
    public var limit: Int {
        switch self {
        case .noteTitle, .docName: 80
        case .noteBody: 32_000
        case .attachmentName, .docURL: 255
        }
    }

    /// `text`'s length as Salesforce counts it.
    public func length(of text: String) -> Int { text.utf16.count }

    /// The field as the refusal names it (`The title`).
    public var label: String { SalesText.localized("limit.\(rawValue)") }
}
