import Foundation

extension Server {
    /// The slowest a request body may arrive: each byte buys the client `1 / bytesPerSecond` seconds, on top of a
    /// `grace` from its headers, and at most `longestStall` of that may be saved ahead; a piece that arrives after the
    /// time bought is answered 408 and the connection closed.
    ///
    /// NB: libmicrohttpd's idle timeout counts only silence, so a body dripped a byte at a time just inside it held
    /// its connection (and the memory its body had taken) for as long as the client liked, as the header deadline
    /// stops for headers. The rate and the grace follow Apache's `mod_reqtimeout` (500 bytes/s after 20 s): 4 kbit/s,
    /// far below the slowest phone network. Time bought is what Apache counts, so a phone that sent well can stall (a
    /// tunnel, a hand-over between cells) for up to `longestStall`, as long as the idle timeout; the cap is what
    /// Apache lacks, so a fast start cannot buy room for a drip after it. The rule is judged when bytes arrive; a
    /// client that stops sending altogether meets the idle timeout instead.
    public struct MinimumBodyRate: Sendable, Equatable {
        /// The pace a body must keep, on average since its headers.
        public var bytesPerSecond: Int
        /// The time a body is given before its first byte, whatever it sends (connections that start slowly).
        public var grace: Duration
        /// The most time bytes sent ahead of the pace may save for later: the longest silence a body that kept
        /// ahead of the pace survives.
        public var longestStall: Duration

        /// A rule of `bytesPerSecond`, after `grace`, saving at most `longestStall`.
        public init(
            bytesPerSecond: Int = 500, grace: Duration = .seconds(20), longestStall: Duration = .seconds(60)
        ) {
            self.bytesPerSecond = max(0, bytesPerSecond)
            self.grace = max(grace, .zero)
            self.longestStall = max(longestStall, .zero)
        }
    }
}

/// Where a body stands against ``Server/MinimumBodyRate``: the moment the bytes so far have bought time until.
struct BodyPace {
    var paidUntil: ContinuousClock.Instant

    /// A pace for a body whose headers arrived now: the grace is its first time bought.
    init(_ rule: Server.MinimumBodyRate, now: ContinuousClock.Instant = .now) {
        paidUntil = now.advanced(by: rule.grace)
    }

    /// Counts `size` bytes that arrived at `now`; `false` when they came after the time bought (too slow).
    mutating func arrived(_ size: Int, at now: ContinuousClock.Instant = .now, rule: Server.MinimumBodyRate) -> Bool {
        guard rule.bytesPerSecond > 0 else { return true }
        guard now <= paidUntil else { return false }
        let bought = Duration.seconds(Double(size) / Double(rule.bytesPerSecond))
        paidUntil = min(paidUntil.advanced(by: bought), max(paidUntil, now.advanced(by: rule.longestStall)))
        return true
    }
}
