import Database
import DynamicJSON
import Foundation
import HTTPServer

extension SObjectStore {
    /// Registers the dev server's tables (records, idempotency keys, tokens) for SQLite and PostgreSQL.
    public static func registerMigrations(_ migrator: inout Migrator) {
        migrator.register("salesforce.v1-records") { db in
            let blob = db.dialect.blobType
            try db.executeScript(
                """
                CREATE TABLE salesforce_record (
                    id TEXT PRIMARY KEY,
                    type TEXT NOT NULL,
                    parent_id TEXT,
                    fields TEXT NOT NULL,
                    body \(blob),
                    created_at BIGINT NOT NULL,
                    modified_at BIGINT NOT NULL,
                    is_deleted BIGINT NOT NULL DEFAULT 0
                );
                CREATE INDEX salesforce_record_parent ON salesforce_record (type, parent_id);
                CREATE TABLE salesforce_idempotency (
                    key TEXT PRIMARY KEY,
                    record_id TEXT NOT NULL
                );
                CREATE TABLE salesforce_token (
                    value TEXT PRIMARY KEY,
                    kind TEXT NOT NULL,
                    username TEXT NOT NULL,
                    expires_at BIGINT,
                    refresh_token TEXT
                );
                CREATE INDEX salesforce_token_refresh ON salesforce_token (refresh_token);
                """)
        }
        // NB: the binary field moves to a table of its own where it is the last column: SQLite keeps a trailing
        // zeroblob(n) compressed in the row it builds, so a 25 MB body is reserved without 25 MB of zeros in
        // memory (twice: the expanded value and the record) and then filled piece by piece.
        migrator.register("salesforce.v2-bodies") { db in
            let blob = db.dialect.blobType
            try db.executeScript(
                """
                CREATE TABLE salesforce_body (
                    record_id TEXT PRIMARY KEY REFERENCES salesforce_record (id),
                    body \(blob) NOT NULL
                );
                INSERT INTO salesforce_body (record_id, body)
                    SELECT id, body FROM salesforce_record WHERE body IS NOT NULL;
                ALTER TABLE salesforce_record DROP COLUMN body;
                """)
        }
    }

    /// A store in the Quartet database (run ``registerMigrations(_:)`` first).
    public static func database(_ database: any SQLDatabase) -> SObjectStore {
        SObjectStore(
            insert: { record, key in
                let fields = try DatabaseRecord.encode(record.fields)
                return try await database.write { db in
                    if let key,
                        let existing = try db.fetchValue(
                            String.self, "SELECT record_id FROM salesforce_idempotency WHERE key = \(key)")
                    {
                        return existing
                    }
                    try DatabaseRecord.insert(record, fields: fields, into: db)
                    if let key {
                        try db.execute(
                            "INSERT INTO salesforce_idempotency (key, record_id) VALUES (\(key), \(record.id))")
                    }
                    return record.id
                }
            },
            fetch: { id, withBody in
                try await database.read { db in
                    try DatabaseRecord.fetch(id, withBody: withBody, from: db)
                }
            },
            update: { record, withBody in
                let fields = try DatabaseRecord.encode(record.fields)
                _ = try await database.write { db in
                    try db.execute(
                        """
                        UPDATE salesforce_record SET parent_id = \(record.parentID), fields = \(fields), \
                        modified_at = \(record.lastModifiedDate), is_deleted = \(record.isDeleted ? 1 : 0) \
                        WHERE id = \(record.id)
                        """)
                    if withBody { try DatabaseRecord.replaceBody(of: record.decodingBody(), in: db) }
                }
            },
            children: { type, parent in
                try await database.read { db in
                    try db.query(
                        """
                        SELECT id, type, parent_id, fields, NULL AS body, created_at, modified_at, is_deleted
                        FROM salesforce_record
                        WHERE type = \(type) AND parent_id = \(parent) AND is_deleted = 0
                        ORDER BY created_at, id
                        """
                    ).map(DatabaseRecord.record)
                }
            },
            all: { type in
                try await database.read { db in
                    try db.query(
                        """
                        SELECT id, type, parent_id, fields, NULL AS body, created_at, modified_at, is_deleted
                        FROM salesforce_record WHERE type = \(type) AND is_deleted = 0
                        ORDER BY created_at, id
                        """
                    ).map(DatabaseRecord.record)
                }
            },
            count: {
                try await database.read { db in
                    try db.fetchValue(Int.self, "SELECT COUNT(*) FROM salesforce_record") ?? 0
                }
            },
            saveToken: { token in
                _ = try await database.write { db in
                    try db.execute(
                        """
                        INSERT INTO salesforce_token (value, kind, username, expires_at, refresh_token)
                        VALUES (\(token.value), \(token.kind.rawValue), \(token.username), \(token.expiresAt), \
                        \(token.refreshToken))
                        """)
                }
            },
            token: { value in
                try await database.read { db in
                    guard
                        let row = try db.queryOne(
                            """
                            SELECT value, kind, username, expires_at, refresh_token FROM salesforce_token
                            WHERE value = \(value)
                            """)
                    else { return nil }
                    let kind: String = row["kind"] ?? ""
                    return IssuedToken(
                        value: row["value"] ?? "", kind: IssuedToken.Kind(rawValue: kind) ?? .access,
                        username: row["username"] ?? "", expiresAt: row["expires_at"],
                        refreshToken: row["refresh_token"])
                }
            },
            revoke: { value in
                try await database.write { db in
                    let removed = try db.execute("DELETE FROM salesforce_token WHERE value = \(value)")
                    guard removed > 0 else { return false }
                    try db.execute("DELETE FROM salesforce_token WHERE refresh_token = \(value)")
                    return true
                }
            })
    }
}

/// Rows of `salesforce_record` to and from ``SObjectRecord``.
enum DatabaseRecord {
    /// Inserts `record` and its body; on SQLite a base64 body is decoded piece by piece straight into the blob.
    static func insert(_ record: SObjectRecord, fields: String, into db: any DatabaseConnection) throws {
        try db.execute(
            """
            INSERT INTO salesforce_record (id, type, parent_id, fields, created_at, modified_at, is_deleted) \
            VALUES (\(record.id), \(record.type), \(record.parentID), \(fields), \(record.createdDate), \
            \(record.lastModifiedDate), \(record.isDeleted ? 1 : 0))
            """)
        guard let encoded = record.encodedBody, let blobs = db as? any IncrementalBlobConnection else {
            try replaceBody(of: record.decodingBody(), in: db)
            return
        }
        let rowID = try db.fetchValue(
            Int64.self,
            """
            INSERT INTO salesforce_body (record_id, body) VALUES (\(record.id), zeroblob(\(encoded.decodedCount))) \
            RETURNING rowid
            """)
        guard let rowID else {
            throw DatabaseError(.other, code: "rowid", message: "the inserted body returned no rowid")
        }
        try blobs.withBlob(table: "salesforce_body", column: "body", rowID: rowID, writable: true) { blob in
            var offset = 0
            try encoded.decode { chunk in
                try blob.write(chunk, at: offset)
                offset += chunk.count
            }
        }
    }

    /// Stores the record's in-memory body (or removes it when there is none).
    static func replaceBody(of record: SObjectRecord, in db: any DatabaseConnection) throws {
        guard let body = record.body else {
            try db.execute("DELETE FROM salesforce_body WHERE record_id = \(record.id)")
            return
        }
        try db.execute(
            """
            INSERT INTO salesforce_body (record_id, body) VALUES (\(record.id), \(body)) \
            ON CONFLICT (record_id) DO UPDATE SET body = excluded.body
            """)
    }

    /// The record `id`; on SQLite its body is read straight into one buffer of the blob's length.
    static func fetch(_ id: String, withBody: Bool, from db: any DatabaseConnection) throws -> SObjectRecord? {
        guard withBody, let blobs = db as? any IncrementalBlobConnection else {
            let body: SQL =
                withBody ? "(SELECT body FROM salesforce_body WHERE record_id = salesforce_record.id)" : "NULL"
            return try db.queryOne(
                """
                SELECT id, type, parent_id, fields, \(body) AS body, created_at, modified_at, is_deleted
                FROM salesforce_record WHERE id = \(id)
                """
            ).map(record)
        }
        guard
            let row = try db.queryOne(
                """
                SELECT id, type, parent_id, fields, NULL AS body, created_at, modified_at, is_deleted
                FROM salesforce_record WHERE id = \(id)
                """)
        else { return nil }
        var found = try record(row)
        if let rowID = try db.fetchValue(Int64.self, "SELECT rowid FROM salesforce_body WHERE record_id = \(id)") {
            found.body = try blobs.withBlob(
                table: "salesforce_body", column: "body", rowID: rowID, writable: false
            ) { try $0.readAll() }
        }
        return found
    }

    static func encode(_ fields: [String: JSONValue]) throws -> String {
        String(decoding: try Response.jsonEncoder.encode(fields), as: UTF8.self)
    }

    static func record(_ row: Row) throws -> SObjectRecord {
        let fieldsText: String = try row.decode(String.self, "fields")
        let fields = try JSONDecoder().decode([String: JSONValue].self, from: Data(fieldsText.utf8))
        let deleted: Int64 = row["is_deleted"] ?? 0
        return SObjectRecord(
            id: try row.decode(String.self, "id"), type: try row.decode(String.self, "type"),
            parentID: row["parent_id"], fields: fields, body: row["body"],
            createdDate: try row.decode(Date.self, "created_at"),
            lastModifiedDate: try row.decode(Date.self, "modified_at"), isDeleted: deleted != 0)
    }
}
