import Foundation
import Locking
import TestSupport
import Testing

@testable import QuakesCore

/// The app comes back to the foreground: the rows' local times follow the device's zone, and a list gone stale in
/// the background refreshes. Before, the zone was read once at launch and only a launch or a pull refreshed.
@MainActor @Suite struct ForegroundTests {
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let pm = "\u{202F}PM"
    /// ``QuakeListModelTests/all`` as a phone set to Tokyo writes it.
    static let allInTokyo = [
        "M 7.1 - Napa | 38.29° N, 122.31° W | Mar 2, 2016 at 9:48:48\(pm) | red",
        "M 5.0 - Anchorage | 61.20° N, 150.50° W | Mar 2, 2016 at 9:47:48\(pm) | lightRed",
        "M 1.2 - Volcano | 19.39° N, 155.27° W | Mar 2, 2016 at 9:47:48\(pm) | none",
        "M ? - Sumatra | 4.91° S, 94.28° E | Mar 2, 2016 at 9:44:48\(pm) | none",
    ]

    /// A person flies from Los Angeles to Tokyo with the app in the background: back on screen, every row and
    /// "Updated" are in Tokyo's time, without asking the server while the copy is fresh.
    @Test func comingBackInAnotherZoneWritesTheTimesInIt() async {
        let harness = await ModelHarness.launched()
        #expect(harness.screen.rows == QuakeListModelTests.all)

        harness.zone.withLock { $0 = Self.tokyo }
        harness.advance(30)
        await harness.model.becameActive()
        #expect(harness.takeRequests().isEmpty)
        #expect(harness.screen == Screen(isBusy: false, lastUpdated: "Updated 9:50\(Self.pm)", rows: Self.allInTokyo))
    }

    /// Away long enough for the copy to go stale: coming back refreshes it, as a launch would.
    @Test func comingBackToAStaleListRefreshesIt() async {
        let harness = await ModelHarness.launched()
        harness.advance(3600)
        harness.answer(.notModified)
        await harness.model.becameActive()
        #expect(harness.takeRequests() == [QuakeListModelTests.v1])
        #expect(
            harness.screen
                == Screen(
                    isBusy: false, lastUpdated: "Updated 5:50\(QuakeListModelTests.am)", rows: QuakeListModelTests.all))
    }

    /// A pull on its way as the app comes back in another zone wrote its rows in the old one, over the rows just
    /// written in the new.
    @Test func aPullOnItsWayWhenTheZoneChangesIsShownInTheNewZone() async {
        let harness = DeleteDuringRefreshTests.Harness()
        let feed = QuakeFeedClient.Response.fresh(QuakeListModelTests.feed, QuakeListModelTests.v1)
        harness.answers.withLock { $0 = [feed, feed] }
        await harness.model.appeared()
        await harness.gate.close()
        let pulling = Task { await harness.model.refreshPulled() }
        await harness.gate.arrived(2)
        harness.zone.withLock { $0 = Self.tokyo }
        await harness.model.becameActive()
        let tokyoTimes = Self.allInTokyo.map { String($0.split(separator: " | ")[2]) }
        #expect(harness.model.rows.map(\.timeText) == tokyoTimes)
        await harness.gate.open()
        await pulling.value
        #expect(harness.model.rows.map(\.timeText) == tokyoTimes)
    }
}
