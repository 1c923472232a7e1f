import AttendeeModels
import Database
import Foundation
import HTTPServer
import Locking

/// Fans live events out to this instance's open event streams.
///
/// A controller writes its change and the event in one transaction (``LiveOutbox/append``), then calls
/// ``publish(_:)`` so this instance's clients hear of it at once. Other instances hear of it through
/// ``received(sequences:)``, which the PostgreSQL listener calls with the sequences its notifications name.
/// An event heard both ways is sent once.
///
/// A stream (``stream(_:lastEventID:)``) first says `ready` (``LiveReady``: whether it resumes where the
/// client's `Last-Event-ID` left off; its `id` is where a reconnect resumes, see ``LiveOutbox/start(after:on:_:)``),
/// replays what a resuming client missed from the outbox, then sends events as they are published. A client that
/// falls more than ``queueLimit`` events behind has its stream ended, and reconnects with `Last-Event-ID`
/// rather than silently missing events.
final class LiveHub: Sendable {
    /// How every live route's OpenAPI summary ends: what a stream sends and how a client resumes it.
    static let streamSummary =
        "`ready` first (its `resumed` says whether every change since `Last-Event-ID` follows; if not, read "
        + "again), then each change; send `Last-Event-ID` to resume"

    /// The most events queued for one stream before it is ended.
    static let queueLimit = 4_096
    /// How many recently sent sequences are remembered to drop an event heard twice.
    static let rememberedSequences = 8_192

    private struct Subscriber {
        var topics: Set<String>
        var continuation: AsyncStream<LiveEvent>.Continuation
    }

    private struct State {
        var subscribers: [UInt64: Subscriber] = [:]
        var nextID: UInt64 = 0
        var recent: Set<Int64> = []
        var recentOrder: [Int64] = []
        var overflowed: Set<UInt64> = []
    }

    private let state = Locked(State())
    private let database: any SQLDatabase

    /// Creates the hub over the database that holds the outbox.
    init(database: any SQLDatabase) {
        self.database = database
    }

    /// How many streams are open on this instance.
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Sends committed events to the streams subscribed to their topics.
    func publish(_ events: [LiveEvent]) {
        state.withLock { state in
            for event in events {
                guard state.recent.insert(event.sequence).inserted else { continue }
                state.recentOrder.append(event.sequence)
                if state.recentOrder.count > Self.rememberedSequences {
                    let forgotten = state.recentOrder.prefix(state.recentOrder.count - Self.rememberedSequences)
                    for sequence in forgotten { state.recent.remove(sequence) }
                    state.recentOrder.removeFirst(forgotten.count)
                }
                for (id, subscriber) in state.subscribers where subscriber.topics.contains(event.topic) {
                    if case .dropped = subscriber.continuation.yield(event) {
                        state.overflowed.insert(id)
                        subscriber.continuation.finish()
                        state.subscribers[id] = nil
                    }
                }
            }
        }
    }

    /// Sends one committed event.
    func publish(_ event: LiveEvent) { publish([event]) }

    /// Reads the events another instance committed and sends them here.
    func received(sequences: [Int64]) async throws {
        guard !sequences.isEmpty else { return }
        let events = try await database.read { db in try LiveOutbox.events(sequences: sequences, db) }
        publish(events)
    }

    /// Reads and sends every event committed after the newest one this hub has sent (at most
    /// ``LiveOutbox/replayLimit``); events it sent already are skipped. A hub that has sent nothing yet has no
    /// point to resume from and sends nothing (its streams' reconnects replay from their own `Last-Event-ID`).
    func catchUp() async throws {
        guard let newest = state.withLock({ $0.recentOrder.max() }) else { return }
        let events = try await database.read { db in try LiveOutbox.events(after: newest, db) }
        publish(events)
    }

    /// A Server-Sent Events stream of `topics`, resuming after `lastEventID` when the client sends one.
    func stream(_ topics: [LiveTopic], lastEventID: String?) -> EventStream {
        let keys = Set(topics.map(\.key))
        let database = self.database
        return EventStream { [self] writer in
            let (events, continuation) = AsyncStream.makeStream(
                of: LiveEvent.self, bufferingPolicy: .bufferingOldest(Self.queueLimit))
            let id = subscribe(keys, continuation)
            defer { unsubscribe(id) }
            let resume = lastEventID.flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
            let (missed, cursor, ready) = try await database.read { db in
                try LiveOutbox.start(after: resume, on: topics, db)
            }
            let data = String(decoding: try AttendeeCoding.encoder().encode(ready), as: UTF8.self)
            try await writer.send(
                ServerSentEvent(id: String(cursor), event: LiveReady.eventType, data: data, retry: 2_000))
            var replayed = Set(missed.map(\.sequence))
            for event in missed { try await writer.send(event.serverSentEvent) }
            for await event in events {
                if replayed.remove(event.sequence) != nil { continue }
                try await writer.send(event.serverSentEvent)
            }
            if wasDropped(id) { throw EventStreamError.slowConsumer }
        }
    }

    private func subscribe(_ topics: Set<String>, _ continuation: AsyncStream<LiveEvent>.Continuation) -> UInt64 {
        state.withLock { state in
            state.nextID += 1
            state.subscribers[state.nextID] = Subscriber(topics: topics, continuation: continuation)
            return state.nextID
        }
    }

    private func unsubscribe(_ id: UInt64) {
        let subscriber = state.withLock { state in
            state.overflowed.remove(id)
            return state.subscribers.removeValue(forKey: id)
        }
        subscriber?.continuation.finish()
    }

    private func wasDropped(_ id: UInt64) -> Bool {
        state.withLock { $0.overflowed.contains(id) }
    }
}
