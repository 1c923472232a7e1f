import ChangeJarModels
import Database
import Foundation
import HTTPServer

/// Who wrote an action: the pair that My Actions and ownership checks use.
struct Author: Sendable, Hashable {
    var authSource: AuthSource
    var providerUserID: String
    var identityID: String
}

/// An action row with its internal position and its author's account.
struct StoredAction: Sendable, Hashable {
    var rowID: Int64
    var createdAtMilliseconds: Int64
    /// The author's user id at their provider (with the action's `authSource`, the account that wrote it): kept for
    /// My Actions and the ownership checks, never sent.
    var providerUserID: String
    /// The action as anyone may read it: without its author's account, nor whether it is the caller's.
    var action: Action

    var cursor: KeysetCursor { KeysetCursor(createdAt: createdAtMilliseconds, id: rowID) }

    /// Whether `person` wrote it: the same provider and the same user id there.
    func isWritten(by person: AuthenticatedPerson) -> Bool {
        action.authSource == person.authSource && providerUserID == person.providerUserID
    }

    /// The action as `reader` gets it: a signed-in reader is also told whether it is theirs.
    func action(for reader: AuthenticatedPerson?) -> Action {
        var action = action
        action.isMine = reader.map(isWritten(by:))
        return action
    }
}

/// The actions table: SQL for both engines, bound parameters only.
struct ActionStore: Sendable {
    let database: any SQLDatabase

    static let search = FullTextIndex(table: "changejar_action", columns: ["title", "content"])

    private static let columns: SQL =
        "id, public_id, title, content, auth_source, provider_user_id, author_name, created_at, updated_at"

    private static func decode(_ row: Row) throws -> StoredAction {
        let createdAt = try row.decode(Int64.self, "created_at")
        let rawSource = try row.decode(String.self, "auth_source")
        guard let source = AuthSource(rawValue: rawSource) else {
            throw DatabaseError(.decoding, code: "auth_source", message: "unknown auth source \(rawSource)")
        }
        return StoredAction(
            rowID: try row.decode(Int64.self, "id"),
            createdAtMilliseconds: createdAt,
            providerUserID: try row.decode(String.self, "provider_user_id"),
            action: Action(
                id: try row.decode(String.self, "public_id"),
                title: try row.decode(String.self, "title"),
                content: try row.decode(String.self, "content"),
                authSource: source,
                authorName: try row.decode(String?.self, "author_name"),
                createdAt: Date(timeIntervalSince1970: Double(createdAt) / 1000),
                updatedAt: try row.decode(Date.self, "updated_at")))
    }

    /// Puts an action in the jar, unless the author already has one with the same title and content: then that
    /// one is answered, `created` false.
    ///
    /// NB: a submission whose answer was lost (the connection dropped after the server saved it) is sent again by
    /// a person told to try again; the same pledge twice from one person is that retry, not a second pledge. The
    /// look-up and the insert share the write transaction, so two retries cannot both insert.
    func insertUnlessTheAuthorHasIt(
        title: String, content: String, author: Author, authorName: String?, at now: Date
    ) async throws -> (action: StoredAction, created: Bool) {
        let publicID = UUID().uuidString.lowercased()
        return try await database.write { db in
            if let existing = try db.queryOne(
                """
                SELECT \(Self.columns) FROM changejar_action
                WHERE auth_source = \(author.authSource.rawValue) AND provider_user_id = \(author.providerUserID)
                    AND title = \(title) AND content = \(content)
                ORDER BY id DESC LIMIT 1
                """)
            {
                return (try Self.decode(existing), false)
            }
            guard
                let row = try db.queryOne(
                    """
                    INSERT INTO changejar_action
                        (public_id, title, content, auth_source, provider_user_id, identity_id, author_name,
                         created_at, updated_at)
                    VALUES (\(publicID), \(title), \(content), \(author.authSource.rawValue), \(author.providerUserID),
                        \(author.identityID), \(authorName), \(now), \(now))
                    RETURNING \(Self.columns)
                    """)
            else { throw DatabaseError(.other, code: "insert", message: "INSERT returned no row") }
            return (try Self.decode(row), true)
        }
    }

    func find(publicID: String) async throws -> StoredAction? {
        try await database.read { db in
            try db.queryOne("SELECT \(Self.columns) FROM changejar_action WHERE public_id = \(publicID)")
                .map(Self.decode)
        }
    }

    func update(rowID: Int64, title: String, content: String, at now: Date) async throws -> StoredAction? {
        try await database.write { db in
            try db.queryOne(
                """
                UPDATE changejar_action SET title = \(title), content = \(content), updated_at = \(now)
                WHERE id = \(rowID)
                RETURNING \(Self.columns)
                """
            ).map(Self.decode)
        }
    }

    func delete(rowID: Int64) async throws {
        _ = try await database.write { db in try db.execute("DELETE FROM changejar_action WHERE id = \(rowID)") }
    }

    /// A newest-first page: after `cursor`, newer than `since`, by `author` when given; one extra row tells
    /// whether another page follows.
    func page(after cursor: KeysetCursor?, newerThan since: KeysetCursor?, author: Author?, limit: Int) async throws
        -> (items: [StoredAction], hasMore: Bool)
    {
        let condition = Self.condition(after: cursor, newerThan: since, author: author)
        let rows = try await database.read { db in
            try db.query(
                """
                SELECT \(Self.columns) FROM changejar_action WHERE \(condition)
                ORDER BY created_at DESC, id DESC LIMIT \(limit + 1)
                """
            ).map(Self.decode)
        }
        return (Array(rows.prefix(limit)), rows.count > limit)
    }

    func count(newerThan since: KeysetCursor?) async throws -> Int {
        let condition = Self.condition(after: nil, newerThan: since, author: nil)
        return try await database.read { db in
            try db.fetchValue(Int.self, "SELECT COUNT(*) FROM changejar_action WHERE \(condition)") ?? 0
        }
    }

    /// Ranked full-text search: the results at `offset ..< offset + limit`, and whether more follow.
    func search(_ text: String, offset: Int, limit: Int) async throws -> (items: [StoredAction], hasMore: Bool) {
        try await database.read { db in
            let ids = try Self.search.search(text, limit: offset + limit + 1, in: db)
            let wanted = Array(ids.dropFirst(offset).prefix(limit))
            guard !wanted.isEmpty else { return ([], false) }
            let rows = try db.query("SELECT \(Self.columns) FROM changejar_action WHERE id IN (\(list: wanted))")
                .map(Self.decode)
            let byID = Dictionary(rows.map { ($0.rowID, $0) }, uniquingKeysWith: { first, _ in first })
            return (wanted.compactMap { byID[$0] }, ids.count > offset + limit)
        }
    }

    private static func condition(after cursor: KeysetCursor?, newerThan since: KeysetCursor?, author: Author?) -> SQL {
        var condition: SQL = "1 = 1"
        if let cursor {
            condition.append(
                " AND (created_at < \(cursor.createdAt) OR (created_at = \(cursor.createdAt) AND id < \(cursor.id)))")
        }
        if let since {
            condition.append(
                " AND (created_at > \(since.createdAt) OR (created_at = \(since.createdAt) AND id > \(since.id)))")
        }
        if let author {
            condition.append(
                " AND auth_source = \(author.authSource.rawValue) AND provider_user_id = \(author.providerUserID)")
        }
        return condition
    }
}
