import Foundation

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var current: Date

    init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) { current = start }

    var now: Date { lock.withLock { current } }

    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }

    var function: @Sendable () -> Date { { self.now } }
}
