/// Full-text search over some text columns of a table with an integer primary key.
///
/// Create it in a migration; it then stays in step with the table inside every transaction that changes
/// the table (SQLite: an FTS5 external-content table maintained by triggers; PostgreSQL: a generated
/// `tsvector` column with a GIN index).
///
/// ```swift
/// let search = FullTextIndex(table: "action", columns: ["title", "details"])
/// migrator.register("changejar.v2-search") { db in try search.create(in: db) }
/// let ids = try await database.read { db in try search.search("recyc bott", limit: 20, in: db) }
/// ```
///
/// Search text is split into words (letters and digits); every word must match, the last one as a prefix
/// ("recyc" finds "recycle"), and results come best match first (SQLite `bm25`, PostgreSQL `ts_rank`; ties by id).
/// Punctuation and operators in the text are dropped, so user input can never break the query syntax.
/// Both engines tokenize the same way: case-insensitive, no stemming (`unicode61` / the `simple` config);
/// SQLite also folds diacritics ("cafe" finds "café"), PostgreSQL's `simple` config does not.
///
/// NB: on PostgreSQL the table gains a generated column (``postgresColumnName``): list columns explicitly in
/// `INSERT` statements rather than relying on their order.
public struct FullTextIndex: Sendable, Hashable {
    /// The indexed table.
    public let table: String
    /// The indexed text columns.
    public let columns: [String]
    /// The table's integer primary key (SQLite: its rowid alias, `INTEGER PRIMARY KEY`).
    public let idColumn: String

    /// The most words of search text used (the rest is ignored).
    public static let maximumWords = 16

    /// Describes an index; nothing touches the database until ``create(in:)``.
    public init(table: String, columns: [String], idColumn: String = "id") {
        self.table = table
        self.columns = columns
        self.idColumn = idColumn
    }

    /// The SQLite FTS5 table's name.
    public var sqliteTableName: String { "\(table)_fts" }
    /// The PostgreSQL `tsvector` column's name.
    public static let postgresColumnName = "search_vector"

    /// Creates the index (and indexes existing rows). Call it once, from a migration.
    public func create(in db: any DatabaseConnection) throws {
        try validate()
        switch db.dialect {
        case .sqlite:
            let fts = sqliteTableName
            let list = columns.joined(separator: ", ")
            let newValues = columns.map { "new.\($0)" }.joined(separator: ", ")
            let oldValues = columns.map { "old.\($0)" }.joined(separator: ", ")
            try db.executeScript(
                """
                CREATE VIRTUAL TABLE \(fts) USING fts5(\(list), content='\(table)', content_rowid='\(idColumn)',
                    tokenize='unicode61 remove_diacritics 2');
                CREATE TRIGGER \(fts)_after_insert AFTER INSERT ON \(table) BEGIN
                    INSERT INTO \(fts)(rowid, \(list)) VALUES (new.\(idColumn), \(newValues));
                END;
                CREATE TRIGGER \(fts)_after_delete AFTER DELETE ON \(table) BEGIN
                    INSERT INTO \(fts)(\(fts), rowid, \(list)) VALUES ('delete', old.\(idColumn), \(oldValues));
                END;
                CREATE TRIGGER \(fts)_after_update AFTER UPDATE ON \(table) BEGIN
                    INSERT INTO \(fts)(\(fts), rowid, \(list)) VALUES ('delete', old.\(idColumn), \(oldValues));
                    INSERT INTO \(fts)(rowid, \(list)) VALUES (new.\(idColumn), \(newValues));
                END;
                INSERT INTO \(fts)(\(fts)) VALUES ('rebuild');
                """)
        case .postgres:
            let document = columns.map { "coalesce(\($0), '')" }.joined(separator: " || ' ' || ")
            let column = Self.postgresColumnName
            try db.executeScript(
                """
                ALTER TABLE \(table) ADD COLUMN \(column) tsvector
                    GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, \(document))) STORED;
                CREATE INDEX \(table)_\(column)_index ON \(table) USING GIN (\(column));
                """)
        }
    }

    /// The ids of the rows matching `text`, best first; empty when `text` has no words.
    public func search(_ text: String, limit: Int = 20, in db: any DatabaseConnection) throws -> [Int64] {
        try validate()
        guard let query = Self.query(for: text, dialect: db.dialect), limit > 0 else { return [] }
        switch db.dialect {
        case .sqlite:
            let fts = sqliteTableName
            // NB: `ORDER BY rank` (the same bm25 score) makes FTS5 prepare an inner sorting query on every
            // search (a quarter of a search's time here); ordering by bm25() itself skips it. Ties go by id, as
            // on PostgreSQL.
            return try db.fetchColumn(
                Int64.self,
                """
                SELECT rowid FROM \(raw: fts) WHERE \(raw: fts) MATCH \(query)
                ORDER BY bm25(\(raw: fts)), rowid LIMIT \(limit)
                """)
        case .postgres:
            let column = Self.postgresColumnName
            return try db.fetchColumn(
                Int64.self,
                """
                SELECT \(raw: idColumn) FROM \(raw: table)
                WHERE \(raw: column) @@ to_tsquery('simple'::regconfig, \(query))
                ORDER BY ts_rank(\(raw: column), to_tsquery('simple'::regconfig, \(query))) DESC, \(raw: idColumn)
                LIMIT \(limit)
                """)
        }
    }

    /// The words of `text`, lowercased, at most ``maximumWords``.
    public static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return Array(words.prefix(maximumWords))
    }

    /// The engine query for `text` (every word required, the last as a prefix), or `nil` when it has no words.
    ///
    /// SQLite: `"recycle" "bott"*`; PostgreSQL: `'recycle' & 'bott':*`. Words hold only letters and digits,
    /// so the quoting cannot be escaped.
    public static func query(for text: String, dialect: SQLDialect) -> String? {
        let words = words(in: text)
        guard !words.isEmpty else { return nil }
        switch dialect {
        case .sqlite:
            return words.map { "\"\($0)\"" }.joined(separator: " ") + "*"
        case .postgres:
            return words.map { "'\($0)'" }.joined(separator: " & ") + ":*"
        }
    }

    private func validate() throws {
        for name in [table, idColumn] + columns where !SQL.isPlainIdentifier(name) {
            throw DatabaseError(.syntax, code: "identifier", message: "not a plain SQL identifier: \(name)")
        }
        if columns.isEmpty {
            throw DatabaseError(.syntax, code: "identifier", message: "a full-text index needs at least one column")
        }
    }
}
