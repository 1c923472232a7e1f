/// Full-text search over some text columns of a table with an integer primary key.
///
/// Create it in a migration; it then stays in step with the table inside every transaction that changes
/// the table (SQLite: an FTS5 external-content table maintained by triggers; PostgreSQL: a generated
/// `tsvector` column with a GIN index).
///
/// ```swift
/// let search = FullTextIndex(table: "action", columns: ["title", "details"])
/// migrator.register("changejar.v2-search") { db in try search.create(in: db) }
/// migrator.register("changejar.v3-search-unaccent") { db in try search.upgrade(in: db) }  // indexes made before 2
/// let ids = try await database.read { db in try search.search("recyc bott", limit: 20, in: db) }
/// ```
///
/// Search text is split into words (letters and digits); every word must match, the last one as a prefix
/// ("recyc" finds "recycle"), and results come best match first (SQLite `bm25`, PostgreSQL `ts_rank`; ties by id).
/// Punctuation and operators in the text are dropped, so user input can never break the query syntax.
/// Both engines tokenize the same way: case-insensitive, accent-insensitive ("cafe" finds "Café", "crème"
/// finds "creme"), no stemming. SQLite: the `unicode61` tokenizer with `remove_diacritics 2`; PostgreSQL: the
/// ``postgresConfigurationName`` text search configuration, `simple` behind the `unaccent` dictionary.
///
/// PostgreSQL needs the `unaccent` extension (one of PostgreSQL's contrib modules: in Debian's
/// `postgresql-15` package, elsewhere `postgresql-contrib`). ``create(in:)`` and ``upgrade(in:)`` install
/// it when it is missing, which takes a superuser or, since it is a trusted extension, a role with `CREATE`
/// on the database; otherwise they fail with a ``DatabaseError`` that says what to ask an administrator for
/// (`CREATE EXTENSION unaccent;`, in any schema). NB: the two engines fold a few characters differently:
/// `unaccent` also expands ligatures ("æ" → "ae", "ß" → "ss"), which `unicode61` keeps.
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
    /// The PostgreSQL text search configuration of the index and of the queries: `simple` behind the
    /// `unaccent` dictionary, created in the current schema (once: indexes in one schema share it).
    public static let postgresConfigurationName = "simple_unaccent"

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
            try Self.createPostgresConfigurationIfNeeded(in: db)
            try addPostgresColumn(in: db)
        }
    }

    /// Brings an index made by an earlier ``create(in:)`` up to the current definition (and indexes every row
    /// again); does nothing when it is current. Call it from a new migration, after the one that created it.
    ///
    /// Today this makes a PostgreSQL index accent-insensitive: before, its column used the `simple`
    /// configuration. SQLite's index has always folded accents, so there is nothing to do there.
    public func upgrade(in db: any DatabaseConnection) throws {
        try validate()
        guard db.dialect == .postgres else { return }
        try Self.createPostgresConfigurationIfNeeded(in: db)
        // NB: the generated column's expression records a dependency on the configuration it names, so the
        // catalog says whether the column is current without parsing its expression.
        let isCurrent = try db.fetchValue(
            Bool.self,
            """
            SELECT EXISTS (
                SELECT 1 FROM pg_attrdef d
                JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
                JOIN pg_depend dep ON dep.classid = 'pg_attrdef'::regclass AND dep.objid = d.oid
                WHERE d.adrelid = to_regclass(\(table)) AND a.attname = \(Self.postgresColumnName)
                    AND dep.refclassid = 'pg_ts_config'::regclass
                    AND dep.refobjid = \(Self.postgresConfigurationName)::regconfig)
            """)
        if isCurrent == true { return }
        // NB: PostgreSQL 15 cannot change a generated column's expression in place (SET EXPRESSION is 17+):
        // drop it (its index goes with it) and add it again, which computes every row's vector anew.
        try db.executeScript("ALTER TABLE \(table) DROP COLUMN IF EXISTS \(Self.postgresColumnName)")
        try addPostgresColumn(in: db)
    }

    private func addPostgresColumn(in db: any DatabaseConnection) throws {
        let document = columns.map { "coalesce(\($0), '')" }.joined(separator: " || ' ' || ")
        let column = Self.postgresColumnName
        try db.executeScript(
            """
            ALTER TABLE \(table) ADD COLUMN \(column) tsvector
                GENERATED ALWAYS AS (to_tsvector('\(Self.postgresConfigurationName)'::regconfig, \(document))) STORED;
            CREATE INDEX \(table)_\(column)_index ON \(table) USING GIN (\(column));
            """)
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
            let configuration = "'\(Self.postgresConfigurationName)'::regconfig"
            return try db.fetchColumn(
                Int64.self,
                """
                SELECT \(raw: idColumn) FROM \(raw: table)
                WHERE \(raw: column) @@ to_tsquery(\(raw: configuration), \(query))
                ORDER BY ts_rank(\(raw: column), to_tsquery(\(raw: configuration), \(query))) DESC,
                    \(raw: idColumn)
                LIMIT \(limit)
                """)
        }
    }

    /// One row a search found: its id and its score there (smaller is better: SQLite's `bm25`, PostgreSQL's
    /// `ts_rank` negated), which with the id is the row's place in the results.
    public struct Hit: Sendable, Hashable {
        /// The row's id.
        public var id: Int64
        /// Where the row ranks: lower first, ties by ``id``.
        public var score: Double

        /// A hit from its parts (a page's last hit, read back from a cursor).
        public init(id: Int64, score: Double) {
            self.id = id
            self.score = score
        }
    }

    /// A page of the rows matching `text`, best first: those that rank after `after` (a previous page's last hit),
    /// among rows whose id is at most `maximumID`, at most `limit` of them.
    ///
    /// Unlike an offset, the position stays put when rows come or go before it: a row added since the first page
    /// (an id above `maximumID`, the largest id when that page was read) is left out, and one deleted leaves no
    /// gap. NB: SQLite's `bm25` weighs a word by how rare it is in the whole table, so every score moves a little
    /// when rows come and go; two rows close enough to swap places near a page's edge can then be seen twice or
    /// not at all (a reader that joins pages drops repeats). PostgreSQL's `ts_rank` reads one row only.
    ///
    /// ```swift
    /// let first = try search.page("plastic", after: nil, upTo: maxID, limit: 20, in: db)
    /// let second = try search.page("plastic", after: first.last, upTo: maxID, limit: 20, in: db)
    /// ```
    public func page(
        _ text: String, after: Hit?, upTo maximumID: Int64?, limit: Int, in db: any DatabaseConnection
    ) throws -> [Hit] {
        try validate()
        guard let query = Self.query(for: text, dialect: db.dialect), limit > 0 else { return [] }
        let rows: [Row]
        switch db.dialect {
        case .sqlite:
            let fts = sqliteTableName
            var condition: SQL = "1 = 1"
            if let maximumID { condition.append(" AND id <= \(maximumID)") }
            if let after {
                // NB: bm25 weighs words by the whole table, so a row added or deleted moves every score: the page
                // starts after the last row's score now, and only a row deleted since uses the score it had.
                let anchor: SQL = "COALESCE((SELECT score FROM hits WHERE id = \(after.id)), \(after.score))"
                condition.append(" AND (score > \(anchor) OR (score = \(anchor) AND id > \(after.id)))")
            }
            // NB: bm25() is an FTS5 auxiliary function, usable only in the query over the FTS table itself: a
            // materialized step computes it, and the page is cut from what it computed.
            rows = try db.query(
                """
                WITH hits AS MATERIALIZED (
                    SELECT rowid AS id, bm25(\(raw: fts)) AS score FROM \(raw: fts) WHERE \(raw: fts) MATCH \(query)
                )
                SELECT id, score FROM hits WHERE \(condition)
                ORDER BY score, id LIMIT \(limit)
                """)
        case .postgres:
            let column = Self.postgresColumnName
            let configuration = "'\(Self.postgresConfigurationName)'::regconfig"
            // NB: ts_rank is a real (float4); as float8 its text reads back into a Double exactly, so a cursor's
            // score compares equal to the row's own.
            let score: SQL =
                "(-ts_rank(\(raw: column), to_tsquery(\(raw: configuration), \(query))))::float8"
            var condition: SQL = "\(raw: column) @@ to_tsquery(\(raw: configuration), \(query))"
            if let maximumID { condition.append(" AND \(raw: idColumn) <= \(maximumID)") }
            if let after {
                condition.append(
                    " AND (\(score) > \(after.score) OR (\(score) = \(after.score) AND \(raw: idColumn) > \(after.id)))"
                )
            }
            let statement: SQL = """
                SELECT \(raw: idColumn) AS id, \(score) AS score FROM \(raw: table) WHERE \(condition)
                ORDER BY score, id LIMIT \(limit)
                """
            rows = try db.query(statement)
        }
        return try rows.map { Hit(id: try $0.decode(Int64.self, "id"), score: try $0.decode(Double.self, "score")) }
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

    /// The token types of PostgreSQL's default parser that can hold letters outside ASCII (the `ascii…` ones,
    /// numbers, URLs and the like cannot, so `unaccent` would only slow them down).
    private static let postgresAccentedTokenTypes = "word, numword, hword, numhword, hword_part, hword_numpart"

    /// Creates ``postgresConfigurationName`` in the current schema unless it is there, installing `unaccent`
    /// first when the database lacks it; fails with an actionable message when that is not possible.
    ///
    /// NB: a configuration rather than an `unaccent()` call around the text: the dictionary then sees words
    /// after the query syntax has been parsed (`unaccent` maps some letters to quotes: "ʼ" → "'"), both sides
    /// fold alike, and `to_tsvector(regconfig, text)` is IMMUTABLE, as a generated column requires.
    static func createPostgresConfigurationIfNeeded(in db: any DatabaseConnection) throws {
        let exists = try db.fetchValue(
            Bool.self,
            """
            SELECT EXISTS (
                SELECT 1 FROM pg_ts_config c JOIN pg_namespace n ON n.oid = c.cfgnamespace
                WHERE c.cfgname = \(postgresConfigurationName) AND n.nspname = current_schema())
            """)
        if exists == true { return }
        let dictionarySchema = try unaccentSchema(in: db)
        // NB: both dictionaries are schema-qualified: the extension may live in a schema outside search_path
        // (an administrator's `CREATE EXTENSION unaccent SCHEMA public`).
        try db.executeScript(
            """
            CREATE TEXT SEARCH CONFIGURATION \(postgresConfigurationName) (COPY = pg_catalog.simple);
            ALTER TEXT SEARCH CONFIGURATION \(postgresConfigurationName)
                ALTER MAPPING FOR \(postgresAccentedTokenTypes) WITH \(dictionarySchema).unaccent, pg_catalog.simple;
            """)
    }

    /// The quoted schema of the `unaccent` extension, installed here first when the database lacks it.
    private static func unaccentSchema(in db: any DatabaseConnection) throws -> String {
        let lookup: SQL = """
            SELECT quote_ident(n.nspname) FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
            WHERE e.extname = 'unaccent'
            """
        if let schema = try db.fetchValue(String.self, lookup) { return schema }
        let available = try db.fetchValue(
            Bool.self, "SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'unaccent')")
        guard available == true else {
            throw DatabaseError(
                .other, code: "unaccent-unavailable",
                message: """
                    full-text search needs PostgreSQL's unaccent extension, which this server does not have: install \
                    PostgreSQL's contrib modules on the server (Debian: the postgresql-<version> package; elsewhere: \
                    postgresql-contrib)
                    """)
        }
        do {
            try db.execute("CREATE EXTENSION IF NOT EXISTS unaccent")
        } catch let error as DatabaseError where error.kind != .connectionLost {
            throw DatabaseError(
                .other, code: error.code,
                message: """
                    full-text search needs PostgreSQL's unaccent extension, and this role cannot install it \
                    (\(error.message)): have a superuser or the database owner run "CREATE EXTENSION unaccent;" \
                    in this database
                    """)
        }
        guard let schema = try db.fetchValue(String.self, lookup) else {
            throw DatabaseError(.other, code: "unaccent", message: "the unaccent extension is missing after CREATE")
        }
        return schema
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
