import Database
import Foundation

/// A PostgreSQL database reached through libpq: a bounded pool of connections, parameterized statements
/// only, and recovery after a server restart without restarting the process.
///
/// ```swift
/// let database = try PostgresDatabase(url: "postgres://quartet@db.internal:5432/quartet")
/// ```
///
/// Each ``read(_:)`` and ``write(_:)`` checks its connection out of the pool and opens a transaction;
/// a connection the server dropped (restart, failover) is reconnected at that point, before any of the
/// closure's statements run. A server that stays down produces ``DatabaseError/Kind/connectionLost``.
///
/// Sessions run in UTC, so `timestamptz` values print (and read back through `Date`) without local offsets.
///
/// Data statements (`SELECT`, `INSERT`, `UPDATE`, `DELETE`, `WITH`) are prepared once per connection and
/// then only executed. Schema changes made through this object make every pooled connection re-prepare;
/// after a schema change by another process, a statement whose result columns changed (`SELECT *`) fails
/// once with SQLSTATE 0A000 and is re-prepared on its next run.
public final class PostgresDatabase: SQLDatabase {
    /// Where and how to connect.
    public struct Configuration: Sendable {
        /// A libpq connection URI: `postgres://user[:password]@host[:port]/database[?param=value]`.
        public var url: String
        /// The most connections open at once.
        public var maximumConnections: Int = 10
        /// How long a read or write waits for a free connection before failing with ``DatabaseError/Kind/busy``.
        public var acquireTimeout: Duration = .seconds(5)
        /// Seconds libpq waits for a server to answer a connection attempt (unless the URL says otherwise).
        public var connectTimeoutSeconds: Int = 5
        /// The schema search path of every connection (e.g. a per-test or per-tenant schema).
        public var searchPath: String?

        /// A configuration for `url` with the defaults.
        public init(url: String) {
            self.url = url
        }
    }

    /// The configuration.
    public let configuration: Configuration
    /// The SQL flavour: ``SQLDialect/postgres``.
    public var dialect: SQLDialect { .postgres }

    private let pool: ConnectionPool<PostgresConnection>
    private let schema = PostgresSchemaGeneration()

    /// Prepares a pool for `configuration`; connections open on first use.
    public init(_ configuration: Configuration) throws {
        guard configuration.url.hasPrefix("postgres://") || configuration.url.hasPrefix("postgresql://") else {
            throw DatabaseError(
                .other, code: "url",
                message:
                    "not a PostgreSQL URL: scheme \(DatabaseOpener.scheme(of: configuration.url)), expected postgres://…"
            )
        }
        self.configuration = configuration
        let schema = self.schema
        pool = ConnectionPool(
            label: "quartet.postgres", capacity: configuration.maximumConnections,
            acquireTimeout: configuration.acquireTimeout,
            open: { try PostgresConnection(configuration: configuration, schema: schema) })
    }

    /// Prepares a pool for `url` with the default settings.
    public convenience init(url: String) throws {
        try self.init(Configuration(url: url))
    }

    /// Runs `body` in a read-only, repeatable-read transaction (one consistent snapshot).
    @discardableResult
    public func read<T: Sendable>(_ body: @Sendable (any DatabaseConnection) throws -> T) async throws -> T {
        try await run(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
    }

    /// Runs `body` in a read-committed transaction: committed on return, rolled back on throw.
    @discardableResult
    public func write<T: Sendable>(_ body: @Sendable (any DatabaseConnection) throws -> T) async throws -> T {
        try await run(begin: "BEGIN", body)
    }

    /// Closes idle connections and refuses new work.
    public func close() async {
        pool.close()
    }

    private func run<T: Sendable>(
        begin: String, _ body: @Sendable (any DatabaseConnection) throws -> T
    ) async throws -> T {
        let schema = self.schema
        return try await pool.run { connection in
            do {
                try Self.begin(begin, on: connection)
            } catch {
                return (.failure(error), connection.isHealthy)
            }
            do {
                let value = try body(connection)
                try Self.commit(on: connection)
                if connection.takeSchemaChange() { schema.changed() }
                return (.success(value), connection.isHealthy)
            } catch {
                _ = connection.takeSchemaChange()
                if connection.isInTransaction { try? connection.command("ROLLBACK") }
                return (.failure(error), connection.isHealthy && !connection.isInTransaction)
            }
        }
    }

    /// Commits; a connection lost on the way says that the transaction may have been committed.
    ///
    /// NB: the server commits when it reads `COMMIT`, whether or not its answer reaches us, so a connection that
    /// drops now leaves the outcome unknown (``DatabaseError/mayHaveCommitted``); one that dropped during the
    /// closure's statements did not commit: the server rolls back a session that ends inside a transaction.
    private static func commit(on connection: PostgresConnection) throws {
        do {
            try connection.command("COMMIT")
        } catch let error as DatabaseError where error.kind == .connectionLost {
            throw DatabaseError(
                .connectionLost, code: DatabaseError.commitOutcomeUnknown,
                message: "the connection was lost during COMMIT (\(error.code): \(error.message))", sql: error.sql)
        }
    }

    /// Opens the transaction; this first round trip is also the health check of a pooled connection.
    private static func begin(_ statement: String, on connection: PostgresConnection) throws {
        do {
            try connection.command(statement)
        } catch let error as DatabaseError where error.kind == .connectionLost {
            // NB: nothing has run yet, so reconnecting and retrying once is safe.
            try connection.reconnect()
            try connection.command(statement)
        }
    }
}
