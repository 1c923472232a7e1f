import CSQLite
import Foundation

/// One SQLite connection; used by one thread at a time (the pool guarantees it).
final class SQLiteConnection: DatabaseConnection {
    let handle: OpaquePointer
    private var cache: SQLiteStatementCache
    private var savepointDepth = 0

    var dialect: SQLDialect { .sqlite }

    /// Makes a database file that is not there yet readable and writable by this user alone.
    ///
    /// NB: SQLite makes a new file 0644 (less the umask), and its `-wal` and `-shm` files take the database
    /// file's mode, so the server's accounts, tokens and messages, and a device's saved records, were readable
    /// by every user of the machine. An empty file is a new database to SQLite. A file that is there keeps its
    /// mode: its owner chose it. A file that cannot be made here is left for `sqlite3_open_v2` to report.
    static func createPrivately(_ path: String) {
        guard path != ":memory:", !path.hasPrefix("file:"), !path.isEmpty else { return }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
    }

    /// Opens `path` (`":memory:"` for a private in-memory database) and applies the configuration.
    init(path: String, configuration: SQLiteDatabase.Configuration, role: Role) throws {
        var pointer: OpaquePointer?
        if role == .writer { Self.createPrivately(path) }
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        let status = sqlite3_open_v2(path, &pointer, flags, nil)
        guard status == SQLITE_OK, let pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(pointer)
            throw DatabaseError(.other, code: "SQLITE(\(status))", message: "cannot open \(path): \(message)")
        }
        // NB: from here on every stored property is set, so a throw runs deinit, which closes the handle.
        handle = pointer
        cache = SQLiteStatementCache(capacity: configuration.statementCacheCapacity)
        sqlite3_extended_result_codes(handle, 1)
        let milliseconds =
            configuration.busyTimeout.components.seconds * 1000
            + configuration.busyTimeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
        if role == .writer && path != ":memory:" {
            // NB: WAL lets readers run beside the writer; the mode is stored in the file.
            let mode = try fetchValue(String.self, "PRAGMA journal_mode = WAL")
            if mode?.lowercased() != "wal" {
                throw DatabaseError(.other, code: "wal", message: "\(path): journal_mode is \(mode ?? "unknown")")
            }
        }
        try executeScript("PRAGMA synchronous = \(configuration.synchronous.rawValue); PRAGMA foreign_keys = ON;")
        if role == .reader { try executeScript("PRAGMA query_only = 1;") }
    }

    /// What a connection is for.
    enum Role {
        case writer
        case reader
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    // MARK: - DatabaseConnection

    @discardableResult
    func execute(_ sql: SQL) throws -> Int {
        let (statement, text) = try prepare(sql)
        defer { reset(statement) }
        while true {
            let status = sqlite3_step(statement.handle)
            if status == SQLITE_DONE { break }
            if status != SQLITE_ROW { throw error(status, sql: text) }
        }
        return Int(sqlite3_changes64(handle))
    }

    func query(_ sql: SQL) throws -> [Row] {
        let (statement, text) = try prepare(sql)
        defer { reset(statement) }
        var columns: RowColumns?
        var rows: [Row] = []
        while true {
            let status = sqlite3_step(statement.handle)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw error(status, sql: text) }
            // NB: read the columns after the first step: a schema change re-prepares the statement there.
            let names = columns ?? statement.resultColumns()
            columns = names
            let values = (0..<Int32(names.names.count)).map { value(statement.handle, $0) }
            rows.append(Row(columns: names, values: values))
        }
        return rows
    }

    @discardableResult
    func executeMany<Rows: Sequence<[DatabaseValue]>>(_ sql: SQL, rows: Rows) throws -> Int {
        let (text, count) = try sql.renderedTemplate(for: .sqlite)
        let statement = try cachedStatement(text)
        let expected = Int(sqlite3_bind_parameter_count(statement.handle))
        guard expected == count else {
            throw DatabaseError(
                .syntax, code: "bind",
                message: "the statement has \(expected) parameters but \(count) slots", sql: text)
        }
        defer { reset(statement) }
        var changes = 0
        for row in rows {
            guard row.count == count else {
                throw DatabaseError(
                    .syntax, code: "bind",
                    message: "a row has \(row.count) values but the statement has \(count) parameters", sql: text)
            }
            try bindAndStep(row, from: 0, statement.handle, sql: text)
            changes += Int(sqlite3_changes64(handle))
        }
        return changes
    }

    /// Binds `row[index...]` and runs the statement once: text is bound in place (`SQLITE_STATIC`, no copy),
    /// so the step happens inside the innermost `withUTF8`, and the bindings are cleared before the bytes go.
    private func bindAndStep(_ row: [DatabaseValue], from index: Int, _ statement: OpaquePointer, sql: String) throws {
        guard index < row.count else {
            defer {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            }
            while true {
                let status = sqlite3_step(statement)
                if status == SQLITE_DONE { return }
                if status != SQLITE_ROW { throw error(status, sql: sql) }
            }
        }
        guard case .text(var text) = row[index] else {
            let status = bind(row[index], at: Int32(index + 1), statement)
            if status != SQLITE_OK { throw error(status, sql: sql) }
            return try bindAndStep(row, from: index + 1, statement, sql: sql)
        }
        try text.withUTF8 { bytes in
            let status: Int32
            if let base = bytes.baseAddress {
                status = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    sqlite3_bind_text64(
                        statement, Int32(index + 1), $0, sqlite3_uint64(bytes.count), csqlite_static(),
                        UInt8(SQLITE_UTF8))
                }
            } else {
                // NB: a nil pointer would bind NULL; an empty string must stay an empty string.
                status = bind(.text(""), at: Int32(index + 1), statement)
            }
            if status != SQLITE_OK { throw error(status, sql: sql) }
            try bindAndStep(row, from: index + 1, statement, sql: sql)
        }
    }

    func executeScript(_ script: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, script, nil, nil, &message)
        if status != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw Self.error(extended: sqlite3_extended_errcode(handle), message: text, sql: script)
        }
    }

    /// Commits the open transaction; an I/O error on the way says that it may have been committed.
    ///
    /// NB: in WAL mode a commit appends its pages and a commit frame to the `-wal` file, then flushes it. When the
    /// flush (or a write) fails, this process does not see the transaction, but what reached the file may hold the
    /// whole of it: a crash before the next write, and the recovery at the next open, commits it after all. Only
    /// the I/O errors (`SQLITE_IOERR_*`) leave that doubt (``DatabaseError/mayHaveCommitted``); a deferred
    /// constraint refused at `COMMIT`, say, surely did not commit.
    func commit() throws {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, "COMMIT", nil, nil, &message)
        guard status != SQLITE_OK else { return }
        let extended = sqlite3_extended_errcode(handle)
        let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
        sqlite3_free(message)
        guard extended & 0xFF == SQLITE_IOERR else {
            throw Self.error(extended: extended, message: text, sql: "COMMIT")
        }
        let name = String(cString: sqlite3_errstr(extended))
        throw DatabaseError(
            .other, code: DatabaseError.commitOutcomeUnknown,
            message: "the commit's write to disk failed (SQLITE(\(extended)) \(name): \(text))", sql: "COMMIT")
    }

    @discardableResult
    func transaction<T>(_ body: () throws -> T) throws -> T {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "quartet_savepoint_\(savepointDepth)"
        try executeScript("SAVEPOINT \(name)")
        do {
            let result = try body()
            try executeScript("RELEASE \(name)")
            return result
        } catch {
            try? executeScript("ROLLBACK TO \(name); RELEASE \(name)")
            throw error
        }
    }

    // MARK: - Statements

    private func prepare(_ sql: SQL) throws -> (SQLiteStatement, String) {
        try sql.checkValid()
        let (text, arguments) = sql.rendered(for: .sqlite)
        let statement = try cachedStatement(text)
        let expected = Int(sqlite3_bind_parameter_count(statement.handle))
        guard expected == arguments.count else {
            throw DatabaseError(
                .syntax, code: "bind",
                message: "the statement has \(expected) parameters but \(arguments.count) values were bound", sql: text)
        }
        for (offset, argument) in arguments.enumerated() {
            let status = bind(argument, at: Int32(offset + 1), statement.handle)
            if status != SQLITE_OK {
                reset(statement)
                throw error(status, sql: text)
            }
        }
        return (statement, text)
    }

    private func cachedStatement(_ text: String) throws -> SQLiteStatement {
        if let cached = cache.statement(for: text) { return cached }
        let statement = try compile(text)
        cache.insert(statement, for: text)
        return statement
    }

    private func compile(_ text: String) throws -> SQLiteStatement {
        var pointer: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let status = text.withCString { cText in
            let status = sqlite3_prepare_v3(
                handle, cText, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, &tail)
            if status == SQLITE_OK, let tail {
                // NB: prepare compiles the first statement only; refuse the rest rather than ignore it.
                let rest = String(cString: tail).trimmingCharacters(in: .whitespacesAndNewlines.union([";"]))
                if !rest.isEmpty { return SQLITE_MISUSE }
            }
            return status
        }
        if status == SQLITE_MISUSE, let pointer {
            sqlite3_finalize(pointer)
            throw DatabaseError(
                .syntax, code: "multiple-statements",
                message: "execute and query run one statement; use executeScript for several", sql: text)
        }
        guard status == SQLITE_OK, let pointer else {
            throw error(status, sql: text)
        }
        return SQLiteStatement(handle: pointer)
    }

    private func reset(_ statement: SQLiteStatement) {
        sqlite3_reset(statement.handle)
        sqlite3_clear_bindings(statement.handle)
    }

    private func bind(_ value: DatabaseValue, at index: Int32, _ statement: OpaquePointer) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(statement, index)
        case .integer(let integer):
            return sqlite3_bind_int64(statement, index, integer)
        case .real(let real):
            return sqlite3_bind_double(statement, index, real)
        case .text(var text):
            return text.withUTF8 { bytes in
                // NB: a nil pointer would bind NULL; an empty string must stay an empty string.
                guard let base = bytes.baseAddress else {
                    return sqlite3_bind_text(statement, index, "", 0, csqlite_transient())
                }
                return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    sqlite3_bind_text64(
                        statement, index, $0, sqlite3_uint64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let data):
            if data.isEmpty { return sqlite3_bind_zeroblob(statement, index, 0) }
            return data.withUnsafeBytes { bytes in
                sqlite3_bind_blob64(
                    statement, index, bytes.baseAddress, sqlite3_uint64(bytes.count), csqlite_transient())
            }
        }
    }

    private func value(_ statement: OpaquePointer, _ index: Int32) -> DatabaseValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard let pointer = sqlite3_column_text(statement, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard let pointer = sqlite3_column_blob(statement, index), count > 0 else { return .blob(Data()) }
            return .blob(Data(bytes: pointer, count: count))
        default:
            return .null
        }
    }

    // MARK: - Errors

    private func error(_ status: Int32, sql: String?) -> DatabaseError {
        let extended = sqlite3_extended_errcode(handle)
        let code = status == SQLITE_MISUSE || (extended & 0xFF) != (status & 0xFF) ? status : extended
        return Self.error(extended: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    /// Classifies an extended result code.
    static func error(extended: Int32, message: String, sql: String?) -> DatabaseError {
        let kind: DatabaseError.Kind
        switch extended {
        case csqlite_constraint_unique, csqlite_constraint_primarykey, csqlite_constraint_rowid: kind = .uniqueViolation
        case csqlite_constraint_foreignkey: kind = .foreignKeyViolation
        case csqlite_constraint_notnull: kind = .notNullViolation
        case csqlite_constraint_check: kind = .checkViolation
        default:
            switch extended & 0xFF {
            case SQLITE_BUSY, SQLITE_LOCKED: kind = .busy
            case SQLITE_ERROR: kind = .syntax
            case SQLITE_TOOBIG, SQLITE_MISMATCH, SQLITE_RANGE: kind = .invalidValue
            case SQLITE_NOTADB, SQLITE_CORRUPT: kind = .damaged
            default: kind = .other
            }
        }
        let name = String(cString: sqlite3_errstr(extended))
        return DatabaseError(kind, code: "SQLITE(\(extended)) \(name)", message: message, sql: sql)
    }
}

/// Whether `connection` is inside a transaction (a failed COMMIT may already have rolled back).
func sqlite3AutocommitIsOff(_ connection: SQLiteConnection) -> Bool {
    sqlite3_get_autocommit(connection.handle) == 0
}
