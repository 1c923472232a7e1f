import Foundation

/// Time as the core sees it: the current date (session expiry) and sleeping (search debounce).
public struct ChangeJarClock: Sendable {
    /// The current date.
    public var now: @Sendable () -> Date
    /// Suspends for a duration; throws `CancellationError` when the task is cancelled.
    public var sleep: @Sendable (Duration) async throws -> Void

    /// Creates a value from its parts.
    public init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The system clock.
    public static let live = ChangeJarClock(
        now: { Date() },
        sleep: { duration in try await Task.sleep(for: duration) }
    )
}
