import Foundation
import Locking

/// The encoded first page of All Actions, the hottest read, kept between writes.
///
/// A write through this server drops it at once; a write by another server process on the same database
/// shows after at most ``lifetime``, so several processes stay within that staleness of each other.
final class FirstPageCache: Sendable {
    private struct State {
        var pages: [Int: (body: Data, generation: UInt64, storedAt: Date)] = [:]
        var generation: UInt64 = 0
    }

    private let state = Locked(State())
    let lifetime: TimeInterval
    let now: @Sendable () -> Date

    init(lifetime: TimeInterval, now: @escaping @Sendable () -> Date) {
        self.lifetime = lifetime
        self.now = now
    }

    /// The current generation, taken before reading the database so a write during the read is not missed.
    var currentGeneration: UInt64 { state.withLock { $0.generation } }

    /// The cached first page of `limit` items, if still current.
    func page(limit: Int) -> Data? {
        let date = now()
        return state.withLock { state in
            guard let entry = state.pages[limit], entry.generation == state.generation,
                date.timeIntervalSince(entry.storedAt) < lifetime, date >= entry.storedAt
            else { return nil }
            return entry.body
        }
    }

    /// Keeps a page read at `generation`; ignored when a write happened since.
    func store(_ body: Data, limit: Int, generation readAt: UInt64) {
        let date = now()
        state.withLock { state in
            guard readAt == state.generation else { return }
            state.pages[limit] = (body, readAt, date)
        }
    }

    /// A write happened: every cached page is stale.
    func invalidate() {
        state.withLock { state in
            state.generation &+= 1
            state.pages.removeAll()
        }
    }
}
