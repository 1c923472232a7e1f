import Database
import DatabaseTestSupport
import Foundation
import Testing

@Suite struct ExecuteManyTests {
    static let insertNote: SQL =
        "INSERT INTO note (id, body, score) VALUES (\(SQL.parameter), \(SQL.parameter), \(SQL.parameter))"

    private static func createNotes(_ db: any DatabaseConnection) throws {
        try db.executeScript("CREATE TABLE note (id BIGINT PRIMARY KEY, body TEXT, score DOUBLE PRECISION)")
    }

    private static func count(_ database: any SQLDatabase) async throws -> Int? {
        try await database.read { db in try db.fetchValue(Int.self, "SELECT COUNT(*) FROM note") }
    }

    @Test(arguments: DatabaseKind.allCases)
    func insertsEveryRowAcrossSeveralPipelineBatchesInOrder(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            let total = 2_500  // more than two PostgreSQL pipeline batches
            let changed = try await test.database.write { db in
                try Self.createNotes(db)
                return try db.executeMany(
                    Self.insertNote,
                    rows: (0..<total).lazy.map { [.integer(Int64($0)), .text("note \($0)"), .real(Double($0) / 4)] })
            }
            #expect(changed == total)
            let rows = try await test.database.read { db in
                try db.query("SELECT id, body, score FROM note ORDER BY id")
            }
            #expect(rows.count == total)
            #expect(
                rows.map { $0.values }
                    == (0..<total).map { [.integer(Int64($0)), .text("note \($0)"), .real(Double($0) / 4)] })
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func hostileStringsNullsAndBlobsRoundTripUnchanged(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            let bytes = Data((0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            let stored = try await test.database.write { db in
                try db.executeScript(
                    "CREATE TABLE item (id BIGINT PRIMARY KEY, body TEXT, payload \(db.dialect.blobType))")
                // NB: rows alternate blob and NULL payloads, so PostgreSQL sees two parameter signatures.
                let rows: [[DatabaseValue]] = HostileStringTests.hostile.enumerated().map { index, text in
                    [.integer(Int64(index)), .text(text), index.isMultiple(of: 2) ? .blob(bytes) : .null]
                }
                let changed = try db.executeMany(
                    "INSERT INTO item (id, body, payload) VALUES (\(SQL.parameter), \(SQL.parameter), \(SQL.parameter))",
                    rows: rows + [[.integer(-1), .null, .blob(Data())]])
                #expect(changed == rows.count + 1)
                return try db.query("SELECT body, payload FROM item WHERE id >= 0 ORDER BY id").map { $0.values }
            }
            #expect(stored.map { $0[0] } == HostileStringTests.hostile.map(DatabaseValue.text))
            #expect(
                stored.enumerated().allSatisfy { index, row in
                    row[1] == (index.isMultiple(of: 2) ? .blob(bytes) : .null)
                })
            let empty = try await test.database.read { db in
                try db.fetchValue(Data.self, "SELECT payload FROM item WHERE id = \(-1)")
            }
            #expect(empty == Data())
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func returnsTheRowsEachStatementChangedAndAcceptsNoRows(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            let (none, updated) = try await test.database.write { db in
                try Self.createNotes(db)
                let none = try db.executeMany(Self.insertNote, rows: [])
                try db.executeMany(Self.insertNote, rows: (1...6).map { [.integer(Int64($0)), .text("odd"), .null] })
                // Two rows match id < 3, none matches 100, one matches 6.
                let updated = try db.executeMany(
                    "UPDATE note SET body = \(SQL.parameter) WHERE id < \(SQL.parameter) OR id = \(SQL.parameter)",
                    rows: [
                        [.text("a"), .integer(3), .integer(-1)], [.text("b"), .integer(0), .integer(100)],
                        [.text("c"), .integer(0), .integer(6)],
                    ])
                return (none, updated)
            }
            #expect(none == 0)
            #expect(updated == 3)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func aFailingRowThrowsTheEngineErrorRollsTheWriteBackAndLeavesTheConnectionUsable(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await test.database.write { db in try Self.createNotes(db) }
            // Row 1500 repeats id 7: it fails in the second PostgreSQL batch, after the first one was applied.
            let rows: [[DatabaseValue]] = (0..<2_000).map { index in
                [.integer(index == 1_500 ? 7 : Int64(index)), .text("x"), .null]
            }
            let result = await Result {
                try await test.database.write { db in try db.executeMany(Self.insertNote, rows: rows) }
            }
            guard case .failure(let error as DatabaseError) = result else {
                Issue.record("expected a unique violation, got \(result)")
                return
            }
            #expect(error.kind == .uniqueViolation)
            #expect(try await Self.count(test.database) == 0)
            // The same connection (one writer) takes the next batch normally.
            let changed = try await test.database.write { db in
                try db.executeMany(Self.insertNote, rows: rows.prefix(1_500))
            }
            #expect(changed == 1_500)
            #expect(try await Self.count(test.database) == 1_500)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func aRowWithTheWrongNumberOfValuesIsRefused(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await test.database.write { db in try Self.createNotes(db) }
            for bad: [DatabaseValue] in [[.integer(99), .text("short")], [.integer(99), .null, .null, .null]] {
                let result = await Result {
                    try await test.database.write { db in
                        try db.executeMany(Self.insertNote, rows: [[.integer(1), .text("ok"), .null], bad])
                    }
                }
                guard case .failure(let error as DatabaseError) = result else {
                    Issue.record("expected a bind error, got \(result)")
                    continue
                }
                #expect(error.kind == .syntax)
                #expect(error.code == "bind")
            }
            #expect(try await Self.count(test.database) == 0)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func slotsAndBoundValuesDoNotMix(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await test.database.write { db in try Self.createNotes(db) }
            let mixed: SQL = "INSERT INTO note (id, body) VALUES (\(SQL.parameter), \("fixed"))"
            let slotOnly: SQL = "INSERT INTO note (id) VALUES (\(SQL.parameter))"
            let attempts: [@Sendable (any DatabaseConnection) throws -> Void] = [
                { db in _ = try db.executeMany(mixed, rows: [[.integer(1)]]) },
                { db in _ = try db.execute(slotOnly) },
                { db in _ = try db.query(slotOnly) },
            ]
            for attempt in attempts {
                let result = await Result { try await test.database.write { db in try attempt(db) } }
                guard case .failure(let error as DatabaseError) = result else {
                    Issue.record("expected a bind error, got \(result)")
                    continue
                }
                #expect(error.code == "bind")
            }
            #expect(try await Self.count(test.database) == 0)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func nulInTextIsStoredBySQLiteAndRefusedCleanlyByPostgres(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            let text = "before\u{0}after"
            let result = await Result {
                try await test.database.write { db in
                    try Self.createNotes(db)
                    try db.executeMany(
                        Self.insertNote,
                        rows: [[.integer(1), .text("fine"), .null], [.integer(2), .text(text), .null]])
                    return try db.fetchValue(String.self, "SELECT body FROM note WHERE id = \(2)")
                }
            }
            switch (test.database.dialect, result) {
            case (.sqlite, .success(let stored)):
                #expect(stored == text)
            case (.postgres, .failure(let error as DatabaseError)):
                #expect(error.kind == .invalidValue)
                let alive = try await test.database.read { db in try db.fetchValue(Int.self, "SELECT 1") }
                #expect(alive == 1)
            default:
                Issue.record("unexpected outcome \(result) on \(test.database.dialect)")
            }
        }
    }
}
