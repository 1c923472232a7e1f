import Database
import DatabaseTestSupport
import Foundation
import Testing

@Suite struct InsertManyTests {
    static let columns = ["id", "body", "score", "payload"]

    private static func createItems(_ db: any DatabaseConnection) throws {
        try db.executeScript(
            "CREATE TABLE item (id BIGINT PRIMARY KEY, body TEXT, score DOUBLE PRECISION, payload \(db.dialect.blobType))"
        )
    }

    private static func count(_ database: any SQLDatabase) async throws -> Int? {
        try await database.read { db in try db.fetchValue(Int.self, "SELECT COUNT(*) FROM item") }
    }

    /// Strings that mean something to COPY's text format, beside the usual hostile ones.
    static let copyHostile: [String] =
        HostileStringTests.hostile + [
            "\\N", "\\.", "a\tb", "line\nbreak", "carriage\rreturn", "\\\\x00", "\\t\\n", "trailing\\", "\t", "\n",
        ]

    @Test(arguments: DatabaseKind.allCases)
    func everyValueRoundTripsUnchanged(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            let bytes = Data((0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            let scores: [Double] = [0, -0.5, 1e-300, 123_456.789, .infinity, -.infinity]
            let rows: [[DatabaseValue]] = Self.copyHostile.enumerated().map { index, text in
                [
                    .integer(Int64(index)), .text(text), .real(scores[index % scores.count]),
                    index.isMultiple(of: 3) ? .blob(bytes) : index.isMultiple(of: 3 + 1) ? .blob(Data()) : .null,
                ]
            }
            let extremes: [[DatabaseValue]] = [
                [.integer(.min), .null, .null, .null], [.integer(.max), .text(""), .null, .null],
            ]
            let inserted = try await test.database.write { db in
                try Self.createItems(db)
                return try db.insertMany(into: "item", columns: Self.columns, rows: rows + extremes)
            }
            #expect(inserted == rows.count + extremes.count)
            let stored = try await test.database.read { db in
                try db.query("SELECT id, body, score, payload FROM item ORDER BY id").map(\.values)
            }
            #expect(stored == [extremes[0]] + rows + [extremes[1]])
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func manyRowsSpanSeveralChunks(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            let body = String(repeating: "chunk ", count: 20)
            let total = 3_000  // about 400 KB of COPY data: several 64 KB chunks
            let inserted = try await test.database.write { db in
                try Self.createItems(db)
                return try db.insertMany(
                    into: "item", columns: ["id", "body"],
                    rows: (0..<total).lazy.map { [.integer(Int64($0)), .text(body + String($0))] })
            }
            #expect(inserted == total)
            let last = try await test.database.read { db in
                try db.fetchValue(String.self, "SELECT body FROM item WHERE id = \(total - 1)")
            }
            #expect(last == body + String(total - 1))
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func aFailingRowInsertsNothingAndLeavesTheConnectionUsable(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await test.database.write { db in try Self.createItems(db) }
            let rows: [[DatabaseValue]] = (0..<2_000).map { [.integer($0 == 1_500 ? 7 : Int64($0)), .text("x")] }
            let duplicate = await Result {
                try await test.database.write { db in
                    try db.insertMany(into: "item", columns: ["id", "body"], rows: rows)
                }
            }
            guard case .failure(let error as DatabaseError) = duplicate else {
                Issue.record("expected a unique violation, got \(duplicate)")
                return
            }
            #expect(error.kind == .uniqueViolation)
            let short = await Result {
                try await test.database.write { db in
                    try db.insertMany(
                        into: "item", columns: ["id", "body"], rows: [[.integer(1), .text("a")], [.integer(2)]])
                }
            }
            guard case .failure(let shortError as DatabaseError) = short else {
                Issue.record("expected a bind error, got \(short)")
                return
            }
            #expect(shortError.code == "bind")
            #expect(try await Self.count(test.database) == 0)
            let inserted = try await test.database.write { db in
                try db.insertMany(into: "item", columns: ["id", "body"], rows: rows.prefix(1_500))
            }
            #expect(inserted == 1_500)
            #expect(try await Self.count(test.database) == 1_500)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func tableAndColumnNamesMustBePlainIdentifiers(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await test.database.write { db in try Self.createItems(db) }
            let targets: [(String, [String])] = [
                ("item; DROP TABLE item", ["id"]), ("item", ["id) FROM STDIN; --"]), ("item", []), ("\"item\"", ["id"]),
            ]
            for (table, columns) in targets {
                let result = await Result {
                    try await test.database.write { db in
                        try db.insertMany(into: table, columns: columns, rows: [[.integer(1)]])
                    }
                }
                guard case .failure(let error as DatabaseError) = result else {
                    Issue.record("expected an identifier error for \(table) \(columns), got \(result)")
                    continue
                }
                #expect(error.code == "identifier")
            }
            #expect(try await Self.count(test.database) == 0)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func nulInTextIsStoredBySQLiteAndRefusedCleanlyByPostgres(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await test.database.write { db in try Self.createItems(db) }
            let text = "before\u{0}after"
            let result = await Result {
                try await test.database.write { db in
                    try db.insertMany(
                        into: "item", columns: ["id", "body"],
                        rows: [[.integer(1), .text("fine")], [.integer(2), .text(text)]])
                }
            }
            switch (test.database.dialect, result) {
            case (.sqlite, .success(let inserted)):
                #expect(inserted == 2)
            case (.postgres, .failure(let error as DatabaseError)):
                #expect(error.kind == .invalidValue)
                #expect(try await Self.count(test.database) == 0)
            default:
                Issue.record("unexpected outcome \(result) on \(test.database.dialect)")
            }
        }
    }
}
