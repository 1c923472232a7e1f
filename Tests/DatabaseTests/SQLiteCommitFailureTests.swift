import Database
import DatabaseTestSupport
import Foundation
import Testing

/// What a COMMIT that SQLite could not finish leaves behind, on a disk that fails its flush.
///
/// NB: in WAL mode a commit writes its pages to the `-wal` file and then flushes it. When the flush fails, this
/// process does not see the commit, but the pages are in the file with a valid commit frame: a crash before the
/// next write, and the recovery at the next open, commits it after all. So the caller cannot tell, and must not
/// undo what it did outside the database (a file the row names) as for a write that surely failed.
@Suite struct SQLiteCommitFailureTests {
    private static func names(_ database: SQLiteDatabase) async throws -> [String] {
        try await database.read { db in try db.fetchColumn(String.self, "SELECT name FROM entry ORDER BY id") }
    }

    @Test func aCommitWhoseFlushFailsMayHaveCommittedAndARecoveryCommitsIt() async throws {
        let faulty = try FailingFlush()
        try await faulty.database.write { db in
            try db.executeScript("CREATE TABLE entry (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        }
        faulty.failNextCommitFlush()
        do {
            try await faulty.database.write { db in try db.execute("INSERT INTO entry (name) VALUES (\("plan.pdf"))") }
            Issue.record("a commit whose flush failed must not succeed")
        } catch let error as DatabaseError {
            #expect(error.mayHaveCommitted, "\(error)")
        }
        #expect(!faulty.isFailureWaiting)

        // This process does not see it; a crash now and the next open do.
        #expect(try await Self.names(faulty.database) == [])
        let recovered = try SQLiteDatabase(path: try faulty.crashImage())
        #expect(try await Self.names(recovered) == ["plan.pdf"])
        await recovered.close()

        // The database goes on: the next write commits.
        try await faulty.database.write { db in try db.execute("INSERT INTO entry (name) VALUES (\("next"))") }
        #expect(try await Self.names(faulty.database).contains("next"))
        await faulty.remove()
    }

    @Test func aCommitRefusedByAConstraintSurelyDidNot() async throws {
        let faulty = try FailingFlush()
        try await faulty.database.write { db in
            try db.executeScript(
                """
                CREATE TABLE parent (id INTEGER PRIMARY KEY);
                CREATE TABLE child (id INTEGER PRIMARY KEY,
                    parent INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)
                """)
        }
        do {
            try await faulty.database.write { db in try db.execute("INSERT INTO child (parent) VALUES (\(7))") }
            Issue.record("a commit with a dangling deferred reference must fail")
        } catch let error as DatabaseError {
            #expect(error.kind == .foreignKeyViolation)
            #expect(!error.mayHaveCommitted)
        }
        await faulty.remove()
    }
}
