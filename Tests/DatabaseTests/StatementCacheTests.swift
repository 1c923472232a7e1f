import CSQLite
import Foundation
import Testing

@testable import Database

@Suite struct StatementCacheTests {
    private func statement(_ db: OpaquePointer) throws -> SQLiteStatement {
        var pointer: OpaquePointer?
        try #require(sqlite3_prepare_v2(db, "SELECT 1", -1, &pointer, nil) == SQLITE_OK)
        return SQLiteStatement(handle: try #require(pointer))
    }

    @Test func evictsTheLeastRecentlyUsedStatement() throws {
        var db: OpaquePointer?
        try #require(sqlite3_open(":memory:", &db) == SQLITE_OK)
        let handle = try #require(db)
        defer { sqlite3_close_v2(handle) }
        var cache = SQLiteStatementCache(capacity: 2)
        cache.insert(try statement(handle), for: "a")
        cache.insert(try statement(handle), for: "b")
        #expect(cache.statement(for: "a") != nil)  // "a" is now more recent than "b"
        cache.insert(try statement(handle), for: "c")
        #expect(cache.count == 2)
        #expect(cache.statement(for: "b") == nil)
        #expect(cache.statement(for: "a") != nil)
        #expect(cache.statement(for: "c") != nil)
        cache.removeAll()
        #expect(cache.count == 0)
    }

    @Test func repeatedStatementsAreServedFromTheCache() async throws {
        let database = try SQLiteDatabase(inMemory: .init())
        let total = try await database.write { db in
            try db.executeScript("CREATE TABLE t (v INTEGER)")
            for value in 0..<500 { try db.execute("INSERT INTO t (v) VALUES (\(value))") }
            return try db.fetchValue(Int.self, "SELECT SUM(v) FROM t")
        }
        #expect(total == 124_750)
    }
}
