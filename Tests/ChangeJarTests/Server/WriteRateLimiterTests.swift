import Foundation
import Locking
import Testing

@testable import ChangeJarServer

/// The per-person write limit, when more people write in one window than its table's floor.
@Suite struct WriteRateLimiterTests {
    /// Each person keeps their budget, the table scans for ended windows only once it has doubled over what it
    /// kept (not at every write past the floor), and people whose windows ended are forgotten.
    @Test func aCrowdOfWritersIsScannedSeldomAndForgottenWhenTheirWindowsEnd() {
        let clock = Locked(Date(timeIntervalSince1970: 1_000_000))
        let limiter = WriteRateLimiter(limit: 1, window: 60, now: { clock.withLock { $0 } })
        let crowd = WriteRateLimiter.scanFloor + 1
        for person in 0..<crowd { #expect(limiter.acquire("p\(person)") == nil) }
        // All active: the first scan past the floor forgot nobody, and the next waits for twice as many.
        #expect(limiter.acquire("one more") == nil)
        #expect(limiter.identityCount == crowd + 1)
        #expect(limiter.nextScanSize == 2 * crowd)
        // Nobody got a fresh budget on the way.
        #expect(limiter.acquire("p0") != nil)
        #expect(limiter.acquire("p\(crowd - 1)") != nil)

        // A window later, the crowd has gone: once the table passes the threshold, the ended windows go.
        clock.withLock { $0 += 61 }
        let newcomers = limiter.nextScanSize - limiter.identityCount + 2
        for person in 0..<newcomers { #expect(limiter.acquire("q\(person)") == nil) }
        #expect(limiter.identityCount == newcomers)
        #expect(limiter.nextScanSize == 2 * (newcomers - 1))
    }
}
