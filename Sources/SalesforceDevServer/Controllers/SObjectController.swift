import DynamicJSON
import Foundation
import HTTPServer
import HTTPTypes
import SalesforceUpload

/// sObject REST: create, read, update, delete and binary-field download, with Salesforce's validation.
struct SObjectController: Sendable {
    let service: SalesforceDevService
    var store: SObjectStore { service.store }

    /// Authorizes, runs the handler, and turns a ``SalesforceFault`` into its error array.
    ///
    /// NB: any other error goes on to the error middleware, which logs it with the request id and answers 500 (or
    /// 503 with `Retry-After` for a database that is gone); ``SalesforceErrorShape`` words that answer as
    /// Salesforce would (`UNKNOWN_EXCEPTION`, `SERVER_UNAVAILABLE`).
    func answer(
        _ request: Request, _ handler: @Sendable (Request) async throws -> Response
    ) async throws -> Response {
        do {
            _ = try await service.authorize(request)
            return try await handler(request)
        } catch let fault as SalesforceFault {
            return fault.response
        }
    }

    // MARK: - Handlers

    /// The receiver for a create or update: it streams the binary field of the path's object, if it has one,
    /// on a thread of its own; a request without a token keeps nothing (it is answered 401 once its body is in).
    ///
    /// NB: the token itself is checked by the handler; without one, a stranger's 40 MiB never reach the disk (they
    /// were decoded and staged whole before the 401), as with Attendee's uploads.
    func upload(_ request: Request) -> PipelinedReceiver<SObjectUpload> {
        guard request.bearerToken(schemes: SalesforceDevService.tokenSchemes) != nil else {
            return PipelinedReceiver(.discarding(folder: store.bodies), expectedLength: 0)
        }
        let schema = request.parameters["sobject"].flatMap(SObjectSchema.named)
        return PipelinedReceiver(
            SObjectUpload(binaryField: schema?.blobField, folder: store.bodies),
            expectedLength: request.headers["Content-Length"].flatMap { Int($0) })
    }

    @Sendable func create(_ request: Request, _ upload: SObjectUpload) async throws -> Response {
        let schema = try schema(request)
        guard schema.isWritable else { throw SalesforceFault.methodNotAllowed(.post, allowed: "GET, DELETE") }
        var fields: [String: JSONValue] = [:]
        var body: StagedBody?
        for member in try Self.members(of: upload) where member.name != "attributes" {
            guard let field = schema.field(named: member.name) else {
                if member.name.lowercased() == "id" { throw SalesforceFault.notUpdatable(["Id"]) }
                throw SalesforceFault.invalidField(member.name, object: schema.name)
            }
            if field.kind == .base64 {
                body = try binary(member, field: field.name, of: schema)
            } else {
                fields[field.name] = try await checked(member.value, field: field)
            }
        }
        let missing = schema.fields.filter { field in
            guard field.isRequired else { return false }
            // NB: `"Body": ""` is no body: Salesforce reads an empty value as none, as it does a blank string.
            if field.kind == .base64 { return (body?.count ?? 0) == 0 }
            return Self.isBlank(fields[field.name])
        }.map(\.name)
        if !missing.isEmpty { throw SalesforceFault.requiredFieldMissing(missing) }

        let now = service.configuration.now()
        let id = service.newID(for: schema.name)
        var record = SObjectRecord(
            id: id, type: schema.name, parentID: fields["ParentId"].flatMap(Self.string), fields: fields,
            createdDate: now, lastModifiedDate: now)
        try await prepare(&record, body: body, now: now)
        let stored = try await store.insert(record, body, request.headers["Idempotency-Key"])
        return try .json(["id": .string(stored), "success": true, "errors": []] as JSONValue, status: .created)
    }

    @Sendable func read(_ request: Request) async throws -> Response {
        let schema = try schema(request)
        let record = try await live(request, schema: schema, deleted: .notFound)
        var names = schema.fields.map(\.name)
        let isSelective = request.query["fields"] != nil
        if let wanted = request.query["fields"] {
            names = []
            for name in wanted.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if let system = Self.systemFields.first(where: { $0.lowercased() == name.lowercased() }) {
                    names.append(system)
                } else if let field = schema.field(named: name) {
                    names.append(field.name)
                } else {
                    throw SalesforceFault.invalidField(name, object: schema.name)
                }
            }
        } else {
            names += Self.systemFields
        }
        return try .json(
            JSONValue.object(
                Self.representation(record, schema: schema, fields: names, includeDerived: !isSelective)))
    }

    @Sendable func update(_ request: Request, _ upload: SObjectUpload) async throws -> Response {
        let schema = try schema(request)
        guard schema.isWritable else { throw SalesforceFault.methodNotAllowed(.patch, allowed: "GET, DELETE") }
        var record = try await live(request, schema: schema, deleted: .entityIsDeleted)
        try Self.checkUnmodifiedSince(request, record)
        var body: StagedBody?
        var notUpdatable: [String] = []
        for member in try Self.members(of: upload) where member.name != "attributes" {
            if member.name.lowercased() == "id" {
                guard case .string(let given) = member.value, SalesforceID.normalized(given) == record.id else {
                    throw SalesforceFault.malformedID(Self.string(member.value) ?? "")
                }
                continue
            }
            guard let field = schema.field(named: member.name) else {
                throw SalesforceFault.invalidField(member.name, object: schema.name)
            }
            if field.isCreateOnly || !field.isUpdateable {
                notUpdatable.append(field.name)
                continue
            }
            if field.kind == .base64 {
                let staged = try binary(member, field: field.name, of: schema)
                if field.isRequired, staged.count == 0 { throw SalesforceFault.requiredFieldMissing([field.name]) }
                body = staged
                continue
            }
            let checked = try await checked(member.value, field: field)
            if field.isRequired, Self.isBlank(checked) { throw SalesforceFault.requiredFieldMissing([field.name]) }
            record.fields[field.name] = checked
        }
        if !notUpdatable.isEmpty { throw SalesforceFault.notUpdatable(notUpdatable) }
        let now = service.modificationTime(after: record.lastModifiedDate)
        record.lastModifiedDate = now
        try await prepare(&record, body: body, now: now)
        try await store.update(record, body)
        return .noContent
    }

    @Sendable func delete(_ request: Request) async throws -> Response {
        let schema = try schema(request)
        var record = try await live(request, schema: schema, deleted: .entityIsDeleted)
        record.isDeleted = true
        record.lastModifiedDate = service.modificationTime(after: record.lastModifiedDate)
        try await store.update(record, nil)
        // NB: as in Salesforce, an account's notes, attachments and Google Docs go to the Recycle Bin with it; they
        // were left live, and readable by id, under an account that was gone.
        for type in Self.deletedWithTheirParent {
            for var child in try await store.children(type, record.id) {
                child.isDeleted = true
                child.lastModifiedDate = service.modificationTime(after: child.lastModifiedDate)
                try await store.update(child, nil)
            }
        }
        return .noContent
    }

    /// `If-Unmodified-Since` on a PATCH, as the REST API reads it: 412 when the record was modified after the date
    /// (compared to the second, as an HTTP date is), 400 for a value that is no HTTP date.
    static func checkUnmodifiedSince(_ request: Request, _ record: SObjectRecord) throws {
        guard let text = request.headers["If-Unmodified-Since"] else { return }
        guard let date = HTTPDate.date(from: text) else { throw SalesforceFault.badConditionalHeader(text) }
        if record.lastModifiedDate.timeIntervalSince1970.rounded(.down) > date.timeIntervalSince1970 {
            throw SalesforceFault.preconditionFailed
        }
    }

    /// The objects a deleted record takes with it: an account's notes, attachments and Google Docs; a
    /// ContentDocument's versions (Salesforce deletes a file's versions with it, so no version is left listed
    /// under Know · Say · Show with a document that is gone).
    static let deletedWithTheirParent = ["Note", "Attachment", "GoogleDoc", "ContentVersion"]

    @Sendable func blob(_ request: Request) async throws -> Response {
        let schema = try schema(request)
        let field = try request.parameter("field")
        guard let blobField = schema.blobField, blobField.lowercased() == field.lowercased() else {
            throw SalesforceFault.notFound
        }
        let record = try await live(request, schema: schema, deleted: .notFound)
        // NB: Salesforce answers VersionData as `application/octetstream` (sic); attachments with their type.
        let type =
            record.type == "Attachment"
            ? record.string("ContentType") ?? "application/octetstream"
            : "application/octetstream"
        guard let file = record.bodyFile else { return Response(status: .ok, headers: ["Content-Type": type]) }
        return Response(status: .ok, headers: ["Content-Type": type], body: .file(try store.bodies.file(file)))
    }

    // MARK: - Rules

    private func schema(_ request: Request) throws -> SObjectSchema {
        guard let schema = SObjectSchema.named(try request.parameter("sobject")) else { throw SalesforceFault.notFound }
        return schema
    }

    /// The record named by the path, of the path's type; `deleted` is thrown for a deleted one.
    private func live(_ request: Request, schema: SObjectSchema, deleted: SalesforceFault) async throws
        -> SObjectRecord
    {
        let raw = try request.parameter("id")
        // NB: Salesforce reads a segment without an id's shape (15 or 18 letters and digits) as an external ID
        // field's name, and so does it an id of another object: 404 NOT_FOUND. An id-shaped segment whose
        // 18-character suffix is wrong is 400 MALFORMED_ID (as recorded from a real org).
        guard SalesforceID.hasIDShape(raw) else { throw SalesforceFault.noSuchExternalIDField(raw) }
        guard let id = SalesforceID.normalized(raw) else { throw SalesforceFault.malformedID(raw) }
        guard SalesforceID.object(of: id) == schema.name else { throw SalesforceFault.noSuchExternalIDField(raw) }
        guard let record = try await store.fetch(id), record.type == schema.name else {
            throw SalesforceFault.notFound
        }
        if record.isDeleted { throw deleted }
        return record
    }

    /// The value, checked against the field's type (references must name a live record).
    private func checked(_ value: JSONValue, field: SObjectSchema.Field) async throws -> JSONValue {
        switch (field.kind, value) {
        case (_, .null): return .null
        case (.string, .string(let text)):
            if let limit = field.maxLength, text.utf16.count > limit {
                throw SalesforceFault.stringTooLong(field.name, limit: limit)
            }
            return value
        case (.boolean, .bool): return value
        case (.number, .number(let number)):
            return .number(try Self.inRange(number, field: field))
        case (.number, .string(let text)):
            // NB: Swift's Double reads "NaN", "inf" and "1e400" (as infinity); Salesforce's parser reads none of them.
            guard let number = Double(text), number.isFinite else {
                throw SalesforceFault.wrongType(field.name, expected: "double")
            }
            return .number(try Self.inRange(number, field: field))
        case (.reference, .string(let text)):
            guard let id = SalesforceID.normalized(text) else { throw SalesforceFault.malformedID(text) }
            guard let target = try await store.fetch(id), !target.isDeleted else {
                throw SalesforceFault.invalidReference(field.name)
            }
            if let allowed = field.referenceTo, !allowed.contains(target.type) {
                throw SalesforceFault.referenceOfWrongType(field.name, id: text)
            }
            return .string(id)
        case (.number, _): throw SalesforceFault.wrongType(field.name, expected: "double")
        case (.boolean, _): throw SalesforceFault.wrongType(field.name, expected: "boolean")
        default: throw SalesforceFault.wrongType(field.name, expected: "string")
        }
    }

    /// A number the field's 18 digits hold: at most `18 - scale` of them before the point, as an org refuses with
    /// `NUMBER_OUTSIDE_VALID_RANGE` (the stand-in once stored 1.2e29 and answered it back with other digits).
    static func inRange(_ number: Double, field: SObjectSchema.Field) throws -> Double {
        let limit = pow(10, Double(18 - field.scale))
        guard number.isFinite, abs(number) < limit else { throw SalesforceFault.outsideValidRange(field.name, number) }
        return number
    }

    /// Fills the fields the server derives: an attachment's length (when `body` is new), a version's document.
    private func prepare(_ record: inout SObjectRecord, body: StagedBody?, now: Date) async throws {
        switch record.type {
        case "Attachment" where body != nil:
            // NB: Salesforce stores the ContentType the client sends and guesses nothing from the bytes.
            record.fields["BodyLength"] = .number(Double(body?.count ?? 0))
        case "ContentVersion" where record.parentID == nil:
            let path = record.string("PathOnClient") ?? ""
            let fileType = Self.fileType(path)
            let documentID = service.newID(for: "ContentDocument")
            let document = SObjectRecord(
                id: documentID, type: "ContentDocument", parentID: nil,
                fields: [
                    "Title": record.fields["Title"] ?? .null, "LatestPublishedVersionId": .string(record.id),
                    "FileType": .string(fileType),
                ], createdDate: now, lastModifiedDate: now)
            _ = try await store.insert(document, nil, nil)
            record.parentID = documentID
            record.fields["ContentDocumentId"] = .string(documentID)
            record.fields["FileType"] = .string(fileType)
            record.fields["ContentSize"] = .number(Double(body?.count ?? 0))
        default:
            break
        }
    }

    // MARK: - Representation

    static let systemFields = ["Id", "CreatedDate", "LastModifiedDate", "SystemModstamp", "IsDeleted"]

    static func representation(
        _ record: SObjectRecord, schema: SObjectSchema, fields names: [String], includeDerived: Bool
    ) -> [String: JSONValue] {
        let url = "/services/data/\(SalesforceDevService.apiVersion)/sobjects/\(record.type)/\(record.id)"
        var object: [String: JSONValue] = ["attributes": ["type": .string(record.type), "url": .string(url)]]
        for name in names {
            switch name {
            case "Id": object[name] = .string(record.id)
            case "CreatedDate": object[name] = .string(SalesforceTimestamp.record(record.createdDate))
            case "LastModifiedDate", "SystemModstamp":
                object[name] = .string(SalesforceTimestamp.record(record.lastModifiedDate))
            case "IsDeleted": object[name] = .bool(record.isDeleted)
            case schema.blobField: object[name] = .string("\(url)/\(name)")
            default: object[name] = record.fields[name] ?? .null
            }
        }
        if includeDerived {
            for derived in ["BodyLength", "ContentDocumentId", "FileType", "ContentSize"] {
                if let value = record.fields[derived] { object[derived] = value }
            }
        }
        return object
    }

    // MARK: - Parsing

    /// The binary field's staged bytes; anything but base64 text is the wrong type, and an Attachment body over
    /// ``maximumAttachmentBytes`` is refused (its staged file goes with it).
    private func binary(_ member: SObjectUpload.Member, field: String, of schema: SObjectSchema) throws
        -> StagedBody
    {
        guard let body = try member.stagedBody(in: store.bodies) else {
            throw SalesforceFault.wrongType(field, expected: "base64")
        }
        if schema.name == "Attachment", body.count > Self.maximumAttachmentBytes {
            throw SalesforceFault.attachmentTooLarge(field, limit: Self.maximumAttachmentBytes)
        }
        return body
    }

    /// The largest Attachment body Salesforce takes: 25 MB (a file's versions may be larger).
    static let maximumAttachmentBytes = 25 * 1024 * 1024

    /// The body's members in order; one that is not a JSON object is Salesforce's `JSON_PARSER_ERROR`.
    private static func members(of upload: SObjectUpload) throws -> [SObjectUpload.Member] {
        do {
            return try upload.members()
        } catch is MalformedBody {
            throw SalesforceFault.malformedJSON
        }
    }

    static func string(_ value: JSONValue) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }

    static func isBlank(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?: true
        case .string(let text)?: text.trimmingCharacters(in: .whitespaces).isEmpty
        default: false
        }
    }

    static func fileType(_ path: String) -> String {
        let ext = (path as NSString).pathExtension.uppercased()
        // NB: as Salesforce names them: Office files by kind (`POWER_POINT_X`, not `PPTX`).
        switch ext {
        case "JPG", "JPEG": return "JPG"
        case "TXT": return "TEXT"
        case "DOC": return "WORD"
        case "DOCX": return "WORD_X"
        case "XLS": return "EXCEL"
        case "XLSX": return "EXCEL_X"
        case "PPT": return "POWER_POINT"
        case "PPTX": return "POWER_POINT_X"
        case "": return "UNKNOWN"
        default: return ext
        }
    }
}
