import Foundation
import Locking

/// The encoded anonymous agenda of each event, reused until a seat or the programme changes.
///
/// Every write that changes an agenda bumps ``generation``; an entry is served only while its generation is
/// current and it is younger than `lifetime`. NB: the lifetime bounds staleness when several server processes
/// share one PostgreSQL database (a write in one does not bump the others); seat counts shown in an agenda are
/// advisory anyway, the attend transaction decides. When an entry only aged (no write), one caller refreshes
/// it while the others keep getting it: a busy agenda never has every request recompute at once.
final class AgendaCache: Sendable {
    private struct Entry {
        var generation: UInt64
        var storedAt: Date
        var body: Data
    }

    private struct State {
        var generation: UInt64 = 0
        var entries: [String: Entry] = [:]
        var refreshing: Set<String> = []
    }

    private let state = Locked(State())
    private let lifetime: TimeInterval

    init(lifetime: TimeInterval) {
        self.lifetime = lifetime
    }

    /// The generation to pass to ``store(_:for:generation:at:)`` after computing a body.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// The body to serve, or `nil` when the caller must compute it (and then ``store(_:for:generation:at:)``
    /// or ``abandon(_:)`` it).
    func lookup(_ eventID: String, at now: Date) -> Data? {
        state.withLock { state in
            guard let entry = state.entries[eventID], entry.generation == state.generation else { return nil }
            if now.timeIntervalSince(entry.storedAt) < lifetime { return entry.body }
            if state.refreshing.insert(eventID).inserted { return nil }
            return entry.body
        }
    }

    /// Gives up a refresh that failed, so the next caller tries again.
    func abandon(_ eventID: String) {
        _ = state.withLock { $0.refreshing.remove(eventID) }
    }

    /// Keeps `body` unless a write happened since `generation` was read (the body may then predate it).
    func store(_ body: Data, for eventID: String, generation: UInt64, at now: Date) {
        state.withLock { state in
            state.refreshing.remove(eventID)
            guard lifetime > 0, state.generation == generation else { return }
            state.entries[eventID] = Entry(generation: generation, storedAt: now, body: body)
        }
    }

    /// Forgets every entry: call after a committed write that changes seats or the programme.
    func invalidate() {
        state.withLock { state in
            state.generation &+= 1
            state.entries = [:]
            state.refreshing = []
        }
    }
}
