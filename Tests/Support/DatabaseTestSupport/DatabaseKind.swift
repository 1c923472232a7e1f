import Foundation
import Testing

/// The database engines a test runs on.
///
/// Pass a list of them as a test's arguments and open a fresh empty database of each with
/// ``withTestDatabase(_:maximumConnections:acquireTimeout:isolation:_:)``; without a PostgreSQL server the PostgreSQL case is
/// cancelled with a message saying how to run it:
///
///     @Test(arguments: DatabaseKind.eachDialect)
///     func rowsRoundTrip(kind: DatabaseKind) async throws {
///         try await withTestDatabase(kind) { test in
///             try await test.database.write { db in try db.executeScript("CREATE TABLE t (x TEXT)") }
///         }
///     }
public enum DatabaseKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// SQLite in memory: the quickest; gone when closed.
    case sqliteMemory
    /// A SQLite file in a temporary folder (WAL, a pool of readers), which ``TestDatabase/reopen()`` opens again.
    case sqliteFile
    /// A schema of its own on the server of `QUARTET_TEST_POSTGRES_URL` (scripts/with-postgres sets it).
    case postgres

    public var testDescription: String { rawValue }

    /// One engine per SQL dialect: SQLite in memory and PostgreSQL.
    public static let eachDialect: [DatabaseKind] = [.sqliteMemory, .postgres]

    /// One engine per SQL dialect, each with storage that outlives its connections (it can be reopened, and its
    /// readers and writers run at once): a SQLite file and PostgreSQL.
    public static let eachDialectOnDisk: [DatabaseKind] = [.sqliteFile, .postgres]

    /// The PostgreSQL server's URL, when scripts/with-postgres started one.
    public static var postgresURL: String? {
        ProcessInfo.processInfo.environment["QUARTET_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The PostgreSQL server's URL; without one, cancels the running test case and says how to run it.
    public static func requirePostgresURL() throws -> String {
        guard let url = postgresURL else {
            _ = announcePostgresSkipped
            try Test.cancel("PostgreSQL not configured: run under scripts/with-postgres for the PostgreSQL cases")
        }
        return url
    }
}

/// Says once per run, on standard error, that the PostgreSQL cases did not run (a cancellation is easy to miss).
private let announcePostgresSkipped: Void = {
    FileHandle.standardError.write(
        Data("QUARTET_TEST_POSTGRES_URL is not set; PostgreSQL cases did NOT run (use scripts/with-postgres)\n".utf8))
}()
