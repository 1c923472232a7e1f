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
    /// The file in the store's ``BodyFolder`` that holds the binary field (`Attachment.Body`,
    /// `ContentVersion.VersionData`); set by the store.
    public var bodyFile: String?
    /// `CreatedDate`.
    public var createdDate: Date
    /// `LastModifiedDate`, moved by every change.
    public var lastModifiedDate: Date
    /// Whether the record was deleted (kept for `ENTITY_IS_DELETED`).
    public var isDeleted: Bool

    /// Creates a record.
    public init(
        id: String, type: String, parentID: String?, fields: [String: JSONValue], createdDate: Date,
        lastModifiedDate: Date, isDeleted: Bool = false, bodyFile: String? = nil
    ) {
        self.bodyFile = bodyFile
        self.id = id
        self.type = type
        self.parentID = parentID
        self.fields = fields
        self.createdDate = createdDate
        self.lastModifiedDate = lastModifiedDate
        self.isDeleted = isDeleted
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
