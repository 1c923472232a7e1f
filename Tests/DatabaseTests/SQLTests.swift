import Database
import Foundation
import Testing

@Suite struct SQLTests {
    @Test func interpolatedValuesBecomeNumberedPlaceholders() {
        let id = 7
        let title = "x'; DROP TABLE action; --"
        let sql: SQL = "SELECT * FROM action WHERE id = \(id) AND title = \(title)"
        let sqlite = sql.rendered(for: .sqlite)
        let postgres = sql.rendered(for: .postgres)
        #expect(sqlite.text == "SELECT * FROM action WHERE id = ?1 AND title = ?2")
        #expect(postgres.text == "SELECT * FROM action WHERE id = $1 AND title = $2")
        #expect(sqlite.arguments == [.integer(7), .text(title)])
        #expect(postgres.arguments == sqlite.arguments)
    }

    @Test func rawListAndEmbeddedFragmentsCompose() {
        let table = "action"
        let ids = [1, 2, 3]
        let filter: SQL = "owner = \("ann")"
        let sql: SQL = "SELECT id FROM \(raw: table) WHERE id IN (\(list: ids)) AND \(filter) LIMIT \(10)"
        let rendered = sql.rendered(for: .postgres)
        #expect(rendered.text == "SELECT id FROM action WHERE id IN ($1, $2, $3) AND owner = $4 LIMIT $5")
        #expect(rendered.arguments == [.integer(1), .integer(2), .integer(3), .text("ann"), .integer(10)])
    }

    @Test func anEmptyListMatchesNothingInsteadOfBreakingTheSyntax() {
        let sql: SQL = "SELECT 1 WHERE 1 IN (\(list: [Int]()))"
        #expect(sql.rendered(for: .sqlite).text == "SELECT 1 WHERE 1 IN (NULL)")
    }

    @Test func optionalsBindNull() {
        let missing: String? = nil
        let present: Int? = 3
        let sql: SQL = "VALUES (\(missing), \(present))"
        #expect(sql.arguments == [.null, .integer(3)])
    }

    @Test func appendingKeepsBindingsInOrder() {
        var sql: SQL = "SELECT * FROM t WHERE a = \(1)"
        sql.append(" AND b = \(2)")
        let joined = sql + " OR c = \(3)"
        #expect(joined.rendered(for: .sqlite).text == "SELECT * FROM t WHERE a = ?1 AND b = ?2 OR c = ?3")
        #expect(joined.arguments == [.integer(1), .integer(2), .integer(3)])
    }

    @Test func jsonThatCannotBeEncodedFailsWhenTheStatementRuns() async throws {
        let database = try SQLiteDatabase(inMemory: .init())
        let sql: SQL = "SELECT \(json: ["ratio": Double.nan])"
        await #expect(throws: DatabaseError.self) {
            try await database.read { db in try db.query(sql) }
        }
        do {
            _ = try await database.read { db in try db.query(sql) }
        } catch let error as DatabaseError {
            #expect(error.kind == .invalidValue)
        }
    }

    @Test func plainIdentifiersAreRecognized() {
        #expect(SQL.isPlainIdentifier("action_2"))
        #expect(SQL.isPlainIdentifier("_x"))
        #expect(!SQL.isPlainIdentifier("2x"))
        #expect(!SQL.isPlainIdentifier("a b"))
        #expect(!SQL.isPlainIdentifier("a;drop"))
        #expect(!SQL.isPlainIdentifier("\"quoted\""))
        #expect(!SQL.isPlainIdentifier(""))
        #expect(!SQL.isPlainIdentifier(String(repeating: "a", count: 64)))
    }

    @Test func logDescriptionSummarizesValues() {
        let secret = String(repeating: "s", count: 100)
        let sql: SQL = "UPDATE t SET v = \(secret)"
        #expect(!sql.description.contains(secret))
        #expect(sql.description.contains("100 bytes"))
    }
}

@Suite struct DatabaseURLTests {
    @Test func sqliteURLsNameAFileOrMemory() {
        #expect(SQLiteDatabase.location(of: "sqlite:///var/lib/q.sqlite") == .file("/var/lib/q.sqlite"))
        #expect(SQLiteDatabase.location(of: "sqlite:data/q.sqlite") == .file("data/q.sqlite"))
        #expect(SQLiteDatabase.location(of: "sqlite:///tmp/with%20space.sqlite") == .file("/tmp/with space.sqlite"))
        #expect(SQLiteDatabase.location(of: "sqlite::memory:") == .memory)
        #expect(SQLiteDatabase.location(of: "sqlite:") == nil)
        #expect(SQLiteDatabase.location(of: "postgres://x/y") == nil)
        #expect(throws: DatabaseError.self) { try SQLiteDatabase(url: "file:///x.sqlite") }
    }

    @Test func anUnopenablePathIsAnErrorNotACrash() {
        #expect(throws: DatabaseError.self) { try SQLiteDatabase(path: "/nonexistent-dir/sub/q.sqlite") }
    }
}
