import ChangeJarModels
import Database
import Foundation

/// The name another person already goes by (``AuthorName/key(_:)``): a 409 the app words itself.
struct NameTaken: Error, Sendable, Hashable {
    var name: String
}

/// Authors' names: one per person (provider and user id there), unique by ``AuthorName/key(_:)``, shown on all of
/// the person's actions (``ActionStore`` reads them through a join, so a new name is on every action at once).
struct AuthorStore: Sendable {
    let database: any SQLDatabase

    /// The person's name, if they have one.
    func name(of author: Author) async throws -> String? {
        try await database.read { db in try Self.name(of: author, in: db) }
    }

    /// Gives the person `name` (already checked with ``AuthorName/violation(_:)``), on all of their actions;
    /// throws ``NameTaken`` when another person goes by it.
    func setName(_ name: String, of author: Author, at now: Date) async throws {
        try await database.write { db in try Self.setName(name, of: author, at: now, in: db) }
    }

    /// The person's name, or `proposed` made theirs when they have none yet (their first submission names them);
    /// `nil` when they have none and propose none that is a name. Throws ``NameTaken`` as ``setName(_:of:at:)``.
    func nameOrClaim(_ proposed: String?, for author: Author, at now: Date) async throws -> String? {
        try await database.write { db in
            if let name = try Self.name(of: author, in: db) { return name }
            // NB: a provider's name is cut to fit rather than refused, as names always were at submission.
            guard let proposed, let name = AuthorName.fitted(proposed) else { return nil }
            try Self.setName(name, of: author, at: now, in: db)
            return name
        }
    }

    private static func name(of author: Author, in db: any DatabaseConnection) throws -> String? {
        try db.fetchValue(
            String.self,
            """
            SELECT display_name FROM changejar_author
            WHERE auth_source = \(author.authSource.rawValue) AND provider_user_id = \(author.providerUserID)
            """)
    }

    private static func setName(_ name: String, of author: Author, at now: Date, in db: any DatabaseConnection) throws {
        let key = AuthorName.key(name)
        let holder = try db.queryOne(
            """
            SELECT auth_source, provider_user_id FROM changejar_author WHERE name_key = \(key)
            """)
        if let holder,
            try holder.decode(String.self, "auth_source") != author.authSource.rawValue
                || holder.decode(String.self, "provider_user_id") != author.providerUserID
        {
            throw NameTaken(name: name)
        }
        let milliseconds = Int64((now.timeIntervalSince1970 * 1000).rounded())
        do {
            _ = try db.execute(
                """
                INSERT INTO changejar_author (auth_source, provider_user_id, display_name, name_key, named_at)
                VALUES (\(author.authSource.rawValue), \(author.providerUserID), \(name), \(key), \(milliseconds))
                ON CONFLICT (auth_source, provider_user_id) DO UPDATE SET
                    display_name = excluded.display_name, name_key = excluded.name_key, named_at = excluded.named_at
                """)
        } catch let error as DatabaseError where error.kind == .uniqueViolation {
            // NB: another person took the name between the look-up and the write (PostgreSQL, read committed).
            throw NameTaken(name: name)
        }
    }
}
