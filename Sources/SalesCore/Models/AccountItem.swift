import Foundation
import PublicInit

/// What a note, an attachment and a Google Doc have in common: the fields of one row in the merged list, and how
/// the kind is stored and saved in Salesforce.
public protocol AccountItemRecord: Sendable, Hashable, Codable {
    /// The Salesforce object the kind is stored as (`Note`, `Attachment`, `GoogleDoc`).
    static var objectName: String { get }

    /// The Salesforce id; `nil` for a record not yet created on the server.
    var id: String? { get set }
    var name: String? { get set }
    var lastModifiedDate: Date? { get set }

    /// The item `id` as its record's fields, by Salesforce name, describe it (where an edit starts from).
    init(id: String, fields: SObjectFields)
    /// The sObject body that saves the item's editable fields (see ``ItemMapping``).
    func updateFields(id: String) -> SObjectFields
    /// Saving an item named `name`, as a failure or the outbox says it (`save the note Visit`).
    static func saveOperation(_ name: String) -> String
}

extension AccountItemRecord {
    /// The update body of the fields changed from `original` (all of them without one): what a save sends
    /// (``ItemMapping/changes(_:from:)``).
    public func updateFields(id: String, changedFrom original: Self?) -> SObjectFields {
        guard let original else { return updateFields(id: id) }
        return ItemMapping.changes(updateFields(id: id), from: original.updateFields(id: id))
    }
}

/// A note or a Google Doc: an item created from its own fields (an attachment is uploaded instead).
public protocol WrittenAccountItem: AccountItemRecord {
    /// The sObject body that creates the item on the account `accountID` (see ``ItemMapping``).
    func insertFields(accountID: String) -> SObjectFields
    /// Adding an item named `name`, as a failure or the outbox says it (`add the note Visit`).
    static func addOperation(_ name: String) -> String
}

/// The wire names of the fields every item has; each kind adds its own keys beside them.
private enum SharedItemKeys: String, CodingKey { case id, name, lastModifiedDate }

extension AccountItemRecord {
    /// Reads the fields every item has, leniently: absent, `null` or mistyped becomes `nil`.
    mutating func decodeSharedFields(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: SharedItemKeys.self)
        id = c.lenientString(.id)
        name = c.lenientString(.name)
        lastModifiedDate = c.lenientDate(.lastModifiedDate)
    }

    /// Writes the fields every item has, `null` for absent ones.
    func encodeSharedFields(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: SharedItemKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(lastModifiedDate.map(SalesforceDate.format), forKey: .lastModifiedDate)
    }
}

/// A note on an account (Salesforce object `Note`).
@PublicInit
public struct Note: WrittenAccountItem {
    /// `Note`.
    public static let objectName = "Note"

    /// The Salesforce id; `nil` until the server created the record.
    public var id: String?
    /// The name shown as the row's primary text.
    public var name: String?
    /// When the record last changed (the row's `MM/DD/YY`, and the conflict check).
    public var lastModifiedDate: Date?
    /// The note's body.
    public var text: String?

    enum CodingKeys: String, CodingKey { case text }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        self.init()
        try decodeSharedFields(from: decoder)
        text = try decoder.container(keyedBy: CodingKeys.self).lenientString(.text)
    }

    /// Encodes the wire fields, `null` for absent ones.
    public func encode(to encoder: any Encoder) throws {
        try encodeSharedFields(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
    }
}

/// A file attached to an account (Salesforce object `Attachment`).
@PublicInit
public struct Attachment: AccountItemRecord {
    /// `Attachment`.
    public static let objectName = "Attachment"

    /// The Salesforce id; `nil` until the server created the record.
    public var id: String?
    /// The name shown as the row's primary text.
    public var name: String?
    /// When the record last changed (the row's `MM/DD/YY`, and the conflict check).
    public var lastModifiedDate: Date?
    /// The attachment's description.
    public var description: String?
    /// The MIME type (`application/pdf`, `image/jpeg`).
    public var contentType: String?
    /// The size of the file in bytes.
    public var bodyLength: Int?

    /// Whether the attachment is an image, so the edit form shows it.
    public var isImage: Bool { contentType?.lowercased().hasPrefix("image/") ?? false }

    enum CodingKeys: String, CodingKey { case description, contentType, bodyLength }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        self.init()
        try decodeSharedFields(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        description = c.lenientString(.description)
        contentType = c.lenientString(.contentType)
        bodyLength = c.lenientInt(.bodyLength)
    }

    /// Encodes the wire fields, `null` for absent ones.
    public func encode(to encoder: any Encoder) throws {
        try encodeSharedFields(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(description, forKey: .description)
        try c.encode(contentType, forKey: .contentType)
        try c.encode(bodyLength, forKey: .bodyLength)
    }
}

/// A link to a Google Doc (Salesforce object `GoogleDoc`).
@PublicInit
public struct GoogleDoc: WrittenAccountItem {
    /// `GoogleDoc`.
    public static let objectName = "GoogleDoc"

    /// The Salesforce id; `nil` until the server created the record.
    public var id: String?
    /// The name shown as the row's primary text.
    public var name: String?
    /// When the record last changed (the row's `MM/DD/YY`, and the conflict check).
    public var lastModifiedDate: Date?
    /// The link to the document.
    public var url: String?

    enum CodingKeys: String, CodingKey { case url }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        self.init()
        try decodeSharedFields(from: decoder)
        url = try decoder.container(keyedBy: CodingKeys.self).lenientString(.url)
    }

    /// Encodes the wire fields, `null` for absent ones.
    public func encode(to encoder: any Encoder) throws {
        try encodeSharedFields(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(url, forKey: .url)
    }
}

/// One entry of the merged Notes & Attachments list: a note, an attachment or a Google Doc.
public enum AccountItem: Sendable, Hashable {
    case note(Note)
    case attachment(Attachment)
    case doc(GoogleDoc)

    /// The record behind the entry, through the fields all three share.
    public var record: any AccountItemRecord {
        switch self {
        case .note(let note): note
        case .attachment(let attachment): attachment
        case .doc(let doc): doc
        }
    }

    /// The Salesforce id; `nil` until the server created the record.
    public var id: String? { record.id }
    /// The name shown as the row's primary text.
    public var name: String? { record.name }
    /// When the record last changed (the row's `MM/DD/YY`, and the conflict check).
    public var lastModifiedDate: Date? { record.lastModifiedDate }

    /// The Salesforce object this entry is stored as.
    public var objectName: String { type(of: record).objectName }
}

/// An account with its notes, attachments and Google Docs: the answer of `Account/RetrieveAccount/{id}`.
@PublicInit
public struct AccountDetails: Sendable, Hashable, Codable {
    /// The account's own fields.
    public var account: Account
    /// The account's notes.
    public var notes: [Note] = []
    /// The account's attachments.
    public var attachments: [Attachment] = []
    /// The account's Google Docs.
    public var docs: [GoogleDoc] = []

    enum CodingKeys: String, CodingKey { case notes, attachments, docs }

    /// Decodes the flat Apex answer: account fields and the three arrays side by side.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            account: try Account(from: decoder), notes: c.lenientArray(Note.self, .notes),
            attachments: c.lenientArray(Attachment.self, .attachments), docs: c.lenientArray(GoogleDoc.self, .docs))
    }

    /// Encodes the same flat shape.
    public func encode(to encoder: any Encoder) throws {
        try account.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(notes, forKey: .notes)
        try c.encode(attachments, forKey: .attachments)
        try c.encode(docs, forKey: .docs)
    }

    /// The merged list, newest first (entries without a date last, then by name).
    public var items: [AccountItem] {
        let all = notes.map(AccountItem.note) + attachments.map(AccountItem.attachment) + docs.map(AccountItem.doc)
        return all.sorted { lhs, rhs in
            switch (lhs.lastModifiedDate, rhs.lastModifiedDate) {
            case (let l?, let r?) where l != r: return l > r
            case (.some, nil): return true
            case (nil, .some): return false
            default: return (lhs.name ?? "") < (rhs.name ?? "")
            }
        }
    }
}

extension AccountItem {
    /// The id an item added offline goes by until the server gives it one: its outbox edit's id
    /// (`local-6F1C…`), unique however many items of the same name wait, and kept with the copy on the device, so
    /// its row can be found and opened.
    public static func localID(of edit: PendingEdit) -> String { localIDPrefix + edit.id.uuidString }

    /// What every local id starts with; no Salesforce id does (those are 15 or 18 letters and digits).
    public static let localIDPrefix = "local-"

    /// Whether the item was added offline and waits in the outbox to be created: it has no Salesforce id yet.
    public var isWaiting: Bool { id.map { $0.hasPrefix(Self.localIDPrefix) } ?? true }
}
