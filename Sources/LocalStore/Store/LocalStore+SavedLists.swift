import Database
import Foundation

extension LocalStore {
    /// Replaces the list saved under `name` (as JSON).
    public func saveList<Element: Encodable & Sendable>(_ elements: [Element], as name: String) async throws {
        let json = String(decoding: try JSONEncoder().encode(elements), as: UTF8.self)
        let savedAt = now()
        try await database.write { db in
            _ = try db.execute(
                """
                INSERT INTO localstore_list (name, json, saved_at) VALUES (\(name), \(json), \(savedAt))
                ON CONFLICT (name) DO UPDATE SET json = excluded.json, saved_at = excluded.saved_at
                """)
        }
    }

    /// The list saved under `name`, or `nil` when none was saved or it no longer decodes as `Element`
    /// (e.g. after an app update changed the model): a stale offline copy is not worth an error.
    public func savedList<Element: Decodable & Sendable>(_ type: Element.Type, named name: String) async throws
        -> SavedList<Element>?
    {
        let stored: (String, Date)? = try await database.read { db in
            guard let row = try db.queryOne("SELECT json, saved_at FROM localstore_list WHERE name = \(name)"),
                let json: String = row["json"], let savedAt: Date = row["saved_at"]
            else { return nil }
            return (json, savedAt)
        }
        guard let (json, savedAt) = stored,
            let elements = try? JSONDecoder().decode([Element].self, from: Data(json.utf8))
        else { return nil }
        return SavedList(elements: elements, savedAt: savedAt)
    }

    /// Forgets the list saved under `name`.
    public func removeList(named name: String) async throws {
        try await database.write { db in _ = try db.execute("DELETE FROM localstore_list WHERE name = \(name)") }
    }

    /// Forgets every list whose name starts with `prefix` (`"sales.account."`: every account's copy, whether or not
    /// an index still names it). Returns how many were forgotten.
    @discardableResult
    public func removeLists(namesStartingWith prefix: String) async throws -> Int {
        try await database.write { db in
            try db.execute("DELETE FROM localstore_list WHERE substr(name, 1, length(\(prefix))) = \(prefix)")
        }
    }
}
