import DynamicJSON
import Foundation
import HTTPServer

/// The demo data in `Resources/seed/*.json`: the people who may sign in and the records of a small org.
public struct SeedData: Sendable {
    /// A person who may sign in with the password grant.
    public struct User: Sendable, Hashable, Decodable {
        /// The sign-in name.
        public var username: String
        /// The password (demo data only).
        public var password: String
        /// The Salesforce user id (prefix `005`) in the identity URL.
        public var userID: String
        /// The person's name.
        public var displayName: String?
    }

    /// One record as the seed files write it.
    struct Record: Sendable, Decodable {
        var type: String
        var id: String
        var lastModifiedDate: String?
        var fields: [String: JSONValue]
        var bodyBase64: String?
        /// A ContentVersion's document id (the document is created with it).
        var documentId: String?
    }

    private struct File: Decodable {
        var users: [User]?
        var records: [Record]?
    }

    /// Who may sign in.
    public var users: [User]
    var records: [Record]

    /// The files shipped with the module, in load order.
    public static let fileNames = ["users", "accounts", "items", "content"]

    /// Reads the bundled seed files.
    public static func bundled() throws -> SeedData {
        var users: [User] = []
        var records: [Record] = []
        for name in fileNames {
            guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "seed") else {
                throw SeedError(file: name, reason: "missing from the module's resources")
            }
            let file: File
            do {
                file = try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
            } catch {
                throw SeedError(file: name, reason: String(describing: error))
            }
            users += file.users ?? []
            records += file.records ?? []
        }
        return SeedData(users: users, records: records)
    }

    /// Inserts every record (ContentVersions with their ContentDocument) into the store.
    func load(into store: SObjectStore, now: Date) async throws {
        for record in records {
            let modified = record.lastModifiedDate.flatMap(SalesforceTimestamp.parse) ?? now
            let body = try record.bodyBase64.map { text in
                guard let data = Data(base64Encoded: text) else {
                    throw SeedError(file: record.id, reason: "bodyBase64 is not base64")
                }
                return data
            }
            var fields = record.fields
            var parent = fields["ParentId"].flatMap { value -> String? in
                if case .string(let id) = value { return id }
                return nil
            }
            switch record.type {
            case "Attachment":
                fields["BodyLength"] = .number(Double(body?.count ?? 0))
            case "ContentVersion":
                guard let documentID = record.documentId else {
                    throw SeedError(file: record.id, reason: "a ContentVersion needs documentId")
                }
                let path: String
                if case .string(let text)? = fields["PathOnClient"] { path = text } else { path = "" }
                let fileType = SObjectController.fileType(path)
                let document = SObjectRecord(
                    id: documentID, type: "ContentDocument", parentID: nil,
                    fields: [
                        "Title": fields["Title"] ?? .null, "LatestPublishedVersionId": .string(record.id),
                        "FileType": .string(fileType),
                    ], createdDate: modified, lastModifiedDate: modified)
                _ = try await store.insert(document, nil, nil)
                fields["ContentDocumentId"] = .string(documentID)
                fields["FileType"] = .string(fileType)
                fields["ContentSize"] = .number(Double(body?.count ?? 0))
                parent = documentID
            default:
                break
            }
            _ = try await store.insert(
                SObjectRecord(
                    id: record.id, type: record.type, parentID: parent, fields: fields, createdDate: modified,
                    lastModifiedDate: modified), try body.map(store.bodies.stage), nil)
        }
    }
}

/// A seed file that could not be read.
public struct SeedError: Error, Sendable, CustomStringConvertible {
    /// The file (or record) at fault.
    public var file: String
    /// What is wrong with it.
    public var reason: String
    /// A one-line description.
    public var description: String { "Salesforce seed \(file): \(reason)" }
}
