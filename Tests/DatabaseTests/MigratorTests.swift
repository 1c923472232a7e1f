import Database
import DatabaseTestSupport
import Foundation
import Testing

@Suite struct MigratorTests {
    /// A migrator whose first migration also counts how many times it ran, in the database itself.
    private static func migrator() -> Migrator {
        var migrator = Migrator()
        migrator.register("test.v1-runs") { db in
            try db.executeScript("CREATE TABLE runs (id \(db.dialect.autoIncrementPrimaryKey), note TEXT)")
            try db.execute("INSERT INTO runs (note) VALUES (\("v1"))")
        }
        migrator.register("test.v2-dialect") { db in
            switch db.dialect {
            case .sqlite: try db.executeScript("ALTER TABLE runs ADD COLUMN flag INTEGER NOT NULL DEFAULT 0")
            case .postgres: try db.executeScript("ALTER TABLE runs ADD COLUMN flag BOOLEAN NOT NULL DEFAULT FALSE")
            }
        }
        return migrator
    }

    private static func runCount(_ database: any SQLDatabase) async throws -> Int? {
        try await database.read { db in try db.fetchValue(Int.self, "SELECT COUNT(*) FROM runs") }
    }

    @Test(arguments: DatabaseKind.allCases)
    func aPrefixLeavesTheSchemaOfAnEarlierReleaseForTheRestToMigrate(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            let migrator = Self.migrator()
            let earlier = try await migrator.prefix(through: "test.v1-runs").migrate(test.database)
            #expect(earlier == ["test.v1-runs"])
            let rest = try await migrator.migrate(test.database)
            #expect(rest == ["test.v2-dialect"])
            #expect(migrator.prefix(through: "test.v9").migrations.map(\.name) == ["test.v1-runs", "test.v2-dialect"])
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func migrationsRunOnceInOrderAndAreRecorded(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            let migrator = Self.migrator()
            #expect(try await migrator.migrate(test.database) == ["test.v1-runs", "test.v2-dialect"])
            #expect(try await migrator.migrate(test.database) == [])
            #expect(try await Self.runCount(test.database) == 1)
            let applied = try await test.database.read { db in try Migrator.appliedMigrations(db) }
            #expect(applied == ["test.v1-runs", "test.v2-dialect"])

            var extended = migrator
            extended.register("test.v3") { db in try db.execute("UPDATE runs SET flag = \(true)") }
            #expect(try await extended.migrate(test.database) == ["test.v3"])
            let flag = try await test.database.read { db in try db.fetchValue(Bool.self, "SELECT flag FROM runs") }
            #expect(flag == true)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func aFailingMigrationLeavesNothingAppliedAndNamesItself(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            var migrator = Self.migrator()
            migrator.register("test.v3-broken") { db in try db.executeScript("ALTER TABLE nowhere ADD COLUMN x TEXT") }
            do {
                try await migrator.migrate(test.database)
                Issue.record("the broken migration must fail")
            } catch let error as DatabaseError {
                #expect(error.message.contains("test.v3-broken"))
            }
            let applied = try await test.database.read { db in try Migrator.appliedMigrations(db) }
            #expect(applied == [])
            #expect(try await Self.migrator().migrate(test.database).count == 2)
        }
    }

    @Test func aDuplicateNameIsRefused() async throws {
        var migrator = Migrator()
        migrator.register("dup") { _ in }
        migrator.register("dup") { _ in }
        let database = try SQLiteDatabase(inMemory: .init())
        await #expect(throws: DatabaseError.self) { try await migrator.migrate(database) }
    }

    @Test(arguments: DatabaseKind.allCases)
    func concurrentMigratorsOnTheSameDatabaseApplyEachMigrationOnce(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            // Separate database objects (separate connections, as two processes would have) where possible.
            let others: [any SQLDatabase] =
                kind == .sqliteMemory
                ? [test.database, test.database, test.database] : try (0..<3).map { _ in try test.reopen() }
            let migrator = Self.migrator()
            let applied = try await withThrowingTaskGroup(of: [String].self) { group in
                for database in others + [test.database] {
                    group.addTask { try await migrator.migrate(database) }
                }
                return try await group.reduce(into: [String]()) { $0 += $1 }
            }
            #expect(applied.sorted() == ["test.v1-runs", "test.v2-dialect"])
            #expect(try await Self.runCount(test.database) == 1)
            if kind != .sqliteMemory {
                for database in others { await database.close() }
            }
        }
    }
}
