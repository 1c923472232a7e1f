import AttendeeModels
import Database
import Foundation
import HTTPServer
import Locking

/// Fans live events out to this instance's open event streams, in sequence order.
///
/// A controller writes its change and the event in one transaction (``LiveOutbox/append``), then calls
/// ``publish(_:)`` so this instance's clients hear of it at once. Other instances hear of it through
/// ``received(sequences:)``, which the PostgreSQL listener calls with the sequences its notifications name.
/// An event heard both ways is sent once.
///
/// What a stream sends after `ready` is every event on its topics after `ready`'s `id`, in sequence order, each
/// once: a client that resumes after the last `id` it read misses nothing. Events are heard out of order (two
/// writes' tasks may publish 11 before 10; a relayed event may come after a later local one), so the hub holds an
/// event until every sequence below it is sent, and reads the outbox for the ones it has not heard. That read is
/// exact: outbox sequences commit in order (``LiveOutbox/append`` takes its turn), so once an event is committed
/// every lower sequence is committed or gone for good, and one absent from the outbox is a gap for ever. Events
/// heard in order cost no read.
///
/// NB: the order is kept per hub, not per stream: every stream takes events from the hub in the hub's one order,
/// and one opening mid-way replays up to the newest event of its snapshot and takes only later ones live. Every
/// event the hub sent before the stream subscribed was committed before that snapshot was read, so the seam
/// neither drops nor repeats one; one read fills a gap for every stream. While no stream is open the hub keeps no
/// order, and the first to open reads where the outbox stands.
///
/// A stream (``stream(_:lastEventID:access:)``) first says `ready` (``LiveReady``: whether it resumes where the
/// client's `Last-Event-ID` left off; its `id` is where a reconnect resumes, see ``LiveOutbox/start(after:on:_:)``),
/// replays what a resuming client missed from the outbox, then sends events as they are heard. A client that
/// falls more than ``queueLimit`` events behind has its stream ended, and reconnects with `Last-Event-ID`
/// rather than silently missing events; so does every stream when the outbox cannot be read to fill a gap, and
/// when more than ``heldLimit`` events wait above a gap (the read is slow): what the hub holds stays bounded however
/// long the read takes, and the clients are replayed what they missed from the outbox, which is exact.
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
        + "again), then each change in order; send `Last-Event-ID` to resume"

    /// The most events queued for one stream before it is ended.
    static let queueLimit = 4_096

    /// The most events the hub holds above a gap while it reads the gap from the outbox; one more ends every
    /// stream (each client resumes from its `Last-Event-ID`).
    ///
    /// NB: the same as ``queueLimit``: a stream waiting on the hub's read is as far behind as one whose client does
    /// not read.
    static let heldLimit = queueLimit

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
    fileprivate struct Queued: Sendable {
        var event: LiveEvent
        var heardAt: ContinuousClock.Instant
    }

    fileprivate struct Subscriber {
        var topics: Set<String>
        var tokenHash: String
        var continuation: AsyncStream<Queued>.Continuation
    }

    /// Where the hub stands in the outbox while streams are open.
    fileprivate struct Order {
        /// Which run of open streams this is (a read begun in an earlier one is dropped).
        var epoch: UInt64
        /// Every sequence up to this is sent (or was a gap, or came before every open stream's snapshot).
        var sentThrough: Int64
        /// The highest sequence known committed in this outbox: every one below it is final.
        var known: Int64
        /// Events heard above `sentThrough + 1`, held until those below them are sent.
        var held: [Int64: Queued] = [:]
    }

    fileprivate struct State {
        var subscribers: [UInt64: Subscriber] = [:]
        var nextID: UInt64 = 0
        var overflowed: Set<UInt64> = []
        /// `nil` while no stream is open.
        var order: Order?
        var epochs: UInt64 = 0
        /// Whether a task is reading the outbox for the gap below a held event.
        var isFilling = false
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

    /// Whether a task is reading the outbox for a gap below held events.
    var isReadingGaps: Bool { state.withLock { $0.isFilling } }

    /// Sends committed events to the streams subscribed to their topics, after every event below them.
    ///
    /// An event whose predecessors are sent goes out at once; one above a gap is held while a task reads the gap
    /// from the outbox.
    func publish(_ events: [LiveEvent]) {
        let heardAt = ContinuousClock.now
        let fill = state.withLock { state in
            state.hear(events.map { Queued(event: $0, heardAt: heardAt) })
            return state.settle()
        }
        if fill { Task { await fillGaps() } }
    }

    /// Sends one committed event.
    func publish(_ event: LiveEvent) { publish([event]) }

    /// Reads the events another instance committed and sends them here, in order with the rest.
    ///
    /// NB: a notification is no proof that its sequence is this outbox's (every schema of the database shares the
    /// channel), so the hub reads what its own outbox holds up to the highest one named, and counts as final only
    /// what that read saw committed. Sequences this hub has sent already cost no read.
    func received(sequences: [Int64]) async throws {
        guard let highest = sequences.max() else { return }
        try await read(through: highest)
    }

    /// Reads and sends every event committed after the newest one this hub has sent (a page of
    /// ``LiveOutbox/replayLimit`` at a time). A hub with no stream open sends nothing (its streams' reconnects
    /// replay from their own `Last-Event-ID`).
    func catchUp() async throws {
        try await read(through: .max)
    }

    /// Reads this outbox's events after the newest sent, up to `highest`, and sends them in order.
    private func read(through highest: Int64) async throws {
        while let (epoch, after, known) = state.withLock({ state in
            state.order.flatMap { $0.sentThrough < highest ? ($0.epoch, $0.sentThrough, $0.known) : nil }
        }) {
            let events = try await database.read { db in try LiveOutbox.events(after: after, through: highest, db) }
            let complete = events.count < LiveOutbox.replayLimit
            let fill = state.withLock { state in
                state.merge(events, epoch: epoch, through: complete ? min(highest, known) : nil, heardAt: .now)
                return state.settle()
            }
            if fill { await fillGaps() }
            if complete { return }
        }
    }

    /// Reads the outbox for the sequences below held events, and sends them and the held ones in order, until
    /// nothing is held.
    ///
    /// NB: one task at a time (`isFilling`); publishes meanwhile hold their events or, in order, send them at
    /// once. A failed read ends every stream of its run (each client resumes from its `Last-Event-ID`, replayed
    /// exactly) rather than sending past a gap it could not read; streams opened since, in a later run, keep
    /// listening and the task reads their gap. Each turn of the loop is one read, so a failing database costs a read
    /// a run, never a spin.
    private func fillGaps() async {
        while let (epoch, after, known) = state.withLock({ $0.gap() }) {
            do {
                let events = try await database.read { db in
                    try LiveOutbox.events(after: after, through: known, db)
                }
                let complete = events.count < LiveOutbox.replayLimit
                state.withLock { state in
                    state.merge(events, epoch: epoch, through: complete ? known : nil, heardAt: .now)
                }
            } catch {
                let ended = state.withLock { $0.order?.epoch == epoch ? $0.endAll() : [] }
                for subscriber in ended { subscriber.continuation.finish() }
            }
        }
    }

    /// Ends this instance's streams opened with the token stored as `tokenHash` (it was signed out).
    func endStreams(tokenHash: String) {
        let ended = state.withLock { state in
            let ids = state.subscribers.filter { $0.value.tokenHash == tokenHash }.map(\.key)
            defer { _ = state.settle() }
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
            let id = try await subscribe(keys, tokenHash: access.tokenHash, continuation)
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
            // NB: read after subscribing: every event the hub sent before is in this snapshot, every later one
            // comes through the queue, in order. The replay ends at `through`; the queue's events up to it are
            // skipped.
            let (missed, cursor, ready, through) = try await database.read { db in
                try LiveOutbox.start(after: resume, on: topics, db)
            }
            // NB: asked after the replay was read, so its answer covers the replay too.
            var askedAt = ContinuousClock.now
            guard await access.isAllowed() else { return }
            let data = String(decoding: try AttendeeCoding.encoder().encode(ready), as: UTF8.self)
            try await writer.send(
                ServerSentEvent(id: String(cursor), event: LiveReady.eventType, data: data, retry: 2_000))
            var audiences = Audiences(access)
            for event in missed {
                guard let hears = await audiences.include(event, heardAt: askedAt) else { return }
                if hears { try await writer.send(event.serverSentEvent) }
            }
            var sentThrough = through
            for await queued in events {
                guard queued.event.sequence > sentThrough else { continue }
                sentThrough = queued.event.sequence
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

    /// Adds a stream; the first of a run of open streams reads where the outbox stands, from where the hub keeps
    /// order.
    private func subscribe(
        _ topics: Set<String>, tokenHash: String, _ continuation: AsyncStream<Queued>.Continuation
    ) async throws -> UInt64 {
        let subscriber = Subscriber(topics: topics, tokenHash: tokenHash, continuation: continuation)
        if let id = state.withLock({ $0.subscribe(subscriber, newest: nil) }) { return id }
        let newest = try await database.read { db in try LiveOutbox.newest(db) }
        // NB: with `newest`, subscribe always answers an id.
        return state.withLock { $0.subscribe(subscriber, newest: newest) } ?? 0
    }

    private func unsubscribe(_ id: UInt64) {
        let subscriber = state.withLock { state in
            state.overflowed.remove(id)
            defer { _ = state.settle() }
            return state.subscribers.removeValue(forKey: id)
        }
        subscriber?.continuation.finish()
    }

    private func wasDropped(_ id: UInt64) -> Bool {
        state.withLock { $0.overflowed.contains(id) }
    }
}

extension LiveHub.State {
    /// Adds `subscriber` and answers its id; `nil` when no stream is open and `newest` (where the outbox stands,
    /// read before this call) is not given.
    ///
    /// NB: the order may start at a `newest` read before: an event committed after it and heard before this
    /// stream subscribed came before its snapshot too.
    fileprivate mutating func subscribe(_ subscriber: LiveHub.Subscriber, newest: Int64?) -> UInt64? {
        if order == nil {
            guard let newest else { return nil }
            epochs += 1
            order = LiveHub.Order(epoch: epochs, sentThrough: newest, known: newest)
        }
        nextID += 1
        subscribers[nextID] = subscriber
        return nextID
    }

    /// Holds heard events above the newest sent, and sends those now in order; ends every stream when more than
    /// ``LiveHub/heldLimit`` are held.
    fileprivate mutating func hear(_ events: [LiveHub.Queued]) {
        guard var order else { return }
        for queued in events where queued.event.sequence > order.sentThrough {
            order.held[queued.event.sequence] = order.held[queued.event.sequence] ?? queued
            order.known = max(order.known, queued.event.sequence)
        }
        self.order = order
        release()
        if let held = self.order?.held.count, held > LiveHub.heldLimit {
            // NB: the read under way finds its run over and drops what it read; the next stream to open starts a
            // new run where the outbox stands.
            for subscriber in endAll() { subscriber.continuation.finish() }
        }
    }

    /// Takes in what the outbox held after a point (read in epoch `epoch`), and sends every sequence up to the
    /// newest that read proved final: its last event, and `through` when it read everything up to that.
    fileprivate mutating func merge(
        _ events: [LiveEvent], epoch: UInt64, through: Int64?, heardAt: ContinuousClock.Instant
    ) {
        guard order?.epoch == epoch else { return }
        hear(events.map { LiveHub.Queued(event: $0, heardAt: heardAt) })
        advance(through: max(events.last?.sequence ?? .min, through ?? .min))
    }

    /// Sends the held events in order while the next one is held.
    private mutating func release() {
        while let sentThrough = order?.sentThrough, let next = order?.held.removeValue(forKey: sentThrough + 1) {
            order?.sentThrough = sentThrough + 1
            deliver(next)
        }
    }

    /// Sends the held events up to `last` in order, every sequence up to it being final (one not held is a gap),
    /// then those that follow in order.
    private mutating func advance(through last: Int64) {
        guard let order, last > order.sentThrough else { return }
        for sequence in order.held.keys.sorted() where sequence <= last {
            if let queued = self.order?.held.removeValue(forKey: sequence) { deliver(queued) }
        }
        self.order?.sentThrough = last
        release()
    }

    /// Sends one event to the streams on its topic; ends a stream whose queue is full.
    private mutating func deliver(_ queued: LiveHub.Queued) {
        for (id, subscriber) in subscribers where subscriber.topics.contains(queued.event.topic) {
            if case .dropped = subscriber.continuation.yield(queued) {
                overflowed.insert(id)
                subscriber.continuation.finish()
                subscribers[id] = nil
            }
        }
    }

    /// After a change: forgets the order when no stream is open, and answers whether the caller is to start
    /// filling a gap (there is one and no task fills it).
    fileprivate mutating func settle() -> Bool {
        if subscribers.isEmpty { order = nil }
        guard let order, order.known > order.sentThrough, !isFilling else { return false }
        isFilling = true
        return true
    }

    /// The gap to read for (after the newest sent, up to the newest known committed, in `epoch`); `nil`, and no
    /// task filling, when there is none.
    fileprivate mutating func gap() -> (epoch: UInt64, after: Int64, through: Int64)? {
        if subscribers.isEmpty { order = nil }
        guard let order, order.known > order.sentThrough else {
            isFilling = false
            return nil
        }
        return (order.epoch, order.sentThrough, order.known)
    }

    /// Ends every stream (the outbox could not be read): each client resumes from its `Last-Event-ID`.
    fileprivate mutating func endAll() -> [LiveHub.Subscriber] {
        defer {
            subscribers = [:]
            order = nil
        }
        return Array(subscribers.values)
    }
}
