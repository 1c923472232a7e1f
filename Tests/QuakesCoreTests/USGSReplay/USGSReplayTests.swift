import Foundation
import HTTPServer
import Locking
import QuakeFeedCodec
import QuakesModels
import TestSupport
import Testing

@testable import QuakesCore
@testable import USGSReplay

/// NB: each test makes its own replay (no statics), so everything it generated is freed when the test ends
/// and LeakSanitizer sees no long-lived buffers; most use a 2,000-quake month to stay fast.
@Suite struct USGSReplayTests {
    static let now = Date(timeIntervalSince1970: 1_764_460_800)  // 2025-11-30T00:00:00Z
    let replay: USGSReplay
    let router: Router

    init() {
        replay = USGSReplay(USGSReplayConfiguration(now: Self.now, demoCount: 2_000))
        var router = Router()
        replay.register(on: &router)
        self.router = router
    }

    func get(_ target: String, _ headers: HTTPHeaders = [:], from router: Router? = nil) async throws -> Response {
        try await (router ?? self.router).respond(to: Request(method: .get, target: target, headers: headers))
    }

    @Test func servesTheMonthWithUSGSHeaders() async throws {
        let response = try await get("/usgs/feed/v1.0/summary/all_month.geojson")
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(response.headers["Cache-Control"] == "public, max-age=60")
        #expect(response.headers["Last-Modified"] == "Sun, 30 Nov 2025 00:00:00 GMT")
        #expect(response.headers["Access-Control-Allow-Origin"] == "*")
        let etag = try #require(response.headers["ETag"])
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count == 18)
        #expect(response.headers["Expires"] != nil)
    }

    @Test func answers304ToAMatchingETagOrDate() async throws {
        let first = try await get("/usgs/feed/v1.0/summary/all_day.geojson")
        let etag = try #require(first.headers["ETag"])
        let matching = try await get("/usgs/feed/v1.0/summary/all_day.geojson", ["If-None-Match": etag])
        #expect(matching.status == .notModified)
        #expect(matching.bodyData.isEmpty)
        #expect(matching.headers["ETag"] == etag)
        let listed = try await get("/usgs/feed/v1.0/summary/all_day.geojson", ["If-None-Match": "\"x\", W/\(etag)"])
        #expect(listed.status == .notModified)
        let other = try await get("/usgs/feed/v1.0/summary/all_day.geojson", ["If-None-Match": "\"other\""])
        #expect(other.status == .ok)
        let since = try await get(
            "/usgs/feed/v1.0/summary/all_day.geojson", ["If-Modified-Since": "Sun, 30 Nov 2025 00:00:00 GMT"])
        #expect(since.status == .notModified)
        let before = try await get(
            "/usgs/feed/v1.0/summary/all_day.geojson", ["If-Modified-Since": "Sat, 29 Nov 2025 23:59:59 GMT"])
        #expect(before.status == .ok)
        // RFC 9110 §5.6.7: a recipient reads the two obsolete date forms too.
        for obsolete in ["Sunday, 30-Nov-25 00:00:00 GMT", "Sun Nov 30 00:00:00 2025"] {
            let old = try await get("/usgs/feed/v1.0/summary/all_day.geojson", ["If-Modified-Since": obsolete])
            #expect(old.status == .notModified, "\(obsolete)")
        }
        // If-None-Match wins over If-Modified-Since.
        let both = try await get(
            "/usgs/feed/v1.0/summary/all_day.geojson",
            ["If-None-Match": "\"other\"", "If-Modified-Since": "Sun, 30 Nov 2025 00:00:00 GMT"])
        #expect(both.status == .ok)
    }

    @Test(arguments: [
        "/usgs/feed/v1.0/summary/all_year.geojson", "/usgs/feed/v1.0/summary/3.0_day.geojson",
        "/usgs/feed/v1.0/summary/all_month", "/usgs/feed/v1.0/summary/..%2Fsecret.geojson",
        "/usgs/feed/v1.0/detail/nothing.geojson", "/usgs/earthquakes/eventpage/nothing",
    ])
    func unknownFeedsAre404(_ target: String) async throws {
        await #expect {
            _ = try await get(target)
        } throws: { error in
            (error as? HTTPError)?.status == .notFound
        }
    }

    @Test func demoMonthIsRealistic() async throws {
        var router = Router()
        USGSReplay(USGSReplayConfiguration(now: Self.now)).register(on: &router)
        let response = try await get("/usgs/feed/v1.0/summary/all_month.geojson", from: router)
        let feed = try QuakeFeedDecoder(origin: "http://127.0.0.1:8080").decode(response.bodyData)
        #expect(feed.quakes.count == 10_000)
        #expect(feed.declaredCount == 10_000)
        #expect(feed.skipped == 0)
        #expect(feed.title == "USGS All Earthquakes, Past Month")
        let magnitudes = feed.quakes.compactMap(\.magnitude)
        #expect(magnitudes.count == 10_000)
        let great = magnitudes.filter { $0 >= 7 }.count
        #expect((1...5).contains(great))
        // Gutenberg–Richter: each step up in magnitude is much rarer.
        let counts = [0.0, 1, 2, 3, 4, 5, 6, 7].map { floor in magnitudes.filter { $0 >= floor }.count }
        print("demo month: quakes of magnitude ≥ 0, 1 … 7:", counts)
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 > $1 })
        #expect(counts[1] > 2 * counts[2] && counts[4] > 3 * counts[5] && counts[5] > 3 * counts[6])
        #expect(magnitudes.contains { $0 < 0 })
        let start = Self.now.addingTimeInterval(-30 * 86_400)
        #expect(feed.quakes.allSatisfy { $0.time >= start && $0.time < Self.now })
        #expect(zip(feed.quakes, feed.quakes.dropFirst()).allSatisfy { Quake.newestFirst($0, $1) })
        #expect(Set(feed.quakes.map(\.id)).count == 10_000)
        let types = Set(feed.quakes.map(\.type))
        #expect(types.isSuperset(of: ["earthquake", "quarry blast", "explosion"]))
        #expect(Double(feed.quakes.filter { $0.type == "earthquake" }.count) > 0.95 * 10_000)
        #expect(Set(feed.quakes.compactMap(\.status)) == ["automatic", "reviewed"])
        #expect(
            feed.quakes.contains { $0.place?.contains("Grindavík") == true || $0.place?.contains("Türkiye") == true })
        #expect(feed.quakes.contains { ($0.coordinate.depth ?? 0) < 0 })
        let first = try #require(feed.quakes.first)
        #expect(first.title.hasPrefix("M "))
        #expect(first.eventPage == "http://127.0.0.1:8080/usgs/earthquakes/eventpage/\(first.id)")
        let place = try #require(feed.quakes.first { $0.place?.contains(" km ") == true }?.place)
        #expect(place.range(of: #"^\d+ km [NSEW]{1,3} of .+$"#, options: .regularExpression) != nil)
    }

    @Test func otherFeedsAreFilteredViewsOfTheMonth() async throws {
        let month = try QuakeFeedDecoder().decode(try await get("/usgs/feed/v1.0/summary/all_month.geojson").bodyData)
        let week45 = try QuakeFeedDecoder().decode(try await get("/usgs/feed/v1.0/summary/4.5_week.geojson").bodyData)
        let weekStart = Self.now.addingTimeInterval(-7 * 86_400)
        let expected = month.quakes.filter { ($0.magnitude ?? 0) >= 4.5 && $0.time >= weekStart }.map(\.id)
        #expect(week45.quakes.map(\.id) == expected)
        #expect(!expected.isEmpty)
        #expect(week45.title == "USGS M4.5+ Earthquakes, Past Week")
        let significant = try QuakeFeedDecoder().decode(
            try await get("/usgs/feed/v1.0/summary/significant_month.geojson").bodyData)
        #expect(significant.quakes.allSatisfy { ($0.sig ?? 0) >= 600 })
        #expect(significant.quakes.filter { ($0.magnitude ?? 0) >= 7 }.count >= 1)
        let hour = try QuakeFeedDecoder().decode(try await get("/usgs/feed/v1.0/summary/all_hour.geojson").bodyData)
        #expect(hour.quakes.allSatisfy { $0.time >= Self.now.addingTimeInterval(-3600) })
        #expect(hour.quakes.count < 40)
    }

    @Test func sameSeedAndNowGiveTheSameBytes() throws {
        let again = USGSReplay(USGSReplayConfiguration(now: Self.now, demoCount: 2_000))
        let other = USGSReplay(USGSReplayConfiguration(now: Self.now, seed: 7, demoCount: 2_000))
        let a = try #require(try replay.summaryFeed(named: "2.5_day.geojson"))
        let b = try #require(try again.summaryFeed(named: "2.5_day.geojson"))
        let c = try #require(try other.summaryFeed(named: "2.5_day.geojson"))
        #expect(a.body == b.body)
        #expect(a.etag == b.etag)
        #expect(a.etag != c.etag)
    }

    @Test func detailFeedAndEventPageOfADemoEvent() async throws {
        let month = try QuakeFeedDecoder().decode(try await get("/usgs/feed/v1.0/summary/all_month.geojson").bodyData)
        let quake = try #require(month.quakes.first { ($0.magnitude ?? 0) >= 7 })
        let detail = try await get("/usgs/feed/v1.0/detail/\(quake.id).geojson")
        let decoded = try QuakeFeedDecoder().decode(detail.bodyData)
        #expect(decoded.quakes.map(\.id) == [quake.id])
        #expect(decoded.quakes.first?.magnitude == quake.magnitude)
        let page = try await get("/usgs/earthquakes/eventpage/\(quake.id)")
        #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(String(decoding: page.bodyData, as: UTF8.self).contains("<h1>\(quake.title)</h1>"))
    }

    /// A feed folder's file is served as it is but for its USGS links, which lead to the replay (site-relative
    /// here: the request has no Host).
    @Test func servesFilesFromAFeedDirectoryVerbatimButTheirLinks() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let body = TestFeed.collection([TestFeed.feature(id: "nc1")])
        try body.write(to: folder.appendingPathComponent("all_day.geojson"))
        var router = Router()
        USGSReplay(USGSReplayConfiguration(feedDirectory: folder, now: Self.now)).register(on: &router)
        let response = try await router.respond(
            to: Request(method: .get, target: "/usgs/feed/v1.0/summary/all_day.geojson"))
        #expect(response.status == .ok)
        let usgs = "\"https://earthquake.usgs.gov/earthquakes/"
        let expected = String(decoding: body, as: UTF8.self)
            .replacingOccurrences(of: usgs + "eventpage/", with: "\"/usgs/earthquakes/eventpage/")
            .replacingOccurrences(of: usgs + "feed/v1.0/", with: "\"/usgs/feed/v1.0/")
        #expect(String(decoding: response.bodyData, as: UTF8.self) == expected)
        let etag = try #require(response.headers["ETag"])
        let again = try await router.respond(
            to: Request(
                method: .get, target: "/usgs/feed/v1.0/summary/all_day.geojson", headers: ["If-None-Match": etag]))
        #expect(again.status == .notModified)
        await #expect(throws: HTTPError.self) {
            _ = try await router.respond(to: Request(method: .get, target: "/usgs/feed/v1.0/summary/all_week.geojson"))
        }
    }

    static func object(_ data: Data) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    /// The demo feed's links are absolute addresses of this server, as USGS's are of its own (they were
    /// site-relative): from the request's Host, or the public URL when one is set, and each leads somewhere.
    @Test func demoLinksAreAbsoluteAddressesOfThisServer() async throws {
        let response = try await get("/usgs/feed/v1.0/summary/all_day.geojson", ["Host": "quakes.test:8080"])
        let document = Self.object(response.bodyData)
        let metadata = try #require(document["metadata"] as? [String: Any])
        #expect(metadata["url"] as? String == "http://quakes.test:8080/usgs/feed/v1.0/summary/all_day.geojson")
        let feature = try #require((document["features"] as? [[String: Any]])?.first)
        let id = try #require(feature["id"] as? String)
        let properties = try #require(feature["properties"] as? [String: Any])
        #expect(properties["url"] as? String == "http://quakes.test:8080/usgs/earthquakes/eventpage/\(id)")
        let detailLink = try #require(properties["detail"] as? String)
        #expect(detailLink == "http://quakes.test:8080/usgs/feed/v1.0/detail/\(id).geojson")
        let detail = try await get(try #require(URL(string: detailLink)).path, ["Host": "quakes.test:8080"])
        #expect(detail.status == .ok)
        let detailProperties = try #require(Self.object(detail.bodyData)["properties"] as? [String: Any])
        #expect(detailProperties["url"] as? String == "http://quakes.test:8080/usgs/earthquakes/eventpage/\(id)")
        #expect(detailProperties["detail"] == nil)
        #expect(detailProperties["products"] is [String: Any])

        // The Quakes client keeps an absolute link as it is, and still resolves a site-relative one.
        let feedURL = try #require(URL(string: "http://127.0.0.1:8080/usgs/feed/v1.0/summary/all_day.geojson"))
        let absolute = try QuakeFeedDecoder(feedURL: feedURL).decode(response.bodyData)
        #expect(absolute.quakes.first?.eventPage == "http://quakes.test:8080/usgs/earthquakes/eventpage/\(id)")
        let relative = try QuakeFeedDecoder(feedURL: feedURL).decode(
            try await get("/usgs/feed/v1.0/summary/all_day.geojson").bodyData)
        #expect(relative.quakes.first?.eventPage == "http://127.0.0.1:8080/usgs/earthquakes/eventpage/\(id)")

        // A public URL wins over the Host; a Host that is no host name is not written into the feed.
        var router = Router()
        let publicURL = try #require(URL(string: "https://quakes.example/quartet/"))
        USGSReplay(USGSReplayConfiguration(now: Self.now, demoCount: 200, publicURL: publicURL)).register(on: &router)
        let published = try await get("/usgs/feed/v1.0/summary/all_day.geojson", ["Host": "x:1"], from: router)
        #expect(
            (Self.object(published.bodyData)["metadata"] as? [String: Any])?["url"] as? String
                == "https://quakes.example/quartet/usgs/feed/v1.0/summary/all_day.geojson")
        let forged = try await get("/usgs/feed/v1.0/summary/all_day.geojson", ["Host": "a\",\"b"])
        #expect(
            (Self.object(forged.bodyData)["metadata"] as? [String: Any])?["url"] as? String
                == "/usgs/feed/v1.0/summary/all_day.geojson")
    }

    /// With a feed folder, every event of its files has a detail feed (its feature, as USGS serves one event) and
    /// an event page; both were always 404.
    @Test func aFeedFoldersEventsHaveDetailFeedsAndPages() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestFeed.collection([TestFeed.feature(id: "nc1", title: "M 2.0 - <Testville>")])
            .write(to: folder.appendingPathComponent("all_day.geojson"))
        try TestFeed.collection([TestFeed.feature(id: "misnamed")]).write(to: folder.appendingPathComponent("day.json"))
        var router = Router()
        USGSReplay(USGSReplayConfiguration(feedDirectory: folder, now: Self.now)).register(on: &router)
        let detail = try await get("/usgs/feed/v1.0/detail/nc1.geojson", ["Host": "quakes.test"], from: router)
        #expect(detail.status == .ok)
        #expect(detail.headers["ETag"] != nil)
        let decoded = try QuakeFeedDecoder().decode(detail.bodyData)
        #expect(decoded.quakes.map(\.id) == ["nc1"])
        #expect(decoded.quakes.first?.eventPage == "http://quakes.test/usgs/earthquakes/eventpage/nc1")
        let properties = try #require(Self.object(detail.bodyData)["properties"] as? [String: Any])
        #expect(properties["detail"] == nil)
        #expect(properties["products"] is [String: Any])
        let page = try await get("/usgs/earthquakes/eventpage/nc1", from: router)
        #expect(page.status == .ok)
        #expect(String(decoding: page.bodyData, as: UTF8.self).contains("<h1>M 2.0 - &lt;Testville&gt;</h1>"))
        for target in ["/usgs/feed/v1.0/detail/misnamed.geojson", "/usgs/earthquakes/eventpage/nothing"] {
            await #expect(throws: HTTPError.self) { _ = try await get(target, from: router) }
        }
    }

    /// A real summary feed in a folder: the detail of one of its events keeps its every property but the link to
    /// itself, as USGS's detail feed does.
    @Test func aRealFeedsEventHasItsDetail() async throws {
        guard let data = try Fixtures.usgs.data("all_day_2019-01-30.geojson") else {
            print(Fixtures.usgs.missingMessage)
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try data.write(to: folder.appendingPathComponent("all_day.geojson"))
        var router = Router()
        USGSReplay(USGSReplayConfiguration(feedDirectory: folder, now: Self.now)).register(on: &router)
        let summary = try #require((Self.object(data)["features"] as? [[String: Any]])?.first)
        let detail = try await get("/usgs/feed/v1.0/detail/nc73138176.geojson", from: router)
        let feature = Self.object(detail.bodyData)
        #expect(feature["id"] as? String == "nc73138176")
        var expected = try #require(summary["properties"] as? [String: Any])
        expected["detail"] = nil
        let properties = try #require(feature["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(expected.keys).union(["products"]))
        #expect(properties["url"] as? String == "/usgs/earthquakes/eventpage/nc73138176")
        #expect((properties["mag"] as? NSNumber)?.doubleValue == 2.79)
    }

    /// A feed folder's events link to the replay's own event pages and detail feeds, as the demo feed's do: they
    /// linked to usgs.gov, which has no page for an event the folder made up (and is out of reach offline). Only
    /// a string that starts with USGS's address changes; a file edited is read again.
    @Test func aFeedFoldersLinksLeadToTheReplay() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("all_day.geojson")
        let quoted = #"see \"https://earthquake.usgs.gov/earthquakes/eventpage/x\""#
        try TestFeed.collection([
            TestFeed.feature(id: "nc1", place: .some(.some(quoted))),
            TestFeed.feature(id: "nc2").replacingOccurrences(of: "https://earthquake", with: "http://earthquake"),
        ]).write(to: file)
        var router = Router()
        USGSReplay(USGSReplayConfiguration(feedDirectory: folder, now: Self.now)).register(on: &router)
        let host: HTTPHeaders = ["Host": "quakes.test:8080"]
        let summary = try await get("/usgs/feed/v1.0/summary/all_day.geojson", host, from: router)
        let document = Self.object(summary.bodyData)
        let metadata = try #require(document["metadata"] as? [String: Any])
        #expect(metadata["url"] as? String == "http://quakes.test:8080/usgs/feed/v1.0/summary/all_month.geojson")
        let features = try #require(document["features"] as? [[String: Any]])
        for (feature, id) in zip(features, ["nc1", "nc2"]) {
            let properties = try #require(feature["properties"] as? [String: Any])
            let page = "http://quakes.test:8080/usgs/earthquakes/eventpage/\(id)"
            let detail = "http://quakes.test:8080/usgs/feed/v1.0/detail/\(id).geojson"
            #expect(properties["url"] as? String == page)
            #expect(properties["detail"] as? String == detail)
            for link in [page, detail] {
                let target = String(link.dropFirst("http://quakes.test:8080".count))
                #expect(try await get(target, host, from: router).status == .ok, "\(target)")
            }
        }
        let place = (features.first?["properties"] as? [String: Any])?["place"] as? String
        #expect(place == "see \"https://earthquake.usgs.gov/earthquakes/eventpage/x\"")
        let decoded = try QuakeFeedDecoder().decode(summary.bodyData)
        #expect(
            decoded.quakes.map(\.eventPage) == [
                "http://quakes.test:8080/usgs/earthquakes/eventpage/nc1",
                "http://quakes.test:8080/usgs/earthquakes/eventpage/nc2",
            ])
        try TestFeed.collection([TestFeed.feature(id: "nc3", mag: 3.25)]).write(to: file)
        let edited = try QuakeFeedDecoder().decode(
            try await get("/usgs/feed/v1.0/summary/all_day.geojson", host, from: router).bodyData)
        #expect(edited.quakes.map(\.id) == ["nc3"])
        #expect(edited.quakes.first?.eventPage == "http://quakes.test:8080/usgs/earthquakes/eventpage/nc3")
    }

    /// The whole path: list model → feed client → replay router, with conditional requests.
    @MainActor @Test func listModelAgainstTheReplay() async throws {
        let requests = Locked<[String]>([])
        let client = QuakeFeedClient { url, validators in
            var headers: HTTPHeaders = [:]
            if let etag = validators?.etag { headers["If-None-Match"] = etag }
            if let date = validators?.lastModified { headers["If-Modified-Since"] = date }
            let response = try await router.respond(to: Request(method: .get, target: url.path, headers: headers))
            requests.withLock { $0.append("\(response.status.rawValue)") }
            let validators = FeedValidators(
                etag: response.headers["ETag"], lastModified: response.headers["Last-Modified"])
            if response.status == .notModified { return .notModified(validators) }
            return .fresh(response.bodyData, validators)
        }
        let url = try #require(URL(string: "http://127.0.0.1:8080/usgs/feed/v1.0/summary/4.5_month.geojson"))
        let clock = Locked(Self.now)
        let service = QuakeFeedService(feedURL: url, client: client, cache: .inMemory(), formatter: testFormatter)
        let model = QuakeListModel(service: service, now: { clock.withLock { $0 } })
        await model.appeared()
        #expect(model.banner == nil)
        #expect(!model.rows.isEmpty)
        #expect(model.rows.contains { $0.tint == .red })
        #expect(model.mapAnnotations.count == model.rows.count)
        clock.withLock { $0 = Self.now.addingTimeInterval(120) }
        await model.refreshPulled()
        #expect(requests.withLock { $0 } == ["200", "304"])
        #expect(model.lastUpdated == "Updated 4:02\u{202F}PM")
    }
}
