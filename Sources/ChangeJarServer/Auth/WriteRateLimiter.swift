import Foundation
import Locking

/// Limits writes per person: at most `limit` in any `window`-long fixed window, keyed by identity.
///
/// NB: keyed by the verified identity rather than the client address, so people behind one NAT do not share
/// a budget and one person cannot escape it by changing address.
final class WriteRateLimiter: Sendable {
    private let windows = Locked<[String: (start: Date, count: Int)]>([:])
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
        return windows.withLock { windows in
            if windows.count > 10_000 {
                windows = windows.filter { date.timeIntervalSince($0.value.start) < window }
            }
            var entry = windows[key] ?? (date, 0)
            if date.timeIntervalSince(entry.start) >= window { entry = (date, 0) }
            guard entry.count < limit else {
                return max(1, Int((window - date.timeIntervalSince(entry.start)).rounded(.up)))
            }
            entry.count += 1
            windows[key] = entry
            return nil
        }
    }
}
