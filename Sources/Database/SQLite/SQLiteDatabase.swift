import Foundation

/// A SQLite database: one serialized writer connection and a small pool of readers (WAL mode), so that
/// concurrent requests never meet "database is locked".
///
/// ```swift
/// let database = try SQLiteDatabase(url: "sqlite:///var/lib/quartet/quartet.sqlite")
/// let inMemory = try SQLiteDatabase(url: "sqlite::memory:")   // tests and previews
/// ```
///
/// An in-memory database uses a single connection for reads and writes (it is private to that connection).
public final class SQLiteDatabase: SQLDatabase {
    /// How the database is opened.
    public struct Configuration: Sendable {
        /// How hard SQLite works to make a commit durable.
        public enum Synchronous: String, Sendable {
            /// Every commit reaches the disk before it returns (the default: nothing acknowledged is ever lost).
            case full = "FULL"
            /// With WAL, a commit may be lost on power failure but the database stays consistent.
            case normal = "NORMAL"
            /// No syncing at all: for throwaway data only.
            case off = "OFF"
        }

        /// The durability level; ``Synchronous/full`` by default.
        public var synchronous: Synchronous = .full
        /// How long a connection waits for another process's lock before failing with ``DatabaseError/Kind/busy``.
        public var busyTimeout: Duration = .seconds(5)
        /// The most reader connections open at once.
        public var maximumReaders: Int = 4
        /// How long a read or write waits for a free connection.
        public var acquireTimeout: Duration = .seconds(30)
        /// Prepared statements kept per connection (least recently used evicted).
        public var statementCacheCapacity: Int = 64

        /// The defaults.
        public init() {}
    }

    /// The file path, or `nil` in memory.
    public let path: String?
    /// The SQL flavour: ``SQLDialect/sqlite``.
    public var dialect: SQLDialect { .sqlite }

    private let writer: ConnectionPool<SQLiteConnection>
    private let readers: ConnectionPool<SQLiteConnection>
    private let sharesOneConnection: Bool

    /// Opens (creating if needed) the database file at `path`, in WAL mode.
    public init(path: String, configuration: Configuration = Configuration()) throws {
        self.path = path
        sharesOneConnection = false
        let first = try SQLiteConnection(path: path, configuration: configuration, role: .writer)
        writer = ConnectionPool(
            label: "quartet.sqlite.writer", capacity: 1, acquireTimeout: configuration.acquireTimeout,
            initial: [Exclusive(first)],
            open: { try SQLiteConnection(path: path, configuration: configuration, role: .writer) })
        readers = ConnectionPool(
            label: "quartet.sqlite.readers", capacity: configuration.maximumReaders,
            acquireTimeout: configuration.acquireTimeout,
            open: { try SQLiteConnection(path: path, configuration: configuration, role: .reader) })
    }

    /// Opens a private in-memory database (one connection serves reads and writes).
    public init(inMemory configuration: Configuration = Configuration()) throws {
        path = nil
        sharesOneConnection = true
        let only = try SQLiteConnection(path: ":memory:", configuration: configuration, role: .writer)
        writer = ConnectionPool(
            label: "quartet.sqlite.memory", capacity: 1, acquireTimeout: configuration.acquireTimeout,
            initial: [Exclusive(only)],
            open: {
                throw DatabaseError(.other, code: "closed", message: "the in-memory database connection was lost")
            })
        readers = writer
    }

    /// Opens `sqlite:///absolute/path.sqlite`, `sqlite:relative/path.sqlite` or `sqlite::memory:`.
    public convenience init(url: String, configuration: Configuration = Configuration()) throws {
        switch SQLiteDatabase.location(of: url) {
        case .file(let path): try self.init(path: path, configuration: configuration)
        case .memory: try self.init(inMemory: configuration)
        case nil:
            throw DatabaseError(
                .other, code: "url",
                message: "not a SQLite URL (expected sqlite:///path, sqlite:path or sqlite::memory:): \(url)")
        }
    }

    /// Where a `sqlite:` URL points.
    public enum Location: Sendable, Hashable {
        /// A database file (percent-decoded path).
        case file(String)
        /// A private in-memory database.
        case memory
    }

    /// The location a `sqlite:` URL names, or `nil` when it is not a SQLite URL.
    public static func location(of url: String) -> Location? {
        guard url.hasPrefix("sqlite:") else { return nil }
        var path = String(url.dropFirst("sqlite:".count))
        if path == ":memory:" || path == "//:memory:" { return .memory }
        if path.hasPrefix("//") { path.removeFirst(2) }
        if let query = path.firstIndex(of: "?") { path = String(path[..<query]) }
        guard !path.isEmpty, let decoded = path.removingPercentEncoding else { return nil }
        return .file(decoded)
    }

    /// Runs `body` in a read transaction on a reader connection (one consistent snapshot; writes are refused).
    @discardableResult
    public func read<T: Sendable>(_ body: @Sendable (any DatabaseConnection) throws -> T) async throws -> T {
        let shared = sharesOneConnection
        return try await readers.run { connection in
            // NB: the in-memory connection also writes, so it is made read-only for the read only; each cleanup
            // step runs on its own so that a failed ROLLBACK cannot leave the connection read-only.
            defer { if shared { try? connection.executeScript("PRAGMA query_only = 0") } }
            do {
                if shared { try connection.executeScript("PRAGMA query_only = 1") }
                try connection.executeScript("BEGIN DEFERRED")
            } catch {
                return (.failure(error), true)
            }
            let result = Result { try body(connection) }
            if sqlite3AutocommitIsOff(connection) { try? connection.executeScript("ROLLBACK") }
            return (result, true)
        }
    }

    /// Runs `body` in an immediate transaction on the writer connection: committed on return, rolled back on throw.
    @discardableResult
    public func write<T: Sendable>(_ body: @Sendable (any DatabaseConnection) throws -> T) async throws -> T {
        try await writer.run { connection in
            do {
                try connection.executeScript("BEGIN IMMEDIATE")
            } catch {
                return (.failure(error), true)
            }
            do {
                let value = try body(connection)
                try connection.commit()
                return (.success(value), true)
            } catch {
                if sqlite3AutocommitIsOff(connection) { try? connection.executeScript("ROLLBACK") }
                return (.failure(error), true)
            }
        }
    }

    /// Runs `script` on the writer connection outside any transaction, for the statements SQLite refuses inside
    /// one: `VACUUM` (the only way to change `auto_vacuum` once tables exist) and `PRAGMA wal_checkpoint`.
    ///
    /// ```swift
    /// try await database.executeOutsideTransaction("PRAGMA auto_vacuum = INCREMENTAL; VACUUM")
    /// ```
    public func executeOutsideTransaction(_ script: String) async throws {
        try await writer.run { connection in (Result { try connection.executeScript(script) }, true) }
    }

    /// Closes idle connections and refuses new work.
    public func close() async {
        writer.close()
        if !sharesOneConnection { readers.close() }
    }
}
