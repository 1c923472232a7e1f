import Database
import DatabaseTestSupport
import Foundation
import Locking
import Testing

@testable import AttendeeServer

/// A reader of the live outbox that sees an event committed sees every event before it, so a client resuming after
/// it (its `Last-Event-ID`, the newest event `ready` named, the hub's catch-up) misses none, on both databases.
@Suite struct LiveOutboxOrderTests {

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aResumeAfterTheNewestCommittedEventMissesNoneStillCommitting(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let database = server.database
            let topic = LiveTopic.event("order-test")

            // NB: gates, not a race. The first event is appended and held uncommitted; a second transaction appends
            // another. On PostgreSQL the test waits until the second has committed or waits behind the first, then
            // reads the outbox as a client opening its stream does. SQLite has one writer: the second waits.
            let first = HeldTransaction(database) { db in
                try LiveOutbox.append(topic, kind: "test.first", payload: ["n": 1], db).sequence
            }
            let holder = try await first.started("the first event is appended")
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
                told == [holder.value, secondSequence], "heard \(heard.map(\.sequence)), resumed after \(cursor)")
        }
    }
}
