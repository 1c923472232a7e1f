import Database
import Foundation
import TestSupport
import Testing

@testable import LocalStore

#if os(Linux)
    /// A replaying process killed with SIGKILL loses nothing and repeats nothing.
    ///
    /// The parent queues operations in an on-disk store, starts this test binary again running only
    /// ``childReplaysUntilKilled()``, and kills it once the ledger "server" has applied operation `k` (the child
    /// hangs there, so the kill lands after the server applied it and before the store recorded it). The
    /// parent then reopens the store and replays the rest.
    @Suite struct OutboxKillTests {
        private static let environment = ProcessInfo.processInfo.environment

        @Test func killedReplayResumesExactlyOnceInOrder() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "outbox-kill-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let databaseURL = "sqlite://\(folder.appendingPathComponent("store.sqlite").path)"
            let ledger = FileLedgerServer(path: folder.appendingPathComponent("ledger").path)
            let k = 4

            var keys: [String] = []
            let database = try SQLiteDatabase(url: databaseURL)
            let store = try await LocalStore(database: database)
            for index in 0..<7 {
                keys.append(
                    try await store.outbox.enqueue(method: .post, path: ["items"], json: ["n": index]).idempotencyKey)
            }
            await database.close()

            let child = try ChildProcess(
                URL(fileURLWithPath: "/proc/self/exe"),
                arguments: ["--testing-library", "swift-testing", "--filter", "childReplaysUntilKilled"],
                environment: Self.environment.merging([
                    "QUARTET_OUTBOX_CHILD_DATABASE": databaseURL, "QUARTET_OUTBOX_CHILD_LEDGER": ledger.path,
                    "QUARTET_OUTBOX_CHILD_HANG_AFTER": "\(k)",
                ]) { _, new in new })
            // Waits for the child to reach operation k, where it hangs. NB: the bound (it was 3,000 polls 10 ms
            // apart, some 30 s) only catches a child that never gets there; on a loaded machine starting this whole
            // test bundle again and finding its one test can take longer than that.
            let deadline = ContinuousClock.now.advanced(by: .seconds(300))
            while ledger.applied.count < k, child.isRunning, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(ledger.applied.count == k)
            child.send(SIGKILL)
            #expect(child.wait() == .signal(SIGKILL))

            let reopened = try SQLiteDatabase(url: databaseURL)
            let restarted = try await LocalStore(database: reopened)
            let before = try await restarted.outbox.operations()
            // The delivered ones are gone; the one the server applied unrecorded waits, attempted once.
            #expect(before.map(\.idempotencyKey) == Array(keys[(k - 1)...]))
            #expect(before.map(\.attempts) == [1] + Array(repeating: 0, count: 7 - k))
            let report = try await restarted.outbox.replay(using: ledger.client())
            #expect(report.delivered.count == 7 - (k - 1) && report.remaining == 0)
            #expect(ledger.applied == keys)
            #expect(try await restarted.outbox.operations().isEmpty)
            await reopened.close()
        }

        /// Runs only inside the child process started by ``killedReplayResumesExactlyOnceInOrder()``.
        @Test(.enabled(if: environment["QUARTET_OUTBOX_CHILD_DATABASE"] != nil, "runs only as the child process"))
        func childReplaysUntilKilled() async throws {
            let databaseURL = try #require(Self.environment["QUARTET_OUTBOX_CHILD_DATABASE"])
            let ledger = FileLedgerServer(path: try #require(Self.environment["QUARTET_OUTBOX_CHILD_LEDGER"]))
            let hangAfter = Int(Self.environment["QUARTET_OUTBOX_CHILD_HANG_AFTER"] ?? "")
            let store = try await LocalStore(database: SQLiteDatabase(url: databaseURL))
            _ = try await store.outbox.replay(using: ledger.client(hangAfter: hangAfter))
            Issue.record("the parent should have killed this process during the replay")
        }
    }
#endif
