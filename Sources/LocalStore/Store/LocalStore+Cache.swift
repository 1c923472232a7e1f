import APIClient
import Database
import Foundation

extension LocalStore {
    /// The cached entry for `key`, or `nil`.
    public func cachedEntry(for key: String) async throws -> CacheEntry? {
        try await database.read { db in
            guard
                let row = try db.queryOne(
                    "SELECT body, etag, last_modified, fetched_at FROM localstore_cache WHERE key = \(key)"),
                let body: Data = row["body"], let fetchedAt: Date = row["fetched_at"]
            else { return nil }
            let validators = Validators(etag: row["etag"], lastModified: row["last_modified"])
            return CacheEntry(key: key, body: body, validators: validators, fetchedAt: fetchedAt)
        }
    }

    /// Stores (or replaces) the body and validators for `key`, stamped with the store's clock.
    public func storeCache(_ body: Data, for key: String, validators: Validators = Validators()) async throws {
        let fetchedAt = now()
        try await database.write { db in
            try Self.upsertCache(body: body, key: key, validators: validators, fetchedAt: fetchedAt, in: db)
        }
    }

    /// Stores (or replaces) a body of exactly `count` bytes for `key`, produced piece by piece by `write`,
    /// stamped with the store's clock.
    ///
    /// `write` hands each piece, in order, to the closure it is given; the pieces must add up to `count`
    /// bytes, or the call throws and the previous entry stays. On SQLite the pieces go straight into the
    /// stored blob, so the body never sits in memory whole (nor in SQLite's copies of a bound value):
    ///
    /// ```swift
    /// try await store.storeCache(count: archive.count, for: "feed/all_month") { emit in
    ///     try archive.withUnsafeBytes { try emit($0) }
    /// }
    /// ```
    public func storeCache(
        count: Int, for key: String, validators: Validators = Validators(),
        write: @escaping @Sendable (_ emit: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) async throws {
        let fetchedAt = now()
        try await database.write { db in
            guard let blobs = db as? any IncrementalBlobConnection else {
                var body = Data(capacity: count)
                try write { body.append(contentsOf: $0) }
                try Self.checkSize(body.count, of: count, complete: true)
                try Self.upsertCache(body: body, key: key, validators: validators, fetchedAt: fetchedAt, in: db)
                return
            }
            let rowID = try db.fetchValue(
                Int64.self,
                """
                INSERT INTO localstore_cache (key, etag, last_modified, fetched_at, body)
                VALUES (\(key), \(validators.etag), \(validators.lastModified), \(fetchedAt), zeroblob(\(count)))
                ON CONFLICT (key) DO UPDATE SET body = excluded.body, etag = excluded.etag,
                    last_modified = excluded.last_modified, fetched_at = excluded.fetched_at
                RETURNING rowid
                """)
            guard let rowID else {
                throw DatabaseError(.other, code: "rowid", message: "the stored cache entry returned no rowid")
            }
            try blobs.withBlob(table: "localstore_cache", column: "body", rowID: rowID, writable: true) { blob in
                var offset = 0
                try write { piece in
                    try Self.checkSize(offset + piece.count, of: count, complete: false)
                    try blob.write(piece, at: offset)
                    offset += piece.count
                }
                try Self.checkSize(offset, of: count, complete: true)
            }
        }
        try await database.write { db in _ = try db.execute("PRAGMA shrink_memory") }
    }

    private static func upsertCache(
        body: Data, key: String, validators: Validators, fetchedAt: Date, in db: any DatabaseConnection
    ) throws {
        _ = try db.execute(
            """
            INSERT INTO localstore_cache (key, etag, last_modified, fetched_at, body)
            VALUES (\(key), \(validators.etag), \(validators.lastModified), \(fetchedAt), \(body))
            ON CONFLICT (key) DO UPDATE SET body = excluded.body, etag = excluded.etag,
                last_modified = excluded.last_modified, fetched_at = excluded.fetched_at
            """)
    }

    /// Throws when a streamed body's pieces go past the announced size, or (`complete`) fall short of it.
    private static func checkSize(_ written: Int, of count: Int, complete: Bool) throws {
        guard written <= count, !complete || written == count else {
            throw DatabaseError(
                .invalidValue, code: "cache-size",
                message: "a cache body announced as \(count) bytes came as \(complete ? "" : "at least ")\(written)")
        }
    }

    /// Forgets every cached entry whose key starts with `prefix` (`"attendee/"` forgets all of the Attendee app's
    /// copies). Returns how many were forgotten.
    @discardableResult
    public func removeCache(keysStartingWith prefix: String) async throws -> Int {
        try await database.write { db in
            try db.execute("DELETE FROM localstore_cache WHERE substr(key, 1, length(\(prefix))) = \(prefix)")
        }
    }

    /// Records that the server confirmed the entry is current (a 304): its fetch time becomes now, and its
    /// validators become `validators` when given (the stored ones updated with those the 304 carried).
    /// Returns `false` when there is no entry for `key`.
    @discardableResult
    public func markCacheFresh(_ key: String, validators: Validators? = nil) async throws -> Bool {
        let fetchedAt = now()
        return try await database.write { db in
            guard let validators else {
                return try db.execute("UPDATE localstore_cache SET fetched_at = \(fetchedAt) WHERE key = \(key)") > 0
            }
            return try db.execute(
                """
                UPDATE localstore_cache SET fetched_at = \(fetchedAt), etag = \(validators.etag),
                    last_modified = \(validators.lastModified)
                WHERE key = \(key)
                """) > 0
        }
    }
}
