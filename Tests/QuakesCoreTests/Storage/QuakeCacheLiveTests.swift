import APIClient
import Database
import Foundation
import LocalStore
import Locking
import QuakeFeedCodec
import QuakesModels
import TestSupport
import Testing

@testable import QuakesCore

/// The LocalStore-backed cache: what survives a relaunch, on a real SQLite file.
@Suite struct QuakeCacheLiveTests {
    static let key = "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_day.geojson"
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quakes-cache-\(UUID().uuidString)")

    func openCache(clock: Locked<Date>) async throws -> QuakeCache {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database = try SQLiteDatabase(path: folder.appendingPathComponent("device.sqlite").path)
        return .live(try await LocalStore(database: database, now: { clock.withLock { $0 } }))
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
                Self.key, QuakeCache.Entry(quakes: quakes, fetchedAt: clock.withLock { $0 }, validators: validators),
                false)
            try await cache.hide(Self.key, "b")
        }
        let cache = try await openCache(clock: clock)
        let loaded = try #require(try await cache.load(Self.key))
        #expect(loaded.quakes.map(\.id) == ["b", "c", "a"])
        #expect(loaded.visibleQuakes.map(\.id) == ["c", "a"])
        #expect(loaded.validators == validators)
        #expect(loaded.fetchedAt == clock.withLock { $0 })
        #expect(loaded.hiddenIDs == ["b"])

        clock.withLock { $0 = $0.addingTimeInterval(300) }
        try await cache.markFresh(Self.key, clock.withLock { $0 }, validators, true)
        #expect(try await cache.load(Self.key)?.hiddenIDs == ["b"])
        #expect(try await cache.load(Self.key)?.fetchedAt == clock.withLock { $0 })
        try await cache.markFresh(Self.key, clock.withLock { $0 }, validators, false)
        #expect(try await cache.load(Self.key)?.hiddenIDs == [])
        #expect(try await cache.load("other feed") == nil)
    }

    /// The count of features that could not be read is kept with the copy, so a relaunch still says so.
    @Test func keepsTheCountOfFeaturesSkippedAcrossLaunches() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = Locked(Date(timeIntervalSince1970: 1_456_923_000))
        let quakes = try QuakeFeedDecoder().decode(TestFeed.collection([TestFeed.feature(id: "a", timeMS: 0)])).quakes
        do {
            let cache = try await openCache(clock: clock)
            let entry = QuakeCache.Entry(
                quakes: quakes, fetchedAt: clock.withLock { $0 }, validators: .init(), skipped: 3)
            try await cache.save(Self.key, entry, false)
        }
        let cache = try await openCache(clock: clock)
        #expect(try await cache.load(Self.key)?.skipped == 3)
        try await cache.markFresh(Self.key, clock.withLock { $0 }, FeedValidators(etag: "\"e2\""), true)
        #expect(try await cache.load(Self.key)?.skipped == 3)
        #expect(try await cache.load(Self.key)?.quakes == quakes)
    }

    /// A copy written before the count was kept (archive version 2) still loads, whole, with none skipped: an update
    /// does not cost the device its copy.
    @Test func aCopyWrittenBeforeTheCountLoadsWithNoneSkipped() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database = try SQLiteDatabase(path: folder.appendingPathComponent("device.sqlite").path)
        let store = try await LocalStore(database: database)
        let quakes = try QuakeFeedDecoder().decode(
            TestFeed.collection([
                TestFeed.feature(id: "a", timeMS: TestFeed.ms(10)), TestFeed.feature(id: "b", timeMS: TestFeed.ms(0)),
            ])
        ).quakes
        let old = Self.version2Archive(quakes)
        try await store.storeCache(old, for: Self.key, validators: Validators(etag: "\"e1\""))
        let loaded = try #require(try await QuakeCache.live(store).load(Self.key))
        #expect(loaded.quakes == quakes)
        #expect(loaded.skipped == 0)
        #expect(loaded.validators == FeedValidators(etag: "\"e1\""))
    }

    /// The bytes version 2 wrote for `quakes`: version 3's with the version 2 magic and no count of skipped features.
    ///
    /// NB: version 3 only added that count (one varint after the magic); the quakes are written as before.
    static func version2Archive(_ quakes: [Quake]) -> Data {
        let current = QuakeArchive.encode(quakes)
        #expect(current.prefix(5) == Data("QKA3".utf8) + [0])
        return Data("QKA2".utf8) + current.dropFirst(5)
    }

    @Test func archiveKeepsTheCountOfFeaturesSkipped() throws {
        let quakes = try QuakeFeedDecoder().decode(TestFeed.collection([TestFeed.feature(id: "a", timeMS: 0)])).quakes
        for skipped in [0, 1, 300, 1 << 40] {
            let data = QuakeArchive.encode(quakes, skipped: skipped)
            #expect(QuakeArchive.encodedCount(quakes, skipped: skipped) == data.count)
            #expect(QuakeArchive.decodeContents(data) == QuakeArchive.Contents(quakes: quakes, skipped: skipped))
            #expect(QuakeArchive.decode(data) == quakes)
        }
        let old = Self.version2Archive(quakes)
        #expect(QuakeArchive.decodeContents(old) == QuakeArchive.Contents(quakes: quakes, skipped: 0))
        // Another version's bytes, or a count cut short, read as nothing.
        #expect(QuakeArchive.decodeContents(Data("QKA1".utf8) + old.dropFirst(4)) == nil)
        #expect(QuakeArchive.decodeContents(Data("QKA3".utf8) + [0x80]) == nil)
    }

    @Test func aCachedCopyOfAnotherVersionCountsAsNoCache() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database = try SQLiteDatabase(path: folder.appendingPathComponent("device.sqlite").path)
        let store = try await LocalStore(database: database)
        try await store.storeCache(Data("{\"features\":[]}".utf8), for: Self.key)
        #expect(try await QuakeCache.live(store).load(Self.key) == nil)
    }

    @Test func archiveRoundTripsEveryField() throws {
        let full = Quake(
            id: "us10004u1y", magnitude: -0.25, place: "Grindavík, Iceland", title: "M7.8 - Ünïcode 🌋",
            time: Date(timeIntervalSince1970: 1_456_922_988.36),
            updated: Date(timeIntervalSince1970: 1_457_113_214.569),
            eventPage: "https://e/x", detailFeed: "https://e/d", felt: 30, cdi: 3.1, mmi: 3.07, alert: "green",
            tsunami: true, status: "reviewed", type: "ice quake", magType: "mww",
            coordinate: QuakeCoordinate(longitude: 94.275, latitude: -4.9082, depth: -1.5), tz: 360, net: "us",
            code: "10004u1y", sig: 945)
        let sparse = Quake(
            id: "x", magnitude: nil, place: nil, title: "", time: Date(timeIntervalSince1970: -1),
            coordinate: QuakeCoordinate(longitude: 0, latitude: 0, depth: nil))
        let data = QuakeArchive.encode([full, sparse])
        #expect(QuakeArchive.decode(data) == [full, sparse])
        #expect(QuakeArchive.decode(QuakeArchive.encode([])) == [])
        for cut in [0, 3, 4, 11, 12, data.count / 2, data.count - 1] {
            #expect(QuakeArchive.decode(data.prefix(cut)) == nil)
        }
        #expect(QuakeArchive.decode(data + Data([0])) == nil)
        // Magic, features skipped, count, then the first id as shared length, rest length and bytes: the magnitude's
        // presence byte.
        let magnitudePresence = QuakeArchive.magic.count + 1 + 1 + 2 + full.id.utf8.count
        var corrupt = data
        corrupt[magnitudePresence] = 0xFF
        #expect(QuakeArchive.decode(corrupt) == nil)
        var unterminated = data
        unterminated.replaceSubrange(5..<6, with: [UInt8](repeating: 0xFF, count: 11))  // a count past 64 bits
        #expect(QuakeArchive.decode(unterminated) == nil)
        var unterminatedSkipped = data
        unterminatedSkipped.replaceSubrange(4..<5, with: [UInt8](repeating: 0xFF, count: 11))
        #expect(QuakeArchive.decode(unterminatedSkipped) == nil)
    }

    @Test func archiveComesInPiecesThatAddUpToTheWholeAndItsCount() throws {
        let body = TestFeed.collection(
            (0..<40).map { TestFeed.feature(id: "ci\($0)", timeMS: TestFeed.ms(Int64($0))) })
        let quakes = try QuakeFeedDecoder().decode(body).quakes
        let whole = QuakeArchive.encode(quakes)
        var pieces: [Data] = []
        QuakeArchive.encode(quakes, pieceSize: 256) { pieces.append(Data($0)) }
        #expect(pieces.count > 1)
        #expect(pieces.dropLast().allSatisfy { $0.count >= 256 })
        #expect(pieces.reduce(Data(), +) == whole)
        #expect(QuakeArchive.encodedCount(quakes) == whole.count)
        #expect(QuakeArchive.decode(whole) == quakes)
    }

    @Test func archiveRejectsAnUnknownLinkPrefixOrSuffixFlag() throws {
        let quake = Quake(
            id: "y", magnitude: nil, place: nil, title: "", time: Date(timeIntervalSince1970: 0),
            eventPage: "https://earthquake.usgs.gov/earthquakes/eventpage/y",
            coordinate: QuakeCoordinate(longitude: 0, latitude: 0, depth: nil))
        let data = QuakeArchive.encode([quake])
        #expect(QuakeArchive.decode(data) == [quake])
        // Present, prefix 1, no suffix, then the middle "y" (nothing shared, one byte).
        let link: [UInt8] = [1, 1, 0, 0, 1, UInt8(ascii: "y")]
        let start = try #require(
            (0...(data.count - link.count)).first { data[$0..<($0 + link.count)].elementsEqual(link) })
        for (offset, value) in [(1, UInt8(9)), (2, UInt8(2))] {
            var corrupt = data
            corrupt[start + offset] = value
            #expect(QuakeArchive.decode(corrupt) == nil)
        }
    }

    @Test func archiveKeepsTextsByteForByteAcrossSharedPrefixesAndTitles() throws {
        func quake(_ id: String, place: String?, title: String, page: String?) -> Quake {
            Quake(
                id: id, magnitude: 1.25, place: place, title: title, time: Date(timeIntervalSince1970: 0),
                eventPage: page, coordinate: QuakeCoordinate(longitude: 1, latitude: 2, depth: 3), sig: -7)
        }
        let page = "https://earthquake.usgs.gov/earthquakes/eventpage/"
        let quakes = [
            quake("ci1", place: "10km N of Caf\u{E9}", title: "M 1.3 - 10km N of Caf\u{E9}", page: page + "ci1"),
            // Canonically equal to the place but other bytes: the title must come back as its own bytes.
            quake("ci2", place: "10km N of Caf\u{E9}", title: "M 1.3 - 10km N of Cafe\u{301}", page: page + "ci2"),
            // A shared prefix that ends inside a two-byte character (é and è share their first byte).
            quake("ci3", place: "\u{E8}", title: "- \u{E8}", page: page + "c"),
            quake("ci4", place: nil, title: "M 1.3 - ", page: nil),
            quake("ci5", place: "", title: "M 1.3 - ", page: page),
            quake("ci5", place: "x", title: " - x", page: page + "ci5"),
        ]
        let decoded = try #require(QuakeArchive.decode(QuakeArchive.encode(quakes)))
        #expect(decoded == quakes)
        for (original, copy) in zip(quakes, decoded) {
            #expect(Array(copy.title.utf8) == Array(original.title.utf8))
            #expect(Array((copy.place ?? "").utf8) == Array((original.place ?? "").utf8))
            #expect(copy.eventPage.map { Array($0.utf8) } == original.eventPage.map { Array($0.utf8) })
        }
    }

    @Test func archiveOfARealFeedIsSmallAndExact() throws {
        guard let data = try Fixtures.usgs.data("all_week_2018-06-14_LARGEST.geojson") else {
            print(Fixtures.usgs.missingMessage)
            return
        }
        let quakes = try QuakeFeedDecoder().decode(data).quakes.sorted(by: Quake.newestFirst)
        let archive = QuakeArchive.encode(quakes)
        #expect(QuakeArchive.decode(archive) == quakes)
        // Links, networks and titles share most of their bytes: about 150 bytes a quake instead of ~400.
        #expect(archive.count < quakes.count * 200)
    }

    /// A 304's validators and time reach the device store: the next launch within a minute asks nothing, and the one
    /// after asks with the 304's `ETag` (and the stored `Last-Modified` it left out); the deleted row stays hidden.
    @MainActor @Test func aNotModifiedAnswerIsStoredOnTheRealStore() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let storeClock = Locked(ModelHarness.start)
        let harness = ModelHarness(cache: try await openCache(clock: storeClock))
        func advance(_ seconds: TimeInterval) {
            harness.advance(seconds)
            storeClock.withLock { $0 = $0.addingTimeInterval(seconds) }
        }
        let lastModified = FeedValidators(lastModified: "Wed, 02 Mar 2016 12:50:00 GMT")
        harness.answer(.fresh(QuakeListModelTests.feed, lastModified))
        await harness.model.appeared()
        await harness.model.rowDeleted(id: "nc1")
        advance(61)
        harness.relaunch()
        harness.answer(.notModified(FeedValidators(etag: "\"v2\"")))
        await harness.model.appeared()
        advance(59)
        harness.relaunch()
        await harness.model.appeared()
        advance(2)
        harness.relaunch()
        harness.answer(.notModified)
        await harness.model.appeared()
        #expect(
            harness.takeRequests() == [
                nil, lastModified, FeedValidators(etag: "\"v2\"", lastModified: "Wed, 02 Mar 2016 12:50:00 GMT"),
            ])
        #expect(
            harness.screen
                == Screen(
                    isBusy: false, lastUpdated: "Updated 4:52\u{202F}AM",
                    rows: [QuakeListModelTests.anchorage, QuakeListModelTests.volcano, QuakeListModelTests.sumatra]))
    }

    /// An update that changes the cached copy's format leaves a copy that no longer reads: the rows the person deleted
    /// came back for one launch (they are kept apart from it, but were read with it). Whatever the copy holds, the
    /// feed loads, and the deleted row stays gone.
    @MainActor @Test(arguments: [Data(), Data("{\"features\":[]}".utf8), Data([0xFF, 0x00, 0x7F]), Data(count: 4096)])
    func deletedRowsOutliveACachedCopyThatNoLongerReads(_ unreadable: Data) async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let storeClock = Locked(ModelHarness.start)
        let store = try await LocalStore(
            database: try SQLiteDatabase(path: folder.appendingPathComponent("device.sqlite").path),
            now: { storeClock.withLock { $0 } })
        let harness = ModelHarness(cache: .live(store))
        harness.answer(.fresh(QuakeListModelTests.feed, QuakeListModelTests.v1))
        await harness.model.appeared()
        await harness.model.rowDeleted(id: "nc1")
        // The copy of the version before, read by this one.
        try await store.storeCache(unreadable, for: ModelHarness.feedURL.absoluteString)
        harness.advance(61)
        storeClock.withLock { $0 = $0.addingTimeInterval(61) }
        harness.relaunch()
        harness.answer(.fresh(QuakeListModelTests.feed, QuakeListModelTests.v1))
        await harness.model.appeared()
        #expect(harness.takeRequests() == [nil, nil])
        let kept = [QuakeListModelTests.anchorage, QuakeListModelTests.volcano, QuakeListModelTests.sumatra]
        #expect(harness.screen == Screen(isBusy: false, lastUpdated: "Updated 4:51\u{202F}AM", rows: kept))
        harness.relaunch()
        await harness.model.appeared()
        #expect(harness.takeRequests().isEmpty)
        #expect(harness.screen.rows == kept)
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
