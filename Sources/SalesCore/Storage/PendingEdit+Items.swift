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
    ///
    /// With `original` (the item as it was read), the edit holds only the fields changed from it: replayed later,
    /// or sent over a newer version, it writes those and nothing else.
    public static func saving<Item: AccountItemRecord>(
        _ item: Item, changedFrom original: Item? = nil, id: String, on accountID: String?
    ) -> PendingEdit {
        PendingEdit(
            change: .update(
                object: Item.objectName, id: id, fields: item.updateFields(id: id, changedFrom: original),
                expectedLastModified: item.lastModifiedDate),
            summary: Item.saveOperation(item.name ?? id), accountID: accountID)
    }

    /// Saving an account's health-care fields through `accountToUpdateParams`, checked against `basedOn`: only
    /// `fields` (the ones the person edited) when given, else all nine.
    ///
    /// The edit holds only what it writes, so replayed later, or sent over a newer version ("Send Mine"), it
    /// leaves every other field as the server has it. An edit queued by an older version holds all nine and is
    /// replayed as it was made.
    public static func saving(
        _ account: Account, fields: Set<HealthCareField>? = nil, id: String, basedOn lastModified: Date?
    ) -> PendingEdit {
        PendingEdit(
            change: .update(
                object: "Account", id: id, fields: accountToUpdateParams(account, only: fields),
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
