import Foundation

/// The encoded first page of All Actions, the hottest read, kept between writes.
///
/// A write through this server drops it at once; a write by another server process on the same database
/// shows after at most ``lifetime``, so several processes stay within that staleness of each other.
final class FirstPageCache: @unchecked Sendable {
    // NB: @unchecked: `pages` and `generation` are only touched while holding `lock`.
    private let lock = NSLock()
    private var pages: [Int: (body: Data, generation: UInt64, storedAt: Date)] = [:]
    private var generation: UInt64 = 0
    let lifetime: TimeInterval
    let now: @Sendable () -> Date

    init(lifetime: TimeInterval, now: @escaping @Sendable () -> Date) {
        self.lifetime = lifetime
        self.now = now
    }

    /// The current generation, taken before reading the database so a write during the read is not missed.
    var currentGeneration: UInt64 { lock.withLock { generation } }

    /// The cached first page of `limit` items, if still current.
    func page(limit: Int) -> Data? {
        let date = now()
        return lock.withLock {
            guard let entry = pages[limit], entry.generation == generation,
                date.timeIntervalSince(entry.storedAt) < lifetime, date >= entry.storedAt
            else { return nil }
            return entry.body
        }
    }

    /// Keeps a page read at `generation`; ignored when a write happened since.
    func store(_ body: Data, limit: Int, generation readAt: UInt64) {
        let date = now()
        lock.withLock {
            guard readAt == generation else { return }
            pages[limit] = (body, readAt, date)
        }
    }

    /// A write happened: every cached page is stale.
    func invalidate() {
        lock.withLock {
            generation &+= 1
            pages.removeAll()
        }
    }
}
