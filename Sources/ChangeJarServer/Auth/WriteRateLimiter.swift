import Foundation
import Locking

/// Limits writes per person: at most `limit` in any `window`-long fixed window, keyed by identity.
///
/// NB: keyed by the verified identity rather than the client address, so people behind one NAT do not share
/// a budget and one person cannot escape it by changing address.
final class WriteRateLimiter: Sendable {
    private struct State {
        var windows: [String: (start: Date, count: Int)] = [:]
        /// The table size past which the next write forgets the windows that ended.
        var scanAt = WriteRateLimiter.scanFloor
    }

    /// The table size below which nothing is forgotten.
    static let scanFloor = 10_000

    private let state = Locked(State())
    let limit: Int
    let window: TimeInterval
    let now: @Sendable () -> Date

    init(limit: Int, window: TimeInterval, now: @escaping @Sendable () -> Date) {
        self.limit = limit
        self.window = window
        self.now = now
    }

    /// Counts one write for `key`; returns `nil` when allowed, else the seconds until the next window.
    func acquire(_ key: String) -> Int? {
        let date = now()
        return state.withLock { state in
            // NB: the scan reads the whole table: with more people writing in one window than the floor, scanning
            // at every write past it cost every write the whole table. The next scan waits until the table has
            // doubled over what is kept, so each costs as many writes as it reads, and the table stays within twice
            // the people active in a window (or the floor).
            if state.windows.count > state.scanAt {
                state.windows = state.windows.filter { date.timeIntervalSince($0.value.start) < window }
                state.scanAt = max(Self.scanFloor, 2 * state.windows.count)
            }
            var entry = state.windows[key] ?? (date, 0)
            if date.timeIntervalSince(entry.start) >= window { entry = (date, 0) }
            guard entry.count < limit else {
                return max(1, Int((window - date.timeIntervalSince(entry.start)).rounded(.up)))
            }
            entry.count += 1
            state.windows[key] = entry
            return nil
        }
    }

    /// How many people the limiter remembers now.
    var identityCount: Int { state.withLock { $0.windows.count } }

    /// The table size past which the next write scans it.
    var nextScanSize: Int { state.withLock { $0.scanAt } }
}
