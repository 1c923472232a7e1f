import Foundation

@testable import APIClient

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let current: Locked<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) { current = Locked(start) }

    var now: Date { current.withLock { $0 } }

    func advance(_ seconds: TimeInterval) { current.withLock { $0 += seconds } }

    var function: @Sendable () -> Date { { self.now } }
}
