import Foundation

extension PendingEdit {
    /// Adding `note` to an account: the insert fields (`ParentId`, `Title`, `Body`) and what to tell the person.
    public static func adding(_ note: Note, to accountID: String) -> PendingEdit {
        PendingEdit(
            change: .create(object: "Note", fields: ItemMapping.noteInsert(note, accountID: accountID)),
            summary: SalesText.Operation.addNote(note.name ?? ""))
    }

    /// Saving an existing note, checked against the version it was based on.
    public static func saving(_ note: Note, id: String) -> PendingEdit {
        PendingEdit(
            change: .update(
                object: "Note", id: id, fields: ItemMapping.noteUpdate(note, id: id),
                expectedLastModified: note.lastModifiedDate),
            summary: SalesText.Operation.saveNote(note.name ?? id))
    }

    /// Linking `doc` to an account.
    public static func adding(_ doc: GoogleDoc, to accountID: String) -> PendingEdit {
        PendingEdit(
            change: .create(object: "GoogleDoc", fields: ItemMapping.docInsert(doc, accountID: accountID)),
            summary: SalesText.Operation.addDoc(doc.name ?? ""))
    }

    /// Saving an existing Google Doc link, checked against the version it was based on.
    public static func saving(_ doc: GoogleDoc, id: String) -> PendingEdit {
        PendingEdit(
            change: .update(
                object: "GoogleDoc", id: id, fields: ItemMapping.docUpdate(doc, id: id),
                expectedLastModified: doc.lastModifiedDate),
            summary: SalesText.Operation.saveDoc(doc.name ?? id))
    }

    /// Renaming an attachment (its only editable field), checked against the version it was based on.
    public static func renaming(_ attachment: Attachment, id: String) -> PendingEdit {
        PendingEdit(
            change: .update(
                object: "Attachment", id: id, fields: ItemMapping.attachmentUpdate(attachment, id: id),
                expectedLastModified: attachment.lastModifiedDate),
            summary: SalesText.Operation.renameAttachment(attachment.name ?? id))
    }

    /// Saving an account's edited fields through `accountToUpdateParams`, checked against `basedOn`.
    public static func saving(_ account: Account, id: String, basedOn lastModified: Date?) -> PendingEdit {
        PendingEdit(
            change: .update(
                object: "Account", id: id, fields: accountToUpdateParams(account),
                expectedLastModified: lastModified),
            summary: SalesText.Operation.saveAccount(account.name ?? id))
    }

    /// Deleting the record `id` of `object`, the kind named for the person (`delete the Google Doc 098…`).
    public static func deleting(_ object: String, id: String) -> PendingEdit {
        PendingEdit(change: .delete(object: object, id: id), summary: SalesText.Operation.delete(object, id))
    }
}
