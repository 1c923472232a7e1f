import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// sObject REST: create, update (with the LastModifiedDate check), delete, and the blob downloads.
extension SalesforceClient {
    /// Creates a record and returns its new id; `idempotencyKey` makes a replay from the outbox harmless.
    public func create(_ object: String, fields: SObjectFields, idempotencyKey: String? = nil, operation: String)
        async throws -> String
    {
        try await reporting(operation) {
            try Self.refuseNonWebLink(object, fields: fields, operation: operation)
            let headers = idempotencyKey.map { ["Idempotency-Key": $0] } ?? [:]
            let (data, _) = try await perform(
                "POST", "\(sobjectsPath)/\(object)", body: SObjectJSON.encode(fields), headers: headers,
                operation: operation)
            let answer = try decode(CreateResult.self, from: data, operation: operation)
            guard answer.success != false, let id = answer.id else {
                throw SalesforceError.service(operation: operation, status: 201, errors: answer.errors ?? [])
            }
            return id
        }
    }

    /// Updates a record and returns its new `LastModifiedDate`; when `expectedLastModified` is given and the
    /// server's is newer, nothing is sent and a `.conflict` is thrown.
    ///
    /// The date comes back so the next edit of the same record compares against it, not against the one the
    /// screen loaded (which this save has made stale). When the server could not be asked just after, it is
    /// `expectedLastModified` (`nil` for a save made without a check): the next edit is still checked, and meets its
    /// own save as a newer version (a conflict that overwrites nothing) rather than being sent unchecked.
    @discardableResult
    public func update(
        _ object: String, id: String, fields: SObjectFields, expectedLastModified: Date?, operation: String
    ) async throws -> Date? {
        try await reporting(operation) {
            try Self.refuseNonWebLink(object, fields: fields, operation: operation)
            try await checkUnchanged(object, id: id, since: expectedLastModified, operation: operation)
            do {
                _ = try await perform(
                    "PATCH", recordPath(object, id: id, operation: operation), body: SObjectJSON.encode(fields),
                    headers: Self.unmodifiedSince(expectedLastModified), operation: operation)
            } catch SalesforceError.service(_, 412, _) {
                // NB: a save landed between the check above and this PATCH; the org refused to write over it.
                let current = try? await serverLastModified(object, id: id, operation: operation)
                throw SalesforceError.conflict(operation: operation, object: object, id: id, serverModified: current)
            }
            // NB: a PATCH answers 204 with no body, so the new date is read back.
            return (try? await serverLastModified(object, id: id, operation: operation)) ?? expectedLastModified
        }
    }

    /// Refuses, before anything is sent, a Google Doc written with a link no browser opens as a page (the editor's
    /// rule, ``ItemEditorModel/webLink(_:)``): Salesforce stores any text as `Url`, and the row could only say it
    /// opens nothing. A write that leaves the link out (or clears it) is not checked.
    static func refuseNonWebLink(_ object: String, fields: SObjectFields, operation: String) throws {
        guard object == GoogleDoc.objectName, let link = fields["Url"]?.text, ItemEditorModel.webLink(link) == nil
        else { return }
        throw SalesforceError.invalidInput(operation: operation, reason: SalesText.Reason.notAWebLink(link))
    }

    /// `If-Unmodified-Since` for a write based on the version of `expected` (none without one): Salesforce answers
    /// 412 instead of writing over a version saved after it, which closes most of the gap between the read in
    /// ``checkUnchanged(_:id:since:operation:)`` and the PATCH.
    ///
    /// NB: the header is an HTTP date, to the second, and `LastModifiedDate` has milliseconds: the date is rounded
    /// up, so the version the edit was based on never counts as newer than itself; a save in that same second is
    /// still caught only by the read before.
    static func unmodifiedSince(_ expected: Date?) -> [String: String] {
        guard let expected else { return [:] }
        let seconds = (expected.timeIntervalSince1970 * 1000).rounded() / 1000
        return ["If-Unmodified-Since": HTTPDate.string(from: Date(timeIntervalSince1970: seconds.rounded(.up)))]
    }

    /// Throws `.conflict` when the record changed on the server after `expected` (the version an edit was based
    /// on); nothing to check without one.
    ///
    /// NB: Salesforce's conditional headers do not cover DELETE, so the date is read first and compared here; a
    /// PATCH also sends `If-Unmodified-Since` (``unmodifiedSince(_:)``), which a real org applies to every sObject
    /// row (`If-Match` ETags are for accounts only) and the stand-in too.
    private func checkUnchanged(_ object: String, id: String, since expected: Date?, operation: String) async throws {
        guard let expected else { return }
        let current = try await serverLastModified(object, id: id, operation: operation)
        // NB: Salesforce stores milliseconds; compare at that precision so a round trip is not a conflict.
        if let current,
            (current.timeIntervalSince1970 * 1000).rounded() > (expected.timeIntervalSince1970 * 1000).rounded()
        {
            throw SalesforceError.conflict(operation: operation, object: object, id: id, serverModified: current)
        }
    }

    /// Deletes a record; one already deleted counts as deleted, in the Recycle Bin (`ENTITY_IS_DELETED`) or gone
    /// from it (`NOT_FOUND`): what the person asked for is so. When `expectedLastModified` is given and the
    /// server's version is newer (someone edited it after the person decided to delete it), nothing is deleted and
    /// a `.conflict` is thrown.
    public func delete(_ object: String, id: String, expectedLastModified: Date? = nil, operation: String)
        async throws
    {
        try await reporting(operation) {
            do {
                try await checkUnchanged(object, id: id, since: expectedLastModified, operation: operation)
                _ = try await perform("DELETE", recordPath(object, id: id, operation: operation), operation: operation)
            } catch SalesforceError.service(_, 404, let errors)
                where ["ENTITY_IS_DELETED", "NOT_FOUND"].contains(errors.first?.errorCode)
            {
                return
            }
        }
    }

    /// A record's fields by Salesforce name (for edits that change only some fields).
    public func record(_ object: String, id: String) async throws -> [String: FieldValue] {
        let operation = SalesText.Operation.read(object, id: id)
        return try await reporting(operation) {
            let (data, _) = try await perform(
                "GET", recordPath(object, id: id, operation: operation), operation: operation)
            guard let fields = try? JSONDecoder().decode([String: Skippable<FieldValue>].self, from: data) else {
                throw SalesforceError.unreadable(operation: operation, reason: SalesText.Reason.notAnObject)
            }
            return fields.compactMapValues(\.value)
        }
    }

    /// The account the item `id` of a kind is on, as Salesforce has it now (its ``ItemMapping/parentField``), so
    /// that a command given only the item's id opens that account's screen, as a person reaches the item; `nil`
    /// when the record names none.
    public func accountID<Item: AccountItemRecord>(holding kind: Item.Type, id: String) async throws -> String? {
        let operation = SalesText.Operation.read(Item.objectName, id: id)
        return try await reporting(operation) {
            let (data, _) = try await perform(
                "GET", recordPath(Item.objectName, id: id, operation: operation),
                query: [URLQueryItem(name: "fields", value: ItemMapping.parentField)], operation: operation)
            guard let fields = try? JSONDecoder().decode([String: Skippable<FieldValue>].self, from: data) else {
                throw SalesforceError.unreadable(operation: operation, reason: SalesText.Reason.notAnObject)
            }
            return fields[ItemMapping.parentField]?.value?.text.flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    /// The record's `LastModifiedDate` on the server now.
    public func serverLastModified(_ object: String, id: String, operation: String) async throws -> Date? {
        let (data, _) = try await perform(
            "GET", recordPath(object, id: id, operation: operation),
            query: [URLQueryItem(name: "fields", value: "LastModifiedDate")], operation: operation)
        return try decode(LastModified.self, from: data, operation: operation).date
    }

    // MARK: - Account

    /// The account with its notes, attachments and docs (`Account/RetrieveAccount/{id}`).
    public func retrieveAccount(id: String) async throws -> AccountDetails {
        let operation = SalesText.Operation.loadAccount(id)
        return try await reporting(operation) {
            let (data, _) = try await perform(
                "GET", apexPath("Account/RetrieveAccount", id: id, operation: operation), operation: operation)
            return try decode(AccountDetails.self, from: data, operation: operation)
        }
    }

    /// Saves the health-care fields through ``accountToUpdateParams(_:only:)``, after the conflict check: the nine
    /// of them, or only `fields` (the ones the person edited, so no other field is written over another's change).
    public func saveAccount(_ account: Account, fields: Set<HealthCareField>? = nil) async throws {
        let operation = SalesText.Operation.saveAccount(account.name ?? account.id ?? "")
        guard let id = account.id else {
            throw report(
                SalesforceError.invalidInput(operation: operation, reason: SalesText.Reason.noAccountID),
                operation: operation)
        }
        try await update(
            "Account", id: id, fields: accountToUpdateParams(account, only: fields),
            expectedLastModified: account.lastModifiedDate,
            operation: operation)
    }

    // MARK: - Notes, attachments and Google Docs

    /// Creates a note or a Google Doc on the account and returns it with its new id attached.
    public func create<Item: WrittenAccountItem>(_ item: Item, accountID: String, idempotencyKey: String? = nil)
        async throws -> Item
    {
        var created = item
        created.id = try await create(
            Item.objectName, fields: item.insertFields(accountID: accountID), idempotencyKey: idempotencyKey,
            operation: Item.addOperation(item.name ?? ""))
        return created
    }

    /// Saves an item's editable fields (a note's title and body, a Google Doc's name and URL, an attachment's name)
    /// after the conflict check; returns it with the server's new `LastModifiedDate`.
    ///
    /// With `original` (the item as it was read), only the fields changed from it are sent
    /// (``AccountItemRecord/updateFields(id:changedFrom:)``), so a field someone else changed meanwhile stays theirs.
    @discardableResult
    public func save<Item: AccountItemRecord>(_ item: Item, changedFrom original: Item? = nil) async throws -> Item {
        let operation = Item.saveOperation(item.name ?? "")
        let id = try requireID(item.id, operation: operation)
        var saved = item
        saved.lastModifiedDate = try await update(
            Item.objectName, id: id, fields: item.updateFields(id: id, changedFrom: original),
            expectedLastModified: item.lastModifiedDate,
            operation: operation)
        return saved
    }

    /// Deletes the item `id` of a kind: `delete(Note.self, id: "002…")`.
    public func delete<Item: AccountItemRecord>(_ kind: Item.Type, id: String) async throws {
        try await delete(Item.objectName, id: id, operation: SalesText.Operation.delete(Item.objectName, id))
    }

    /// The item `id` of a kind as the server has it now (where an edit starts from).
    public func record<Item: AccountItemRecord>(_ kind: Item.Type, id: String) async throws -> Item {
        Item(id: id, fields: try await record(Item.objectName, id: id))
    }

    /// Uploads a file (1 byte to 25 MB) as a base64 JSON body and returns the attachment with its id.
    ///
    /// Shrink images first with ``ImageShrinker``; anything still over the limit is refused here.
    public func createAttachment(
        name: String, data: Data, contentType: String?, accountID: String, idempotencyKey: String? = nil
    ) async throws -> Attachment {
        let operation = SalesText.Operation.uploadAttachment(name)
        guard !data.isEmpty else {
            throw report(
                SalesforceError.invalidInput(operation: operation, reason: SalesText.Reason.fileEmpty),
                operation: operation)
        }
        guard data.count <= Self.maximumAttachmentBytes else {
            throw report(
                SalesforceError.invalidInput(
                    operation: operation,
                    reason: SalesText.Reason.fileTooLarge(bytes: data.count)), operation: operation)
        }
        let id = try await create(
            Attachment.objectName,
            fields: ItemMapping.attachmentInsert(
                name: name, body: data, contentType: contentType, accountID: accountID),
            idempotencyKey: idempotencyKey, operation: operation)
        return Attachment(id: id, name: name, contentType: contentType, bodyLength: data.count)
    }

    /// Downloads an attachment's body: raw bytes, or base64 text when the server sends that. A failure names it by
    /// `name` (its row's title) when given, else by its id.
    public func downloadAttachment(id: String, contentType: String? = nil, name: String? = nil) async throws
        -> DownloadedFile
    {
        let operation = SalesText.Operation.downloadAttachment(name ?? id)
        return try await reporting(operation) {
            let (data, response) = try await perform(
                "GET", recordPath("Attachment", id: id, "Body", operation: operation), headers: ["Accept": "*/*"],
                operation: operation)
            return DownloadedFile(
                body: data, contentTypeHeader: response.value(forHTTPHeaderField: "Content-Type"),
                fallbackType: contentType)
        }
    }

    // MARK: - Know · Say · Show

    /// The selling content for an account (`2.0/WebContent/{id}`).
    public func webContent(accountID: String) async throws -> WebContent {
        let operation = SalesText.Operation.loadContent(accountID)
        return try await reporting(operation) {
            let (data, _) = try await perform(
                "GET", apexPath("2.0/WebContent", id: accountID, operation: operation), operation: operation)
            let content = try decode(WebContent.self, from: data, operation: operation)
            if content.isSuccess == false {
                throw SalesforceError.service(
                    operation: operation, status: 200,
                    errors: [SalesforceErrorItem(message: content.message ?? "failed", errorCode: "APEX_ERROR")])
            }
            return content
        }
    }

    /// Downloads a content document for viewing: its latest version's `VersionData`.
    public func downloadContent(contentDocumentID: String) async throws -> DownloadedFile {
        let operation = SalesText.Operation.openContent(contentDocumentID)
        return try await reporting(operation) {
            let (documentData, _) = try await perform(
                "GET", recordPath("ContentDocument", id: contentDocumentID, operation: operation), operation: operation)
            let document = try decode(ContentDocumentRecord.self, from: documentData, operation: operation)
            guard let versionID = document.latestPublishedVersionId else {
                throw SalesforceError.unreadable(operation: operation, reason: SalesText.Reason.noPublishedVersion)
            }
            let (data, response) = try await perform(
                "GET", recordPath("ContentVersion", id: versionID, "VersionData", operation: operation),
                headers: ["Accept": "*/*"], operation: operation)
            return DownloadedFile(
                body: data, contentTypeHeader: response.value(forHTTPHeaderField: "Content-Type"),
                fallbackType: document.fileType.map(Self.mimeType(forFileType:)))
        }
    }

    // MARK: - Paths

    /// The path of the record `id` of `object` (`…/sobjects/Note/002…`), and of a field under it (`…/Body`).
    func recordPath(_ object: String, id: String, _ field: String? = nil, operation: String) throws -> String {
        let path = "\(sobjectsPath)/\(object)/\(try Self.recordID(id, operation: operation))"
        return field.map { "\(path)/\($0)" } ?? path
    }

    /// The path of an Apex REST endpoint that takes a record id (`services/apexrest/2.0/WebContent/001…`).
    func apexPath(_ endpoint: String, id: String, operation: String) throws -> String {
        "services/apexrest/\(endpoint)/\(try Self.recordID(id, operation: operation))"
    }

    /// `id`, once it is a Salesforce record id: 15 or 18 ASCII letters and digits.
    ///
    /// The one check every path with an id goes through: anything else (`../Account/001…`, `a/b`) would make the
    /// request name another record or endpoint, so it is refused before a request is made.
    static func recordID(_ id: String, operation: String) throws -> String {
        let isAlphanumeric = { (byte: UInt8) in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        }
        guard id.utf8.count == 15 || id.utf8.count == 18, id.utf8.allSatisfy(isAlphanumeric) else {
            throw SalesforceError.invalidInput(operation: operation, reason: SalesText.Reason.notARecordID(id))
        }
        return id
    }

    // MARK: - Helpers

    private func requireID(_ id: String?, operation: String) throws -> String {
        guard let id, !id.isEmpty else {
            throw report(
                SalesforceError.invalidInput(operation: operation, reason: SalesText.Reason.notSavedYet),
                operation: operation)
        }
        return id
    }

    /// The MIME type of a ContentDocument's `FileType`, for the viewer: Salesforce answers `VersionData` as
    /// `application/octetstream` whatever the file, so this is the only type a content document has.
    ///
    /// NB: Salesforce names Office files by kind, not extension (`POWER_POINT_X` for a .pptx, `WORD`, `EXCEL_X`):
    /// a sales deck under Show fell through to `application/octet-stream`, which the web view cannot show.
    static func mimeType(forFileType fileType: String) -> String {
        switch fileType.uppercased() {
        case "PDF": "application/pdf"
        case "JPG", "JPEG": "image/jpeg"
        case "PNG": "image/png"
        case "GIF": "image/gif"
        case "TEXT", "TXT": "text/plain"
        case "CSV": "text/csv"
        case "RTF": "text/rtf"
        case "HTML": "text/html"
        case "WORD", "DOC": "application/msword"
        case "WORD_X", "DOCX": "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        case "EXCEL", "XLS": "application/vnd.ms-excel"
        case "EXCEL_X", "XLSX": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        case "POWER_POINT", "PPT": "application/vnd.ms-powerpoint"
        case "POWER_POINT_X", "PPTX": "application/vnd.openxmlformats-officedocument.presentationml.presentation"
        case "MP4": "video/mp4"
        default: "application/octet-stream"
        }
    }
}

private struct CreateResult: Decodable {
    var id: String?
    var success: Bool?
    var errors: [SalesforceErrorItem]?
}

private struct LastModified: Decodable {
    var date: Date?
    enum CodingKeys: String, CodingKey { case date = "LastModifiedDate" }
    init(from decoder: any Decoder) throws {
        date = try decoder.container(keyedBy: CodingKeys.self).lenientDate(.date)
    }
}

private struct ContentDocumentRecord: Decodable {
    var latestPublishedVersionId: String?
    var fileType: String?
    enum CodingKeys: String, CodingKey {
        case latestPublishedVersionId = "LatestPublishedVersionId"
        case fileType = "FileType"
    }
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        latestPublishedVersionId = c.lenientString(.latestPublishedVersionId)
        fileType = c.lenientString(.fileType)
    }
}
