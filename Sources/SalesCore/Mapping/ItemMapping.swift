import Foundation

/// The exact sObject bodies for creating and updating notes, attachments and Google Docs.
///
/// `ParentId` goes only into an insert (a record cannot move to another account); `Id` only into
/// an update. An attachment's update carries `Id` and `Name` alone: it can only be renamed.
public enum ItemMapping {
    /// `Note` insert: `ParentId`, `Title` ← name, `Body` ← text.
    public static func noteInsert(_ note: Note, accountID: String) -> SObjectFields {
        ["ParentId": .string(accountID), "Title": note.name.fieldValue, "Body": note.text.fieldValue]
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
            "ParentId": .string(accountID), "Name": .string(name), "Body": .string(body.base64EncodedString()),
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
        ["ParentId": .string(accountID), "Name": doc.name.fieldValue, "Url": doc.url.fieldValue]
    }

    /// `GoogleDoc` update: `Id`, `Name`, `Url`.
    public static func docUpdate(_ doc: GoogleDoc, id: String) -> SObjectFields {
        ["Id": .string(id), "Name": doc.name.fieldValue, "Url": doc.url.fieldValue]
    }
}
