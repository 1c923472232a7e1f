import Database

/// The Salesforce stand-in's tables, as named migrations that run unchanged on SQLite and PostgreSQL.
enum SalesforceSchema {
    /// Registers every migration of the stand-in's tables (records, idempotency keys, tokens), in order.
    static func register(in migrator: inout Migrator) {
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
        // NB: bodies move again, into files of a ``BodyFolder``: the record names its file. The rows left in
        // `salesforce_body` are moved by ``SObjectStore/prepare`` (a migration cannot write files).
        migrator.register("salesforce.v3-body-files") { db in
            try db.executeScript("ALTER TABLE salesforce_record ADD COLUMN body_file TEXT;")
        }
        // NB: a refresh token is honoured only for the connected app (client_id) it was issued to; tokens issued
        // before this column existed name none and keep working for any.
        migrator.register("salesforce.v4-token-client") { db in
            try db.executeScript("ALTER TABLE salesforce_token ADD COLUMN client_id TEXT;")
        }
        // NB: `issued` orders a user's tokens (1, 2, … per user) so the oldest refresh tokens past the limits are
        // the ones revoked (``IssuedToken/outdatedRefreshTokens(newestFirst:)``); tokens from before it are 0, the
        // oldest. The expiry index serves the hourly prune of expired access tokens.
        migrator.register("salesforce.v5-token-limits") { db in
            try db.executeScript(
                """
                ALTER TABLE salesforce_token ADD COLUMN issued BIGINT NOT NULL DEFAULT 0;
                CREATE INDEX salesforce_token_owner ON salesforce_token (username, kind, issued);
                CREATE INDEX salesforce_token_expiry ON salesforce_token (expires_at);
                """)
        }
    }
}
