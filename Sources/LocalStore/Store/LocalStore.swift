import Database
import Foundation

/// The device's own storage, on any ``Database/SQLDatabase`` (SQLite on the device, `sqlite::memory:` in
/// tests): a response cache with validators, hidden rows, saved lists for offline reading, and the ``Outbox``.
///
/// ```swift
/// let store = try await LocalStore(database: SQLiteDatabase(url: "sqlite:///\(documents)/quakes.sqlite"))
/// try await store.storeCache(data, for: "feed/all_month", validators: validators)
/// try await store.hide("ci40123", in: "quakes")
/// try await store.saveList(quakes, as: "quakes")
/// let queued = try await store.outbox.enqueue(method: .post, path: ["notes"], json: note)
/// ```
public struct LocalStore: Sendable {
    /// The database the store owns.
    public let database: any SQLDatabase
    /// Operations made offline, waiting to be sent.
    public let outbox: Outbox
    /// The clock that stamps fetch, hide and save times.
    public let now: @Sendable () -> Date

    /// Opens the store on `database`, applying its migrations (``migrator``) when needed.
    public init(database: any SQLDatabase, now: @escaping @Sendable () -> Date = { Date() }) async throws {
        try await Self.migrator.migrate(database)
        self.database = database
        self.now = now
        self.outbox = Outbox(database: database, now: now)
    }

    /// The store's schema: `localstore.v1`, `localstore.v2-cache-body-last`, `localstore.v3-delivered-forgotten`, then
    /// `localstore.v4-outbox-scope`.
    public static var migrator: Migrator {
        var migrator = Migrator()
        migrator.register("localstore.v1") { db in
            let blob = db.dialect.blobType
            try db.executeScript(
                """
                CREATE TABLE localstore_cache (
                    key TEXT PRIMARY KEY,
                    body \(blob) NOT NULL,
                    etag TEXT,
                    last_modified TEXT,
                    fetched_at BIGINT NOT NULL
                );
                CREATE TABLE localstore_hidden (
                    collection TEXT NOT NULL,
                    id TEXT NOT NULL,
                    hidden_at BIGINT NOT NULL,
                    PRIMARY KEY (collection, id)
                );
                CREATE TABLE localstore_list (
                    name TEXT PRIMARY KEY,
                    json TEXT NOT NULL,
                    saved_at BIGINT NOT NULL
                );
                CREATE TABLE localstore_outbox (
                    id \(db.dialect.autoIncrementPrimaryKey),
                    method TEXT NOT NULL,
                    path TEXT NOT NULL,
                    query TEXT NOT NULL,
                    body \(blob),
                    content_type TEXT,
                    idempotency_key TEXT NOT NULL UNIQUE,
                    label TEXT,
                    created_at BIGINT NOT NULL,
                    attempts BIGINT NOT NULL DEFAULT 0,
                    state TEXT NOT NULL,
                    status BIGINT,
                    message TEXT,
                    response \(blob),
                    finished_at BIGINT
                );
                CREATE INDEX localstore_outbox_state ON localstore_outbox (state, id);
                """)
        }
        // NB: the body becomes the last column so that SQLite keeps a trailing zeroblob(n) compressed in the
        // record it builds: ``storeCache(count:for:validators:write:)`` reserves a body without n zero bytes
        // in memory (twice: the value and the record) and fills it in place.
        migrator.register("localstore.v2-cache-body-last") { db in
            let blob = db.dialect.blobType
            try db.executeScript(
                """
                CREATE TABLE localstore_cache_v2 (
                    key TEXT PRIMARY KEY,
                    etag TEXT,
                    last_modified TEXT,
                    fetched_at BIGINT NOT NULL,
                    body \(blob) NOT NULL
                );
                INSERT INTO localstore_cache_v2 (key, etag, last_modified, fetched_at, body)
                    SELECT key, etag, last_modified, fetched_at, body FROM localstore_cache;
                DROP TABLE localstore_cache;
                ALTER TABLE localstore_cache_v2 RENAME TO localstore_cache;
                """)
        }
        // NB: an older version kept every delivered operation, body and all (a sent 25 MB upload stayed as 34 MB
        // of base64); nothing reads them, and a replay now deletes what it delivers.
        migrator.register("localstore.v3-delivered-forgotten") { db in
            _ = try db.execute("DELETE FROM localstore_outbox WHERE state = 'delivered'")
        }
        // NB: what an operation belongs to (``OutboxOperation/scope``) was known only from its body, which may hold
        // megabytes; an operation queued before this has none (NULL), and its app reads its body as before.
        migrator.register("localstore.v4-outbox-scope") { db in
            _ = try db.execute("ALTER TABLE localstore_outbox ADD COLUMN scope TEXT")
        }
        return migrator
    }
}
