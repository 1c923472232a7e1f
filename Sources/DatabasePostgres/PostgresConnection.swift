import CLibPQ
import Database
import Foundation

/// One libpq connection; used by one thread at a time (the pool guarantees it).
final class PostgresConnection: DatabaseConnection {
    private let handle: OpaquePointer
    private let configuration: PostgresDatabase.Configuration
    private var savepointDepth = 0

    var dialect: SQLDialect { .postgres }

    /// Connects (blocking) and applies the session settings.
    init(configuration: PostgresDatabase.Configuration) throws {
        self.configuration = configuration
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
        try configureSession()
    }

    private func configureSession() throws {
        try executeScript("SET TIME ZONE 'UTC'")
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
        let result = PQexec(handle, script)
        defer { PQclear(result) }
        try check(result, sql: script)
    }

    @discardableResult

    func transaction<T>(_ body: () throws -> T) throws -> T {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "quartet_savepoint_\(savepointDepth)"
        try executeScript("SAVEPOINT \(name)")
        do {
            let result = try body()
            try executeScript("RELEASE SAVEPOINT \(name)")
            return result
        } catch {
            try? executeScript("ROLLBACK TO SAVEPOINT \(name); RELEASE SAVEPOINT \(name)")
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
        let result = PQexecParams(
            handle, text, Int32(arguments.count), parameters.types, parameters.values, parameters.lengths,
            parameters.formats, 0)
        do {
            try check(result, sql: text)
        } catch {
            PQclear(result)
            throw error
        }
        guard let result else {
            throw DatabaseError(.other, code: "libpq", message: "no result", sql: text)
        }
        return result
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
