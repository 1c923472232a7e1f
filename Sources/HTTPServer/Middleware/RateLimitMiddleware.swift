import Foundation
import Locking

/// Limits each client to `rate` requests per second with bursts of up to `burst` (a token bucket per
/// client key), answering 429 with `Retry-After` once the bucket is empty.
///
/// The key defaults to the client's address: the peer's, or — only when the peer is one of `trustedProxies` —
/// the one that proxy forwarded (see ``TrustedProxies``); a header from anyone else changes nothing. An IPv6
/// client is counted by its /64 network (``clientKey(ofAddress:)``), as one host is given a whole /64 and could
/// otherwise take a fresh budget with every request. Pass another key (an API key, a user id) to limit by that. The clock is injectable so tests advance time instead of sleeping. Copies of one middleware share their
/// buckets, so a group and a top-level chain can use the same limit.
///
/// ```swift
/// router.group("/api", middleware: [RateLimitMiddleware(rate: 10, burst: 20)]) { … }
/// ```
public struct RateLimitMiddleware: Middleware {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private final class Buckets: Sendable {
        let state = Locked<[String: Bucket]>([:])
    }

    /// Requests per second each client earns.
    public let rate: Double
    /// The most requests a client may make at once after being idle.
    public let burst: Int
    private let key: @Sendable (Request) -> String
    private let now: @Sendable () -> ContinuousClock.Instant
    private let maxClients: Int
    private let buckets = Buckets()

    /// The longest `Retry-After` the limiter names: a rate so small that the next token is further away says
    /// this instead (a day), so any positive rate answers a sensible header.
    public static let maxRetryAfterSeconds = 86_400

    /// Makes a limiter of `rate` requests per second and bursts of `burst`, each client known by its address
    /// as `trustedProxies` tell it.
    public init(
        rate: Double,
        burst: Int,
        maxClients: Int = 100_000,
        trustedProxies: TrustedProxies = .none,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.init(
            rate: rate, burst: burst, maxClients: maxClients,
            key: { Self.clientKey(ofAddress: trustedProxies.clientAddress(of: $0)) }, now: now)
    }

    /// What a client with `address` is counted under: an IPv4 address itself (also when written IPv4-mapped,
    /// `::ffff:192.0.2.1`), an IPv6 address's /64 network (`2001:db8:1:2::/64`), and anything else (a Unix socket's
    /// empty name) as it is.
    public static func clientKey(ofAddress address: String) -> String {
        let networkBytes = ipv6NetworkBits / 8
        guard let bytes = TrustedProxies.parse(address), bytes.count == 16 else { return address }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return TrustedProxies.format(Array(bytes[12...]))
        }
        return TrustedProxies.format(Array(bytes[..<networkBytes]) + Array(repeating: 0, count: 16 - networkBytes))
            + "/\(ipv6NetworkBits)"
    }

    /// The length of the IPv6 network an IPv6 client is counted by: the /64 a provider gives one host.
    public static let ipv6NetworkBits = 64

    /// Makes a limiter of `rate` requests per second and bursts of `burst`, each client known by `key`.
    public init(
        rate: Double,
        burst: Int,
        maxClients: Int = 100_000,
        key: @escaping @Sendable (Request) -> String,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        // NB: NaN and infinities are no rate; what is not a positive finite number is taken as the smallest one.
        self.rate = rate.isFinite && rate > 0 ? rate : .leastNonzeroMagnitude
        self.burst = max(burst, 1)
        self.maxClients = max(maxClients, 1)
        self.key = key
        self.now = now
    }

    /// Takes a token or throws a 429 problem saying when to retry; a request the engine already asked this limiter
    /// about at its headers (see ``decide(_:)``) is not counted again.
    public func handle(_ request: Request, next: Handler) async throws -> Response {
        let retryAfter: Int?
        if let decision = request.rateLimitDecision, decision.limiter == ObjectIdentifier(buckets) {
            retryAfter = decision.retryAfter
        } else {
            retryAfter = take(for: key(request)).map(Self.retryAfterSeconds)
        }
        if let retryAfter { throw Self.refusal(retryAfter: retryAfter) }
        return try await next(request)
    }

    /// Takes `request`'s token now, from its headers, before any of its body is read; give it to ``Server`` as
    /// `rateLimit` beside a handler whose chain holds this limiter. The engine answers a refused request through the
    /// handler at once (this middleware throws the same 429, logged as any other), without reading its body, and
    /// hands the decision on with a request that may go on, so that it is counted once.
    public func decide(_ request: Request) -> RateLimitDecision {
        RateLimitDecision(
            limiter: ObjectIdentifier(buckets), retryAfter: take(for: key(request)).map(Self.retryAfterSeconds))
    }

    /// The whole seconds a client is told to wait, for a wait of `wait` seconds.
    private static func retryAfterSeconds(_ wait: Double) -> Int {
        // NB: compared as a Double first: at a tiny rate the wait exceeds what an Int holds (or is infinite).
        wait < Double(maxRetryAfterSeconds) ? max(1, Int(wait.rounded(.up))) : maxRetryAfterSeconds
    }

    /// The 429 problem saying when to retry.
    static func refusal(retryAfter seconds: Int) -> HTTPError {
        HTTPError(
            .tooManyRequests,
            detail: "Too many requests; retry in \(seconds) second\(seconds == 1 ? "" : "s").",
            headers: ["Retry-After": String(seconds)]
        )
    }

    /// Takes one token for `client`; returns the seconds until one is available when there is none.
    private func take(for client: String) -> Double? {
        let instant = now()
        return buckets.state.withLock { buckets in
            var bucket = buckets[client] ?? Bucket(tokens: Double(burst), updated: instant)
            let elapsed = instant - bucket.updated
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            bucket.tokens = min(Double(burst), bucket.tokens + max(0, seconds) * rate)
            bucket.updated = instant
            defer {
                if buckets.count >= maxClients, buckets[client] == nil { evictFull(&buckets, at: instant) }
                buckets[client] = bucket
            }
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                return nil
            }
            return (1 - bucket.tokens) / rate
        }
    }

    /// Forgets clients whose buckets have refilled (they would start full anyway); when most clients are active,
    /// it also forgets the least recently seen, down to nine tenths of `maxClients`.
    ///
    /// The table so never holds more than `maxClients`, and the scan, which reads the whole table, runs at most once
    /// for every tenth of it that new clients fill: without the second step, a crowd of active clients made every
    /// new one scan them all, under the lock every request takes. A client forgotten early starts afresh, with a
    /// full bucket, which a crowd that size could have had from as many new addresses anyway.
    private func evictFull(_ buckets: inout [String: Bucket], at instant: ContinuousClock.Instant) {
        // NB: capped like Retry-After: at a tiny rate the refill time is past what a Duration holds.
        let refill = Duration.seconds(min(Double(burst) / rate, Double(Self.maxRetryAfterSeconds)))
        buckets = buckets.filter { instant - $0.value.updated < refill }
        let kept = maxClients - max(maxClients / 10, 1)
        guard buckets.count > kept else { return }
        let recent = buckets.sorted { $0.value.updated > $1.value.updated }.prefix(kept)
        buckets = Dictionary(uniqueKeysWithValues: recent.map { ($0.key, $0.value) })
    }

    /// How many clients the limiter remembers now.
    var clientCount: Int { buckets.state.withLock { $0.count } }
}

/// A rate limiter's answer for one request, taken when its headers arrived (``RateLimitMiddleware/decide(_:)``):
/// which limiter answered, and whether the request may go on. It travels with the request
/// (``Request/rateLimitDecision``), so the limiter in the handler's chain does not count the request twice.
public struct RateLimitDecision: Sendable, Equatable {
    /// The buckets that answered (copies of one middleware share them).
    let limiter: ObjectIdentifier
    /// The `Retry-After` seconds of the 429 to answer; `nil` when the request took a token.
    public let retryAfter: Int?

    /// Whether the request may go on.
    public var admitted: Bool { retryAfter == nil }
}

/// What the engine asks once a request's headers are in and before it reads the body (usually
/// ``RateLimitMiddleware/decide(_:)`` of the limiter in the handler's chain); `nil` when no limiter applies.
public typealias HeaderRateLimit = @Sendable (Request) -> RateLimitDecision?
