import Database
import DatabasePostgres
import DatabaseTestSupport
import Foundation
import Locking
import Testing

@testable import QuartetServer

/// What the relay keeps while the hub is slow: one merged piece of work, however many notifications arrive.
@Suite struct LiveRelayTests {
    @Test func manyNotificationsMergeIntoOneReadUpToTheHighest() async throws {
        let backlog = RelayBacklog()
        for sequence in (1...10_000).shuffled() { backlog.add(.payloads(["\(sequence)", "not a sequence"])) }
        #expect(await backlog.next() == .readThrough(10_000))
        backlog.add(.payloads(["3"]))
        backlog.finish()
        #expect(await backlog.next() == .readThrough(3))
        #expect(await backlog.next() == nil)
    }

    @Test func aReconnectMergesIntoOneCatchUp() async throws {
        let backlog = RelayBacklog()
        backlog.add(.payloads(["5"]))
        backlog.add(.reconnected)
        backlog.add(.payloads(["7"]))
        #expect(await backlog.next() == .catchUp)
        backlog.finish()
        #expect(await backlog.next() == nil)
    }

    @Test func aWaitingConsumerWakesForWorkAddedLater() async throws {
        let backlog = RelayBacklog()
        let waiting = Task { await backlog.next() }
        backlog.add(.payloads(["9"]))
        #expect(await waiting.value == .readThrough(9))
        backlog.finish()
    }

    /// Through PostgreSQL: while the hand-over is blocked, hundreds of commits' notifications wait as one sequence,
    /// and the hand-over after it reads up to the last.
    @Test func notificationsWhileTheHandOverIsBlockedWaitAsOne() async throws {
        let url = try DatabaseKind.requirePostgresURL()
        let channel = "test_" + UUID().uuidString.prefix(8).lowercased()
        let database = try PostgresDatabase(url: url)
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let handed = Locked<[RelayBacklog.Work]>([])
        let relay = LiveRelay(listener: PostgresListener(url: url, channel: channel)) { work in
            let first = handed.withLock { handed in
                handed.append(work)
                return handed.count == 1
            }
            if first { for await _ in gate { break } }
        }
        // The first notification heard blocks the hand-over (LISTEN runs on its own thread: notify until heard).
        var tries = 0
        while handed.withLock(\.isEmpty), tries < 2_000 {
            try await database.write { db in _ = try db.query("SELECT pg_notify(\(channel), '0')") }
            try await Task.sleep(for: .milliseconds(5))
            tries += 1
        }
        let last: Int64 = 300
        for sequence in 1...last {
            try await database.write { db in _ = try db.query("SELECT pg_notify(\(channel), \(String(sequence)))") }
        }
        tries = 0
        while relay.backlog.pendingSequence != last, tries < 2_000 {
            try await Task.sleep(for: .milliseconds(5))
            tries += 1
        }
        #expect(relay.backlog.pendingSequence == last)
        open.finish()
        tries = 0
        while handed.withLock({ $0.last }) != .readThrough(last), tries < 2_000 {
            try await Task.sleep(for: .milliseconds(5))
            tries += 1
        }
        await relay.stop()
        let work = handed.withLock { $0 }
        #expect(work.last == .readThrough(last))
        #expect(work.count <= 3, "\(work.count) hand-overs")
        await database.close()
    }
}
