import Foundation

extension Server {
    /// The slowest a request body may arrive: once `grace` has passed since its headers, each `window` must bring
    /// at least `bytesPerSecond` on average, or the client is answered 408 and the connection closed.
    ///
    /// NB: libmicrohttpd's idle timeout counts only silence, so a body dripped a byte at a time just inside it held
    /// its connection (and the memory its body had taken) for as long as the client liked, as the header deadline
    /// stops for headers. The defaults follow Apache's `mod_reqtimeout` (500 bytes/s after 20 s): 4 kbit/s, far
    /// below the slowest phone network, and a window of 20 s lets a phone stall for several seconds (a tunnel, a
    /// hand-over between cells) as long as what follows makes up for it. The rule is judged when bytes arrive; a
    /// client that stops sending altogether meets the idle timeout instead.
    public struct MinimumBodyRate: Sendable, Equatable {
        /// The average a window must reach.
        public var bytesPerSecond: Int
        /// How long after the headers the body is not judged (connections that start slowly).
        public var grace: Duration
        /// How long each measured stretch lasts.
        public var window: Duration

        /// A rule of `bytesPerSecond` over windows of `window`, after `grace`.
        public init(bytesPerSecond: Int = 500, grace: Duration = .seconds(20), window: Duration = .seconds(20)) {
            self.bytesPerSecond = max(0, bytesPerSecond)
            self.grace = max(grace, .zero)
            self.window = max(window, .milliseconds(1))
        }
    }
}

/// Where a body stands against ``Server/MinimumBodyRate``: the current window's start and the bytes since.
struct BodyPace {
    var windowStart: ContinuousClock.Instant
    var bytes = 0

    /// A pace for a body whose headers arrived now: its first window starts after the grace period.
    init(_ rule: Server.MinimumBodyRate, now: ContinuousClock.Instant = .now) {
        windowStart = now.advanced(by: rule.grace)
    }

    /// Counts `size` bytes that arrived at `now`; `false` when the window that ended was slower than the rule.
    mutating func arrived(_ size: Int, at now: ContinuousClock.Instant = .now, rule: Server.MinimumBodyRate) -> Bool {
        guard now >= windowStart else { return true }
        bytes += size
        let elapsed = now - windowStart
        guard elapsed >= rule.window else { return true }
        guard Double(bytes) >= Double(rule.bytesPerSecond) * (elapsed / .seconds(1)) else { return false }
        windowStart = now
        bytes = 0
        return true
    }
}
