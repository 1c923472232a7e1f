import Foundation

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
    /// screen loaded (which this save has made stale). `nil` when the server could not be asked just after.
    @discardableResult
    public func update(
        _ object: String, id: String, fields: SObjectFields, expectedLastModified: Date?, operation: String
    ) async throws -> Date? {
        try await reporting(operation) {
            if let expectedLastModified {
                let current = try await serverLastModified(object, id: id, operation: operation)
                // NB: Salesforce stores milliseconds; compare at that precision so a round trip is not a conflict.
                if let current,
                    (current.timeIntervalSince1970 * 1000).rounded()
                        > (expectedLastModified.timeIntervalSince1970 * 1000).rounded()
                {
                    throw SalesforceError.conflict(
                        operation: operation, object: object, id: id, serverModified: current)
                }
            }
            _ = try await perform(
                "PATCH", "\(sobjectsPath)/\(object)/\(id)", body: SObjectJSON.encode(fields), operation: operation)
            // NB: a PATCH answers 204 with no body, so the new date is read back.
            return try? await serverLastModified(object, id: id, operation: operation)
        }
    }

    /// Deletes a record; one already deleted counts as deleted.
    public func delete(_ object: String, id: String, operation: String) async throws {
        try await reporting(operation) {
            do {
                _ = try await perform("DELETE", "\(sobjectsPath)/\(object)/\(id)", operation: operation)
            } catch SalesforceError.service(_, 404, let errors) where errors.first?.errorCode == "ENTITY_IS_DELETED" {
                return
            }
        }
    }

    /// A record's fields by Salesforce name (for edits that change only some fields).
    public func record(_ object: String, id: String) async throws -> [String: FieldValue] {
        let operation = SalesText.Operation.read(object, id: id)
        return try await reporting(operation) {
            let (data, _) = try await perform("GET", "\(sobjectsPath)/\(object)/\(id)", operation: operation)
            guard let fields = try? JSONDecoder().decode([String: Skippable<FieldValue>].self, from: data) else {
                throw SalesforceError.unreadable(operation: operation, reason: SalesText.Reason.notAnObject)
            }
            return fields.compactMapValues(\.value)
        }
    }

    /// The record's `LastModifiedDate` on the server now.
    public func serverLastModified(_ object: String, id: String, operation: String) async throws -> Date? {
        let (data, _) = try await perform(
            "GET", "\(sobjectsPath)/\(object)/\(id)", query: [URLQueryItem(name: "fields", value: "LastModifiedDate")],
            operation: operation)
        return try decode(LastModified.self, from: data, operation: operation).date
    }

    // MARK: - Account

    /// The account with its notes, attachments and docs (`Account/RetrieveAccount/{id}`).
    public func retrieveAccount(id: String) async throws -> AccountDetails {
        let operation = SalesText.Operation.loadAccount(id)
        return try await reporting(operation) {
            let (data, _) = try await perform(
                "GET", "services/apexrest/Account/RetrieveAccount/\(id)", operation: operation)
            return try decode(AccountDetails.self, from: data, operation: operation)
        }
    }

    /// Saves the health-care fields through ``accountToUpdateParams(_:)``, after the conflict check.
    public func saveAccount(_ account: Account) async throws {
        let operation = SalesText.Operation.saveAccount(account.name ?? account.id ?? "")
        guard let id = account.id else {
            throw report(
                SalesforceError.invalidInput(operation: operation, reason: SalesText.Reason.noAccountID),
                operation: operation)
        }
        try await update(
            "Account", id: id, fields: accountToUpdateParams(account), expectedLastModified: account.lastModifiedDate,
            operation: operation)
    }

    // MARK: - Notes

    /// Creates a note on the account and returns it with its new id attached.
    public func createNote(_ note: Note, accountID: String, idempotencyKey: String? = nil) async throws -> Note {
        let id = try await create(
            "Note", fields: ItemMapping.noteInsert(note, accountID: accountID), idempotencyKey: idempotencyKey,
            operation: SalesText.Operation.addNote(note.name ?? ""))
        var created = note
        created.id = id
        return created
    }

    /// Updates a note's title and body; returns it with the server's new `LastModifiedDate`.
    @discardableResult
    public func updateNote(_ note: Note) async throws -> Note {
        let operation = SalesText.Operation.saveNote(note.name ?? "")
        let id = try requireID(note.id, operation: operation)
        var saved = note
        saved.lastModifiedDate = try await update(
            "Note", id: id, fields: ItemMapping.noteUpdate(note, id: id), expectedLastModified: note.lastModifiedDate,
            operation: operation)
        return saved
    }

    /// Deletes a note.
    public func deleteNote(id: String) async throws {
        try await delete("Note", id: id, operation: SalesText.Operation.delete("Note", id))
    }

    // MARK: - Attachments

    /// Uploads a file (≤ 25 MB) as a base64 JSON body and returns the attachment with its id.
    ///
    /// Shrink images first with ``ImageShrinker``; anything still over the limit is refused here.
    public func createAttachment(
        name: String, data: Data, contentType: String?, accountID: String, idempotencyKey: String? = nil
    ) async throws -> Attachment {
        let operation = SalesText.Operation.uploadAttachment(name)
        guard data.count <= Self.maximumAttachmentBytes else {
            throw report(
                SalesforceError.invalidInput(
                    operation: operation,
                    reason: SalesText.Reason.fileTooLarge(megabytes: data.count / 1_048_576)), operation: operation)
        }
        let id = try await create(
            "Attachment",
            fields: ItemMapping.attachmentInsert(
                name: name, body: data, contentType: contentType, accountID: accountID),
            idempotencyKey: idempotencyKey, operation: operation)
        return Attachment(id: id, name: name, contentType: contentType, bodyLength: data.count)
    }

    /// Renames an attachment (its only editable field); returns it with the server's new `LastModifiedDate`.
    @discardableResult
    public func renameAttachment(_ attachment: Attachment) async throws -> Attachment {
        let operation = SalesText.Operation.renameAttachment(attachment.name ?? "")
        let id = try requireID(attachment.id, operation: operation)
        var saved = attachment
        saved.lastModifiedDate = try await update(
            "Attachment", id: id, fields: ItemMapping.attachmentUpdate(attachment, id: id),
            expectedLastModified: attachment.lastModifiedDate, operation: operation)
        return saved
    }

    /// Deletes an attachment.
    public func deleteAttachment(id: String) async throws {
        try await delete("Attachment", id: id, operation: SalesText.Operation.delete("Attachment", id))
    }

    /// Downloads an attachment's body: raw bytes, or base64 text when the server sends that.
    public func downloadAttachment(id: String, contentType: String? = nil) async throws -> DownloadedFile {
        let operation = SalesText.Operation.downloadAttachment(id)
        return try await reporting(operation) {
            let (data, response) = try await perform(
                "GET", "\(sobjectsPath)/Attachment/\(id)/Body", headers: ["Accept": "*/*"], operation: operation)
            return DownloadedFile(
                body: data, contentTypeHeader: response.value(forHTTPHeaderField: "Content-Type"),
                fallbackType: contentType)
        }
    }

    // MARK: - Google Docs

    /// Links a Google Doc to the account and returns it with its id.
    public func createDoc(_ doc: GoogleDoc, accountID: String, idempotencyKey: String? = nil) async throws
        -> GoogleDoc
    {
        let id = try await create(
            "GoogleDoc", fields: ItemMapping.docInsert(doc, accountID: accountID), idempotencyKey: idempotencyKey,
            operation: SalesText.Operation.addDoc(doc.name ?? ""))
        var created = doc
        created.id = id
        return created
    }

    /// Updates a Google Doc's name and URL; returns it with the server's new `LastModifiedDate`.
    @discardableResult
    public func updateDoc(_ doc: GoogleDoc) async throws -> GoogleDoc {
        let operation = SalesText.Operation.saveDoc(doc.name ?? "")
        let id = try requireID(doc.id, operation: operation)
        var saved = doc
        saved.lastModifiedDate = try await update(
            "GoogleDoc", id: id, fields: ItemMapping.docUpdate(doc, id: id), expectedLastModified: doc.lastModifiedDate,
            operation: operation)
        return saved
    }

    /// Deletes a Google Doc link.
    public func deleteDoc(id: String) async throws {
        try await delete("GoogleDoc", id: id, operation: SalesText.Operation.delete("GoogleDoc", id))
    }

    // MARK: - Know · Say · Show

    /// The selling content for an account (`2.0/WebContent/{id}`).
    public func webContent(accountID: String) async throws -> WebContent {
        let operation = SalesText.Operation.loadContent(accountID)
        return try await reporting(operation) {
            let (data, _) = try await perform(
                "GET", "services/apexrest/2.0/WebContent/\(accountID)", operation: operation)
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
                "GET", "\(sobjectsPath)/ContentDocument/\(contentDocumentID)", operation: operation)
            let document = try decode(ContentDocumentRecord.self, from: documentData, operation: operation)
            guard let versionID = document.latestPublishedVersionId else {
                throw SalesforceError.unreadable(operation: operation, reason: SalesText.Reason.noPublishedVersion)
            }
            let (data, response) = try await perform(
                "GET", "\(sobjectsPath)/ContentVersion/\(versionID)/VersionData", headers: ["Accept": "*/*"],
                operation: operation)
            return DownloadedFile(
                body: data, contentTypeHeader: response.value(forHTTPHeaderField: "Content-Type"),
                fallbackType: document.fileType.map(Self.mimeType(forFileType:)))
        }
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

    static func mimeType(forFileType fileType: String) -> String {
        switch fileType.uppercased() {
        case "PDF": "application/pdf"
        case "JPG", "JPEG": "image/jpeg"
        case "PNG": "image/png"
        case "TEXT", "TXT": "text/plain"
        case "HTML": "text/html"
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
