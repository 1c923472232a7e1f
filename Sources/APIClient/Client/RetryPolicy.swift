import Foundation
import HTTPTypes
import PublicInit

/// When and how long to wait before repeating a failed idempotent request.
///
/// Exponential backoff with full jitter: before retry `n` (from 0) the client sleeps a random time in
/// `0 ... min(maxDelay, baseDelay * 2^n)`, or exactly what `Retry-After` asks for when the server sends it.
/// Only idempotent requests are retried (GET, HEAD, PUT, DELETE, OPTIONS, or any request with an
/// idempotency key).
@PublicInit
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first included; `1` never retries.
    public var maxAttempts: Int = 3
    /// The backoff ceiling before the first retry.
    public var baseDelay: Duration = .milliseconds(300)
    /// The backoff ceiling never grows past this.
    public var maxDelay: Duration = .seconds(10)
    /// A `Retry-After` longer than this is not waited for: the error goes to the caller.
    public var maxRetryAfter: Duration = .seconds(60)
    /// Statuses worth repeating. NB: 500 is included because our backends answer 500 for transient
    /// database contention; it is still only retried for idempotent requests.
    public var retryableStatuses: Set<Int> = [429, 500, 502, 503, 504]
    /// Returns a number in `0 ..< 1`; injectable so tests can pin the jitter.
    public var random: @Sendable () -> Double = { Double.random(in: 0..<1) }

    /// Three attempts, 300 ms base, 10 s cap.
    public static var standard: RetryPolicy { RetryPolicy() }

    /// One attempt: never retries.
    public static var never: RetryPolicy { RetryPolicy(maxAttempts: 1) }

    /// The jittered wait before retry number `retry` (0 for the first retry).
    public func backoff(retry: Int) -> Duration {
        let ceiling = min(maxDelay, baseDelay * (1 << min(retry, 30)))
        return ceiling * min(max(random(), 0), 1)
    }

    /// Whether a failure of this kind is worth repeating (for an idempotent request).
    public func isRetryable(_ error: APIError) -> Bool {
        switch error {
        case .cannotConnect, .connectionLost, .timeout: return true
        case .http(let status, _, _): return retryableStatuses.contains(status)
        case .offline, .cancelled, .decoding, .signedOut, .notSignedIn, .invalidRequest: return false
        }
    }

    /// Reads `Retry-After` as delay-seconds or an HTTP date (relative to `now`); `nil` when absent or unreadable.
    public static func retryAfter(_ value: String?, now: Date) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return seconds >= 0 ? .seconds(seconds) : nil }
        guard let date = HTTPDate.date(from: value) else { return nil }
        let seconds = max(0, date.timeIntervalSince(now))
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }
}
