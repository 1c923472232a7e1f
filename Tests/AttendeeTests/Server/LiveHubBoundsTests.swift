import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import Locking
import TestSupport
import Testing

@testable import AttendeeServer

/// What the hub keeps while the outbox read that fills a gap is slow or fails stays bounded, and the hub goes on
/// serving the streams that open after, on both databases.
@Suite struct LiveHubBoundsTests {
    /// More than ``LiveHub/heldLimit`` events wait above a gap whose read does not come back: every stream ends (its
    /// client resumes from the outbox), and once the read returns the hub fills the next run's gaps.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func eventsHeldAboveASlowGapReadAreCappedByEndingTheStreams(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let reads = HubReads()
            let hub = reads.hub(over: server.database)
            let first = try await Self.listening(to: hub)

            reads.set(.wait)
            let newest = try await server.database.read { db in try LiveOutbox.newest(db) }
            // NB: `newest + 1` is never heard: every later event waits above it while the hub reads for it.
            let events = (2...Int64(LiveHub.heldLimit + 2)).map {
                LiveEvent(sequence: newest + $0, topic: LiveTopic.event("e").key, kind: "k", data: "{}")
            }
            hub.publish(Array(events.dropLast()))
            await reads.gate.arrived(1)
            #expect(hub.subscriberCount == 1)
            hub.publish(events[events.count - 1])
            #expect(hub.subscriberCount == 0)
            await #expect(throws: LiveListener.Silence.self) { try await first.next() }

            reads.set(.pass)
            await reads.gate.open()
            try await InProcessStreamTests.eventually("the slow read is over") { !hub.isReadingGaps }
            let second = try await Self.listening(to: hub)
            let missed = try await server.commit(.event("e"), kind: "test.missed")
            let heard = try await server.commit(.event("e"), kind: "test.heard")
            hub.publish(heard)
            #expect(try await second.next().id == String(missed.sequence))
            #expect(try await second.next().id == String(heard.sequence))
            second.close()
        }
    }

    /// A gap read that fails ends the streams of its own run only: a stream opened after the run it read for ended
    /// keeps listening, and the hub stops reading (no retry loop) until a new gap.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aFailedGapReadEndsOnlyTheRunItReadFor(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let reads = HubReads()
            let hub = reads.hub(over: server.database)
            let first = try await Self.listening(to: hub)
            reads.set(.wait)
            let newest = try await server.database.read { db in try LiveOutbox.newest(db) }
            hub.publish(LiveEvent(sequence: newest + 2, topic: LiveTopic.event("e").key, kind: "k", data: "{}"))
            await reads.gate.arrived(1)
            first.close()
            try await InProcessStreamTests.eventually("the first run is over") { hub.subscriberCount == 0 }

            reads.set(.pass)
            let second = try await Self.listening(to: hub)
            reads.set(.fail)
            await reads.gate.open()
            try await InProcessStreamTests.eventually("the failed read is over") { !hub.isReadingGaps }
            #expect(reads.failures == 1)
            #expect(hub.subscriberCount == 1)

            reads.set(.pass)
            let next = try await server.commit(.event("e"), kind: "test.next")
            hub.publish(next)
            #expect(try await second.next().id == String(next.sequence))
            second.close()
        }
    }

    /// A gap read that fails ends every stream of the run (rather than send past the gap): each client resumes from
    /// its `Last-Event-ID` and is replayed what it missed, and the hub reads once, not in a loop.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aFailedGapReadEndsTheStreamsAndTheirClientsResumeExactly(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let reads = HubReads()
            let hub = reads.hub(over: server.database)
            let listener = LiveListener(stream: hub.stream([.event("e")], lastEventID: nil, access: .always))
            let ready = try await listener.next()
            let missed = try await server.commit(.event("e"), kind: "test.missed")
            let heard = try await server.commit(.event("e"), kind: "test.heard")
            reads.set(.fail)
            hub.publish(heard)
            await #expect(throws: LiveListener.Silence.self) { try await listener.next() }
            try await InProcessStreamTests.eventually("the failed read is over") { !hub.isReadingGaps }
            #expect(reads.failures == 1)

            reads.set(.pass)
            let resumed = LiveListener(stream: hub.stream([.event("e")], lastEventID: ready.id, access: .always))
            #expect(try await resumed.next().event == "ready")
            #expect(try await resumed.next().id == String(missed.sequence))
            #expect(try await resumed.next().id == String(heard.sequence))
            resumed.close()
        }
    }
}

extension LiveHubBoundsTests {
    /// A stream of the hub's event `e`, read in-process, once its `ready` came.
    static func listening(to hub: LiveHub) async throws -> LiveListener {
        let listener = LiveListener(stream: hub.stream([.event("e")], lastEventID: nil, access: .always))
        #expect(try await listener.next().event == "ready")
        return listener
    }
}

/// What a hub's reads do: go through, wait at ``gate`` (a slow database), or fail (an unreachable one).
final class HubReads: Sendable {
    enum Mode { case pass, wait, fail }

    struct Unreachable: Error {}

    let gate = Gate(isOpen: false)
    private let mode = Locked(Mode.pass)
    private let failed = Locked(0)

    func set(_ mode: Mode) { self.mode.withLock { $0 = mode } }

    /// A hub over `database` whose outbox reads go through these.
    func hub(over database: any SQLDatabase) -> LiveHub {
        LiveHub(database: InterceptedReads(database) { try await self.before() })
    }

    /// How many reads failed.
    var failures: Int { failed.withLock { $0 } }

    /// Runs before each read; a read that waited is then failed or passed as the mode says at that moment.
    func before() async throws {
        if mode.withLock({ $0 }) == .wait { await gate.pass() }
        if mode.withLock({ $0 }) == .fail {
            failed.withLock { $0 += 1 }
            throw Unreachable()
        }
    }
}
