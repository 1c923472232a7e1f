import Foundation

/// A clock tests move by hand.
final class TestClock: @unchecked Sendable {
    // NB: @unchecked: `date` is only touched while holding `lock`.
    private let lock = NSLock()
    private var date: Date

    init(_ date: Date = Date(timeIntervalSince1970: 1_780_000_000)) {
        self.date = date
    }

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return date
    }

    func advance(by seconds: TimeInterval) {
        lock.lock()
        date = date.addingTimeInterval(seconds)
        lock.unlock()
    }

    var closure: @Sendable () -> Date { { self.now } }
}
