import Foundation
import Synchronization

/// The encoded anonymous agenda of each event, reused until a seat or the programme changes.
///
/// Every write that changes an agenda bumps ``generation``; an entry is served only while its generation is
/// current and it is younger than `lifetime`. NB: the lifetime bounds staleness when several server processes
/// share one PostgreSQL database (a write in one does not bump the others); seat counts shown in an agenda are
/// advisory anyway, the attend transaction decides.
final class AgendaCache: Sendable {
    private struct Entry {
        var generation: UInt64
        var storedAt: Date
        var body: Data
    }

    private struct State {
        var generation: UInt64 = 0
        var entries: [String: Entry] = [:]
    }

    private let state = Mutex(State())
    private let lifetime: TimeInterval

    init(lifetime: TimeInterval) {
        self.lifetime = lifetime
    }

    /// The generation to pass to ``store(_:for:generation:at:)`` after computing a body.
    var generation: UInt64 { state.withLock { $0.generation } }

    func lookup(_ eventID: String, at now: Date) -> Data? {
        state.withLock { state in
            guard let entry = state.entries[eventID], entry.generation == state.generation,
                now.timeIntervalSince(entry.storedAt) < lifetime
            else { return nil }
            return entry.body
        }
    }

    /// Keeps `body` unless a write happened since `generation` was read (the body may then predate it).
    func store(_ body: Data, for eventID: String, generation: UInt64, at now: Date) {
        guard lifetime > 0 else { return }
        state.withLock { state in
            guard state.generation == generation else { return }
            state.entries[eventID] = Entry(generation: generation, storedAt: now, body: body)
        }
    }

    /// Forgets every entry: call after a committed write that changes seats or the programme.
    func invalidate() {
        state.withLock { state in
            state.generation &+= 1
            state.entries = [:]
        }
    }
}
