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
///
/// An event with an ``LiveEvent/audience`` (a draft poll's, for its managers) goes only to the streams whose person
/// is in it, asked by the stream (``Access/isInAudience``) just before it would be sent, whether it is replayed,
/// published here or relayed from another instance: the one place every event leaves by.
///
/// A stream lasts only as long as its ``Access``: the token it opened with still signs its person in and the
/// route's rule still lets them listen. Access is asked again before an event committed since the last answer is
/// sent, and every ``accessRecheck`` while nothing is; a stream that lost it ends (its reconnect then gets 401 or
/// 403), and ``endStreams(tokenHash:)`` ends a signed-out token's streams on this instance at once.
final class LiveHub: Sendable {
    /// How every live route's OpenAPI summary ends: what a stream sends and how a client resumes it.
    static let streamSummary =
        "`ready` first (its `resumed` says whether every change since `Last-Event-ID` follows; if not, read "
        + "again), then each change; send `Last-Event-ID` to resume"

    /// The most events queued for one stream before it is ended.
    static let queueLimit = 4_096
    /// How many recently sent sequences are remembered to drop an event heard twice.
    static let rememberedSequences = 8_192

    /// What keeps a stream open, asked again while it is.
    struct Access: Sendable {
        /// The stored hash of the token the stream opened with.
        var tokenHash: String
        /// Whether the token still signs the same person in (not signed out, not expired) and the route's rule
        /// still lets them listen; `false` too when that cannot be told (the database failed): the client
        /// reconnects and resumes.
        var isAllowed: @Sendable () async -> Bool
        /// Whether the stream's person is in an event's ``LiveAudience`` (e.g. manages the draft poll it is
        /// about); throws when that cannot be told (the database failed): the stream ends, and the client
        /// reconnects and is replayed the event, asked again.
        var isInAudience: @Sendable (LiveAudience) async throws -> Bool = { _ in false }
    }

    /// An event as a stream's queue holds it: with when this instance heard of it (after its commit).
    private struct Queued: Sendable {
        var event: LiveEvent
        var heardAt: ContinuousClock.Instant
    }

    private struct Subscriber {
        var topics: Set<String>
        var tokenHash: String
        var continuation: AsyncStream<Queued>.Continuation
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
    /// How often an open stream with nothing to send asks whether it may still listen.
    let accessRecheck: Duration

    /// Creates the hub over the database that holds the outbox; idle streams ask for their access every
    /// `accessRecheck`.
    init(database: any SQLDatabase, accessRecheck: Duration = .seconds(30)) {
        self.database = database
        self.accessRecheck = accessRecheck
    }

    /// How many streams are open on this instance.
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Sends committed events to the streams subscribed to their topics.
    func publish(_ events: [LiveEvent]) {
        let heardAt = ContinuousClock.now
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
                    if case .dropped = subscriber.continuation.yield(Queued(event: event, heardAt: heardAt)) {
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

    /// Ends this instance's streams opened with the token stored as `tokenHash` (it was signed out).
    func endStreams(tokenHash: String) {
        let ended = state.withLock { state in
            let ids = state.subscribers.filter { $0.value.tokenHash == tokenHash }.map(\.key)
            return ids.compactMap { state.subscribers.removeValue(forKey: $0) }
        }
        for subscriber in ended { subscriber.continuation.finish() }
    }

    /// A Server-Sent Events stream of `topics`, resuming after `lastEventID` when the client sends one, open as
    /// long as `access` holds.
    ///
    /// NB: one answer of `access` covers every event heard before it was asked (each was committed before, so a
    /// sign-out or a lost membership committed before such an event is in the answer); only an event heard after
    /// it asks again. A burst costs one read per stream, a quiet stream one read per ``accessRecheck``.
    func stream(_ topics: [LiveTopic], lastEventID: String?, access: Access) -> EventStream {
        let keys = Set(topics.map(\.key))
        let database = self.database
        let recheck = accessRecheck
        return EventStream { [self] writer in
            let (events, continuation) = AsyncStream.makeStream(
                of: Queued.self, bufferingPolicy: .bufferingOldest(Self.queueLimit))
            let id = subscribe(keys, tokenHash: access.tokenHash, continuation)
            defer { unsubscribe(id) }
            // Ends a stream with nothing to send once its access is gone (an expired token, a lost membership, a
            // sign-out on another instance), so it holds no connection for a person who may no longer listen.
            let watch = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: recheck)
                    if Task.isCancelled { return }
                    if await !access.isAllowed() {
                        continuation.finish()
                        return
                    }
                }
            }
            defer { watch.cancel() }
            let resume = lastEventID.flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
            let (missed, cursor, ready) = try await database.read { db in
                try LiveOutbox.start(after: resume, on: topics, db)
            }
            // NB: asked after the replay was read, so its answer covers the replay too.
            var askedAt = ContinuousClock.now
            guard await access.isAllowed() else { return }
            let data = String(decoding: try AttendeeCoding.encoder().encode(ready), as: UTF8.self)
            try await writer.send(
                ServerSentEvent(id: String(cursor), event: LiveReady.eventType, data: data, retry: 2_000))
            var replayed = Set(missed.map(\.sequence))
            var audiences = Audiences(access)
            for event in missed {
                guard let hears = await audiences.include(event, heardAt: askedAt) else { return }
                if hears { try await writer.send(event.serverSentEvent) }
            }
            for await queued in events {
                if replayed.remove(queued.event.sequence) != nil { continue }
                if queued.heardAt >= askedAt {
                    askedAt = .now
                    guard await access.isAllowed() else { return }
                }
                guard let hears = await audiences.include(queued.event, heardAt: queued.heardAt) else { return }
                if hears { try await writer.send(queued.event.serverSentEvent) }
            }
            if wasDropped(id) { throw EventStreamError.slowConsumer }
        }
    }

    /// One stream's answers of whether its person is in an event's audience.
    ///
    /// NB: as with access, an answer covers every event heard before it was asked (the change that made or unmade
    /// a manager committed before such an event is in it); an event heard later asks again.
    private struct Audiences {
        let access: Access
        var answers: [LiveAudience: (hears: Bool, askedAt: ContinuousClock.Instant)] = [:]

        init(_ access: Access) { self.access = access }

        /// Whether `event` goes to this stream: `true` for everyone's events, `nil` when it cannot be told (the
        /// stream ends and its client resumes).
        mutating func include(_ event: LiveEvent, heardAt: ContinuousClock.Instant) async -> Bool? {
            guard let audience = event.audience else { return true }
            if let known = answers[audience], heardAt < known.askedAt { return known.hears }
            let askedAt = ContinuousClock.now
            guard let hears = try? await access.isInAudience(audience) else { return nil }
            answers[audience] = (hears, askedAt)
            return hears
        }
    }

    private func subscribe(
        _ topics: Set<String>, tokenHash: String, _ continuation: AsyncStream<Queued>.Continuation
    ) -> UInt64 {
        state.withLock { state in
            state.nextID += 1
            state.subscribers[state.nextID] = Subscriber(
                topics: topics, tokenHash: tokenHash, continuation: continuation)
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
