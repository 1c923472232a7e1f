import Database
import Foundation
import LocalStore
import Testing

@testable import QuakesCore

/// The LocalStore-backed cache: what survives a relaunch, on a real SQLite file.
@Suite struct QuakeCacheLiveTests {
    static let key = "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_day.geojson"
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quakes-cache-\(UUID().uuidString)")

    func openCache(clock: Locked<Date>) async throws -> QuakeCache {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database = try SQLiteDatabase(path: folder.appendingPathComponent("device.sqlite").path)
        return .live(try await LocalStore(database: database, now: { clock.get() }))
    }

    @Test func keepsTheBodyValidatorsAndHiddenRowsAcrossLaunches() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = Locked(Date(timeIntervalSince1970: 1_456_923_000))
        let body = TestFeed.collection([
            TestFeed.feature(id: "a", timeMS: TestFeed.ms(0)), TestFeed.feature(id: "b", timeMS: TestFeed.ms(10)),
            TestFeed.feature(id: "c", timeMS: TestFeed.ms(10)),
        ])
        let validators = FeedValidators(etag: "\"e1\"", lastModified: "Wed, 02 Mar 2016 12:50:00 GMT")
        let quakes = try QuakeFeedDecoder().decode(body).quakes.sorted(by: Quake.newestFirst)
        do {
            let cache = try await openCache(clock: clock)
            #expect(try await cache.load(Self.key) == nil)
            try await cache.save(
                Self.key, QuakeCache.Entry(body: body, quakes: quakes, fetchedAt: clock.get(), validators: validators),
                false)
            try await cache.hide(Self.key, "b")
        }
        let cache = try await openCache(clock: clock)
        let loaded = try #require(try await cache.load(Self.key))
        #expect(loaded.quakes.map(\.id) == ["b", "c", "a"])
        #expect(loaded.visibleQuakes.map(\.id) == ["c", "a"])
        #expect(loaded.validators == validators)
        #expect(loaded.fetchedAt == clock.get())
        #expect(loaded.hiddenIDs == ["b"])

        clock.set(clock.get().addingTimeInterval(300))
        try await cache.markFresh(Self.key, clock.get(), validators, true)
        #expect(try await cache.load(Self.key)?.hiddenIDs == ["b"])
        #expect(try await cache.load(Self.key)?.fetchedAt == clock.get())
        try await cache.markFresh(Self.key, clock.get(), validators, false)
        #expect(try await cache.load(Self.key)?.hiddenIDs == [])
        #expect(try await cache.load("other feed") == nil)
    }

    @Test func anUnreadableCachedBodyCountsAsNoCache() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = Locked(Date(timeIntervalSince1970: 0))
        let cache = try await openCache(clock: clock)
        try await cache.save(
            Self.key,
            QuakeCache.Entry(
                body: Data("{\"features\":[".utf8), quakes: [], fetchedAt: clock.get(), validators: .init()),
            false)
        #expect(try await cache.load(Self.key) == nil)
    }

    /// The list model's delete / relaunch / reload story, on the real store.
    @MainActor @Test func deletedRowsStayGoneUntilReloadOnTheRealStore() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let storeClock = Locked(ModelHarness.start)
        let harness = ModelHarness(cache: try await openCache(clock: storeClock))
        harness.answer(.fresh(QuakeListModelTests.feed, QuakeListModelTests.v1))
        await harness.model.appeared()
        await harness.model.rowDeleted(id: "nc1")
        harness.relaunch()
        await harness.model.appeared()
        #expect(harness.takeRequests() == [nil])
        #expect(
            harness.screen
                == Screen(
                    isBusy: false, lastUpdated: "Updated 4:50\u{202F}AM",
                    rows: [QuakeListModelTests.anchorage, QuakeListModelTests.volcano, QuakeListModelTests.sumatra]))
        harness.answer(.notModified)
        await harness.model.refreshPulled()
        #expect(harness.takeRequests() == [QuakeListModelTests.v1])
        #expect(harness.screen.rows == QuakeListModelTests.all)
    }
}
