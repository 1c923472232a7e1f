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
            _ = try db.execute(
                """
                INSERT INTO localstore_cache (key, body, etag, last_modified, fetched_at)
                VALUES (\(key), \(body), \(validators.etag), \(validators.lastModified), \(fetchedAt))
                ON CONFLICT (key) DO UPDATE SET body = excluded.body, etag = excluded.etag,
                    last_modified = excluded.last_modified, fetched_at = excluded.fetched_at
                """)
        }
    }

    /// Records that the server confirmed the entry is current (a 304): its fetch time becomes now.
    /// Returns `false` when there is no entry for `key`.
    @discardableResult
    public func markCacheFresh(_ key: String) async throws -> Bool {
        let fetchedAt = now()
        return try await database.write { db in
            try db.execute("UPDATE localstore_cache SET fetched_at = \(fetchedAt) WHERE key = \(key)") > 0
        }
    }

    /// Removes the entry for `key`.
    public func removeCache(_ key: String) async throws {
        try await database.write { db in _ = try db.execute("DELETE FROM localstore_cache WHERE key = \(key)") }
    }
}
