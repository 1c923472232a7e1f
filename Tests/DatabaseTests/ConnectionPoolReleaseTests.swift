import Foundation
import Locking
import Testing

@testable import Database

/// A connection the pool drops is closed before the call that used it returns, never a moment after on the job's
/// thread: a store closed and then truncated, or moved aside, must not be written by that late close (SQLite's
/// checkpoint, and its removal of `-wal` by name).
@Suite struct ConnectionPoolReleaseTests {
    /// A connection that takes a while to close, as a file's checkpoint can, and says when it has.
    final class SlowToClose: Sendable {
        let closed: Locked<Bool>
        init(closed: Locked<Bool>) { self.closed = closed }
        deinit {
            // NB: long enough that a close still running after the call returned is seen running.
            Thread.sleep(forTimeInterval: 0.3)
            closed.withLock { $0 = true }
        }
    }

    /// The pool is closed while a job runs: the job's connection is dropped when it ends, and is closed by the time
    /// the job's call returns. It was closed after, when the job's thread let go of it.
    @Test func aConnectionDroppedByAClosedPoolIsClosedWhenTheCallReturns() async throws {
        let closed = Locked(false)
        let pool = ConnectionPool<SlowToClose>(
            label: "test.pool", capacity: 1, acquireTimeout: .seconds(5),
            open: { SlowToClose(closed: closed) })
        let answer = try await pool.run { _ in
            pool.close()
            return (.success(42), true)
        }
        #expect(answer == 42)
        #expect(closed.withLock { $0 })
    }

    /// A job that reports its connection broken: the connection is closed by the time the call returns.
    @Test func aBrokenConnectionIsClosedWhenTheCallReturns() async throws {
        let closed = Locked(false)
        let pool = ConnectionPool<SlowToClose>(
            label: "test.pool", capacity: 1, acquireTimeout: .seconds(5),
            open: { SlowToClose(closed: closed) })
        let answer = try await pool.run { _ in (Result<Int, any Error>.success(7), false) }
        #expect(answer == 7)
        #expect(closed.withLock { $0 })
        pool.close()
    }

    /// The store as the app closes it: after `close()` the file is shut, its log folded back and removed, so a file
    /// truncated or moved aside next is no longer anyone's.
    @Test func aClosedDatabaseHasLeftItsFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("store.sqlite").path
        for round in 0..<20 {
            let database = try SQLiteDatabase(path: path)
            try await database.write { db in
                try db.execute("CREATE TABLE IF NOT EXISTS t (x INTEGER)")
                try db.execute("INSERT INTO t (x) VALUES (\(round))")
            }
            _ = try await database.read { db in try db.fetchColumn(Int.self, "SELECT x FROM t") }
            await database.close()
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "round \(round)")
        }
    }
}
