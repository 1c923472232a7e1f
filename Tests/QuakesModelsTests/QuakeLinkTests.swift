import Foundation
import QuakesModels
import Testing

/// Links kept as USGS prefix + middle + `.geojson` flag read back exactly as they were given.
@Suite struct QuakeLinkTests {
    static let texts = [
        "https://earthquake.usgs.gov/earthquakes/eventpage/ci37199424",
        "https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/ci37199424.geojson",
        "https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/",
        "https://earthquake.usgs.gov/earthquakes/eventpage/",
        "https://earthquake.usgs.gov/earthquakes/eventpage/.geojson",
        "https://earthquake.usgs.gov/earthquakes/eventpage/Grindav\u{ED}k\u{301}.geojson",
        "http://127.0.0.1:8080/earthquakes/eventpage/us1",
        "https://earthquake.usgs.gov/earthquakes/eventpag",
        ".geojson", "geojson", "", "\u{301}.geojson", "🌋",
    ]

    @Test(arguments: texts)
    func readsBackByteForByte(_ text: String) {
        let link = QuakeLink(text)
        #expect(Array(link.text.utf8) == Array(text.utf8))
        #expect(QuakeLink.text(prefix: link.prefix, hasSuffix: link.hasSuffix, middle: link.middle) == text)
    }

    @Test func keepsOnlyTheEventIDForUSGSLinks() {
        let page = QuakeLink("https://earthquake.usgs.gov/earthquakes/eventpage/ci37199424")
        let detail = QuakeLink("https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/ci37199424.geojson")
        #expect(page.middle == "ci37199424" && page.prefix == 1 && !page.hasSuffix)
        #expect(detail.middle == "ci37199424" && detail.prefix == 2 && detail.hasSuffix)
        #expect(QuakeLink("https://example.org/x").prefix == 0)
        #expect(QuakeLink.text(prefix: 3, hasSuffix: false, middle: "x") == nil)
    }

    @Test func equalExactlyWhenTheTextsAre() {
        let composed = QuakeLink("https://earthquake.usgs.gov/earthquakes/eventpage/caf\u{E9}")
        let decomposed = QuakeLink("https://earthquake.usgs.gov/earthquakes/eventpage/cafe\u{301}")
        #expect(composed == decomposed)
        #expect(composed.hashValue == decomposed.hashValue)
        #expect(QuakeLink("https://a/x.geojson") != QuakeLink("https://a/x"))
        #expect(
            QuakeLink("https://earthquake.usgs.gov/earthquakes/eventpage/x")
                != QuakeLink("https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/x"))
    }

    @Test func aQuakesLinksReadAndWriteAsText() {
        var quake = Quake(
            id: "ci1", magnitude: nil, place: nil, title: "M ?", time: Date(timeIntervalSince1970: 0),
            eventPage: "https://earthquake.usgs.gov/earthquakes/eventpage/ci1",
            detailFeed: "https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/ci1.geojson",
            coordinate: QuakeCoordinate(longitude: 0, latitude: 0, depth: nil))
        #expect(quake.eventPage == "https://earthquake.usgs.gov/earthquakes/eventpage/ci1")
        #expect(quake.detailFeed == "https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/ci1.geojson")
        #expect(quake.url?.lastPathComponent == "ci1")
        quake.eventPage = "/relative"
        quake.detailFeed = nil
        #expect(quake.eventPage == "/relative" && quake.detailFeed == nil)
    }

    /// Only a web page opens in the in-app browser; a feed's other links are no page at all.
    @Test(arguments: [
        ("https://earthquake.usgs.gov/earthquakes/eventpage/ci37199424", true),
        ("HTTP://127.0.0.1:8080/earthquakes/eventpage/us1", true),
        ("javascript:alert(1)", false), ("file:///etc/passwd", false), ("data:text/html,hi", false),
        ("https:///no-host", false), ("eventpage/us1", false), ("", false),
    ])
    func theEventPageIsOnlyAWebAddress(_ text: String, opens: Bool) {
        let quake = Quake(
            id: "q", magnitude: 5, place: nil, title: "M 5", time: Date(), eventPage: text,
            coordinate: QuakeCoordinate(longitude: 0, latitude: 0, depth: nil))
        #expect((quake.url != nil) == opens)
        #expect(quake.url.map { $0.absoluteString == text } ?? true)
    }
}
