import DynamicJSON
import Foundation
import HTTPServer

/// One stored sObject: its fields by Salesforce name, plus the system fields the server maintains.
public struct SObjectRecord: Sendable, Hashable {
    /// The 18-character id.
    public var id: String
    /// The object name (`Account`, `Note`, …).
    public var type: String
    /// The `ParentId` (or `ContentDocumentId` for a version), indexed for the Apex answers.
    public var parentID: String?
    /// The writable fields, by canonical Salesforce name; never `Id` or the system dates.
    public var fields: [String: JSONValue]
    /// The binary field (`Attachment.Body`, `ContentVersion.VersionData`), stored apart from the JSON.
    public var body: Data?
    /// The binary field as it arrived (base64), when a create left decoding to the store.
    ///
    /// NB: a store decodes it straight into its storage, so a 25 MB attachment is never held decoded
    /// beside its 35 MB request; `body` is `nil` while this is set, and a fetched record never has it.
    public var encodedBody: Base64Text?
    /// `CreatedDate`.
    public var createdDate: Date
    /// `LastModifiedDate`, moved by every change.
    public var lastModifiedDate: Date
    /// Whether the record was deleted (kept for `ENTITY_IS_DELETED`).
    public var isDeleted: Bool

    /// Creates a record.
    public init(
        id: String, type: String, parentID: String?, fields: [String: JSONValue], body: Data?, createdDate: Date,
        lastModifiedDate: Date, isDeleted: Bool = false, encodedBody: Base64Text? = nil
    ) {
        self.encodedBody = encodedBody
        self.id = id
        self.type = type
        self.parentID = parentID
        self.fields = fields
        self.body = body
        self.createdDate = createdDate
        self.lastModifiedDate = lastModifiedDate
        self.isDeleted = isDeleted
    }

    /// The binary field's length in bytes (0 without one).
    public var bodyCount: Int { encodedBody?.decodedCount ?? body?.count ?? 0 }

    /// The binary field's first `count` bytes, for sniffing its type.
    public func bodyPrefix(_ count: Int) -> [UInt8] {
        encodedBody?.prefix(count) ?? [UInt8](body?.prefix(count) ?? Data())
    }

    /// The record with its body decoded into memory (for stores that keep bytes whole).
    public func decodingBody() -> SObjectRecord {
        guard let encodedBody else { return self }
        var record = self
        record.body = encodedBody.decoded()
        record.encodedBody = nil
        return record
    }

    /// A string field, or `nil`.
    public func string(_ name: String) -> String? {
        if case .string(let value) = fields[name] { return value }
        return nil
    }

    /// A number field, or `nil`.
    public func number(_ name: String) -> Double? {
        if case .number(let value) = fields[name] { return value }
        return nil
    }

    /// A Boolean field, or `nil`.
    public func bool(_ name: String) -> Bool? {
        if case .bool(let value) = fields[name] { return value }
        return nil
    }
}

/// Salesforce timestamps: `2015-01-15T15:24:02.000+0000` in records, `…000Z` in Apex answers.
enum SalesforceTimestamp {
    static func record(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSZ"
        return formatter.string(from: date)
    }

    static func apex(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    static func parse(_ text: String) -> Date? {
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = iso.date(from: text) { return date }
        iso.formatOptions = [.withInternetDateTime]
        if let date = iso.date(from: text) { return date }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSZ"
        return formatter.date(from: text)
    }
}
