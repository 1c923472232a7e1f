import Database
import DatabasePostgres
import Foundation

/// A fresh, empty database of one ``DatabaseKind``, removed by ``close()``: a SQLite database in memory or in a
/// temporary folder, or a PostgreSQL schema created for this test and dropped afterwards.
///
/// NB: a PostgreSQL test database is a schema, not a database: extensions live in `public`, where
/// scripts/with-postgres installs `unaccent` once. An extension created inside a test's schema would be dropped
/// with it, and take every other test's search configuration along.
public struct TestDatabase: Sendable {
    public let database: any SQLDatabase
    public let kind: DatabaseKind
    /// The SQLite file (`:memory:` in memory), or the PostgreSQL schema, owned by this test.
    public let location: String
    private let cleanup: @Sendable () async -> Void

    /// Opens a fresh database of `kind`; for PostgreSQL without a server, cancels the test case with a message.
    ///
    /// - Parameters:
    ///   - maximumConnections: the PostgreSQL pool's size.
    ///   - acquireTimeout: how long a read or write waits for a free connection; the database's default when `nil`.
    public static func make(
        _ kind: DatabaseKind, maximumConnections: Int = 8, acquireTimeout: Duration? = nil
    ) async throws -> TestDatabase {
        var sqlite = SQLiteDatabase.Configuration()
        if let acquireTimeout { sqlite.acquireTimeout = acquireTimeout }
        switch kind {
        case .sqliteMemory:
            let database = try SQLiteDatabase(url: "sqlite::memory:", configuration: sqlite)
            return TestDatabase(database: database, kind: kind, location: ":memory:") { await database.close() }
        case .sqliteFile:
            let directory = try temporaryDirectory()
            let path = directory + "/test.sqlite"
            let database = try SQLiteDatabase(path: path, configuration: sqlite)
            return TestDatabase(database: database, kind: kind, location: path) {
                await database.close()
                try? FileManager.default.removeItem(atPath: directory)
            }
        case .postgres:
            let (database, schema, drop) = try await postgresInFreshSchema(
                maximumConnections: maximumConnections, acquireTimeout: acquireTimeout)
            return TestDatabase(database: database, kind: kind, location: schema, cleanup: drop)
        }
    }

    /// Opens another database object on the same storage (the same file or schema); the caller closes it.
    ///
    /// An in-memory SQLite database cannot be reopened: use ``DatabaseKind/sqliteFile``.
    public func reopen() throws -> any SQLDatabase {
        switch kind {
        case .sqliteMemory:
            throw DatabaseError(.other, code: "test", message: "an in-memory database cannot be reopened")
        case .sqliteFile:
            return try SQLiteDatabase(path: location)
        case .postgres:
            var configuration = PostgresDatabase.Configuration(url: try DatabaseKind.requirePostgresURL())
            configuration.searchPath = location
            return try PostgresDatabase(configuration)
        }
    }

    /// Closes the database and removes its file or schema.
    public func close() async {
        await cleanup()
    }

    /// A new empty directory under the system's temporary folder.
    public static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "quartet-test-" + UUID().uuidString.prefix(8).lowercased()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A PostgreSQL database whose connections use a schema created for this test, the schema's name, and the
    /// cleanup that closes the database and drops the schema; without a server, cancels the test case.
    public static func postgresInFreshSchema(
        maximumConnections: Int = 8, acquireTimeout: Duration? = nil
    ) async throws -> (PostgresDatabase, String, @Sendable () async -> Void) {
        let url = try DatabaseKind.requirePostgresURL()
        await PostgresTestGate.shared.enter()
        let schema = "test_" + UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "")
        do {
            try await administer(url, "CREATE SCHEMA \(schema)")
        } catch {
            await PostgresTestGate.shared.leave()
            throw error
        }
        var configuration = PostgresDatabase.Configuration(url: url)
        configuration.searchPath = schema
        configuration.maximumConnections = maximumConnections
        if let acquireTimeout { configuration.acquireTimeout = acquireTimeout }
        let database = try PostgresDatabase(configuration)
        return (
            database, schema,
            {
                await database.close()
                try? await administer(url, "DROP SCHEMA \(schema) CASCADE")
                await PostgresTestGate.shared.leave()
            }
        )
    }

    /// Runs `script` on a connection of its own, closed at once.
    ///
    /// NB: the tests of every target share the server's connections (scripts/with-postgres allows 200), and
    /// hundreds of test cases run at once: an open test database holds no connection it is not using.
    private static func administer(_ url: String, _ script: String) async throws {
        let admin = try PostgresDatabase(PostgresDatabase.Configuration(url: url))
        do {
            try await admin.write { db in try db.executeScript(script) }
        } catch {
            await admin.close()
            throw error
        }
        await admin.close()
    }
}

/// Runs `body` with a fresh database of `kind`, closing and removing it afterwards even when `body` throws.
public func withTestDatabase(
    _ kind: DatabaseKind, maximumConnections: Int = 8, acquireTimeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation, _ body: (TestDatabase) async throws -> Void
) async throws {
    let test = try await TestDatabase.make(kind, maximumConnections: maximumConnections, acquireTimeout: acquireTimeout)
    do {
        try await body(test)
    } catch {
        await test.close()
        throw error
    }
    await test.close()
}

/// How many PostgreSQL test databases may be open at once, the others waiting their turn.
///
/// NB: every test of every target runs in one process and Swift Testing starts hundreds of cases together; each
/// database's pool opens up to 8 connections on demand, and once the suite had some 250 PostgreSQL cases they
/// reached scripts/with-postgres's 200 in the first seconds ("sorry, too many clients already"). Twenty open at
/// once stay under it (8 each, and the one that creates or drops a schema) and still keep both cores busy. A
/// test must not hold one database while it waits for a second: none does.
actor PostgresTestGate {
    static let shared = PostgresTestGate(capacity: 20)

    private let capacity: Int
    private var open = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Waits until fewer than `capacity` databases are open, and counts this one.
    func enter() async {
        if open < capacity {
            open += 1
            return
        }
        // NB: the leaving database hands its place straight to the first waiter, so `open` stays counted.
        await withCheckedContinuation { waiting.append($0) }
    }

    /// One database was closed: the first waiter, if any, takes its place.
    func leave() {
        if waiting.isEmpty {
            open -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
