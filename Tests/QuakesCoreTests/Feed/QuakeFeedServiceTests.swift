import Foundation
import Locking
import QuakesModels
import TestSupport
import Testing

@testable import QuakesCore

/// The one-shot snapshot the command line reads: cache when fresh, refresh when stale, cache on failure.
@Suite struct QuakeFeedServiceTests {
    let start = Date(timeIntervalSince1970: 1_456_923_000)
    let requests = Locked(0)
    let answers = Locked<[Result<QuakeFeedClient.Response, QuakeFeedError>]>([])

    func service(cache: QuakeCache) -> QuakeFeedService {
        let requests = self.requests
        let answers = self.answers
        let client = QuakeFeedClient { _, _ in
            requests.withLock { $0 += 1 }
            let answer = answers.withLock { $0.isEmpty ? .failure(.offline) : $0.removeFirst() }
            return try answer.get()
        }
        return QuakeFeedService(
            feedURL: URL(fileURLWithPath: "/f.geojson"), client: client, cache: cache, formatter: testFormatter)
    }

    @Test func snapshotUsesAFreshCacheRefreshesAStaleOneAndFallsBackOnFailure() async throws {
        let service = service(cache: .inMemory())
        let feed = TestFeed.collection([
            TestFeed.feature(id: "a", timeMS: TestFeed.ms(0)), TestFeed.feature(id: "b", timeMS: TestFeed.ms(5)),
        ])
        answers.withLock { $0 = [.success(.fresh(feed, FeedValidators(etag: "\"1\"")))] }
        let first = await service.snapshot(reload: false, now: start)
        #expect(first.set?.quakes.map(\.id) == ["b", "a"])
        #expect(first.refreshed && first.problem == nil)

        let fresh = await service.snapshot(reload: false, now: start.addingTimeInterval(60))
        #expect(!fresh.refreshed)
        #expect(requests.withLock { $0 } == 1)

        let stale = await service.snapshot(reload: false, now: start.addingTimeInterval(61))
        #expect(stale.refreshed)
        #expect(stale.problem == .offline)
        #expect(stale.set?.quakes.map(\.id) == ["b", "a"])
        #expect(stale.set?.fetchedAt == start)
        #expect(
            stale.problemMessage(formatter: testFormatter, now: start.addingTimeInterval(61))
                == "You're offline. Showing earthquakes as of 4:50\u{202F}AM.")

        // A copy stamped more than a minute ahead of the clock (set right since) is refreshed, not kept as fresh.
        let ahead = await service.snapshot(reload: false, now: start.addingTimeInterval(-61))
        #expect(ahead.refreshed)
        #expect(requests.withLock { $0 } == 3)

        try await service.hide(id: "b")
        #expect(try await service.cachedSet()?.quakes.map(\.id) == ["a"])
        answers.withLock { $0 = [.success(.notModified(FeedValidators()))] }
        let reload = await service.snapshot(reload: true, now: start.addingTimeInterval(90))
        #expect(reload.set?.quakes.map(\.id) == ["b", "a"])
        #expect(reload.set?.fetchedAt == start.addingTimeInterval(90))
    }

    @Test func ingestReleasesTheBodyOnceDecodedBeforeTheQuakesAreStored() async throws {
        let feed = TestFeed.collection([
            TestFeed.feature(id: "a", timeMS: TestFeed.ms(0)), TestFeed.feature(id: "b", timeMS: TestFeed.ms(5)),
        ])
        let released = Locked(false)
        let releasedWhenStored = Locked<Bool?>(nil)
        var cache = QuakeCache.inMemory()
        let save = cache.save
        cache.save = { key, entry, keepHidden in
            releasedWhenStored.withLock { $0 = released.withLock { $0 } }
            try await save(key, entry, keepHidden)
        }
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: feed.count, alignment: 1)
        bytes.copyBytes(from: feed)
        let body = Data(
            bytesNoCopy: try #require(bytes.baseAddress), count: feed.count,
            deallocator: .custom { pointer, _ in
                pointer.deallocate()
                released.withLock { $0 = true }
            })
        let listing = try await service(cache: cache).ingest(
            consume body, validators: FeedValidators(), fetchedAt: start)
        #expect(listing.rows.map(\.id) == ["b", "a"])
        #expect(releasedWhenStored.withLock { $0 } == true)
    }

    @Test func anEventListedTwiceIsShownOnceAndDeletedOnce() async throws {
        // A feed that repeated an id showed two rows, and deleting one hid both.
        let service = service(cache: .inMemory())
        let feed = TestFeed.collection([
            TestFeed.feature(id: "a", timeMS: TestFeed.ms(0)), TestFeed.feature(id: "b", timeMS: TestFeed.ms(5)),
            TestFeed.feature(id: "a", timeMS: TestFeed.ms(1)),
        ])
        answers.withLock { $0 = [.success(.fresh(feed, FeedValidators()))] }
        let snapshot = await service.snapshot(reload: true, now: start)
        #expect(snapshot.set?.quakes.map(\.id) == ["b", "a"])
        #expect(snapshot.set?.quakes.last?.time == Date(timeIntervalSince1970: Double(TestFeed.ms(1)) / 1000))
    }

    @Test func nothingCachedAndOffline() async {
        let snapshot = await service(cache: .inMemory()).snapshot(reload: false, now: start)
        #expect(snapshot.set == nil)
        #expect(
            snapshot.problemMessage(formatter: testFormatter, now: start)
                == "You're offline. There is nothing to show yet.")
    }

    @Test func setFiltersAndLimits() {
        let quakes = (0..<5).map { index in
            Quake(
                id: "q\(index)", magnitude: Double(index), place: nil, title: "",
                time: start.addingTimeInterval(Double(-index)),
                coordinate: QuakeCoordinate(longitude: 0, latitude: 0, depth: nil))
        }
        let set = QuakeSet(quakes: quakes, fetchedAt: start)
        #expect(set.filtered(QuakeFilter(minimumMagnitude: 1), now: start, limit: 2).map(\.id) == ["q1", "q2"])
        #expect(set.filtered(.none, now: start).count == 5)
    }
}
