import Localization
import Testing

@Suite("Only the last tap's answer is shown")
struct LastTappedTests {
    @Test("An earlier tap's answer landing after a later tap's is dropped, whichever lands first")
    func laterTapWins() {
        var last = LastTapped()
        let first = last.tapped()
        let second = last.tapped()
        let firstShown = last.landed(first)
        let secondShown = last.landed(second)
        #expect(!firstShown && secondShown)

        var reversed = LastTapped()
        let slow = reversed.tapped()
        let fast = reversed.tapped()
        let fastShown = reversed.landed(fast)
        let slowShown = reversed.landed(slow)
        #expect(fastShown && !slowShown)
    }

    @Test("An answer is shown once")
    func shownOnce() {
        var last = LastTapped()
        let tap = last.tapped()
        let once = last.landed(tap)
        let twice = last.landed(tap)
        #expect(once && !twice)
    }

    @Test("Nothing on its way is shown after the person went back, even when they tap the same row again")
    func forgetDropsEverythingOnItsWay() {
        var last = LastTapped()
        let before = last.tapped()
        last.forget()
        let beforeShown = last.landed(before)
        #expect(!beforeShown)

        // NB: the same row tapped, closed and tapped again: the first download (perhaps of an older version) must
        // not open in place of the second, which is the one the person is waiting for.
        let first = last.tapped()
        last.forget()
        let again = last.tapped()
        let firstShown = last.landed(first)
        let againShown = last.landed(again)
        #expect(!firstShown && againShown)
    }
}
