import AttendeeServer
import Database
import DatabaseTestSupport
import Foundation
import Testing

/// The hourly prune of idempotency keys finds the old ones by age through an index, not by reading every key.
@Suite struct IdempotencyKeyIndexTests {
    static func migrated(_ database: any SQLDatabase) async throws {
        var migrator = Migrator()
        AttendeeService.registerMigrations(in: &migrator)
        try await migrator.migrate(database)
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func theKeysAgeIsIndexed(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await Self.migrated(test.database)
            let sql: SQL =
                kind == .postgres
                ? """
                SELECT indexdef FROM pg_indexes
                WHERE schemaname = current_schema() AND indexname = 'attendee_idempotency_key_age'
                """
                : "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'attendee_idempotency_key_age'"
            let definition = try await test.database.read { db in try db.fetchValue(String.self, sql) }
            #expect(definition?.contains("created_at") == true)
        }
    }

    /// NB: only SQLite's plan is asserted: PostgreSQL's planner reads a small table sequentially whatever the
    /// indexes, so its plan in a test says nothing about a large table.
    @Test func sqlitePrunesThroughTheIndex() async throws {
        try await withTestDatabase(.sqliteMemory) { test in
            try await Self.migrated(test.database)
            let plan = try await test.database.read { db in
                try db.query(
                    "EXPLAIN QUERY PLAN DELETE FROM attendee_idempotency_key WHERE created_at < \(Date())"
                ).compactMap { row -> String? in row["detail"] }
            }
            #expect(plan.contains { $0.contains("USING") && $0.contains("attendee_idempotency_key_age") }, "\(plan)")
        }
    }
}
