import Foundation
import Locking

/// A clock tests move by hand, for code that takes `now: @Sendable () -> Date`.
///
/// ```swift
/// let clock = TestClock()
/// let store = try await LocalStore(database: database, now: clock.closure)
/// clock.advance(by: 60)
/// ```
public final class TestClock: Sendable {
    private let current: Locked<Date>

    /// A clock at `start` (a fixed, arbitrary moment by default, so tests never depend on today's date).
    public init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) { current = Locked(start) }

    /// The clock's time.
    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward (or back, with a negative interval).
    public func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }

    /// Sets the clock.
    public func set(_ date: Date) { current.withLock { $0 = date } }

    /// The clock as the closure dependencies take.
    public var closure: @Sendable () -> Date { { self.now } }
}
