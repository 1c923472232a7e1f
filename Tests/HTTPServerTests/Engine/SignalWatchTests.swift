import Foundation
import HTTPServer
import Locking
import Testing

/// `SignalWatch`: a signal that arrives once the watch has started is kept until asked for, and reaches every
/// hook once. SIGURG, whose default action is to do nothing, so a signal landing after the watch stopped cannot
/// end the test process (and no other test watches it).
@Suite struct SignalWatchTests {
    @Test func aSignalIsKeptUntilAskedForAndReachesEachHookOnce() async {
        let watch = await SignalWatch.start([SIGURG])
        defer { watch.stop() }
        let early = Locked<[Int32]>([])
        watch.onArrival { number in early.withLock { $0.append(number) } }
        #expect(watch.arrived == nil)

        kill(getpid(), SIGURG)
        // NB: the wait starts after the signal was sent: it must still see it.
        #expect(await watch.wait() == SIGURG)
        #expect(watch.arrived == SIGURG)
        #expect(early.withLock { $0 } == [SIGURG])

        let late = Locked<[Int32]>([])
        watch.onArrival { number in late.withLock { $0.append(number) } }
        #expect(late.withLock { $0 } == [SIGURG], "a hook added after the signal runs at once")
        kill(getpid(), SIGURG)
        #expect(await watch.wait() == SIGURG)
        #expect(early.withLock { $0 } == [SIGURG], "a second signal runs no hook again")
    }
}
