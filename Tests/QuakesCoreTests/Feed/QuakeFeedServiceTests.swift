import Foundation
import Locking
import QuakesModels
import TestSupport
import Testing

@testable import QuakesCore

/// The feed service under the list screen: refreshes, the copy it keeps, deleted rows.
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

    /// A pull answered 304 brings the deleted rows back and dates the copy now; a refresh that fails leaves the
    /// copy as it was. (When a refresh is due is the list screen's rule: `QuakeListModelTests`.)
    @Test func aReloadAnsweredNotModifiedBringsDeletedRowsBackAndDatesTheCopyNow() async throws {
        let service = service(cache: .inMemory())
        let feed = TestFeed.collection([
            TestFeed.feature(id: "a", timeMS: TestFeed.ms(0)), TestFeed.feature(id: "b", timeMS: TestFeed.ms(5)),
        ])
        answers.withLock { $0 = [.success(.fresh(feed, FeedValidators(etag: "\"1\"")))] }
        #expect(try await service.refresh(reload: false, now: start).quakes.map(\.id) == ["b", "a"])
        await #expect(throws: QuakeFeedError.offline) {
            _ = try await service.refresh(reload: false, now: self.start.addingTimeInterval(61))
        }
        #expect(try await service.cached()?.fetchedAt == start)

        try await service.hide(id: "b")
        #expect(try await service.cachedSet()?.quakes.map(\.id) == ["a"])
        answers.withLock { $0 = [.success(.notModified(FeedValidators()))] }
        let reload = try await service.refresh(reload: true, now: start.addingTimeInterval(90))
        #expect(reload.quakes.map(\.id) == ["b", "a"])
        #expect(reload.fetchedAt == start.addingTimeInterval(90))
        #expect(requests.withLock { $0 } == 3)
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
        let listing = try await service.refresh(reload: true, now: start)
        #expect(listing.quakes.map(\.id) == ["b", "a"])
        #expect(listing.quakes.last?.time == Date(timeIntervalSince1970: Double(TestFeed.ms(1)) / 1000))
    }
}
