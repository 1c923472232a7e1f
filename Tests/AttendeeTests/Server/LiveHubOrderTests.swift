import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

@testable import AttendeeServer

/// A connected stream sends every event in sequence order, however the hub hears of them (two writes' tasks
/// publishing out of order, another instance's relay, a gap that never commits), so a client that resumes after the
/// last `id` it read misses nothing, on both databases.
@Suite struct LiveHubOrderTests {
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func twoWritesPublishedOutOfOrderReachAStreamInOrder(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.registeredAttendee("Ada Lovelace")
            let listener = try await LiveListener.open(server, token: token)
            #expect(try await listener.next().event == "ready")

            // Two writes commit in turn; the second's task publishes first.
            let first = try await server.commit(.event(server.eventID), kind: "test.first")
            let second = try await server.commit(.event(server.eventID), kind: "test.second")
            server.service.live.publish(second)
            server.service.live.publish(first)

            #expect(try await listener.next().id == String(first.sequence))
            #expect(try await listener.next().id == String(second.sequence))
            // Heard again (another instance's relay): not sent twice.
            try await server.service.live.received(sequences: [first.sequence, second.sequence])
            let marker = try await server.commit(.event(server.eventID), kind: "test.marker")
            server.service.live.publish(marker)
            #expect(try await listener.next().id == String(marker.sequence))
            listener.close()
        }
    }

    /// The client reads the first event the stream sends, drops, and resumes with its `id` as `Last-Event-ID`.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aClientResumingAfterTheFirstEventItReadMissesNone(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.registeredAttendee("Grace Hopper")
            let dropped = try await LiveListener.open(server, token: token)
            #expect(try await dropped.next().event == "ready")
            let first = try await server.commit(.event(server.eventID), kind: "test.first")
            let second = try await server.commit(.event(server.eventID), kind: "test.second")
            server.service.live.publish(second)
            let read = try await dropped.next()
            dropped.close()
            server.service.live.publish(first)

            let resumed = try await LiveListener.open(server, token: token, lastEventID: read.id)
            #expect(try await resumed.next().event == "ready")
            let marker = try await server.commit(.event(server.eventID), kind: "test.marker")
            server.service.live.publish(marker)
            var heard = [read.id]
            while heard.last != String(marker.sequence) { heard.append(try await resumed.next().id) }
            #expect(heard == [first, second, marker].map { String($0.sequence) })
            resumed.close()
        }
    }

    /// A sequence rolled back leaves a gap in the outbox (on PostgreSQL; SQLite hands the number out again): the hub
    /// reads it as final and sends what follows, in order.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aGapThatNeverCommitsDoesNotHoldBackLaterEvents(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            struct Refused: Error {}
            let token = try await server.registeredAttendee("Alan Turing")
            let listener = try await LiveListener.open(server, token: token)
            #expect(try await listener.next().event == "ready")
            let eventID = server.eventID
            await #expect(throws: Refused.self) {
                _ = try await server.database.write { db -> LiveEvent in
                    _ = try LiveOutbox.append(.event(eventID), kind: "test.undone", payload: ["note": "x"], db)
                    throw Refused()
                }
            }
            let first = try await server.commit(.event(eventID), kind: "test.first")
            let second = try await server.commit(.event(eventID), kind: "test.second")
            server.service.live.publish(second)
            #expect(try await listener.next().id == String(first.sequence))
            #expect(try await listener.next().id == String(second.sequence))
            server.service.live.publish(first)
            let third = try await server.commit(.event(eventID), kind: "test.third")
            server.service.live.publish(third)
            #expect(try await listener.next().id == String(third.sequence))
            listener.close()
        }
    }

    /// Events another instance committed (its notifications relayed here) and this instance's own, heard in any
    /// order, go out in sequence order, each once.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func relayedAndLocalEventsReachAStreamInOrder(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.registeredAttendee("Katherine Johnson")
            let listener = try await LiveListener.open(server, token: token)
            #expect(try await listener.next().event == "ready")
            let hub = server.service.live
            let eventID = server.eventID

            // Another instance commits one; this one commits the next and publishes it before the relay arrives.
            let remote = try await server.commit(.event(eventID), kind: "test.remote")
            let local = try await server.commit(.event(eventID), kind: "test.local")
            hub.publish(local)
            try await hub.received(sequences: [remote.sequence])
            // The relay arrives first this time, for a later remote event; the local one before it comes after.
            let laterLocal = try await server.commit(.event(eventID), kind: "test.later-local")
            let laterRemote = try await server.commit(.event(eventID), kind: "test.later-remote")
            try await hub.received(sequences: [laterRemote.sequence])
            hub.publish(laterLocal)
            try await hub.received(sequences: [local.sequence, laterLocal.sequence])

            var heard: [String?] = []
            while heard.last != String(laterRemote.sequence) { heard.append(try await listener.next().id) }
            #expect(heard == [remote, local, laterLocal, laterRemote].map { String($0.sequence) })
            listener.close()
        }
    }

    /// A stream that opens mid-way replays what its client missed, then sends live events: an event committed
    /// before it opened and published after is not sent again, and later ones heard out of order are sent in order.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aStreamOpenedMidWayNeitherRepeatsNorDropsAtTheSeam(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.registeredAttendee("Mary Jackson")
            let hub = server.service.live
            let eventID = server.eventID
            let seen = try await server.commit(.event(eventID), kind: "test.seen")
            let missed = try await server.commit(.event(eventID), kind: "test.missed")

            let listener = try await LiveListener.open(server, token: token, lastEventID: String(seen.sequence))
            #expect(try await listener.next().event == "ready")
            #expect(try await listener.next().id == String(missed.sequence))
            hub.publish(missed)
            let next = try await server.commit(.event(eventID), kind: "test.next")
            let last = try await server.commit(.event(eventID), kind: "test.last")
            hub.publish(last)
            hub.publish(next)
            #expect(try await listener.next().id == String(next.sequence))
            #expect(try await listener.next().id == String(last.sequence))
            listener.close()
        }
    }

    /// Writers commit and publish at once, each from its own task: every event reaches the stream once, in order.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func concurrentWritersEventsReachAStreamInOrder(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.registeredAttendee("Dorothy Vaughan")
            let listener = try await LiveListener.open(server, token: token)
            #expect(try await listener.next().event == "ready")
            let count = 40
            let sequences = try await withThrowingTaskGroup(of: Int64.self) { group in
                for index in 0..<count {
                    group.addTask {
                        let event = try await server.commit(.event(server.eventID), kind: "test.\(index)")
                        await Task.yield()
                        server.service.live.publish(event)
                        return event.sequence
                    }
                }
                return try await group.reduce(into: [Int64]()) { $0.append($1) }
            }
            var heard: [Int64] = []
            for _ in 0..<count { heard.append(Int64(try await listener.next().id ?? "") ?? 0) }
            #expect(heard == sequences.sorted())
            listener.close()
        }
    }
}
