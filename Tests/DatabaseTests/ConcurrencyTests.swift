import Database
import DatabasePostgres
import DatabaseTestSupport
import Foundation
import Testing

@Suite struct ConcurrencyTests {
    @Test(arguments: DatabaseKind.allCases)
    func manyWritersAndReadersLoseAndDuplicateNothingAndNeverSeeLocks(kind: DatabaseKind) async throws {
        // NB: 14 tasks take turns at the pool (one connection in memory, one writer on file, eight on PostgreSQL), and
        // on a loaded two-core machine a turn came later than the pool's acquire timeout (30 s; 5 s on PostgreSQL):
        // a "busy" that is the machine's, not a lock. The pool's timeout has its own test below; a lock still fails
        // this one (SQLite's busy timeout is unchanged, and a turn that never comes still times out).
        try await withTestDatabase(kind, acquireTimeout: .seconds(300)) { test in
            try await test.database.write { db in
                try db.executeScript(
                    "CREATE TABLE event (id \(db.dialect.autoIncrementPrimaryKey), writer BIGINT NOT NULL, seq BIGINT NOT NULL, UNIQUE (writer, seq))"
                )
            }
            let writers = 8
            let perWriter = 40
            let readCounts = try await withThrowingTaskGroup(of: [Int].self) { group in
                for writer in 0..<writers {
                    group.addTask {
                        for seq in 0..<perWriter {
                            try await test.database.write { db in
                                try db.execute("INSERT INTO event (writer, seq) VALUES (\(writer), \(seq))")
                            }
                        }
                        return []
                    }
                }
                for _ in 0..<6 {
                    group.addTask {
                        var counts: [Int] = []
                        for _ in 0..<30 {
                            let count = try await test.database.read { db in
                                // Two reads in one snapshot agree even while writers commit.
                                let first = try db.fetchValue(Int.self, "SELECT COUNT(*) FROM event") ?? -1
                                let second = try db.fetchValue(Int.self, "SELECT COUNT(*) FROM event") ?? -2
                                #expect(first == second)
                                return first
                            }
                            counts.append(count)
                        }
                        return counts
                    }
                }
                return try await group.reduce(into: [[Int]]()) { $0.append($1) }
            }
            for counts in readCounts where !counts.isEmpty {
                #expect(counts == counts.sorted(), "a reader saw the row count go down")
            }
            let (total, distinct) = try await test.database.read { db in
                (
                    try db.fetchValue(Int.self, "SELECT COUNT(*) FROM event"),
                    try db.fetchValue(Int.self, "SELECT COUNT(*) FROM (SELECT DISTINCT writer, seq FROM event) AS d")
                )
            }
            #expect(total == writers * perWriter)
            #expect(distinct == writers * perWriter)
        }
    }

    @Test(arguments: [DatabaseKind.sqliteFile, .postgres])
    func aLongReadDoesNotBlockWriters(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await test.database.write { db in try db.executeScript("CREATE TABLE t (v BIGINT)") }
            let gate = DispatchSemaphore(value: 0)
            let (started, reading) = AsyncStream<Void>.makeStream()
            async let snapshot = test.database.read { db -> Int? in
                let before = try db.fetchValue(Int.self, "SELECT COUNT(*) FROM t")
                reading.yield()
                gate.wait()  // hold the read transaction open until the write below has committed
                let after = try db.fetchValue(Int.self, "SELECT COUNT(*) FROM t")
                return before == after ? after : -1
            }
            for await _ in started { break }
            try await test.database.write { db in try db.execute("INSERT INTO t (v) VALUES (\(1))") }
            gate.signal()
            #expect(try await snapshot == 0)
        }
    }

    @Test(arguments: [DatabaseKind.sqliteFile, .postgres])
    func waitingForABusyPoolTimesOutWithABusyError(kind: DatabaseKind) async throws {
        let database: any SQLDatabase
        var cleanup: @Sendable () async -> Void = {}
        switch kind {
        case .postgres:
            var configuration = PostgresDatabase.Configuration(url: try DatabaseKind.requirePostgresURL())
            configuration.maximumConnections = 1
            configuration.acquireTimeout = .milliseconds(200)
            database = try PostgresDatabase(configuration)
        default:
            let directory = try TestDatabase.temporaryDirectory()
            var configuration = SQLiteDatabase.Configuration()
            configuration.acquireTimeout = .milliseconds(200)
            database = try SQLiteDatabase(path: directory + "/busy.sqlite", configuration: configuration)
            cleanup = { try? FileManager.default.removeItem(atPath: directory) }
        }
        let gate = DispatchSemaphore(value: 0)
        let (holding, held) = AsyncStream<Void>.makeStream()
        let holder = Task {
            try await database.write { _ in
                held.yield()
                gate.wait()
            }
        }
        for await _ in holding { break }  // the holder now has the only connection
        do {
            try await database.write { _ in }
            Issue.record("the second write must time out while the first holds the connection")
        } catch let error as DatabaseError {
            #expect(error.kind == .busy)
        }
        gate.signal()
        try await holder.value
        try await database.write { _ in }  // the connection came back
        await database.close()
        await cleanup()
    }

    @Test func aClosedDatabaseRefusesWork() async throws {
        let database = try SQLiteDatabase(inMemory: .init())
        await database.close()
        await #expect(throws: DatabaseError.self) { try await database.read { _ in } }
    }
}
