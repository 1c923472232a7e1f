/// A connection used synchronously inside a ``SQLDatabase/read(_:)`` or ``SQLDatabase/write(_:)`` closure.
///
/// A connection belongs to one closure at a time and must not escape it. Every statement binds its values:
///
/// ```swift
/// try await database.write { db in
///     let id = try db.fetchValue(Int64.self, "INSERT INTO action (title) VALUES (\(title)) RETURNING id")
///     try db.execute("INSERT INTO pledge (action_id, user_id) VALUES (\(id), \(userID))")
/// }
/// ```
///
/// To get a generated key, use `RETURNING` (both engines support it).
public protocol DatabaseConnection: AnyObject {
    /// The SQL flavour, for the rare statement that differs between engines.
    var dialect: SQLDialect { get }

    /// Runs one statement and returns the number of rows it inserted, updated or deleted.
    @discardableResult
    func execute(_ sql: SQL) throws -> Int

    /// Runs one statement and returns every row it produced.
    func query(_ sql: SQL) throws -> [Row]

    /// Runs one statement once per row, filling its ``SQL/parameter`` slots from the row's values in order,
    /// and returns the total number of rows inserted, updated or deleted (like Python's `executemany`).
    ///
    /// The statement is prepared once and every row only binds and runs it (PostgreSQL: the rows are sent in
    /// pipelined batches, not one round trip each). Each row must have one value per slot, and the statement
    /// binds no other values. A failing row throws; the rows before it stay applied, so run it inside
    /// ``SQLDatabase/write(_:)`` (or ``transaction(_:)``) to make the whole batch atomic.
    ///
    /// ```swift
    /// try await database.write { db in
    ///     try db.executeMany(
    ///         "INSERT INTO note (id, body) VALUES (\(SQL.parameter), \(SQL.parameter))",
    ///         rows: notes.lazy.map { [.integer($0.id), .text($0.body)] })
    /// }
    /// ```
    @discardableResult
    func executeMany<Rows: Sequence<[DatabaseValue]>>(_ sql: SQL, rows: Rows) throws -> Int

    /// Inserts `rows` into `columns` of `table` (one value per column, in order) the fastest way the engine
    /// has, and returns the number of rows inserted.
    ///
    /// SQLite runs ``executeMany(_:rows:)`` with an `INSERT`; PostgreSQL streams the rows with
    /// `COPY … FROM STDIN` (values escaped for COPY's text format, never spliced into SQL). `table` and `columns`
    /// must be plain identifiers chosen by code. All rows or none: a failing row fails the whole call (on
    /// PostgreSQL the COPY is one statement), so run it inside ``SQLDatabase/write(_:)``.
    @discardableResult
    func insertMany<Rows: Sequence<[DatabaseValue]>>(into table: String, columns: [String], rows: Rows) throws -> Int

    /// Runs several statements without parameters, e.g. a migration's DDL. Never put input in `script`.
    func executeScript(_ script: String) throws

    /// Runs `body` in a nested transaction (a savepoint): its changes are undone if it throws, while the
    /// enclosing transaction goes on.
    @discardableResult
    func transaction<T>(_ body: () throws -> T) throws -> T
}

extension DatabaseConnection {
    /// Runs the statement once per row through ``execute(_:)`` (for connections without a faster path).
    @discardableResult
    public func executeMany<Rows: Sequence<[DatabaseValue]>>(_ sql: SQL, rows: Rows) throws -> Int {
        _ = try sql.renderedTemplate(for: dialect)
        var changes = 0
        for row in rows {
            changes += try execute(sql.filling(row))
        }
        return changes
    }

    /// Inserts the rows with ``executeMany(_:rows:)`` and an `INSERT` statement.
    @discardableResult
    public func insertMany<Rows: Sequence<[DatabaseValue]>>(
        into table: String, columns: [String], rows: Rows
    ) throws -> Int {
        try SQL.checkInsertTarget(table: table, columns: columns)
        var sql = SQL(raw: "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (")
        for index in columns.indices {
            if index > 0 { sql.append(SQL(raw: ", ")) }
            sql.append(SQL.parameter)
        }
        sql.append(SQL(raw: ")"))
        return try executeMany(sql, rows: rows)
    }

    /// Runs one statement and returns its first row, or `nil` when it produced none.
    public func queryOne(_ sql: SQL) throws -> Row? {
        try query(sql).first
    }

    /// The first column of the first row as `T`; `nil` when there is no row. Decode `T?` to allow NULL.
    public func fetchValue<T: DatabaseValueConvertible>(_ type: T.Type, _ sql: SQL) throws -> T? {
        guard let row = try queryOne(sql) else { return nil }
        guard let first = row.values.first, let value = T(databaseValue: first) else {
            throw DatabaseError(
                .decoding, code: "type", message: "cannot read \(row.values.first ?? .null) as \(T.self)")
        }
        return value
    }

    /// The first column of every row as `T`.
    public func fetchColumn<T: DatabaseValueConvertible>(_ type: T.Type, _ sql: SQL) throws -> [T] {
        try query(sql).map { row in
            guard let first = row.values.first, let value = T(databaseValue: first) else {
                throw DatabaseError(
                    .decoding, code: "type", message: "cannot read \(row.values.first ?? .null) as \(T.self)")
            }
            return value
        }
    }
}

/// A database that runs closures on its own threads: many readers at once, one writer at a time.
///
/// Open one at start and pass it to the code that needs it (an `AppDatabase`-style owner that registers
/// its migrations); use SQLite in memory in tests:
///
/// ```swift
/// let database = try SQLiteDatabase(url: "sqlite::memory:")
/// let titles = try await database.read { db in
///     try db.fetchColumn(String.self, "SELECT title FROM action ORDER BY id")
/// }
/// ```
public protocol SQLDatabase: Sendable {
    /// The SQL flavour of every connection.
    var dialect: SQLDialect { get }

    /// Runs `body` with a connection that sees one consistent snapshot and cannot write.
    @discardableResult
    func read<T: Sendable>(_ body: @Sendable (any DatabaseConnection) throws -> T) async throws -> T

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    @discardableResult
    func write<T: Sendable>(_ body: @Sendable (any DatabaseConnection) throws -> T) async throws -> T

    /// Closes idle connections and makes later calls throw; a connection in use closes when its closure returns.
    func close() async
}

extension SQLDatabase {
    /// Runs `body` in a transaction (the same as ``write(_:)``; reads better where atomicity is the point).
    @discardableResult
    public func transaction<T: Sendable>(_ body: @Sendable (any DatabaseConnection) throws -> T) async throws -> T {
        try await write(body)
    }

    /// Runs `body` in a transaction as ``write(_:)`` does, and runs the whole transaction again, up to `attempts`
    /// times in all, when the engine ended it to settle a conflict with another (``DatabaseError/isTransactionConflict``:
    /// a deadlock or a serialization failure, which PostgreSQL resolves by refusing one of the transactions).
    ///
    /// `body` must do nothing outside the database that a second run would repeat: it may run more than once, and
    /// only the last run's effects are kept. SQLite has one writer and never raises these.
    ///
    /// ```swift
    /// try await database.write(retryingConflicts: 3) { db in
    ///     try db.execute("SELECT id FROM person WHERE id = \(a) FOR UPDATE")
    ///     try db.execute("SELECT id FROM person WHERE id = \(b) FOR UPDATE")
    /// }
    /// ```
    @discardableResult
    public func write<T: Sendable>(
        retryingConflicts attempts: Int, _ body: @Sendable (any DatabaseConnection) throws -> T
    ) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await write(body)
            } catch let error as DatabaseError where error.isTransactionConflict && attempt < attempts {
                attempt += 1
            }
        }
    }
}
