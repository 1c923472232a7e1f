import Database
import DatabasePostgres
import Foundation
import Testing

/// The engines every server test runs on: SQLite always, PostgreSQL when `QUARTET_TEST_POSTGRES_URL` is set.
enum DatabaseKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// A fresh empty database and its cleanup; cancels the case (with a message) for PostgreSQL without a server.
    func open() async throws -> (any SQLDatabase, @Sendable () async -> Void) {
        switch self {
        case .sqlite:
            let database = try SQLiteDatabase(url: "sqlite::memory:")
            return (database, { await database.close() })
        case .postgres:
            guard let url = ProcessInfo.processInfo.environment["QUARTET_TEST_POSTGRES_URL"], !url.isEmpty else {
                try Test.cancel("PostgreSQL not configured: run under scripts/with-postgres for the PostgreSQL cases")
            }
            let schema =
                "changejar_" + UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "")
            let admin = try PostgresDatabase(PostgresDatabase.Configuration(url: url))
            try await admin.write { db in try db.executeScript("CREATE SCHEMA \(schema)") }
            var configuration = PostgresDatabase.Configuration(url: url)
            configuration.searchPath = schema
            configuration.maximumConnections = 4
            let database = try PostgresDatabase(configuration)
            return (
                database,
                {
                    await database.close()
                    _ = try? await admin.write { db in try db.executeScript("DROP SCHEMA \(schema) CASCADE") }
                    await admin.close()
                }
            )
        }
    }
}

/// An empty in-memory SQLite database.
enum SQLiteDatabaseFactory {
    static func memory() throws -> any SQLDatabase {
        try SQLiteDatabase(url: "sqlite::memory:")
    }
}
