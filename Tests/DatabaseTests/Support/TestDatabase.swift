import Database
import DatabasePostgres
import Foundation
import Testing

/// The engines every shared test body runs against.
enum DatabaseKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqliteMemory
    case sqliteFile
    case postgres

    var testDescription: String { rawValue }

    /// The PostgreSQL server URL, when scripts/with-postgres started one.
    static var postgresURL: String? {
        ProcessInfo.processInfo.environment["QUARTET_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// A fresh, empty database of one kind, removed by ``close()``.
struct TestDatabase: Sendable {
    let database: any SQLDatabase
    let kind: DatabaseKind
    /// The SQLite file, or the PostgreSQL schema, owned by this test.
    let location: String
    private let cleanup: @Sendable () async -> Void

    /// Opens a fresh database; cancels the test case (with a message) for PostgreSQL when no server is set.
    static func make(_ kind: DatabaseKind) async throws -> TestDatabase {
        switch kind {
        case .sqliteMemory:
            let database = try SQLiteDatabase(url: "sqlite::memory:")
            return TestDatabase(database: database, kind: kind, location: ":memory:") { await database.close() }
        case .sqliteFile:
            let directory = try temporaryDirectory()
            let path = directory + "/test.sqlite"
            let database = try SQLiteDatabase(url: "sqlite://" + path)
            return TestDatabase(database: database, kind: kind, location: path) {
                await database.close()
                try? FileManager.default.removeItem(atPath: directory)
            }
        case .postgres:
            let (database, schema, drop) = try await postgresInFreshSchema()
            return TestDatabase(database: database, kind: kind, location: schema, cleanup: drop)
        }
    }

    /// Opens a second database object on the same storage (same file or schema).
    func reopen() throws -> any SQLDatabase {
        switch kind {
        case .sqliteMemory:
            throw DatabaseError(.other, code: "test", message: "an in-memory database cannot be reopened")
        case .sqliteFile:
            return try SQLiteDatabase(path: location)
        case .postgres:
            guard let url = DatabaseKind.postgresURL else {
                throw DatabaseError(.other, code: "test", message: "no PG")
            }
            var configuration = PostgresDatabase.Configuration(url: url)
            configuration.searchPath = location
            return try PostgresDatabase(configuration)
        }
    }

    func close() async {
        await cleanup()
    }

    /// A new empty directory under the system's temporary folder.
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "quartet-db-" + UUID().uuidString.prefix(8).lowercased()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A PostgreSQL database whose connections use a schema created for this test (dropped by cleanup).
    static func postgresInFreshSchema(
        maximumConnections: Int = 8
    ) async throws -> (PostgresDatabase, String, @Sendable () async -> Void) {
        guard let url = DatabaseKind.postgresURL else {
            _ = announcePostgresSkipped
            try Test.cancel("PostgreSQL not configured: run under scripts/with-postgres to test the PostgreSQL driver")
        }
        let schema = "test_" + UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try PostgresDatabase(PostgresDatabase.Configuration(url: url))
        try await admin.write { db in try db.executeScript("CREATE SCHEMA \(schema)") }
        var configuration = PostgresDatabase.Configuration(url: url)
        configuration.searchPath = schema
        configuration.maximumConnections = maximumConnections
        let database = try PostgresDatabase(configuration)
        return (
            database, schema,
            {
                await database.close()
                _ = try? await admin.write { db in try db.executeScript("DROP SCHEMA \(schema) CASCADE") }
                await admin.close()
            }
        )
    }
}

/// Runs `body` with a fresh database of `kind`, closing it afterwards even when `body` throws.
func withTestDatabase(
    _ kind: DatabaseKind, _ body: (TestDatabase) async throws -> Void
) async throws {
    let test = try await TestDatabase.make(kind)
    do {
        try await body(test)
    } catch {
        await test.close()
        throw error
    }
    await test.close()
}

/// Says once per run, on stderr, that the PostgreSQL cases did not run (their cancellation is easy to miss).
private let announcePostgresSkipped: Void = {
    FileHandle.standardError.write(
        Data(
            "DatabaseTests: QUARTET_TEST_POSTGRES_URL is not set; PostgreSQL cases did NOT run (use scripts/with-postgres)\n"
                .utf8))
}()
