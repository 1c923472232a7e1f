import DatabasePostgres
import Locking

/// What the live relay has heard and not yet handed to the hub, merged into one value of fixed size.
///
/// The hub reads its outbox up to the highest sequence named (`AttendeeService.liveEventsReceived(sequences:)`
/// reads every committed event up to it), so lower sequences heard meanwhile add nothing; a reconnected listener
/// asks for a catch-up, which reads everything committed and so covers any sequence too. However many
/// notifications arrive while the hub's read is slow, the backlog holds one sequence and one flag.
///
/// ```swift
/// Task { for await heard in listener.notifications { backlog.add(heard) }; backlog.finish() }
/// while let work = await backlog.next() { … }
/// ```
final class RelayBacklog: Sendable {
    /// One hand-over to the hub.
    enum Work: Sendable, Equatable {
        /// Read the outbox up to this sequence.
        case readThrough(Int64)
        /// Read everything committed since the newest event sent (the listener reconnected).
        case catchUp
    }

    private struct Pending {
        var highest: Int64?
        var reconnected = false
        var finished = false

        /// The merged work, emptied.
        mutating func take() -> Work? {
            defer { (highest, reconnected) = (nil, false) }
            if reconnected { return .catchUp }
            return highest.map(Work.readThrough)
        }
    }

    private let pending = Locked(Pending())
    /// Rung on every change; it holds at most one ring, so a consumer that is busy finds one waiting, not many.
    private let bell: AsyncStream<Void>
    private let ring: AsyncStream<Void>.Continuation

    init() {
        (bell, ring) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Merges what the listener heard; payloads that are not sequences are ignored.
    func add(_ heard: PostgresNotification) {
        pending.withLock { pending in
            switch heard {
            case .payloads(let payloads):
                guard let highest = payloads.compactMap({ Int64($0) }).max() else { return }
                pending.highest = max(pending.highest ?? highest, highest)
            case .reconnected:
                pending.reconnected = true
            }
        }
        ring.yield()
    }

    /// The highest sequence waiting to be handed over, if any.
    var pendingSequence: Int64? { pending.withLock { $0.highest } }

    /// Says nothing more will be added: ``next()`` hands out what is pending, then answers `nil`.
    func finish() {
        pending.withLock { $0.finished = true }
        ring.finish()
    }

    /// Waits for work and takes all that is pending as one; `nil` once finished and empty.
    func next() async -> Work? {
        var rings = bell.makeAsyncIterator()
        while true {
            let (work, finished) = pending.withLock { pending in (pending.take(), pending.finished) }
            if let work { return work }
            if finished { return nil }
            // NB: a ring after the take above is buffered, so an add between the take and this wait is not missed;
            // once finished the bell answers at once and the next turn sees `finished`.
            _ = await rings.next()
        }
    }
}
