import Database
import DatabasePostgres
import DatabaseTestSupport
import Foundation
import Testing

/// The notification listener: what one connection notifies, the listener hears, in batches, after a dropped
/// connection too, until it is stopped.
@Suite struct PostgresListenerTests {
    /// A channel of this test's own: notifications reach every listener of the database.
    static func channel() -> String { "test_" + UUID().uuidString.prefix(8).lowercased() }

    @Test func notificationsCommittedTogetherArriveAndRolledBackOnesDoNot() async throws {
        let url = try DatabaseKind.requirePostgresURL()
        let channel = Self.channel()
        let listener = PostgresListener(url: url, channel: channel)
        let database = try PostgresDatabase(url: url)
        var heard = listener.notifications.makeAsyncIterator()
        try await Self.waitUntilListening(listener, database, channel, &heard)

        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await database.write { db in
                _ = try db.query("SELECT pg_notify(\(channel), 'undone')")
                throw Refused()
            }
        }
        try await database.write { db in
            for payload in ["1", "2", "3"] { _ = try db.query("SELECT pg_notify(\(channel), \(payload))") }
        }
        var payloads: [String] = []
        while payloads.count < 3, let next = await heard.next() {
            if case .payloads(let batch) = next { payloads += batch }
        }
        #expect(payloads == ["1", "2", "3"])
        await listener.stop()
        #expect(await heard.next() == nil)
        await database.close()
    }

    @Test func aDroppedConnectionIsReopenedAndSaysSo() async throws {
        let url = try DatabaseKind.requirePostgresURL()
        let channel = Self.channel()
        let listener = PostgresListener(url: url, channel: channel, initialDelay: .milliseconds(10))
        let database = try PostgresDatabase(url: url)
        var heard = listener.notifications.makeAsyncIterator()
        try await Self.waitUntilListening(listener, database, channel, &heard)
        let pid = try #require(listener.backendPID)

        try await database.write { db in _ = try db.query("SELECT pg_terminate_backend(\(Int64(pid)))") }
        var reconnected = false
        while !reconnected, let next = await heard.next() {
            if next == .reconnected { reconnected = true }
        }
        #expect(reconnected)
        #expect(listener.backendPID != pid)
        try await database.write { db in _ = try db.query("SELECT pg_notify(\(channel), 'after')") }
        var after: [String] = []
        while after.isEmpty, let next = await heard.next() {
            if case .payloads(let batch) = next { after = batch }
        }
        #expect(after == ["after"])
        await listener.stop()
        await database.close()
    }

    @Test func stoppingBeforeAnyConnectionFinishesTheSequence() async throws {
        let listener = PostgresListener(
            url: "postgres://nobody@127.0.0.1:1/none?connect_timeout=1", channel: "quiet",
            initialDelay: .milliseconds(10))
        await listener.stop()
        var heard = listener.notifications.makeAsyncIterator()
        #expect(await heard.next() == nil)
    }

    /// Notifies until the listener hears it (LISTEN runs on its own thread), so later notifications count.
    static func waitUntilListening(
        _ listener: PostgresListener, _ database: PostgresDatabase, _ channel: String,
        _ heard: inout AsyncStream<PostgresNotification>.Iterator
    ) async throws {
        let probe = Task {
            while !Task.isCancelled {
                try await database.write { db in _ = try db.query("SELECT pg_notify(\(channel), 'probe')") }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        defer { probe.cancel() }
        while let next = await heard.next() {
            if case .payloads(let batch) = next, batch.contains("probe") { break }
        }
        probe.cancel()
        _ = await probe.result
        // Drain probes already in flight: one more probe-free round trip.
        try await database.write { db in _ = try db.query("SELECT pg_notify(\(channel), 'synced')") }
        while let next = await heard.next() {
            if case .payloads(let batch) = next, batch.contains("synced") { break }
        }
    }
}
