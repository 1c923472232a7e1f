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

    /// Every column an action is read with, its author's name joined from ``AuthorStore``'s table: a person's name
    /// is theirs alone and the same on all of their actions. Conditions name the action's columns as `a.…`.
    private static let columns: SQL = """
        a.id, a.public_id, a.title, a.content, a.auth_source, a.provider_user_id, p.display_name AS author_name,
            a.created_at, a.updated_at
        FROM changejar_action a LEFT JOIN changejar_author p
            ON p.auth_source = a.auth_source AND p.provider_user_id = a.provider_user_id
        """

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
    /// look-up and the insert share the write transaction, under the author's lock (``lockWrites(of:in:)``), so two
    /// retries cannot both insert.
    func insertUnlessTheAuthorHasIt(
        title: String, content: String, author: Author, at now: Date
    ) async throws -> (action: StoredAction, created: Bool) {
        let publicID = UUID().uuidString.lowercased()
        return try await database.write { db in
            try Self.insertUnlessTheAuthorHasIt(
                publicID: publicID, title: title, content: content, author: author, at: now, in: db)
        }
    }

    /// ``insertUnlessTheAuthorHasIt(title:content:author:at:)`` inside the caller's write transaction.
    static func insertUnlessTheAuthorHasIt(
        publicID: String, title: String, content: String, author: Author, at now: Date, in db: any DatabaseConnection
    ) throws -> (action: StoredAction, created: Bool) {
        try lockWrites(of: author, in: db)
        if let existing = try same(title: title, content: content, by: author, except: nil, in: db) {
            return (existing, false)
        }
        let createdAt = try takePosition(at: now, in: db)
        let rowID = try db.fetchValue(
            Int64.self,
            """
            INSERT INTO changejar_action
                (public_id, title, content, auth_source, provider_user_id, identity_id, created_at, updated_at)
            VALUES (\(publicID), \(title), \(content), \(author.authSource.rawValue), \(author.providerUserID),
                \(author.identityID), \(createdAt), \(createdAt))
            RETURNING id
            """)
        guard let rowID, let row = try db.queryOne("SELECT \(columns) WHERE a.id = \(rowID)") else {
            throw DatabaseError(.other, code: "insert", message: "INSERT returned no row")
        }
        return (try decode(row), true)
    }

    /// The new action's `created_at` (milliseconds): `now`, or a millisecond after the newest action ever put in
    /// the jar when that is later; its turn to insert lasts until the transaction ends.
    ///
    /// NB: New and All hand out the newest action's `(created_at, id)` as the head a reader's next New starts
    /// after. PostgreSQL gives ids and stamps as rows are inserted but commits in any order, so an action that
    /// committed after a newer one had been read as the head was never in anyone's New; and a server clock
    /// stepping back stamped a new action older than the head. Updating the one row of `changejar_action_clock`
    /// does both: its row lock makes inserts take their stamp and id and commit one at a time, in order, and
    /// its value never goes back (a deleted newest action's stamp included, whose id SQLite reuses). It is the
    /// transaction's last lock, taken after the author's (``lockWrites(of:in:)``) and held by nothing that waits
    /// for another, so it cannot close a cycle. SQLite has one writer at a time already; the stamp is for it too.
    private static func takePosition(at now: Date, in db: any DatabaseConnection) throws -> Int64 {
        // NB: a Date is bound as its milliseconds, as `created_at` holds it.
        let later: SQL = db.dialect == .postgres ? "GREATEST(last_ms + 1, \(now))" : "MAX(last_ms + 1, \(now))"
        guard
            let stamp = try db.fetchValue(
                Int64.self, "UPDATE changejar_action_clock SET last_ms = \(later) WHERE id = 1 RETURNING last_ms")
        else { throw DatabaseError(.other, code: "clock", message: "the action clock has no row") }
        return stamp
    }

    /// Makes the author's other writes of actions wait for this transaction to end, so the look-up for their same
    /// words and the write that follows it are one step.
    ///
    /// NB: PostgreSQL runs a write at read committed: two transactions that each looked and found nothing both
    /// inserted (two submissions of one pledge at once: a command run again while the first still waited, two of
    /// the person's phones). No unique index can say it: a text of 2,000 characters is over a B-tree entry's size.
    /// The lock is transaction-scoped and keyed in the two-number space (Change Jar's number, the author's hash), apart
    /// from the migrator's one-number lock; two authors whose hashes meet only wait for each other. SQLite has one
    /// writer at a time already.
    private static func lockWrites(of author: Author, in db: any DatabaseConnection) throws {
        guard db.dialect == .postgres else { return }
        let key = author.authSource.rawValue + ":" + author.providerUserID
        // NB: 1128948082 is "CJar" in ASCII: Change Jar's first number.
        _ = try db.execute("SELECT pg_advisory_xact_lock(1128948082, hashtext(\(key)))")
    }

    /// The author's action with this title and content, other than row `except`, if they have one.
    private static func same(
        title: String, content: String, by author: Author, except rowID: Int64?, in db: any DatabaseConnection
    ) throws -> StoredAction? {
        try db.queryOne(
            """
            SELECT \(Self.columns)
            WHERE a.auth_source = \(author.authSource.rawValue) AND a.provider_user_id = \(author.providerUserID)
                AND a.title = \(title) AND a.content = \(content) AND a.id <> \(rowID ?? 0)
            ORDER BY a.id DESC LIMIT 1
            """
        ).map(Self.decode)
    }

    func find(publicID: String) async throws -> StoredAction? {
        try await database.read { db in
            try db.queryOne("SELECT \(Self.columns) WHERE a.public_id = \(publicID)")
                .map(Self.decode)
        }
    }

    /// Rewrites row `rowID` if `author` wrote it (`nil` otherwise, or when it is gone); throws ``DuplicateAction``
    /// when the author has another action with the new title and content: an edit must not make the twin a second
    /// submission cannot.
    ///
    /// NB: the author is compared in the `UPDATE` itself, not only before it: SQLite gives a deleted newest row's
    /// id to the next insert, so an id read before the author's own delete may name someone else's action by now.
    func update(rowID: Int64, by author: Author, title: String, content: String, at now: Date) async throws
        -> StoredAction?
    {
        try await database.write { db in
            try Self.lockWrites(of: author, in: db)
            if let twin = try Self.same(title: title, content: content, by: author, except: rowID, in: db) {
                throw DuplicateAction(existing: twin.action.id)
            }
            guard
                try db.execute(
                    """
                    UPDATE changejar_action SET title = \(title), content = \(content), updated_at = \(now)
                    WHERE id = \(rowID) AND \(Self.writtenBy(author))
                    """) > 0
            else { return nil }
            return try db.queryOne("SELECT \(Self.columns) WHERE a.id = \(rowID)").map(Self.decode)
        }
    }

    /// Deletes row `rowID` if `author` wrote it; `false` when it is gone or someone else's (the author is compared
    /// in the `DELETE` itself, as in ``update(rowID:by:title:content:at:)``).
    @discardableResult
    func delete(rowID: Int64, by author: Author) async throws -> Bool {
        try await database.write { db in
            try db.execute("DELETE FROM changejar_action WHERE id = \(rowID) AND \(Self.writtenBy(author))") > 0
        }
    }

    /// The condition that an action row (unaliased) is `author`'s: the same provider and user id there.
    private static func writtenBy(_ author: Author) -> SQL {
        "auth_source = \(author.authSource.rawValue) AND provider_user_id = \(author.providerUserID)"
    }

    /// A newest-first page: after `cursor`, newer than `since`, by `author` when given, none by `excluded` (a
    /// reader's own, which are not new to them); one extra row tells whether another page follows.
    func page(
        after cursor: KeysetCursor?, newerThan since: KeysetCursor?, author: Author?, excluding excluded: Author? = nil,
        limit: Int
    ) async throws
        -> (items: [StoredAction], hasMore: Bool)
    {
        let condition = Self.condition(after: cursor, newerThan: since, author: author, excluding: excluded)
        let rows = try await database.read { db in
            try db.query(
                """
                SELECT \(Self.columns) WHERE \(condition)
                ORDER BY a.created_at DESC, a.id DESC LIMIT \(limit + 1)
                """
            ).map(Self.decode)
        }
        return (Array(rows.prefix(limit)), rows.count > limit)
    }

    /// How many actions are newer than `since`, not counting `excluded`'s.
    func count(newerThan since: KeysetCursor?, excluding excluded: Author? = nil) async throws -> Int {
        let condition = Self.condition(after: nil, newerThan: since, author: nil, excluding: excluded)
        return try await database.read { db in
            try db.fetchValue(Int.self, "SELECT COUNT(*) FROM changejar_action a WHERE \(condition)") ?? 0
        }
    }

    /// A page of ranked full-text search results: after `cursor` (whose bound leaves out what was added since the
    /// first page), and the cursor of the page after it, if more follow.
    func search(_ text: String, after cursor: SearchCursor?, limit: Int) async throws
        -> (items: [StoredAction], next: SearchCursor?)
    {
        try await database.read { db in
            // NB: the first page fixes the bound: the largest id then. Later pages keep it, so an action put in the
            // jar meanwhile cannot push one already shown onto the next page (a fresh search finds it).
            let bound: Int64
            if let cursor {
                bound = cursor.maximumID
            } else {
                bound = try db.fetchValue(Int64.self, "SELECT COALESCE(MAX(id), 0) FROM changejar_action") ?? 0
            }
            let hits = try Self.search.page(text, after: cursor?.last, upTo: bound, limit: limit + 1, in: db)
            let wanted = Array(hits.prefix(limit))
            guard !wanted.isEmpty else { return ([], nil) }
            let rows = try db.query("SELECT \(Self.columns) WHERE a.id IN (\(list: wanted.map(\.id)))")
                .map(Self.decode)
            let byID = Dictionary(rows.map { ($0.rowID, $0) }, uniquingKeysWith: { first, _ in first })
            let next = hits.count > limit ? wanted.last.map { SearchCursor(maximumID: bound, last: $0) } : nil
            return (wanted.compactMap { byID[$0.id] }, next)
        }
    }

    private static func condition(
        after cursor: KeysetCursor?, newerThan since: KeysetCursor?, author: Author?, excluding excluded: Author?
    ) -> SQL {
        var condition: SQL = "1 = 1"
        if let cursor {
            condition.append(
                " AND (a.created_at < \(cursor.createdAt) OR (a.created_at = \(cursor.createdAt) AND a.id < \(cursor.id)))"
            )
        }
        if let since {
            condition.append(
                " AND (a.created_at > \(since.createdAt) OR (a.created_at = \(since.createdAt) AND a.id > \(since.id)))"
            )
        }
        if let author {
            condition.append(
                " AND a.auth_source = \(author.authSource.rawValue) AND a.provider_user_id = \(author.providerUserID)")
        }
        if let excluded {
            condition.append(
                " AND NOT (a.auth_source = \(excluded.authSource.rawValue) AND a.provider_user_id = \(excluded.providerUserID))"
            )
        }
        return condition
    }
}

/// An edit that would make an action the same as another of its author's (409).
struct DuplicateAction: Error, Sendable, Hashable {
    /// The public id of the action it would repeat.
    var existing: String
}
