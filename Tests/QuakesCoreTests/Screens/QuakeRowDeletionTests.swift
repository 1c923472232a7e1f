import Foundation
import Testing

@testable import QuakesCore

/// A swipe says what it did as a value, so a view that must act on a failure (the command line's exit status) never
/// compares the banner's sentence: one that did not reach the device's copy is `.notSaved`, with the core's banner.
@MainActor @Suite struct QuakeRowDeletionTests {
    struct DiskFull: Error {}

    @Test func aSwipeSaysWhetherTheDevicesCopyWasWritten() async {
        let harness = ModelHarness()
        harness.answer(.fresh(QuakeListModelTests.feed, QuakeListModelTests.v1))
        await harness.model.appeared()
        #expect(await harness.model.rowDeleted(id: "ak2") == .deleted)
        #expect(harness.model.banner == nil)
        #expect(await harness.model.rowDeleted(id: "ak2") == .notListed)
        #expect(await harness.model.rowDeleted(id: "none") == .notListed)
    }

    @Test func aSwipeTheDeviceCouldNotSaveIsNotSavedWithTheCoresBanner() async {
        var cache = QuakeCache.inMemory()
        cache.hide = { _, _ in throw DiskFull() }
        let harness = ModelHarness(cache: cache)
        harness.answer(.fresh(QuakeListModelTests.feed, QuakeListModelTests.v1))
        await harness.model.appeared()
        #expect(await harness.model.rowDeleted(id: "ak2") == .notSaved)
        #expect(
            harness.model.banner
                == QuakeBanner(message: "The earthquakes could not be saved on this device.", canRetry: false))
        #expect(
            harness.screen.rows == [QuakeListModelTests.napa, QuakeListModelTests.volcano, QuakeListModelTests.sumatra])
    }
}
