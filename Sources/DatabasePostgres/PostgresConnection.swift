import CLibPQ
import Database
import Foundation

/// One libpq connection; used by one thread at a time (the pool guarantees it).
final class PostgresConnection: DatabaseConnection {
    private let handle: OpaquePointer
    private let configuration: PostgresDatabase.Configuration
    private var savepointDepth = 0
    private var statements = PostgresStatementCache()
    private let schema: PostgresSchemaGeneration
    private var preparedGeneration = 0

    var dialect: SQLDialect { .postgres }

    /// Connects (blocking) and applies the session settings.
    init(configuration: PostgresDatabase.Configuration, schema: PostgresSchemaGeneration) throws {
        self.configuration = configuration
        self.schema = schema
        preparedGeneration = schema.current
        // NB: keywords listed before `dbname` are defaults that the URL's own parameters override.
        let keywords = ["connect_timeout", "application_name", "dbname"]
        let values = [String(configuration.connectTimeoutSeconds), "quartet", configuration.url]
        let connection = withCStrings(keywords) { keywordPointers in
            withCStrings(values) { valuePointers in
                PQconnectdbParams(keywordPointers, valuePointers, 1)
            }
        }
        guard let connection else {
            throw DatabaseError(.connectionLost, code: "connect", message: "libpq could not allocate a connection")
        }
        // NB: from here on every stored property is set, so a throw runs deinit, which calls PQfinish.
        handle = connection
        guard PQstatus(handle) == CONNECTION_OK else {
            throw DatabaseError(
                .connectionLost, code: "connect",
                message: "cannot connect to PostgreSQL: \(Self.trimmed(PQerrorMessage(handle)))")
        }
        clibpq_silence_notices(handle)
        try configureSession()
    }

    deinit {
        PQfinish(handle)
    }

    /// Whether libpq still considers the connection usable.
    var isHealthy: Bool { PQstatus(handle) == CONNECTION_OK }

    /// Reconnects with the same parameters (after the server restarted) and reapplies the session settings.
    func reconnect() throws {
        PQreset(handle)
        guard PQstatus(handle) == CONNECTION_OK else {
            throw DatabaseError(
                .connectionLost, code: "connect",
                message: "cannot reconnect to PostgreSQL: \(Self.trimmed(PQerrorMessage(handle)))")
        }
        clibpq_silence_notices(handle)
        savepointDepth = 0
        statements = PostgresStatementCache()  // the server forgot them with the old session
        preparedGeneration = schema.current
        try configureSession()
    }

    private func configureSession() throws {
        try command("SET TIME ZONE 'UTC'")
        if let searchPath = configuration.searchPath {
            try execute("SELECT set_config('search_path', \(searchPath), false)")
        }
    }

    // MARK: - DatabaseConnection

    @discardableResult
    func execute(_ sql: SQL) throws -> Int {
        let result = try run(sql)
        defer { PQclear(result) }
        return Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    func query(_ sql: SQL) throws -> [Row] {
        let result = try run(sql)
        defer { PQclear(result) }
        let rowCount = PQntuples(result)
        let fieldCount = PQnfields(result)
        let columns = RowColumns((0..<fieldCount).map { String(cString: PQfname(result, $0)) })
        let types = (0..<fieldCount).map { PQftype(result, $0) }
        var rows: [Row] = []
        rows.reserveCapacity(Int(rowCount))
        for row in 0..<rowCount {
            var values: [DatabaseValue] = []
            values.reserveCapacity(Int(fieldCount))
            for field in 0..<fieldCount {
                if PQgetisnull(result, row, field) != 0 {
                    values.append(.null)
                    continue
                }
                let length = Int(PQgetlength(result, row, field))
                let bytes =
                    UnsafeRawPointer(PQgetvalue(result, row, field))
                    .map { UnsafeRawBufferPointer(start: $0, count: length) }
                    ?? UnsafeRawBufferPointer(start: nil, count: 0)
                values.append(PostgresValue.decode(text: bytes, type: types[Int(field)]))
            }
            rows.append(Row(columns: columns, values: values))
        }
        return rows
    }

    func executeScript(_ script: String) throws {
        try command(script)
        noteSchemaChange()
    }

    /// Whether this transaction ran statements that may have changed the schema (read and reset by the
    /// database after COMMIT, which then tells every pooled connection to re-prepare).
    private(set) var changedSchema = false

    /// Clears the flag set by DDL once the transaction ended.
    func takeSchemaChange() -> Bool {
        defer { changedSchema = false }
        return changedSchema
    }

    /// Drops this connection's prepared statements at once (a plan may be stale from the next statement on).
    private func noteSchemaChange() {
        statements.removeAll()
        changedSchema = true
    }

    /// Runs transaction control or session commands (no parameters, no schema change).
    func command(_ text: String) throws {
        let result = PQexec(handle, text)
        defer { PQclear(result) }
        try check(result, sql: text)
    }

    @discardableResult

    func transaction<T>(_ body: () throws -> T) throws -> T {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "quartet_savepoint_\(savepointDepth)"
        try command("SAVEPOINT \(name)")
        do {
            let result = try body()
            try command("RELEASE SAVEPOINT \(name)")
            return result
        } catch {
            try? command("ROLLBACK TO SAVEPOINT \(name); RELEASE SAVEPOINT \(name)")
            throw error
        }
    }

    /// Whether the session is inside a transaction block (possibly a failed one).
    var isInTransaction: Bool {
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
    }

    // MARK: - Statements

    private func run(_ sql: SQL) throws -> OpaquePointer {
        try sql.checkValid()
        let (text, arguments) = sql.rendered(for: .postgres)
        let parameters = try PostgresParameters(arguments, sql: text)
        defer { parameters.deallocate() }
        let count = Int32(arguments.count)
        let result: OpaquePointer?
        if let name = try preparedStatement(for: text, parameters: parameters) {
            result = PQexecPrepared(handle, name, count, parameters.values, parameters.lengths, parameters.formats, 0)
        } else {
            result = PQexecParams(
                handle, text, count, parameters.types, parameters.values, parameters.lengths, parameters.formats, 0)
        }
        do {
            try check(result, sql: text)
        } catch let error as DatabaseError {
            PQclear(result)
            if error.code == "0A000" {
                // NB: "cached plan must not change result type": the table changed under a prepared SELECT *.
                // Forget the statement so the next attempt prepares it afresh.
                statements.forget(text, signature: parameters.signature)
            }
            throw error
        }
        guard let result else {
            throw DatabaseError(.other, code: "libpq", message: "no result", sql: text)
        }
        if !PostgresStatementCache.isWorthPreparing(text) { noteSchemaChange() }  // DDL through execute
        return result
    }

    /// The name of the server-side prepared statement for `text`, preparing it on first use; `nil` for
    /// statements not worth preparing (DDL, utility commands) or when the cache is full.
    private func preparedStatement(for text: String, parameters: PostgresParameters) throws -> String? {
        let generation = schema.current
        if generation != preparedGeneration {
            // NB: the old statements stay on the server under their names; new names avoid clashes.
            statements.removeAll()
            preparedGeneration = generation
        }
        if let name = statements.name(for: text, signature: parameters.signature) { return name }
        guard let name = statements.reserve(text, signature: parameters.signature) else { return nil }
        let result = PQprepare(handle, name, text, Int32(parameters.types.count), parameters.types)
        defer { PQclear(result) }
        do {
            try check(result, sql: text)
        } catch {
            statements.forget(text, signature: parameters.signature)
            throw error
        }
        return name
    }

    private func check(_ result: OpaquePointer?, sql: String) throws {
        let status = result.map { PQresultStatus($0) } ?? PGRES_FATAL_ERROR
        switch status {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return
        default:
            throw error(result, sql: sql)
        }
    }

    private func error(_ result: OpaquePointer?, sql: String) -> DatabaseError {
        let state = result.flatMap { PQresultErrorField($0, clibpq_diag_sqlstate) }.map { String(cString: $0) }
        let message =
            result.flatMap { PQresultErrorField($0, clibpq_diag_message_primary) }.map { String(cString: $0) }
            ?? Self.trimmed(PQerrorMessage(handle))
        if PQstatus(handle) != CONNECTION_OK {
            return DatabaseError(.connectionLost, code: state ?? "connection", message: message, sql: sql)
        }
        return DatabaseError(
            PostgresValue.kind(sqlState: state ?? ""), code: state ?? "libpq", message: message, sql: sql)
    }

    private static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
        message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "unknown error"
    }
}

/// Calls `body` with a NULL-terminated array of C strings that live for the call.
private func withCStrings<T>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
    let copies = strings.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    return body(copies.map { UnsafePointer($0) } + [nil])
}
