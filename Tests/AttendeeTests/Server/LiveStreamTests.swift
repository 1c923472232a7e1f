import AttendeeModels
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import AttendeeServer

/// The live-update plumbing every live feature uses: the outbox, the hub and the event stream route.
@Suite struct LiveStreamTests {
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aRegisteredAttendeeHearsCommittedEventsOfTheirEventOnly(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.registeredAttendee("Ada Lovelace")
            let listener = try await LiveListener.open(server, token: token)
            let ready = try await listener.next()
            #expect(ready.event == "ready")
            #expect(ready.id != nil)

            let otherEvent = try await server.commit(.event("another-event"), kind: "test.other")
            let mine = try await server.commit(.event(server.eventID), kind: "test.change")
            server.service.live.publish([otherEvent, mine])

            let heard = try await listener.next()
            #expect(heard.event == "test.change")
            #expect(heard.id == String(mine.sequence))
            #expect(heard.data == #"{"note":"test.change"}"#)
            listener.close()
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func onlyMembersMayListen(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let stranger = try await server.signUp("Not Registered")
            let path = "/attendee/v1/events/\(server.eventID)/live"
            #expect(try await server.client.get(path).status == .unauthorized)
            #expect(
                try await server.client.get(path, headers: AttendeeTestServer.auth(stranger)).status == .forbidden)
            #expect(
                try await server.client.get(
                    "/attendee/v1/events/no-such-event/live", headers: AttendeeTestServer.auth(stranger)
                ).status == .notFound)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aReconnectingClientGetsWhatItMissedOnItsTopicThenLiveEvents(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.registeredAttendee("Grace Hopper")
            let before = try await server.commit(.event(server.eventID), kind: "test.before")
            let missed = try await server.commit(.event(server.eventID), kind: "test.missed")
            _ = try await server.commit(.session("a-session"), kind: "test.elsewhere")

            let listener = try await LiveListener.open(server, token: token, lastEventID: String(before.sequence))
            #expect(try await listener.next().event == "ready")
            let replayed = try await listener.next()
            #expect(replayed.event == "test.missed")
            #expect(replayed.id == String(missed.sequence))

            // Published again live (as this instance's writer would): not sent twice.
            server.service.live.publish(missed)
            let later = try await server.commit(.event(server.eventID), kind: "test.later")
            server.service.live.publish(later)
            #expect(try await listener.next().event == "test.later")
            listener.close()
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aClientDroppedBeforeItsReplayResumesFromReadyAndIsReplayedItAll(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.registeredAttendee("Grace Hopper")
            let before = try await server.commit(.event(server.eventID), kind: "test.before")
            let missed = try await server.commit(.event(server.eventID), kind: "test.missed")

            // The connection drops right after `ready`: the client keeps ready's id, as EventSource does.
            let dropped = try await LiveListener.open(server, token: token, lastEventID: String(before.sequence))
            let ready = try await dropped.next()
            #expect(ready.event == "ready")
            #expect(ready.id == String(before.sequence))
            dropped.close()

            let resumed = try await LiveListener.open(server, token: token, lastEventID: ready.id)
            #expect(try await resumed.next().event == "ready")
            let replayed = try await resumed.next()
            #expect(replayed.event == "test.missed")
            #expect(replayed.id == String(missed.sequence))
            resumed.close()

            // Without a replay, and with an id from another database, `ready` names the newest event.
            for lastEventID in [nil, "999999"] {
                let fresh = try await LiveListener.open(server, token: token, lastEventID: lastEventID)
                #expect(try await fresh.next().id == String(missed.sequence))
                fresh.close()
            }
        }
    }

    /// `ready` says whether the stream resumes where the client left off: only then is what follows every change
    /// since. A client with no id, an id of another database, one with events pruned after its own, or one more
    /// than a replay behind is told it does not (and replayed nothing: it reads again instead).
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func readySaysWhetherTheStreamResumesWhereTheClientLeftOff(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.registeredAttendee("Grace Hopper")
            let eventID = server.eventID

            func ready(after lastEventID: String?) async throws -> (ready: LiveReady, id: String?, next: String?) {
                let listener = try await LiveListener.open(server, token: token, lastEventID: lastEventID)
                defer { listener.close() }
                let first = try await listener.next()
                #expect(first.event == LiveReady.eventType)
                let ready = try AttendeeCoding.decoder().decode(LiveReady.self, from: Data(first.data.utf8))
                let marker = try await server.commit(.event(eventID), kind: "test.marker")
                server.service.live.publish(marker)
                return (ready, first.id, try await listener.next().event)
            }

            // A client that connected to an empty outbox (its `ready` said 0) resumes from there.
            let fromEmpty = try await ready(after: nil)
            #expect(fromEmpty.id == "0")
            #expect(try await ready(after: "0").ready == LiveReady(resumed: true))

            let aged = Date().addingTimeInterval(-LiveOutbox.retention - 60)
            let (firstAged, lastAged) = try await server.database.write { db in
                (
                    try LiveOutbox.append(.event(eventID), kind: "test.aged", payload: ["n": "1"], now: aged, db),
                    try LiveOutbox.append(.event(eventID), kind: "test.aged", payload: ["n": "2"], now: aged, db)
                )
            }
            let kept = try await server.commit(.event(eventID), kind: "test.kept")
            _ = try await server.commit(.event(eventID), kind: "test.missed")
            #expect(try await server.service.pruneLiveEvents() == 2)

            let resumed = try await ready(after: String(kept.sequence))
            #expect(resumed.ready == LiveReady(resumed: true))
            #expect(resumed.id == String(kept.sequence))
            #expect(resumed.next == "test.missed")
            // Its own event pruned, but none after it: still every change since.
            let afterPruned = try await ready(after: String(lastAged.sequence))
            #expect(afterPruned.ready == LiveReady(resumed: true))
            #expect(afterPruned.next == "test.kept")

            for lastEventID in [nil, "999999", "not a number", "0", String(firstAged.sequence)] {
                let afresh = try await ready(after: lastEventID)
                #expect(afresh.ready == LiveReady(resumed: false), "\(lastEventID ?? "no id")")
                #expect(afresh.next == "test.marker", "replayed nothing after \(lastEventID ?? "no id")")
            }

            // More behind than one replay holds: told to read again, not replayed a part.
            let behind = try await server.commit(.event(eventID), kind: "test.behind")
            _ = try await server.database.write { db in
                for index in 0..<LiveOutbox.replayLimit {
                    _ = try LiveOutbox.append(.event(eventID), kind: "test.flood", payload: ["n": String(index)], db)
                }
            }
            let flooded = try await ready(after: String(behind.sequence))
            #expect(flooded.ready == LiveReady(resumed: false))
            #expect(flooded.next == "test.marker")
        }
    }

    /// A quiet server's cleanup prunes every event; the next one must still be numbered after all of them. SQLite's
    /// row ids start again after the largest left, so it was 1 again: a connected stream (whose hub had sent far
    /// more) dropped it as heard, and a client resuming after its last id was told it was up to date.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func anEmptiedOutboxNeverHandsASequenceOutAgain(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.registeredAttendee("Hedy Lamarr")
            let listener = try await LiveListener.open(server, token: token)
            #expect(try await listener.next().event == "ready")
            let before = try await server.commit(.event(server.eventID), kind: "test.before")
            server.service.live.publish(before)
            let heard = try await listener.next()
            #expect(heard.id == String(before.sequence))

            let later = Date().addingTimeInterval(LiveOutbox.retention + 3_600)
            _ = try await server.database.write { db in try LiveOutbox.prune(now: later, db) }
            #expect(try await server.database.read { db in try LiveOutbox.newest(db) } == before.sequence)

            let after = try await server.commit(.event(server.eventID), kind: "test.after")
            #expect(after.sequence > before.sequence)
            server.service.live.publish(after)
            #expect(try await listener.next().event == "test.after")
            listener.close()

            let resumed = try await LiveListener.open(server, token: token, lastEventID: heard.id)
            let ready = try await resumed.next()
            #expect(ready.event == LiveReady.eventType)
            #expect(try await resumed.next().event == "test.after")
            resumed.close()
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func anEventHeardLocallyAndFromAnotherInstanceIsSentOnce(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.registeredAttendee("Alan Turing")
            let listener = try await LiveListener.open(server, token: token)
            #expect(try await listener.next().event == "ready")
            let first = try await server.commit(.event(server.eventID), kind: "test.first")
            server.service.live.publish(first)
            try await server.service.live.received(sequences: [first.sequence])
            let second = try await server.commit(.event(server.eventID), kind: "test.second")
            try await server.service.live.received(sequences: [second.sequence])
            #expect(try await listener.next().event == "test.first")
            #expect(try await listener.next().event == "test.second")
            listener.close()
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aRolledBackChangeLeavesNoEvent(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            struct Refused: Error {}
            let eventID = server.eventID
            await #expect(throws: Refused.self) {
                _ = try await server.database.write { db -> LiveEvent in
                    _ = try LiveOutbox.append(.event(eventID), kind: "test.undone", payload: ["note": "x"], db)
                    throw Refused()
                }
            }
            let stored = try await server.database.read { db in
                try LiveOutbox.events(after: 0, on: [.event(eventID)], db)
            }
            #expect(stored.isEmpty)
        }
    }

    /// The live outbox keeps a day of events for clients that reconnect; the server's cleanup forgets older ones,
    /// so the table does not grow with every post, like and vote for ever.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func eventsPastTheReplayWindowArePruned(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let eventID = server.eventID
            let now = Date()
            let (old, recent) = try await server.database.write { db in
                (
                    try LiveOutbox.append(
                        .event(eventID), kind: "test.old", payload: ["n": "1"],
                        now: now.addingTimeInterval(-LiveOutbox.retention - 60), db),
                    try LiveOutbox.append(
                        .event(eventID), kind: "test.recent", payload: ["n": "2"],
                        now: now.addingTimeInterval(-LiveOutbox.retention + 60), db)
                )
            }
            #expect(try await server.service.pruneLiveEvents() == 1)
            let stored = try await server.database.read { db in
                try LiveOutbox.events(after: 0, on: [.event(eventID)], db)
            }
            #expect(!stored.map(\.sequence).contains(old.sequence))
            #expect(stored.map(\.sequence).contains(recent.sequence))
            #expect(try await server.service.pruneLiveEvents() == 0)
        }
    }

    @Test func aClientThatFallsTooFarBehindIsDroppedNotSilentlySkipped() async throws {
        try await AttendeeTestServer.with(.sqliteFile) { server in
            let hub = server.service.live
            let (sent, continuation) = AsyncStream.makeStream(of: ServerSentEvent.self)
            let gate = Gate(isOpen: false)
            let producer = Task {
                defer { continuation.finish() }
                try await hub.stream([.event("e")], lastEventID: nil, access: .always).producer(
                    EventStreamWriter { event in
                        continuation.yield(event)
                        await gate.pass()
                    })
            }
            var iterator = sent.makeAsyncIterator()
            #expect(await iterator.next()?.event == "ready")
            // The writer is stuck sending `ready`; the queue holds `queueLimit` events, one more ends the stream.
            // NB: numbered on from the outbox's newest, so the hub sends them as it hears them, none held for a gap.
            let newest = try await server.database.read { db in try LiveOutbox.newest(db) }
            let events = (1...Int64(LiveHub.queueLimit + 1)).map {
                LiveEvent(sequence: newest + $0, topic: LiveTopic.event("e").key, kind: "k", data: "{}")
            }
            hub.publish(events)
            #expect(hub.subscriberCount == 0)
            await gate.open()
            await #expect(throws: EventStreamError.slowConsumer) { try await producer.value }
        }
    }
    @Test func anEventIsEncodedOnceAndTheSameBytesGoToEveryStream() async throws {
        try await AttendeeTestServer.with(.sqliteFile) { server in
            let hub = server.service.live
            let sent = Recorded<Data>()
            let streams = (0..<2).map { _ in
                Task {
                    try await hub.stream([.event("e")], lastEventID: nil, access: .always).producer(
                        EventStreamWriter(encoded: { event in
                            if event.event.event != "ready" { sent.append(contentsOf: [event.bytes]) }
                        }))
                }
            }
            try await InProcessStreamTests.eventually("both streams subscribe") { hub.subscriberCount == 2 }
            hub.publish(LiveEvent(sequence: 1_000_001, topic: LiveTopic.event("e").key, kind: "k", data: "{\"a\":1}"))
            try await InProcessStreamTests.eventually("both streams send it") { sent.values.count == 2 }
            let bytes = sent.values
            #expect(
                bytes.allSatisfy { String(decoding: $0, as: UTF8.self) == "id: 1000001\nevent: k\ndata: {\"a\":1}\n\n" }
            )
            let buffers = bytes.map { $0.withUnsafeBytes { $0.baseAddress } }
            #expect(buffers[0] == buffers[1], "each stream encoded the event again")
            for stream in streams { stream.cancel() }
        }
    }
}

extension AttendeeTestServer {
    /// Writes a live event as a change's transaction would, and answers it.
    func commit(_ topic: LiveTopic, kind: String) async throws -> LiveEvent {
        try await database.write { db in try LiveOutbox.append(topic, kind: kind, payload: ["note": kind], db) }
    }
}

/// One client of the event's live stream, reading events as the engine would send them.
final class LiveListener: Sendable {
    private let events: AsyncThrowingStream<ServerSentEvent, any Error>
    private let task: Task<Void, Never>

    /// Reads `stream` in-process, as the engine would.
    init(stream: EventStream) {
        let (events, continuation) = AsyncThrowingStream.makeStream(of: ServerSentEvent.self)
        self.events = events
        task = Task {
            do {
                try await stream.producer(EventStreamWriter { continuation.yield($0) })
                continuation.finish()
            } catch { continuation.finish(throwing: error) }
        }
    }

    /// Opens the demo event's stream for `token`.
    static func open(_ server: AttendeeTestServer, token: String, lastEventID: String? = nil) async throws
        -> LiveListener
    {
        try await open(
            server, path: "/attendee/v1/events/\(server.eventID)/live", token: token, lastEventID: lastEventID)
    }

    /// Opens the stream at `path` for `token`.
    static func open(_ server: AttendeeTestServer, path: String, token: String, lastEventID: String? = nil)
        async throws -> LiveListener
    {
        var headers = AttendeeTestServer.auth(token)
        if let lastEventID { headers["Last-Event-ID"] = lastEventID }
        let response = try await server.client.get(path, headers: headers)
        try #require(response.status == .ok, "\(response.bodyText)")
        guard case .eventStream(let stream) = response.body else {
            Issue.record("not an event stream")
            throw EventStreamError.closed
        }
        return LiveListener(stream: stream)
    }

    /// Why ``next()`` has no event: the two say apart a stream the server ended from a slow one.
    enum Silence: Error {
        /// The server's producer returned: the stream ended without another event.
        case ended
        /// No event came in this many seconds.
        case timedOut(seconds: Int)
    }

    /// The next event, failing after a minute without one.
    ///
    /// NB: the stream is live once it has said `ready` (the server subscribes as its producer starts); a test reads
    /// `ready` before it makes the changes it expects to hear of, as a client must. The bound only catches a stream
    /// that never speaks: it was ten seconds, and on a loaded two-core machine events (and the end of a stream whose
    /// token expired) came later than that and failed tests whose server was right.
    func next() async throws -> ServerSentEvent {
        let events = self.events
        return try await withThrowingTaskGroup(of: ServerSentEvent.self) { group in
            group.addTask {
                for try await event in events { return event }
                throw Silence.ended
            }
            group.addTask {
                try await Task.sleep(for: .seconds(60))
                throw Silence.timedOut(seconds: 60)
            }
            defer { group.cancelAll() }
            // NB: the first child to finish decides; its error (a producer's own included) is the test's failure.
            guard let event = try await group.next() else { throw Silence.ended }
            return event
        }
    }

    /// Leaves, as a client closing the connection.
    func close() { task.cancel() }
}
