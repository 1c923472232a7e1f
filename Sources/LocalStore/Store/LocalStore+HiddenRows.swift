import Database
import Foundation

extension LocalStore {
    /// Hides a row of a collection (e.g. a quake swiped away); hiding twice is harmless.
    public func hide(_ id: String, in collection: String) async throws {
        let hiddenAt = now()
        try await database.write { db in
            _ = try db.execute(
                """
                INSERT INTO localstore_hidden (collection, id, hidden_at) VALUES (\(collection), \(id), \(hiddenAt))
                ON CONFLICT (collection, id) DO NOTHING
                """)
        }
    }

    /// The hidden row IDs of a collection.
    public func hiddenIDs(in collection: String) async throws -> Set<String> {
        try await database.read { db in
            Set(try db.fetchColumn(String.self, "SELECT id FROM localstore_hidden WHERE collection = \(collection)"))
        }
    }

    /// Shows every hidden row of a collection again.
    public func unhideAll(in collection: String) async throws {
        try await database.write { db in
            _ = try db.execute("DELETE FROM localstore_hidden WHERE collection = \(collection)")
        }
    }
}
