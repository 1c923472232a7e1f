import Foundation

extension PendingEdit {
    /// Adding a note or a Google Doc to an account: the insert fields and what to tell the person.
    public static func adding<Item: WrittenAccountItem>(_ item: Item, to accountID: String) -> PendingEdit {
        PendingEdit(
            change: .create(object: Item.objectName, fields: item.insertFields(accountID: accountID)),
            summary: Item.addOperation(item.name ?? ""), accountID: accountID)
    }

    /// Saving an existing item's editable fields (an attachment's only one is its name), checked against the
    /// version it was based on; `accountID` is the account it is on, when known.
    public static func saving<Item: AccountItemRecord>(_ item: Item, id: String, on accountID: String?)
        -> PendingEdit
    {
        PendingEdit(
            change: .update(
                object: Item.objectName, id: id, fields: item.updateFields(id: id),
                expectedLastModified: item.lastModifiedDate),
            summary: Item.saveOperation(item.name ?? id), accountID: accountID)
    }

    /// Saving an account's edited fields through `accountToUpdateParams`, checked against `basedOn`.
    public static func saving(_ account: Account, id: String, basedOn lastModified: Date?) -> PendingEdit {
        PendingEdit(
            change: .update(
                object: "Account", id: id, fields: accountToUpdateParams(account),
                expectedLastModified: lastModified),
            summary: SalesText.Operation.saveAccount(account.name ?? id), accountID: id)
    }

    /// Deleting the record `id` of `object` on the account `accountID` (when known), the kind and `name` (else
    /// the id) named for the person (`delete the Google Doc Plan`); with `basedOn`, the version the person saw, a
    /// record edited on the server since is not deleted (a conflict, as for a save).
    public static func deleting(
        _ object: String, id: String, name: String? = nil, basedOn lastModified: Date? = nil, on accountID: String?
    ) -> PendingEdit {
        PendingEdit(
            change: .delete(object: object, id: id, expectedLastModified: lastModified),
            summary: SalesText.Operation.delete(object, name ?? id), accountID: accountID)
    }
}
