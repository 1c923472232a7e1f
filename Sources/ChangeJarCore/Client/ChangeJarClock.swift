import Foundation
import PublicInit

/// Time as the core sees it: the current date (session expiry) and sleeping (search debounce).
@PublicInit
public struct ChangeJarClock: Sendable {
    /// The current date.
    public var now: @Sendable () -> Date
    /// Suspends for a duration; throws `CancellationError` when the task is cancelled.
    public var sleep: @Sendable (Duration) async throws -> Void

    /// The system clock.
    public static let live = ChangeJarClock(
        now: { Date() },
        sleep: { duration in try await Task.sleep(for: duration) }
    )
}
