import Foundation
import QuakesModels
import TestSupport
import Testing

@testable import QuakeFeedCodec

@Suite struct QuakeFeedDecoderTests {
    let decoder = QuakeFeedDecoder()

    @Test func decodesEveryFieldOfAFeature() throws {
        let feed = try decoder.decode(
            TestFeed.collection([
                TestFeed.feature(
                    id: "nc1", mag: 4.52, title: "M 4.5 - 10 km N of Testville, CA",
                    extra: "\"ignored\":{\"nested\":[1,2,{\"a\":null}]}")
            ]))
        let quake = try #require(feed.quakes.first)
        #expect(quake.id == "nc1")
        #expect(quake.magnitude == 4.52)
        #expect(quake.place == "10 km N of Testville, CA")
        #expect(quake.title == "M 4.5 - 10 km N of Testville, CA")
        #expect(quake.time == Date(timeIntervalSince1970: 1_456_922_988.360))
        #expect(quake.updated == Date(timeIntervalSince1970: 1_456_923_048.360))
        #expect(quake.eventPage == "https://earthquake.usgs.gov/earthquakes/eventpage/nc1")
        #expect(quake.url == URL(string: "https://earthquake.usgs.gov/earthquakes/eventpage/nc1"))
        #expect(quake.detailFeed == "https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/nc1.geojson")
        #expect(quake.coordinate == QuakeCoordinate(longitude: -122.3149, latitude: 38.2911, depth: 8.5))
        #expect(quake.status == "reviewed")
        #expect(quake.type == "earthquake")
        #expect(quake.magType == "ml")
        #expect(quake.tsunami == false)
        #expect(quake.sig == 61)
        #expect(quake.net == "nc")
        #expect(quake.tz == nil)
        #expect(feed.skipped == 0)
        #expect(feed.declaredCount == 1)
        #expect(feed.title == "USGS All Earthquakes, Past Month")
    }

    @Test func nullMagnitudePlaceAndTimeZoneBecomeNil() throws {
        let feed = try decoder.decode(
            TestFeed.collection([TestFeed.feature(id: "a", mag: .some(nil), place: .some(nil), title: "M ? - x")]))
        let quake = try #require(feed.quakes.first)
        #expect(quake.magnitude == nil)
        #expect(quake.place == nil)
        #expect(quake.tz == nil)
    }

    @Test func buildsATitleWhenTheFeedHasNone() throws {
        let feed = try decoder.decode(
            TestFeed.collection([
                TestFeed.feature(id: "a", mag: 4.46, place: "10 km N of X"),
                TestFeed.feature(id: "b", mag: .some(nil), place: "Off the coast of Oregon"),
                TestFeed.feature(id: "c", mag: 1.2, place: "5 km E of Y", type: "quarry blast"),
                TestFeed.feature(id: "d", mag: 2.0, place: .some(nil)),
                TestFeed.feature(id: "e", mag: 3.0, title: ""),
            ]))
        #expect(
            feed.quakes.map(\.title) == [
                "M 4.5 - 10 km N of X", "M ? - Off the coast of Oregon", "M 1.2 Quarry Blast - 5 km E of Y", "M 2.0",
                "M 3.0 - 10 km N of Testville, CA",
            ])
    }

    @Test func keepsNegativeMagnitudesAndDepths() throws {
        let feed = try decoder.decode(
            TestFeed.collection([TestFeed.feature(id: "a", mag: -0.5, coordinates: "[-155.27, 19.39, -1.46]")]))
        let quake = try #require(feed.quakes.first)
        #expect(quake.magnitude == -0.5)
        #expect(quake.coordinate.depth == -1.46)
    }

    @Test func normalizesMixedCaseEnumerations() throws {
        let feed = try decoder.decode(
            TestFeed.collection([
                TestFeed.feature(id: "a", status: "REVIEWED", type: "Quarry Blast", magType: "Mww"),
                TestFeed.feature(id: "b", status: " Automatic ", type: "ice quake", magType: "ML"),
            ]))
        #expect(feed.quakes.map(\.status) == ["reviewed", "automatic"])
        #expect(feed.quakes.map(\.type) == ["quarry blast", "ice quake"])
        #expect(feed.quakes.map(\.magType) == ["mww", "ml"])
    }

    @Test func keepsNonASCIIPlacesAndDecodesEscapes() throws {
        let feed = try decoder.decode(
            TestFeed.collection([
                TestFeed.feature(id: "a", place: "3 km SW of Grindavík, Iceland"),
                TestFeed.feature(id: "b", place: "Malatya, T\\u00fcrkiye \\\"quoted\\\" \\ud83c\\udf0b\\/x"),
            ]))
        #expect(feed.quakes.map(\.place) == ["3 km SW of Grindavík, Iceland", "Malatya, Türkiye \"quoted\" 🌋/x"])
    }

    @Test func skipsAndCountsMalformedFeaturesWithoutSinkingTheFeed() throws {
        let feed = try decoder.decode(
            TestFeed.collection(
                [
                    TestFeed.feature(id: "good1"),
                    TestFeed.feature(id: "badMag").replacingOccurrences(of: "\"mag\":2.0", with: "\"mag\":\"4.5\""),
                    TestFeed.feature(id: "noCoordinates", coordinates: "[]"),
                    TestFeed.feature(id: "textCoordinates", coordinates: "[\"a\", \"b\"]"),
                    TestFeed.feature(id: "outOfRange", coordinates: "[-200, 95, 1]"),
                    #"{"type":"Feature","properties":{"mag":1.0,"time":1},"geometry":null,"id":"nullGeometry"}"#,
                    #"{"type":"Feature","properties":{"mag":1.0},"geometry":{"coordinates":[1,2,3]},"id":"noTime"}"#,
                    #"{"type":"Feature","properties":{"time":1},"geometry":{"coordinates":[1,2,3]}}"#,
                    "42",
                    "null",
                    TestFeed.feature(id: "good2"),
                ], count: 20))
        #expect(feed.quakes.map(\.id) == ["good1", "good2"])
        #expect(feed.skipped == 9)
        #expect(feed.declaredCount == 20)
    }

    @Test func magnitudeAsTextIsMalformed() throws {
        let text = TestFeed.feature(id: "x").replacingOccurrences(of: "\"mag\":2.0", with: "\"mag\":\"2.0\"")
        let feed = try decoder.decode(TestFeed.collection([text]))
        #expect(feed.quakes.isEmpty)
        #expect(feed.skipped == 1)
    }

    @Test func featuresWithoutDepthHaveNoDepth() throws {
        let feed = try decoder.decode(TestFeed.collection([TestFeed.feature(id: "a", coordinates: "[10.5, -3.25]")]))
        #expect(feed.quakes.first?.coordinate == QuakeCoordinate(longitude: 10.5, latitude: -3.25, depth: nil))
    }

    /// `null` is a missing value: a depth of `null` is an unknown depth, and the quake stays in the list (it was
    /// skipped as malformed, though the app writes a quake without a depth); a `null` longitude or latitude still
    /// leaves it nowhere to be.
    @Test func aNullDepthIsAnUnknownDepth() throws {
        let body = TestFeed.collection([
            TestFeed.feature(id: "a", coordinates: "[10.5, -3.25, null]"),
            TestFeed.feature(id: "b", coordinates: "[null, -3.25, 4]"),
            TestFeed.feature(id: "c", coordinates: "[10.5, null]"),
        ])
        for feed in [try decoder.decode(body), try PlainQuakeFeedDecoder().decode(body)] {
            #expect(feed.quakes.map(\.coordinate) == [QuakeCoordinate(longitude: 10.5, latitude: -3.25, depth: nil)])
            #expect(feed.skipped == 2)
        }
    }

    @Test(arguments: [
        "", "{", "not json", "<html><body>502 Bad Gateway</body></html>", "{\"features\":[{\"id\":\"a\"",
        "{\"features\":[]} trailing", "[1,2", "{\"a\":tru}", "{\"a\":\"unterminated}",
    ])
    func rejectsBodiesThatAreNotJSON(_ body: String) {
        #expect(throws: FeedDecodingError.self) { try decoder.decode(Data(body.utf8)) }
    }

    /// Foundation's `JSONSerialization` reads a comma before a closing brace or bracket, so the scanner does too
    /// (the quake-feed fuzz target found a feature it refused); a lone comma is still no JSON.
    @Test func readsATrailingCommaAsFoundationDoes() throws {
        let body =
            #"{"features":[{"type":"Feature","properties":{"mag":-0.5,"time":1,},"id":"a","#
            + #""geometry":{"coordinates":[1,2,],},},],}"#
        #expect(try JSONSerialization.jsonObject(with: Data(body.utf8)) is [String: Any])
        let feed = try decoder.decode(Data(body.utf8))
        #expect(feed.quakes.map(\.id) == ["a"])
        #expect(feed.quakes.first?.magnitude == -0.5)
        for broken in [#"{"features":[,]}"#, #"{,}"#, #"{"features":[1,,]}"#] {
            #expect(throws: FeedDecodingError.self) { try decoder.decode(Data(broken.utf8)) }
        }
    }

    /// A body that nests without end is refused at 512 levels; 100,000 levels overflowed the stack (a crash).
    @Test func rejectsNestingDeeperThanTheLimit() throws {
        let deep = "{\"features\":[{\"properties\":{\"x\":" + String(repeating: "[", count: 100_000)
        #expect(throws: FeedDecodingError.self) { try decoder.decode(Data(deep.utf8)) }
        let shallow = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        let feed = try decoder.decode(Data(("{\"metadata\":" + shallow + ",\"features\":[]}").utf8))
        #expect(feed.quakes.isEmpty)
        let tooDeep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: FeedDecodingError.self) {
            try decoder.decode(Data(("{\"metadata\":" + tooDeep + "}").utf8))
        }
    }

    @Test func rejectsATruncatedFeed() throws {
        let data = TestFeed.collection((0..<20).map { TestFeed.feature(id: "q\($0)") })
        #expect(throws: FeedDecodingError.self) { try decoder.decode(data.prefix(data.count / 2)) }
    }

    @Test func readsNumbersExactly() throws {
        let feed = try decoder.decode(
            TestFeed.collection([
                TestFeed.feature(id: "a", mag: 2.94, coordinates: "[-155.2749939, 19.3939991, 1.46]"),
                TestFeed.feature(id: "b", mag: 1e0, coordinates: "[1.5E+1, -2.5e-1, 0]"),
                TestFeed.feature(id: "c", coordinates: "[-122.12345678901234567, 37.1, 10]"),
            ]))
        #expect(feed.quakes[0].magnitude == 2.94)
        #expect(feed.quakes[0].coordinate.longitude == -155.2749939)
        #expect(feed.quakes[0].coordinate.latitude == 19.3939991)
        #expect(feed.quakes[1].coordinate.longitude == 15)
        #expect(feed.quakes[1].coordinate.latitude == -0.25)
        #expect(feed.quakes[2].coordinate.longitude == -122.12345678901234567)
    }

    @Test func decodesADetailFeatureAndResolvesRelativeLinks() throws {
        let body = """
            {"type":"Feature","properties":{"mag":7.8,"place":"Southwest of Sumatra, Indonesia",\
            "time":1456922988360,"url":"/earthquakes/eventpage/us10004u1y","felt":30,"alert":"green",\
            "status":"reviewed","tsunami":1,"magType":"mww","type":"earthquake",\
            "title":"M7.8  - Southwest of Sumatra, Indonesia","products":{"origin":[{"properties":{"depth":"24"}}]}},\
            "geometry":{"type":"Point","coordinates":[94.275,-4.9082,24]},"id":"us10004u1y"}
            """
        let feed = try QuakeFeedDecoder(origin: "https://earthquake.usgs.gov").decode(Data(body.utf8))
        let quake = try #require(feed.quakes.first)
        #expect(quake.eventPage == "https://earthquake.usgs.gov/earthquakes/eventpage/us10004u1y")
        #expect(quake.tsunami)
        #expect(quake.felt == 30)
        #expect(quake.alert == "green")
        #expect(feed.declaredCount == nil)
    }

    @Test func relativeLinksResolveAgainstTheFeedsOrigin() throws {
        let feedURL = try #require(URL(string: "http://127.0.0.1:8080/usgs/feed/v1.0/summary/all_day.geojson"))
        let decoder = QuakeFeedDecoder(feedURL: feedURL)
        let text = TestFeed.feature(id: "x").replacingOccurrences(
            of: "https://earthquake.usgs.gov/earthquakes/eventpage/x", with: "/usgs/earthquakes/eventpage/x")
        let feed = try decoder.decode(TestFeed.collection([text]))
        #expect(feed.quakes.first?.eventPage == "http://127.0.0.1:8080/usgs/earthquakes/eventpage/x")
    }

    /// A link that is no web address is dropped as the feed is read, by the scanner and the plain reference alike,
    /// so the list, the detail and `--json` agree; an absolute link of any web host is kept as it is.
    @Test(
        arguments: [
            ("javascript:alert(1)", nil), ("JavaScript:alert(1)", nil), ("file:///etc/passwd", nil),
            ("data:text/html,<b>x</b>", nil), ("//evil.example/x", nil), ("https://", nil), ("http:///x", nil),
            ("https://exa mple.com/x", nil), ("mailto:a@b.c", nil),
            ("HTTPS://earthquake.usgs.gov/x", "HTTPS://earthquake.usgs.gov/x"),
            (
                "http://127.0.0.1:8080/usgs/earthquakes/eventpage/x",
                "http://127.0.0.1:8080/usgs/earthquakes/eventpage/x"
            ),
            ("/earthquakes/eventpage/x", "https://earthquake.usgs.gov/earthquakes/eventpage/x"),
        ] as [(String, String?)])
    func linksThatAreNoWebAddressAreDropped(_ link: String, _ kept: String?) throws {
        let text = TestFeed.feature(id: "x")
            .replacingOccurrences(of: "https://earthquake.usgs.gov/earthquakes/eventpage/x", with: link)
            .replacingOccurrences(of: "https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/x.geojson", with: link)
        let body = TestFeed.collection([text])
        let fast = try #require(try QuakeFeedDecoder().decode(body).quakes.first)
        let plain = try #require(try PlainQuakeFeedDecoder().decode(body).quakes.first)
        #expect(fast.eventPage == kept)
        #expect(fast.detailFeed == kept)
        #expect(plain.eventPage == kept)
        #expect(plain.detailFeed == kept)
    }

    /// A feature whose time no date can have is skipped, as one with no time: `1e300` milliseconds was kept, its row
    /// had an empty time, and `quartet quakes --json` trapped converting it to whole milliseconds.
    @Test(arguments: [
        #""time":1e300"#, #""time":-1e19"#, #""time":8640000000000001"#, #""time":1456922988360,"updated":1e300"#,
    ])
    func aTimeNoDateHasSkipsTheFeature(_ time: String) throws {
        let body =
            #"{"features":[{"id":"far","properties":{\#(time),"mag":5},"geometry":{"coordinates":[1,2]}},"#
            + #"{"id":"ok","properties":{"time":8640000000000000,"mag":5},"geometry":{"coordinates":[1,2]}}]}"#
        for feed in [try decoder.decode(Data(body.utf8)), try PlainQuakeFeedDecoder().decode(Data(body.utf8))] {
            #expect(feed.quakes.map(\.id) == ["ok"])
            #expect(feed.skipped == 1)
        }
    }

    /// A number too large for a `Double` is refused as Foundation refuses it, rather than read as infinity (a
    /// magnitude `M inf`, a time no date has).
    @Test(arguments: ["1e400", "-1e400", "123456789012345678901234567890e300"])
    func aNumberBeyondADoubleIsNotInfinity(_ number: String) {
        let body = Data(
            #"{"features":[{"id":"a","properties":{"time":1,"mag":\#(number)},"geometry":{"coordinates":[1,2]}}]}"#.utf8
        )
        #expect(throws: FeedDecodingError.self) { try decoder.decode(body) }
        #expect(throws: (any Error).self) { try PlainQuakeFeedDecoder().decode(body) }
    }

    /// A feed file saved with a UTF-8 byte order mark reads, as Foundation's `JSONDecoder` reads it.
    @Test func aByteOrderMarkAtTheStartIsSkipped() throws {
        let body = Data([0xEF, 0xBB, 0xBF]) + TestFeed.collection([TestFeed.feature(id: "a")])
        #expect(try decoder.decode(body).quakes.map(\.id) == ["a"])
        #expect(try PlainQuakeFeedDecoder().decode(body).quakes.map(\.id) == ["a"])
        #expect(throws: FeedDecodingError.self) { try decoder.decode(Data([0xEF, 0xBB]) + body.dropFirst(3)) }
    }
}
