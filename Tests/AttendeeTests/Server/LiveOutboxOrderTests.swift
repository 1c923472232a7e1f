import Database
import DatabaseTestSupport
import Foundation
import Locking
import Testing

@testable import AttendeeServer

/// A reader of the live outbox that sees an event committed sees every event before it, so a client resuming after
/// it (its `Last-Event-ID`, the newest event `ready` named, the hub's catch-up) misses none, on both databases.
@Suite struct LiveOutboxOrderTests {
    /// A transaction that has appended an event and holds it uncommitted until told to let go.
    final class HeldEvent: Sendable {
        let release = Locked(false)
        let appended = Locked<(sequence: Int64, pid: Int)?>(nil)
        let task: Task<Void, any Error>

        init(_ database: any SQLDatabase, on topic: LiveTopic) {
            let release = release
            let appended = appended
            task = Task {
                try await database.write { db in
                    let event = try LiveOutbox.append(topic, kind: "test.first", payload: ["n": 1], db)
                    let backend = db.dialect == .postgres ? try db.fetchValue(Int.self, "SELECT pg_backend_pid()") : 0
                    appended.withLock { $0 = (event.sequence, backend ?? 0) }
                    for _ in 0..<3000 where !release.withLock({ $0 }) { usleep(10_000) }
                }
            }
        }

        func commit() async throws {
            release.withLock { $0 = true }
            try await task.value
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aResumeAfterTheNewestCommittedEventMissesNoneStillCommitting(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let database = server.database
            let topic = LiveTopic.event("order-test")

            // NB: gates, not a race. The first event is appended and held uncommitted; a second transaction appends
            // another. On PostgreSQL the test waits until the second has committed or waits behind the first, then
            // reads the outbox as a client opening its stream does. SQLite has one writer: the second waits.
            let first = HeldEvent(database, on: topic)
            let holder = try await LockWaits.until("the first event is appended") {
                first.appended.withLock { $0 }
            }
            let secondDone = Locked(false)
            let second = Task {
                defer { secondDone.withLock { $0 = true } }
                return try await database.write { db in
                    try LiveOutbox.append(topic, kind: "test.second", payload: ["n": 2], db)
                }
            }
            if kind == .postgres {
                _ = try await LockWaits.until("the second event commits or waits for the first") {
                    if secondDone.withLock({ $0 }) { return true }
                    return try await LockWaits.waiting(on: [holder.pid], database).isEmpty ? nil : true
                }
            }
            let (heard, cursor) = try await database.read { db in
                (
                    try LiveOutbox.events(after: 0, on: [topic], db),
                    try LiveOutbox.start(after: nil, on: [topic], db).cursor
                )
            }

            try await first.commit()
            let secondSequence = try await second.value.sequence
            let resumed = try await database.read { db in try LiveOutbox.events(after: cursor, on: [topic], db) }
            let told = Set((heard + resumed).map(\.sequence))
            #expect(
                told == [holder.sequence, secondSequence], "heard \(heard.map(\.sequence)), resumed after \(cursor)")
        }
    }
}
