import Database
import Foundation
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
