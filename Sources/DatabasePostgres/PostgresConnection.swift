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
        let connection = PostgresConnect.open(
            url: configuration.url, applicationName: "quartet",
            connectTimeoutSeconds: configuration.connectTimeoutSeconds)
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

    /// The value the connection uses for the libpq parameter `keyword` (`keepalives_idle`), or `nil` when unset.
    func option(_ keyword: String) -> String? { PostgresConnect.option(keyword, of: handle) }

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

    /// The most rows sent in one pipeline before its results are read.
    ///
    /// NB: the server's replies to a batch (about 20 bytes a row) must fit in the socket buffers while the
    /// client is still sending, or both sides would wait on each other.
    static let pipelineBatchSize = 1000

    @discardableResult
    func executeMany<Rows: Sequence<[DatabaseValue]>>(_ sql: SQL, rows: Rows) throws -> Int {
        let (text, count) = try sql.renderedTemplate(for: .postgres)
        guard PostgresStatementCache.isWorthPreparing(text) else {
            // NB: DDL and utility statements may change the schema: one at a time, through execute.
            var changes = 0
            for row in rows { changes += try execute(sql.filling(row)) }
            return changes
        }
        func parameters(_ row: [DatabaseValue]) throws -> PostgresParameters {
            guard row.count == count else {
                throw DatabaseError(
                    .syntax, code: "bind",
                    message: "a row has \(row.count) values but the statement has \(count) parameters", sql: text)
            }
            return try PostgresParameters(row, sql: text)
        }
        var iterator = rows.makeIterator()
        var changes = 0
        var next = iterator.next()
        while let first = next {
            next = nil
            let firstParameters = try parameters(first)
            let name: String?
            do {
                name = try preparedStatement(for: text, parameters: firstParameters)
            } catch {
                firstParameters.deallocate()
                throw error
            }
            let signature = firstParameters.signature
            guard PQenterPipelineMode(handle) == 1 else {
                firstParameters.deallocate()
                throw self.error(nil, sql: text)
            }
            var sent = 0
            var failure: (any Error)?
            var current: PostgresParameters? = firstParameters
            while let row = current {
                defer { row.deallocate() }
                current = nil
                let queued: Int32
                if let name, row.signature == signature {
                    queued = PQsendQueryPrepared(handle, name, Int32(count), row.values, row.lengths, row.formats, 0)
                } else {
                    // NB: a row whose blobs differ from the first row's needs other parameter types.
                    queued = PQsendQueryParams(
                        handle, text, Int32(count), row.types, row.values, row.lengths, row.formats, 0)
                }
                guard queued == 1 else {
                    failure = self.error(nil, sql: text)
                    break
                }
                sent += 1
                guard let following = iterator.next() else { break }
                if sent == Self.pipelineBatchSize {
                    next = following
                    break
                }
                do {
                    current = try parameters(following)
                } catch {
                    failure = error
                }
            }
            let outcome = finishPipeline(sent: sent, sql: text)
            changes += outcome.changes
            if let failure = outcome.error ?? failure {
                if let failure = failure as? DatabaseError, failure.code == "0A000" {
                    statements.forget(text, signature: signature)
                }
                throw failure
            }
        }
        return changes
    }

    @discardableResult
    func insertMany<Rows: Sequence<[DatabaseValue]>>(into table: String, columns: [String], rows: Rows) throws -> Int {
        try SQL.checkInsertTarget(table: table, columns: columns)
        let text = "COPY \(table) (\(columns.joined(separator: ", "))) FROM STDIN"
        let start = PQexec(handle, text)
        let status = start.map { PQresultStatus($0) } ?? PGRES_FATAL_ERROR
        if status != PGRES_COPY_IN {
            defer { PQclear(start) }
            try check(start, sql: text)
            throw DatabaseError(.other, code: "libpq", message: "COPY did not start", sql: text)
        }
        PQclear(start)
        var failure: DatabaseError?
        var buffer: [UInt8] = []
        buffer.reserveCapacity(Self.copyChunkSize + 4096)
        func send() -> Bool {
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer.withUnsafeBufferPointer { bytes in
                bytes.baseAddress.map { base in
                    base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                        PQputCopyData(handle, $0, Int32(bytes.count)) == 1
                    }
                } ?? true
            }
        }
        for (index, row) in rows.enumerated() {
            guard row.count == columns.count else {
                failure = DatabaseError(
                    .syntax, code: "bind",
                    message: "row \(index + 1) has \(row.count) values for \(columns.count) columns", sql: text)
                break
            }
            do {
                try PostgresCopyText.append(row, to: &buffer)
            } catch let error as DatabaseError {
                failure = DatabaseError(
                    error.kind, code: error.code, message: "row \(index + 1): \(error.message)", sql: text)
                break
            }
            if buffer.count >= Self.copyChunkSize, !send() {
                failure = self.error(nil, sql: text)
                break
            }
        }
        if failure == nil, !send() { failure = self.error(nil, sql: text) }
        // NB: ending the COPY with an error message makes the server discard every row already sent.
        let ended =
            failure.map { failure in
                failure.message.withCString { PQputCopyEnd(handle, $0) }
            } ?? PQputCopyEnd(handle, nil)
        if ended != 1 { failure = failure ?? self.error(nil, sql: text) }
        var inserted = 0
        while let result = PQgetResult(handle) {
            defer { PQclear(result) }
            let status = PQresultStatus(result)
            if status == PGRES_COPY_IN {
                // NB: libpq could not end the COPY (PQputCopyEnd failed); asking again would loop forever.
                failure = failure ?? self.error(nil, sql: text)
                break
            }
            if status == PGRES_COMMAND_OK {
                inserted = Int(String(cString: PQcmdTuples(result))) ?? 0
            } else if failure == nil {
                failure = self.error(result, sql: text)
            }
        }
        if let failure { throw failure }
        return inserted
    }

    /// How many bytes of COPY data are buffered before they are handed to libpq.
    static let copyChunkSize = 64 * 1024

    /// Sends the pipeline's sync, reads the results of the `sent` statements and leaves pipeline mode; returns
    /// the rows they changed and the first error (later statements of a failed pipeline are skipped).
    private func finishPipeline(sent: Int, sql: String) -> (changes: Int, error: DatabaseError?) {
        var firstError: DatabaseError?
        var changes = 0
        if PQpipelineSync(handle) != 1 { firstError = error(nil, sql: sql) }
        var unfinished = sent
        while true {
            guard let result = PQgetResult(handle) else {
                // NB: a NULL ends one statement's results; one more means the sync will never come.
                if unfinished > 0 && PQstatus(handle) == CONNECTION_OK {
                    unfinished -= 1
                    continue
                }
                firstError = firstError ?? error(nil, sql: sql)
                break
            }
            defer { PQclear(result) }
            let status = PQresultStatus(result)
            if status == PGRES_PIPELINE_SYNC { break }
            switch status {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
                changes += Int(String(cString: PQcmdTuples(result))) ?? 0
            case PGRES_PIPELINE_ABORTED:
                continue
            default:
                firstError = firstError ?? error(result, sql: sql)
            }
        }
        if PQexitPipelineMode(handle) != 1 { firstError = firstError ?? error(nil, sql: sql) }
        return (changes, firstError)
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
