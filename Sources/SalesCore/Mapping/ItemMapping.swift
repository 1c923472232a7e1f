import Foundation

/// The exact sObject bodies for creating and updating notes, attachments and Google Docs.
///
/// `ParentId` goes only into an insert (a record cannot move to another account); `Id` only into
/// an update. An attachment's update carries `Id` and `Name` alone: it can only be renamed.
public enum ItemMapping {
    /// The field that names the account a note, attachment or Google Doc is on (Salesforce's `ParentId`: "ID of
    /// the object associated with the note", set on insert only).
    public static let parentField = "ParentId"

    /// `Note` insert: `ParentId`, `Title` ← name, `Body` ← text.
    public static func noteInsert(_ note: Note, accountID: String) -> SObjectFields {
        [parentField: .string(accountID), "Title": note.name.fieldValue, "Body": note.text.fieldValue]
    }

    /// `Note` update: `Id`, `Title`, `Body`.
    public static func noteUpdate(_ note: Note, id: String) -> SObjectFields {
        ["Id": .string(id), "Title": note.name.fieldValue, "Body": note.text.fieldValue]
    }

    /// `Attachment` insert: `ParentId`, `Name`, `Body` ← the file as base64.
    public static func attachmentInsert(name: String, body: Data, contentType: String?, accountID: String)
        -> SObjectFields
    {
        var fields: SObjectFields = [
            parentField: .string(accountID), "Name": .string(name), "Body": .string(body.base64EncodedString()),
        ]
        // NB: Salesforce keeps whatever ContentType it is sent and never guesses one, so the client sends it.
        if let contentType { fields["ContentType"] = .string(contentType) }
        return fields
    }

    /// `Attachment` update: `Id` and `Name` only.
    public static func attachmentUpdate(_ attachment: Attachment, id: String) -> SObjectFields {
        ["Id": .string(id), "Name": attachment.name.fieldValue]
    }

    /// `GoogleDoc` insert: `ParentId`, `Name`, `Url`.
    public static func docInsert(_ doc: GoogleDoc, accountID: String) -> SObjectFields {
        [parentField: .string(accountID), "Name": doc.name.fieldValue, "Url": doc.url.fieldValue]
    }

    /// `GoogleDoc` update: `Id`, `Name`, `Url`.
    public static func docUpdate(_ doc: GoogleDoc, id: String) -> SObjectFields {
        ["Id": .string(id), "Name": doc.name.fieldValue, "Url": doc.url.fieldValue]
    }

    /// An update body cut to what the person changed: `Id`, and each field whose value differs from `original`'s.
    ///
    /// A save sends only these, so a field someone else changed meanwhile (a note's title, when this person
    /// edited its body) is not written back to what this device last read.
    public static func changes(_ update: SObjectFields, from original: SObjectFields) -> SObjectFields {
        update.filter { key, value in key == "Id" || original[key] != value }
    }
}

// MARK: - Each kind's wire names

extension Note {
    /// A `Note` record: `Title` → name, `Body` → text.
    public init(id: String, fields: SObjectFields) {
        self.init(
            id: id, name: fields["Title"]?.text, lastModifiedDate: fields.lastModifiedDate, text: fields["Body"]?.text)
    }

    /// ``ItemMapping/noteInsert(_:accountID:)``.
    public func insertFields(accountID: String) -> SObjectFields { ItemMapping.noteInsert(self, accountID: accountID) }
    /// ``ItemMapping/noteUpdate(_:id:)``.
    public func updateFields(id: String) -> SObjectFields { ItemMapping.noteUpdate(self, id: id) }
    /// `add the note Visit`.
    public static func addOperation(_ name: String) -> String { SalesText.Operation.addNote(name) }
    /// `save the note Visit`.
    public static func saveOperation(_ name: String) -> String { SalesText.Operation.saveNote(name) }
}

extension Attachment {
    /// An `Attachment` record: `Name`, `Description`, `ContentType`, `BodyLength`.
    public init(id: String, fields: SObjectFields) {
        self.init(
            id: id, name: fields["Name"]?.text, lastModifiedDate: fields.lastModifiedDate,
            description: fields["Description"]?.text, contentType: fields["ContentType"]?.text,
            bodyLength: fields["BodyLength"]?.integer)
    }

    /// ``ItemMapping/attachmentUpdate(_:id:)``: a rename.
    public func updateFields(id: String) -> SObjectFields { ItemMapping.attachmentUpdate(self, id: id) }
    /// `rename the attachment report.pdf`: a name is all an attachment's save changes.
    public static func saveOperation(_ name: String) -> String { SalesText.Operation.renameAttachment(name) }
}

extension GoogleDoc {
    /// A `GoogleDoc` record: `Name`, `Url`.
    public init(id: String, fields: SObjectFields) {
        self.init(
            id: id, name: fields["Name"]?.text, lastModifiedDate: fields.lastModifiedDate, url: fields["Url"]?.text)
    }

    /// ``ItemMapping/docInsert(_:accountID:)``.
    public func insertFields(accountID: String) -> SObjectFields { ItemMapping.docInsert(self, accountID: accountID) }
    /// ``ItemMapping/docUpdate(_:id:)``.
    public func updateFields(id: String) -> SObjectFields { ItemMapping.docUpdate(self, id: id) }
    /// `add the Google Doc Plan`.
    public static func addOperation(_ name: String) -> String { SalesText.Operation.addDoc(name) }
    /// `save the Google Doc Plan`.
    public static func saveOperation(_ name: String) -> String { SalesText.Operation.saveDoc(name) }
}

extension SObjectFields {
    /// The record's `LastModifiedDate` (its version, as the conflict check reads it), or `nil`.
    var lastModifiedDate: Date? { self["LastModifiedDate"]?.text.flatMap(SalesforceDate.parse) }
}
