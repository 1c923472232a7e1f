import Database
import DatabaseTestSupport
import Foundation
import Locking
import Testing

@Suite struct TransactionTests {
    struct Planned: Error {}

    private static func createTable(_ database: any SQLDatabase) async throws {
        try await database.write { db in
            try db.executeScript("CREATE TABLE entry (id BIGINT PRIMARY KEY, name TEXT NOT NULL UNIQUE)")
        }
    }

    private static func names(_ database: any SQLDatabase) async throws -> [String] {
        try await database.read { db in try db.fetchColumn(String.self, "SELECT name FROM entry ORDER BY id") }
    }

    @Test(arguments: DatabaseKind.allCases)
    func aThrowingWriteRollsEverythingBack(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await Self.createTable(test.database)
            await #expect(throws: Planned.self) {
                try await test.database.write { db in
                    try db.execute("INSERT INTO entry (id, name) VALUES (\(1), \("kept?"))")
                    throw Planned()
                }
            }
            #expect(try await Self.names(test.database) == [])
            let inserted = try await test.database.write { db in
                try db.execute("INSERT INTO entry (id, name) VALUES (\(1), \("a")), (\(2), \("b"))")
            }
            #expect(inserted == 2)
            #expect(try await Self.names(test.database) == ["a", "b"])
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func aFailedStatementUndoesEarlierStatementsOfTheSameWrite(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await Self.createTable(test.database)
            await #expect(throws: DatabaseError.self) {
                try await test.database.write { db in
                    try db.execute("INSERT INTO entry (id, name) VALUES (\(1), \("one"))")
                    try db.execute("INSERT INTO entry (id, name) VALUES (\(2), \("one"))")
                }
            }
            #expect(try await Self.names(test.database) == [])
            // The connection is usable again afterwards.
            try await test.database.transaction { db in
                try db.execute("INSERT INTO entry (id, name) VALUES (\(3), \("three"))")
            }
            #expect(try await Self.names(test.database) == ["three"])
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func aNestedTransactionRollsBackAloneAndTheOuterOneCommits(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await Self.createTable(test.database)
            try await test.database.write { db in
                try db.execute("INSERT INTO entry (id, name) VALUES (\(1), \("outer"))")
                do {
                    try db.transaction {
                        try db.execute("INSERT INTO entry (id, name) VALUES (\(2), \("inner"))")
                        try db.execute("INSERT INTO entry (id, name) VALUES (\(3), \("outer"))")
                    }
                    Issue.record("the duplicate must fail")
                } catch let error as DatabaseError {
                    #expect(error.kind == .uniqueViolation)
                }
                try db.transaction {
                    try db.execute("INSERT INTO entry (id, name) VALUES (\(4), \("nested ok"))")
                }
            }
            #expect(try await Self.names(test.database) == ["outer", "nested ok"])
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func readsCannotWrite(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await Self.createTable(test.database)
            await #expect(throws: DatabaseError.self) {
                try await test.database.read { db in
                    try db.execute("INSERT INTO entry (id, name) VALUES (\(1), \("sneaky"))")
                }
            }
            #expect(try await Self.names(test.database) == [])
            // A write after the refused read still works (the in-memory connection left read-only mode).
            try await test.database.write { db in
                try db.execute("INSERT INTO entry (id, name) VALUES (\(1), \("fine"))")
            }
            #expect(try await Self.names(test.database) == ["fine"])
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func aFailedReadLeavesTheDatabaseWritable(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await Self.createTable(test.database)
            await #expect(throws: DatabaseError.self) {
                try await test.database.read { db in try db.query("SELECT * FROM nowhere") }
            }
            await #expect(throws: Planned.self) { try await test.database.read { _ in throw Planned() } }
            try await test.database.write { db in
                try db.execute("INSERT INTO entry (id, name) VALUES (\(1), \("after"))")
            }
            #expect(try await Self.names(test.database) == ["after"])
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func oneCallRunsOneStatementSoInjectedSecondStatementsNeverRun(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await Self.createTable(test.database)
            await #expect(throws: DatabaseError.self) {
                try await test.database.write { db in
                    try db.execute(SQL(raw: "SELECT 1; DROP TABLE entry"))
                }
            }
            #expect(try await Self.names(test.database) == [])
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func returningGivesGeneratedKeys(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            let ids = try await test.database.write { db in
                try db.executeScript(
                    "CREATE TABLE item (id \(db.dialect.autoIncrementPrimaryKey), name TEXT NOT NULL)")
                return try ["a", "b"].map { name in
                    try db.fetchValue(Int64.self, "INSERT INTO item (name) VALUES (\(name)) RETURNING id")
                }
            }
            #expect(ids == [1, 2])
        }
    }
}

@Suite struct SchemaChangeTests {
    private static func columnsOfEveryConnection(_ database: any SQLDatabase) async throws -> Set<[String]> {
        try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<6 {
                group.addTask {
                    try await database.read { db in
                        try db.queryOne("SELECT * FROM widget")?.columns.names ?? []
                    }
                }
            }
            return try await group.reduce(into: Set<[String]>()) { $0.insert($1) }
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func cachedStatementsFollowASchemaChange(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await test.database.write { db in
                try db.executeScript("CREATE TABLE widget (id BIGINT PRIMARY KEY)")
                try db.execute("INSERT INTO widget (id) VALUES (\(1))")
            }
            // Every pooled connection now holds a prepared SELECT * with one result column.
            #expect(try await Self.columnsOfEveryConnection(test.database) == [["id"]])
            try await test.database.write { db in
                try db.executeScript("ALTER TABLE widget ADD COLUMN label TEXT NOT NULL DEFAULT 'x'")
            }
            #expect(try await Self.columnsOfEveryConnection(test.database) == [["id", "label"]])
            try await test.database.write { db in
                try db.execute("ALTER TABLE widget ADD COLUMN size BIGINT")  // DDL through execute too
                #expect(try db.queryOne("SELECT * FROM widget")?.columns.names == ["id", "label", "size"])
            }
            #expect(try await Self.columnsOfEveryConnection(test.database) == [["id", "label", "size"]])
        }
    }
}

extension SchemaChangeTests {
    @Test(arguments: DatabaseKind.allCases)
    func aRenamedColumnIsSeenByCachedStatements(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            let before = try await test.database.write { db in
                try db.executeScript("CREATE TABLE gadget (old_name TEXT)")
                try db.execute("INSERT INTO gadget (old_name) VALUES (\("a"))")
                return try db.queryOne("SELECT * FROM gadget")?.columns.names
            }
            let after = try await test.database.write { db in
                try db.executeScript("ALTER TABLE gadget RENAME COLUMN old_name TO new_name")
                return try db.queryOne("SELECT * FROM gadget")?.columns.names
            }
            #expect(before == ["old_name"])
            #expect(after == ["new_name"])
        }
    }

    /// A transaction the engine ends to settle a conflict (a deadlock, a serialization failure) is run again, whole,
    /// and only the last run's writes are kept; any other failure, or a conflict past the attempts, is thrown. On
    /// PostgreSQL the conflict is the engine's own error (SQLSTATE 40P01 raised by the server), on SQLite, which
    /// never raises one, the closure throws it.
    @Test(arguments: DatabaseKind.allCases)
    func aConflictedWriteIsRunAgainWhole(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await test.database.write { db in
                try db.executeScript("CREATE TABLE entry (id BIGINT PRIMARY KEY, name TEXT NOT NULL UNIQUE)")
            }
            func names() async throws -> [String] {
                try await test.database.read { db in
                    try db.fetchColumn(String.self, "SELECT name FROM entry ORDER BY id")
                }
            }
            let runs = Locked(0)
            @Sendable func conflict(_ db: any DatabaseConnection) throws {
                if db.dialect == .postgres {
                    try db.executeScript(
                        "DO $$ BEGIN RAISE EXCEPTION 'deadlock detected' USING ERRCODE = '40P01'; END $$;")
                }
                throw DatabaseError(.busy, code: "40P01", message: "deadlock detected")
            }
            let value = try await test.database.write(retryingConflicts: 3) { db in
                let run = runs.withLock {
                    $0 += 1
                    return $0
                }
                try db.execute("INSERT INTO entry (id, name) VALUES (\(run), \("run \(run)"))")
                if run == 1 { try conflict(db) }
                return run
            }
            #expect(value == 2)
            #expect(try await names() == ["run 2"])

            runs.withLock { $0 = 0 }
            await #expect(throws: DatabaseError.self) {
                try await test.database.write(retryingConflicts: 2) { db in
                    runs.withLock { $0 += 1 }
                    try conflict(db)
                }
            }
            #expect(runs.withLock { $0 } == 2)

            runs.withLock { $0 = 0 }
            await #expect(throws: TransactionTests.Planned.self) {
                try await test.database.write(retryingConflicts: 3) { _ in
                    runs.withLock { $0 += 1 }
                    throw TransactionTests.Planned()
                }
            }
            #expect(runs.withLock { $0 } == 1)
            #expect(try await names() == ["run 2"])
        }
    }
}
