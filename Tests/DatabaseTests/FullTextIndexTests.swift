import Database
import DatabaseTestSupport
import Foundation
import Testing

@Suite struct FullTextIndexTests {
    static let index = FullTextIndex(table: "document", columns: ["title", "body"])

    private static func prepare(_ database: any SQLDatabase) async throws {
        var migrator = Migrator()
        migrator.register("test.v1-documents") { db in
            try db.executeScript(
                "CREATE TABLE document (id \(db.dialect.autoIncrementPrimaryKey), title TEXT NOT NULL, body TEXT)")
            // Rows that exist before the index is created must be indexed too.
            try db.execute(
                "INSERT INTO document (id, title, body) VALUES (\(1), \("Recycling at home"), \("Sort glass"))")
        }
        migrator.register("test.v2-search") { db in try index.create(in: db) }
        try await migrator.migrate(database)
        try await database.write { db in
            try db.execute(
                """
                INSERT INTO document (id, title, body) VALUES
                    (\(2), \("Bottles"), \("Bring bottles back: bottles, bottles and more bottles")),
                    (\(3), \("Bike to work"), \("Leave the car; one bottle of water")),
                    (\(4), \("Meatless Monday"), \(nil as String?))
                """)
        }
    }

    private static func search(_ database: any SQLDatabase, _ text: String, limit: Int = 10) async throws -> [Int64] {
        try await database.read { db in try index.search(text, limit: limit, in: db) }
    }

    @Test(arguments: DatabaseKind.allCases)
    func findsRanksAndMatchesTheLastWordAsAPrefix(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await Self.prepare(test.database)
            #expect(try await Self.search(test.database, "bottles") == [2])
            #expect(Set(try await Self.search(test.database, "bottle")) == [2, 3])
            #expect(try await Self.search(test.database, "bott").first == 2)  // five mentions beat one
            #expect(try await Self.search(test.database, "recyc") == [1])
            #expect(try await Self.search(test.database, "RECYCLING Home") == [1])
            #expect(try await Self.search(test.database, "bike car") == [3])
            #expect(try await Self.search(test.database, "bike monday") == [])
            #expect(try await Self.search(test.database, "bott", limit: 1) == [2])
            #expect(try await Self.search(test.database, "   ") == [])
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func staysInStepWithUpdatesDeletesAndRollbacks(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await Self.prepare(test.database)
            try await test.database.write { db in
                try db.execute("UPDATE document SET title = \("Compost"), body = \("worms") WHERE id = \(1)")
                try db.execute("DELETE FROM document WHERE id = \(2)")
            }
            #expect(try await Self.search(test.database, "recycling") == [])
            #expect(try await Self.search(test.database, "compost worms") == [1])
            #expect(try await Self.search(test.database, "bottles") == [])
            struct Planned: Error {}
            _ = try? await test.database.write { db in
                try db.execute("INSERT INTO document (id, title) VALUES (\(9), \("Phantom"))")
                #expect(try Self.index.search("phantom", in: db) == [9])  // visible inside its own transaction
                throw Planned()
            }
            #expect(try await Self.search(test.database, "phantom") == [])
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func equallyGoodMatchesComeInIdOrder(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await Self.prepare(test.database)
            try await test.database.write { db in
                for id in [30, 10, 20] {
                    try db.execute("INSERT INTO document (id, title, body) VALUES (\(id), \("Tie"), \("same words"))")
                }
                try db.execute(
                    "INSERT INTO document (id, title, body) VALUES (\(40), \("Tie tie tie"), \("tie tie"))")
            }
            #expect(try await Self.search(test.database, "tie") == [40, 10, 20, 30])
            #expect(try await Self.search(test.database, "same wor", limit: 2) == [10, 20])
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func queryOperatorsInUserTextAreNeutralized(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await Self.prepare(test.database)
            let hostile = [
                "\"", "'", "bottles\"", "bottles OR bike", "NEAR(bike car)", "bike -car", "title:bike", "b*", "*",
                "(", ")", "!bike", "bike & | ! :* <->", "'; DROP TABLE document; --", "^bike", "{title}: bike", "\u{0}",
            ]
            for text in hostile {
                _ = try await Self.search(test.database, text)
            }
            #expect(try await Self.search(test.database, "bottles OR bike") == [])  // OR is just a word
            #expect(try await Self.search(test.database, "title:bike") == [])  // "title" is a word too
            #expect(try await Self.search(test.database, "(bike)") == [3])
            let count = try await test.database.read { db in
                try db.fetchValue(Int.self, "SELECT COUNT(*) FROM document")
            }
            #expect(count == 4)
        }
    }

    @Test func queriesAreBuiltFromWordsOnly() {
        #expect(FullTextIndex.query(for: "Recyc\"le OR 'x':*", dialect: .sqlite) == #""recyc" "le" "or" "x"*"#)
        #expect(FullTextIndex.query(for: "Recyc\"le OR 'x':*", dialect: .postgres) == "'recyc' & 'le' & 'or' & 'x':*")
        #expect(FullTextIndex.query(for: "¿¡!", dialect: .sqlite) == nil)
        #expect(FullTextIndex.words(in: String(repeating: "w ", count: 100)).count == FullTextIndex.maximumWords)
        #expect(FullTextIndex.words(in: "Crème brûlée 2go") == ["crème", "brûlée", "2go"])
    }

    @Test func invalidIdentifiersAreRefused() async throws {
        let database = try SQLiteDatabase(inMemory: .init())
        let bad = FullTextIndex(table: "doc; DROP TABLE x", columns: ["title"])
        await #expect(throws: DatabaseError.self) {
            try await database.write { db in try bad.create(in: db) }
        }
    }
}
