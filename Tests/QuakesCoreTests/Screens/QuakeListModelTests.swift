import APIClient
import Foundation
import Locking
import TestSupport
import Testing

@testable import QuakesCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every test asserts what a person sees: the screen before, during and after each event.
@MainActor @Suite struct QuakeListModelTests {
    static let am = "\u{202F}AM"
    static let napa = "M 7.1 - Napa | 38.29° N, 122.31° W | Mar 2, 2016 at 4:48:48\(am) | red"
    static let anchorage = "M 5.0 - Anchorage | 61.20° N, 150.50° W | Mar 2, 2016 at 4:47:48\(am) | lightRed"
    static let volcano = "M 1.2 - Volcano | 19.39° N, 155.27° W | Mar 2, 2016 at 4:47:48\(am) | none"
    static let sumatra = "M ? - Sumatra | 4.91° S, 94.28° E | Mar 2, 2016 at 4:44:48\(am) | none"
    static let all = [napa, anchorage, volcano, sumatra]

    /// Four quakes, out of order; `ak2` and `hv3` share a time.
    ///
    /// NB: computed, not stored: a static `Data` would live to the end of the run, and LeakSanitizer cannot
    /// follow the tagged pointer inside `Data`, so it would report the buffer as leaked.
    static var feed: Data {
        TestFeed.collection([
            TestFeed.feature(
                id: "us4", mag: .some(nil), timeMS: TestFeed.ms(-300), title: "M ? - Sumatra",
                coordinates: "[94.275,-4.9082,24]"),
            TestFeed.feature(
                id: "hv3", mag: 1.2, timeMS: TestFeed.ms(-120), title: "M 1.2 - Volcano",
                coordinates: "[-155.27,19.39,-1.2]"),
            TestFeed.feature(id: "nc1", mag: 7.1, timeMS: TestFeed.ms(-60), title: "M 7.1 - Napa"),
            TestFeed.feature(
                id: "ak2", mag: 5.0, timeMS: TestFeed.ms(-120), title: "M 5.0 - Anchorage",
                coordinates: "[-150.5,61.2,30]"),
        ])
    }
    static let v1 = FeedValidators(etag: "\"v1\"", lastModified: "Wed, 02 Mar 2016 12:50:00 GMT")

    @Test func firstLaunchShowsBusyThenTheSortedFeed() async {
        let harness = ModelHarness()
        #expect(harness.screen == Screen(isBusy: false, lastUpdated: nil, rows: []))
        harness.answer(.fresh(Self.feed, Self.v1))
        await harness.model.appeared()
        #expect(harness.takeScreensDuringFetch() == [Screen(isBusy: true, lastUpdated: nil, rows: [])])
        #expect(harness.screen == Screen(isBusy: false, lastUpdated: "Updated 4:50\(Self.am)", rows: Self.all))
        #expect(harness.takeRequests() == [nil])
    }

    @Test func freshCacheIsShownWithoutARequest() async {
        let harness = await ModelHarness.launched()
        harness.advance(59)
        harness.relaunch()
        await harness.model.appeared()
        #expect(harness.takeRequests().isEmpty)
        #expect(harness.screen == Screen(isBusy: false, lastUpdated: "Updated 4:50\(Self.am)", rows: Self.all))
    }

    /// A copy fetched while the clock ran fast is refreshed once the clock is set right, not taken as fresh until
    /// the clock catches up with it.
    @Test func aCacheStampedInTheFutureIsRefreshed() async {
        let harness = await ModelHarness.launched()
        harness.advance(-86_400)
        harness.relaunch()
        harness.answer(.notModified)
        await harness.model.appeared()
        #expect(harness.takeRequests() == [Self.v1])
        // A minute either way is the same moment (the store stamps with its own clock).
        harness.advance(-59)
        harness.relaunch()
        await harness.model.appeared()
        #expect(harness.takeRequests().isEmpty)
    }

    @Test func staleCacheIsShownAtOnceThenRefreshedConditionally() async {
        let harness = await ModelHarness.launched()
        _ = harness.takeScreensDuringFetch()
        harness.advance(61)
        harness.relaunch()
        harness.answer(.notModified)
        await harness.model.appeared()
        #expect(harness.takeRequests() == [Self.v1])
        #expect(
            harness.takeScreensDuringFetch() == [
                Screen(isBusy: true, lastUpdated: "Updated 4:50\(Self.am)", rows: Self.all)
            ])
        #expect(harness.screen == Screen(isBusy: false, lastUpdated: "Updated 4:51\(Self.am)", rows: Self.all))
    }

    /// A 304 carries the validators to ask with next time (RFC 9110 §15.4.5, RFC 9111 §4.3.4): they were dropped, so
    /// every later launch asked with the ones of the last 200. A validator the 304 leaves out stays as stored, and
    /// the rows, deleted ones hidden, stay as they were.
    @Test func aNotModifiedAnswerUpdatesTheValidatorsAskedWithNextTime() async throws {
        let harness = ModelHarness()
        let lastModified = FeedValidators(lastModified: "Wed, 02 Mar 2016 12:50:00 GMT")
        harness.answer(.fresh(Self.feed, lastModified))
        await harness.model.appeared()
        await harness.model.rowDeleted(id: "ak2")
        harness.advance(61)
        harness.relaunch()
        harness.answer(.notModified(FeedValidators(etag: "\"v2\"")))
        await harness.model.appeared()
        #expect(harness.screen.rows == [Self.napa, Self.volcano, Self.sumatra])
        harness.advance(61)
        harness.relaunch()
        harness.answer(.notModified(FeedValidators(etag: "\"v3\"", lastModified: "Wed, 02 Mar 2016 12:52:00 GMT")))
        await harness.model.appeared()
        harness.advance(61)
        harness.relaunch()
        harness.answer(.notModified)
        await harness.model.appeared()
        #expect(
            harness.takeRequests() == [
                nil, lastModified, FeedValidators(etag: "\"v2\"", lastModified: "Wed, 02 Mar 2016 12:50:00 GMT"),
                FeedValidators(etag: "\"v3\"", lastModified: "Wed, 02 Mar 2016 12:52:00 GMT"),
            ])
        #expect(
            harness.screen
                == Screen(
                    isBusy: false, lastUpdated: "Updated 4:53\(Self.am)", rows: [Self.napa, Self.volcano, Self.sumatra])
        )
    }

    @Test func deletedRowStaysGoneAcrossLaunchesUntilAPullToReload() async throws {
        let harness = ModelHarness()
        harness.answer(.fresh(Self.feed, Self.v1))
        await harness.model.appeared()
        await harness.model.rowDeleted(id: "ak2")
        #expect(harness.screen.rows == [Self.napa, Self.volcano, Self.sumatra])
        let cached = try #require(try await harness.cache.load(ModelHarness.feedURL.absoluteString))
        #expect(cached.hiddenIDs == ["ak2"])
        #expect(cached.quakes.count == 4)

        harness.relaunch()
        await harness.model.appeared()
        #expect(harness.screen.rows == [Self.napa, Self.volcano, Self.sumatra])

        // A refresh that is not a pull keeps it hidden, even with new data.
        harness.advance(120)
        harness.relaunch()
        harness.answer(.fresh(Self.feed, Self.v1))
        await harness.model.appeared()
        #expect(harness.screen.rows == [Self.napa, Self.volcano, Self.sumatra])

        // The pull brings everything the server has back, even when it answers 304.
        harness.answer(.notModified)
        await harness.model.refreshPulled()
        #expect(harness.screen.rows == Self.all)
        #expect(try await harness.cache.load(ModelHarness.feedURL.absoluteString)?.hiddenIDs == [])
    }

    @Test func pullToReloadShowsNewDataAndBusyWhileLoading() async {
        let harness = ModelHarness()
        harness.answer(.fresh(Self.feed, Self.v1))
        await harness.model.appeared()
        _ = harness.takeScreensDuringFetch()
        await harness.model.rowDeleted(id: "nc1")
        harness.advance(30)
        let newer = TestFeed.collection([
            TestFeed.feature(id: "nc9", mag: 3.0, timeMS: TestFeed.ms(0), title: "M 3.0 - New"),
            TestFeed.feature(id: "nc1", mag: 7.1, timeMS: TestFeed.ms(-60), title: "M 7.1 - Napa"),
        ])
        harness.answer(.fresh(newer, FeedValidators(etag: "\"v2\"")))
        await harness.model.refreshPulled()
        #expect(
            harness.takeScreensDuringFetch() == [
                Screen(
                    isBusy: true, lastUpdated: "Updated 4:50\(Self.am)",
                    rows: [Self.anchorage, Self.volcano, Self.sumatra])
            ])
        #expect(
            harness.screen
                == Screen(
                    isBusy: false, lastUpdated: "Updated 4:50\(Self.am)",
                    rows: ["M 3.0 - New | 38.29° N, 122.31° W | Mar 2, 2016 at 4:49:48\(Self.am) | none", Self.napa]))
        #expect(harness.takeRequests() == [nil, Self.v1])
    }

    @Test(arguments: [
        (QuakeFeedError.offline, "You're offline."),
        (.timedOut, "The earthquake feed took too long to answer."),
        (.server(status: 503), "The earthquake feed is unavailable (error 503)."),
        (.unreadable, "The earthquake feed sent data that could not be read."),
        (.unreachable, "The earthquake feed could not be reached."),
        (.connectionLost, "The connection to the earthquake feed dropped."),
    ])
    func failureKeepsTheLastGoodRowsWithABannerAndRetry(_ error: QuakeFeedError, _ message: String) async {
        let harness = ModelHarness()
        harness.answer(.fresh(Self.feed, Self.v1))
        await harness.model.appeared()
        harness.advance(3600)
        harness.answer(.fail(error))
        await harness.model.refreshPulled()
        // Only a device with no network is drawn as offline (a Wi-Fi sign rather than a warning sign).
        let banner = QuakeBanner(
            message: message + " Showing the earthquakes saved on this device.", canRetry: true,
            isOffline: error == .offline)
        #expect(
            harness.screen
                == Screen(isBusy: false, banner: banner, lastUpdated: "Updated 4:50\(Self.am)", rows: Self.all))

        harness.answer(.fresh(Self.feed, Self.v1))
        await harness.model.retryTapped()
        #expect(harness.screen == Screen(isBusy: false, lastUpdated: "Updated 5:50\(Self.am)", rows: Self.all))
    }

    /// A refresh whose task was cancelled (SwiftUI ends a pull's task when the list is rebuilt or leaves the screen)
    /// leaves the screen as it was: it said "The earthquakes could not be loaded." under a Retry.
    @Test(arguments: [0, 1, 2])
    func aCancelledRefreshShowsNoBanner(_ kind: Int) async {
        let cancellation: any Error & Sendable = [CancellationError(), URLError(.cancelled), APIError.cancelled][kind]
        let harness = ModelHarness()
        harness.answer(.fresh(Self.feed, Self.v1))
        await harness.model.appeared()
        let before = harness.screen
        harness.advance(3600)
        harness.answer(.raise(cancellation))
        await harness.model.refreshPulled()
        #expect(harness.screen == before)
        #expect(harness.screen.banner == nil)
        // And with nothing on screen yet, the list stays empty and quiet, ready for the next appearance.
        let empty = ModelHarness()
        empty.answer(.raise(cancellation))
        await empty.model.appeared()
        #expect(empty.screen == Screen(isBusy: false, lastUpdated: nil, rows: []))
    }

    @Test func truncatedAndNonJSONBodiesBecomeABannerNotACrash() async throws {
        let harness = ModelHarness()
        harness.answer(.fresh(Self.feed.prefix(Self.feed.count - 40), Self.v1))
        await harness.model.appeared()
        let banner = QuakeBanner(
            message: "The earthquake feed sent data that could not be read. There is nothing to show yet.",
            canRetry: true)
        #expect(harness.screen == Screen(isBusy: false, banner: banner, lastUpdated: nil, rows: []))
        harness.answer(.fresh(Data("<html>Bad Gateway</html>".utf8), Self.v1))
        await harness.model.retryTapped()
        #expect(harness.screen == Screen(isBusy: false, banner: banner, lastUpdated: nil, rows: []))
        // Nothing unreadable reached the cache.
        #expect(try await harness.cache.load(ModelHarness.feedURL.absoluteString) == nil)
    }

    @Test func jsonThatIsNoFeedKeepsTheSavedList() async throws {
        // A proxy's `{"error": …}` with 200 once read as a feed of nothing and replaced the saved list.
        let harness = ModelHarness()
        harness.answer(.fresh(Self.feed, Self.v1))
        await harness.model.appeared()
        harness.answer(.fresh(Data(#"{"error":"rate limited"}"#.utf8), Self.v1))
        await harness.model.refreshPulled()
        #expect(harness.screen.rows == Self.all)
        #expect(
            harness.screen.banner?.message.hasPrefix("The earthquake feed sent data that could not be read.") == true)
        #expect(try await harness.cache.load(ModelHarness.feedURL.absoluteString) != nil)
    }

    @Test func offlineOnAnOldCacheSaysWhenItWasFetched() async {
        let harness = ModelHarness()
        harness.answer(.fresh(Self.feed, Self.v1))
        await harness.model.appeared()
        harness.advance(2 * 86_400)
        harness.relaunch()
        harness.answer(.fail(.offline))
        await harness.model.appeared()
        let banner = QuakeBanner(
            message: "You're offline. Showing the earthquakes saved on this device.", canRetry: true,
            isOffline: true)
        #expect(
            harness.screen
                == Screen(
                    isBusy: false, banner: banner, lastUpdated: "Updated Mar 2, 2016 at 4:50\(Self.am)", rows: Self.all)
        )
    }

    /// A pull as the screen opens (the command line's `--reload`), offline: the saved copy is shown under the
    /// banner, which says when it was fetched; it said there was nothing to show, as the copy had not been read.
    /// A search that hides every row of that copy says so under the banner too.
    @Test func aPullBeforeTheListAppearedShowsTheSavedCopyWhenItFails() async {
        let harness = await ModelHarness.launched()
        harness.advance(30)
        harness.relaunch()
        harness.answer(.fail(.offline))
        await harness.model.refreshPulled()
        #expect(harness.takeRequests().count == 1)
        let banner = QuakeBanner(
            message: "You're offline. Showing the earthquakes saved on this device.", canRetry: true, isOffline: true)
        #expect(
            harness.screen
                == Screen(isBusy: false, banner: banner, lastUpdated: "Updated 4:50\(Self.am)", rows: Self.all))
        #expect(harness.model.quakes.map(\.id) == ["nc1", "ak2", "hv3", "us4"])

        harness.model.searchChanged("Zanzibar")
        #expect(harness.model.rows.isEmpty && harness.model.quakes.isEmpty)
        #expect(harness.model.emptyMessage == "No earthquakes match “Zanzibar”.")
    }

    @Test func tappingARowSelectsItsEventPageAndDetail() async throws {
        let harness = ModelHarness()
        harness.answer(.fresh(Self.feed, Self.v1))
        await harness.model.appeared()
        harness.model.rowTapped(id: "nc1")
        #expect(harness.model.selectedEventPage == URL(string: "https://earthquake.usgs.gov/earthquakes/eventpage/nc1"))
        let detail = try #require(harness.model.selectedDetail)
        #expect(detail.magnitudeText == "7.1 (local magnitude, ml)")
        #expect(detail.depthText == "8.5 km")
        #expect(detail.lines.first?.label == "Place")
        #expect(detail.lines.first?.value == detail.placeText)
        harness.model.eventPageDismissed()
        #expect(harness.model.selectedEventPage == nil)
        harness.model.rowTapped(id: "unknown")
        #expect(harness.model.selectedEventPage == nil)
    }

    /// A row's tap is for the USGS event page: the in-app browser opened whatever http(s) link the feed carried.
    /// USGS's plain-http links open over https; a link elsewhere opens the detail, which says why there is no page.
    @Test func tappingARowOpensOnlyAUSGSPageOverHTTPS() async throws {
        let harness = ModelHarness()
        let page = "https://earthquake.usgs.gov/earthquakes/eventpage/"
        let feed = TestFeed.collection([
            TestFeed.feature(id: "nc1", mag: 7.1, timeMS: TestFeed.ms(-60), title: "M 7.1 - Napa")
                .replacingOccurrences(of: page + "nc1", with: "http://earthquake.usgs.gov/earthquakes/eventpage/nc1"),
            TestFeed.feature(id: "ak2", mag: 5.0, timeMS: TestFeed.ms(-120), title: "M 5.0 - Anchorage")
                .replacingOccurrences(of: page + "ak2", with: "https://quakes.example.com/ak2"),
        ])
        harness.answer(.fresh(feed, Self.v1))
        await harness.model.appeared()
        harness.model.rowTapped(id: "nc1")
        let usgs = try #require(URL(string: page + "nc1"))
        #expect(harness.model.presented == .eventPage(usgs, "nc1"))
        #expect(harness.model.selectedDetail?.eventPage == usgs)
        harness.model.eventPageDismissed()

        harness.model.rowTapped(id: "ak2")
        #expect(harness.model.selectedEventPage == nil)
        let detail = try #require(harness.model.selectedDetail)
        #expect(harness.model.presented == .detail(detail))
        #expect(detail.eventPage == nil)
        let note = "The feed links this earthquake to quakes.example.com, not to USGS, so the page is not opened."
        #expect(detail.eventPageNote == note)
        #expect(detail.lines.last.map { [$0.label, $0.value] } == ["Event Page", note])
    }

    /// A quake the feed gives no web page (no link, or one that is no web page, which the decoder drops) opens its
    /// detail, which says so: it opened with no word why.
    @Test func aQuakeWithoutAWebPageOpensADetailThatSaysSo() async throws {
        let harness = ModelHarness()
        let usgs = "\"url\":\"https://earthquake.usgs.gov/earthquakes/eventpage/"
        let feed = TestFeed.collection([
            TestFeed.feature(id: "nc1", mag: 4.1, timeMS: TestFeed.ms(-60), title: "M 4.1 - Napa")
                .replacingOccurrences(of: usgs + "nc1\",", with: ""),
            TestFeed.feature(id: "ak2", mag: 5.0, timeMS: TestFeed.ms(-120), title: "M 5.0 - Anchorage")
                .replacingOccurrences(of: usgs + "ak2\"", with: "\"url\":\"javascript:alert(1)\""),
        ])
        harness.answer(.fresh(feed, Self.v1))
        await harness.model.appeared()
        let sentence = "The feed gives no web page for this earthquake."
        #expect(harness.model.skippedNote == nil)
        for id in ["nc1", "ak2"] {
            harness.model.rowTapped(id: id)
            let detail = try #require(harness.model.selectedDetail)
            #expect(detail.id == id)
            #expect(harness.model.presented == .detail(detail))
            #expect(detail.eventPage == nil)
            #expect(detail.eventPageNote == sentence)
            #expect(detail.lines.last.map { [$0.label, $0.value] } == ["Event Page", sentence])
        }
        // A quake carrying a link that is no web page (never from the decoder) is said in the same words.
        let quake = try #require(harness.model.quakes.first)
        var scripted = quake
        scripted.eventPage = "file:///etc/passwd"
        #expect(QuakeDetail(scripted, formatter: QuakeRowFormatter()).eventPageNote == sentence)
    }

    @Test func filtersNarrowRowsAndTheMap() async {
        let harness = ModelHarness()
        harness.answer(.fresh(Self.feed, Self.v1))
        await harness.model.appeared()
        #expect(harness.model.mapAnnotations.map(\.id) == ["nc1", "ak2"])
        #expect(harness.model.mapAnnotations.map(\.tint) == [.red, .lightRed])

        harness.model.filterChanged(QuakeFilter(minimumMagnitude: 5))
        #expect(harness.screen.rows == [Self.napa, Self.anchorage])
        harness.model.filterChanged(QuakeFilter(window: 150))
        #expect(harness.screen.rows == [Self.napa, Self.anchorage, Self.volcano])
        harness.model.filterChanged(QuakeFilter(searchText: "VOLC"))
        #expect(harness.screen.rows == [Self.volcano])
        #expect(harness.model.mapAnnotations.isEmpty)
        #expect(harness.model.mapRegion == .world)
        harness.model.filterChanged(QuakeFilter(minimumMagnitude: 7))
        #expect(harness.model.mapAnnotations.map(\.id) == ["nc1"])
        #expect(harness.model.mapRegion.centerLatitude == 38.2911)
        harness.model.filterChanged(.none)
        #expect(harness.screen.rows == Self.all)
    }

    /// A map with no pin says so, at the magnitude its pins start at; a map with pins says nothing more.
    @Test func aMapWithoutPinsSaysThereAreNone() async {
        let harness = ModelHarness()
        harness.answer(.fresh(Self.feed, Self.v1))
        await harness.model.appeared()
        #expect(harness.model.mapEmptyMessage == nil)
        harness.model.filterChanged(QuakeFilter(searchText: "VOLC"))
        #expect(harness.model.mapEmptyMessage == "No earthquakes of magnitude 3.5 or more in the list.")
        harness.model.filterChanged(QuakeFilter(minimumMagnitude: 8))
        #expect(harness.model.mapEmptyMessage == "No earthquakes of magnitude 8.0 or more in the list.")
    }

    @Test func skippedFeaturesDoNotHideTheRest() async {
        let harness = ModelHarness()
        let messy = TestFeed.collection(
            [
                TestFeed.feature(id: "nc1", mag: 7.1, timeMS: TestFeed.ms(-60), title: "M 7.1 - Napa"), "{\"id\":3}",
                "17",
            ],
            count: 99)
        harness.answer(.fresh(messy, Self.v1))
        await harness.model.appeared()
        #expect(harness.screen == Screen(isBusy: false, lastUpdated: "Updated 4:50\(Self.am)", rows: [Self.napa]))
        // The quiet line under "Updated …" says how many the list leaves out (it said nothing of them).
        #expect(harness.model.skippedNote == "2 earthquakes could not be read")
    }

    /// The saved copy keeps the count: after a relaunch and after a 304 the line is still there (it went away until
    /// the next full answer).
    @Test func theSkippedLineOutlivesARelaunchAndA304() async {
        let harness = ModelHarness()
        let messy = TestFeed.collection(
            [TestFeed.feature(id: "nc1", mag: 7.1, timeMS: TestFeed.ms(-60), title: "M 7.1 - Napa"), "{\"id\":3}"])
        harness.answer(.fresh(messy, Self.v1))
        await harness.model.appeared()
        #expect(harness.model.skippedNote == "1 earthquake could not be read")
        _ = harness.takeRequests()

        harness.relaunch()
        await harness.model.appeared()
        #expect(harness.takeRequests().isEmpty, "fresh: the copy is shown, nothing asked")
        #expect(harness.model.skippedNote == "1 earthquake could not be read")

        harness.answer(.notModified)
        await harness.model.refreshPulled()
        #expect(harness.screen.rows == [Self.napa])
        #expect(harness.model.skippedNote == "1 earthquake could not be read")

        harness.advance(120)
        harness.relaunch()
        harness.answer(.notModified)
        await harness.model.appeared()
        #expect(harness.model.skippedNote == "1 earthquake could not be read")

        // A full answer that reads whole clears it, in the copy too.
        harness.answer(.fresh(Self.feed, Self.v1))
        await harness.model.refreshPulled()
        #expect(harness.model.skippedNote == nil)
        harness.relaunch()
        await harness.model.appeared()
        #expect(harness.model.skippedNote == nil)
    }

    @Test func decodingAndSortingRunOffTheMainThread() async {
        let savedOnMain = Locked<[Bool]>([])
        let memory = QuakeCache.inMemory()
        var cache = memory
        cache.save = { key, entry, keepHidden in
            savedOnMain.withLock { $0.append(Thread.isMainThread) }
            try await memory.save(key, entry, keepHidden)
        }
        let harness = ModelHarness(cache: cache)
        harness.answer(.fresh(Self.feed, Self.v1))
        await harness.model.appeared()
        #expect(savedOnMain.withLock { $0 } == [false])
        #expect(harness.screen.rows == Self.all)
    }

    @Test func aSecondRefreshWhileBusyIsIgnored() async {
        let harness = ModelHarness()
        harness.answer(.fresh(Self.feed, Self.v1), .fresh(Self.feed, Self.v1))
        async let first: Void = harness.model.refreshPulled()
        async let second: Void = harness.model.refreshPulled()
        _ = await (first, second)
        #expect(harness.takeRequests().count == 1)
        #expect(harness.screen.isBusy == false)
    }
}
