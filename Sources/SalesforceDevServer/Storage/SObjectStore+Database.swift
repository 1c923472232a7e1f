import Database
import DynamicJSON
import Foundation
import HTTPServer
import SalesforceUpload

extension SObjectStore {
    /// A store in the Quartet database (run ``SalesforceDevService/registerMigrations(_:)`` first), its bodies in
    /// `bodies`.
    public static func database(_ database: any SQLDatabase, bodies: BodyFolder) -> SObjectStore {
        SObjectStore(
            bodies: bodies,
            insert: { record, body, key in
                let fields = try DatabaseRecord.encode(record.fields)
                return try await bodies.storing(
                    body, for: record,
                    { record in
                        try await database.write { db in
                            // NB: the key's row, claimed first, decides which create wins. PostgreSQL runs writes
                            // at once (read committed): a look-up would miss a key that another create has not
                            // committed yet, and the second insert of the key then fails (a 500). An insert that
                            // does nothing on conflict waits for that create, and the look-up after it sees its key.
                            if let key,
                                try db.execute(
                                    """
                                    INSERT INTO salesforce_idempotency (key, record_id) VALUES (\(key), \(record.id))
                                    ON CONFLICT (key) DO NOTHING
                                    """) == 0,
                                let existing = try db.fetchValue(
                                    String.self, "SELECT record_id FROM salesforce_idempotency WHERE key = \(key)")
                            {
                                return existing
                            }
                            try DatabaseRecord.insert(record, fields: fields, into: db)
                            return record.id
                        }
                    }, keptIf: { $0 == record.id })
            },
            fetch: { id in
                try await database.read { db in
                    try db.queryOne("SELECT \(DatabaseRecord.columns) FROM salesforce_record WHERE id = \(id)")
                        .map(DatabaseRecord.record)
                }
            },
            update: { record, body in
                let fields = try DatabaseRecord.encode(record.fields)
                let replaced = try await bodies.storing(body, for: record) { record in
                    try await database.write { db in
                        let previous: String? = try db.queryOne(
                            "SELECT body_file FROM salesforce_record WHERE id = \(record.id)")?["body_file"]
                        try db.execute(
                            """
                            UPDATE salesforce_record SET parent_id = \(record.parentID), fields = \(fields), \
                            modified_at = \(record.lastModifiedDate), is_deleted = \(record.isDeleted ? 1 : 0), \
                            body_file = \(record.bodyFile) WHERE id = \(record.id)
                            """)
                        return previous
                    }
                }
                if body != nil, let replaced { bodies.remove(replaced) }
            },
            children: { type, parent in
                try await database.read { db in
                    try db.query(
                        """
                        SELECT \(DatabaseRecord.columns) FROM salesforce_record
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
                        SELECT \(DatabaseRecord.columns) FROM salesforce_record
                        WHERE type = \(type) AND is_deleted = 0 ORDER BY created_at, id
                        """
                    ).map(DatabaseRecord.record)
                }
            },
            count: {
                try await database.read { db in
                    try db.fetchValue(Int.self, "SELECT COUNT(*) FROM salesforce_record") ?? 0
                }
            },
            namedBodies: { try await DatabaseRecord.namedBodies(database) },
            saveToken: { token in
                try await database.write { db in
                    // NB: two sign-ins of one user at once (PostgreSQL) may both take the same `issued` and both
                    // miss the other's row: the user keeps one token more until the next sign-in, no more.
                    let issued =
                        try db.fetchValue(
                            Int64.self,
                            "SELECT COALESCE(MAX(issued), 0) FROM salesforce_token WHERE username = \(token.username)")
                        ?? 0
                    try db.execute(
                        """
                        INSERT INTO salesforce_token (value, kind, username, expires_at, refresh_token, client_id, \
                        issued) VALUES (\(token.value), \(token.kind.rawValue), \(token.username), \
                        \(token.expiresAt), \(token.refreshToken), \(token.clientID), \(issued + 1))
                        """)
                    guard token.kind == .refresh else { return }
                    let refreshes = try db.query(
                        """
                        SELECT value, client_id FROM salesforce_token
                        WHERE username = \(token.username) AND kind = \(IssuedToken.Kind.refresh.rawValue)
                        ORDER BY issued DESC, value
                        """
                    ).map { row -> (value: String, clientID: String?) in
                        (try row.decode(String.self, "value"), row["client_id"])
                    }
                    for value in IssuedToken.outdatedRefreshTokens(newestFirst: refreshes) {
                        try db.execute(
                            "DELETE FROM salesforce_token WHERE value = \(value) OR refresh_token = \(value)")
                    }
                }
            },
            token: { value in
                try await database.read { db in
                    guard
                        let row = try db.queryOne(
                            """
                            SELECT value, kind, username, expires_at, refresh_token, client_id FROM salesforce_token
                            WHERE value = \(value)
                            """)
                    else { return nil }
                    let kind: String = row["kind"] ?? ""
                    return IssuedToken(
                        value: row["value"] ?? "", kind: IssuedToken.Kind(rawValue: kind) ?? .access,
                        username: row["username"] ?? "", expiresAt: row["expires_at"],
                        refreshToken: row["refresh_token"], clientID: row["client_id"])
                }
            },
            revoke: { value in
                try await database.write { db in
                    let removed = try db.execute("DELETE FROM salesforce_token WHERE value = \(value)")
                    guard removed > 0 else { return false }
                    try db.execute("DELETE FROM salesforce_token WHERE refresh_token = \(value)")
                    return true
                }
            },
            pruneTokens: { now in
                try await database.write { db in
                    let expired = try db.execute(
                        """
                        DELETE FROM salesforce_token
                        WHERE kind = \(IssuedToken.Kind.access.rawValue) AND expires_at <= \(now)
                        """)
                    // NB: a refresh grant that read its refresh token just before a sign-in revoked it (PostgreSQL
                    // runs them at once) stores an access token naming a refresh token that is gone.
                    let orphaned = try db.execute(
                        """
                        DELETE FROM salesforce_token
                        WHERE kind = \(IssuedToken.Kind.access.rawValue) AND refresh_token IS NOT NULL
                        AND NOT EXISTS (
                            SELECT 1 FROM salesforce_token AS refresh
                            WHERE refresh.value = salesforce_token.refresh_token)
                        """)
                    return expired + orphaned
                }
            },
            prepare: { try await DatabaseRecord.prepare(database, bodies: bodies) })
    }
}

/// Rows of `salesforce_record` to and from ``SObjectRecord``.
enum DatabaseRecord {
    /// The columns ``record(_:)`` reads.
    static let columns: SQL = "id, type, parent_id, fields, body_file, created_at, modified_at, is_deleted"

    static func insert(_ record: SObjectRecord, fields: String, into db: any DatabaseConnection) throws {
        try db.execute(
            """
            INSERT INTO salesforce_record (id, type, parent_id, fields, body_file, created_at, modified_at, \
            is_deleted) VALUES (\(record.id), \(record.type), \(record.parentID), \(fields), \(record.bodyFile), \
            \(record.createdDate), \(record.lastModifiedDate), \(record.isDeleted ? 1 : 0))
            """)
    }

    /// Moves the bodies an older version kept in `salesforce_body` into the folder, one transaction each,
    /// then removes the files no record names.
    static func prepare(_ database: any SQLDatabase, bodies: BodyFolder) async throws {
        let legacy = try await database.read { db in
            try db.query("SELECT record_id FROM salesforce_body").map { try $0.decode(String.self, "record_id") }
        }
        for id in legacy {
            let data = try await database.read { db in
                try db.fetchValue(Data.self, "SELECT body FROM salesforce_body WHERE record_id = \(id)")
            }
            let name = try data.map { try bodies.commit(try bodies.stage($0), for: id) }
            try await database.write { db in
                try db.execute("UPDATE salesforce_record SET body_file = \(name) WHERE id = \(id)")
                try db.execute("DELETE FROM salesforce_body WHERE record_id = \(id)")
            }
        }
        bodies.sweep(keeping: try await namedBodies(database))
    }

    /// The body files records name.
    static func namedBodies(_ database: any SQLDatabase) async throws -> Set<String> {
        let names = try await database.read { db in
            try db.fetchColumn(String.self, "SELECT body_file FROM salesforce_record WHERE body_file IS NOT NULL")
        }
        return Set(names)
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
            parentID: row["parent_id"], fields: fields,
            createdDate: try row.decode(Date.self, "created_at"),
            lastModifiedDate: try row.decode(Date.self, "modified_at"), isDeleted: deleted != 0,
            bodyFile: row["body_file"])
    }
}
