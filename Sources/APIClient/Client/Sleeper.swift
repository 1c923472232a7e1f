import Foundation
import PublicInit

/// Waits between retries and tells the time; tests inject one that records and returns at once.
@PublicInit
public struct Sleeper: Sendable {
    /// Suspends for the duration; throws `CancellationError` when the task is cancelled.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// The current time (to read `Retry-After` dates).
    public var now: @Sendable () -> Date = { Date() }

    /// `Task.sleep` and the system clock.
    public static let live = Sleeper(sleep: { duration in try await Task.sleep(for: duration) })
}
