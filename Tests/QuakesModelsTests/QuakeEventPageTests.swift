import Foundation
import QuakesModels
import Testing

/// What a row's tap opens: USGS's event pages (over https), the feed's own server's pages, and nothing else.
@Suite struct QuakeEventPageTests {
    static let usgsFeed = URL(string: "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_month.geojson")
    static let replayFeed = URL(string: "http://127.0.0.1:8080/usgs/feed/v1.0/summary/all_month.geojson")

    static func quake(_ link: String?) -> Quake {
        Quake(
            id: "us1", magnitude: 5, place: nil, title: "M 5.0", time: Date(timeIntervalSince1970: 0),
            eventPage: link, coordinate: QuakeCoordinate(longitude: 0, latitude: 0, depth: nil))
    }

    static let cases: [(String?, URL?, QuakeEventPage?)] = [
        (nil, usgsFeed, nil),
        (
            "https://earthquake.usgs.gov/earthquakes/eventpage/us1", usgsFeed,
            .open(URL(string: "https://earthquake.usgs.gov/earthquakes/eventpage/us1")!)
        ),
        // USGS serves its site over https: a plain-http link is opened over https.
        (
            "http://earthquake.usgs.gov/earthquakes/eventpage/us1?x=1#map", usgsFeed,
            .open(URL(string: "https://earthquake.usgs.gov/earthquakes/eventpage/us1?x=1#map")!)
        ),
        (
            "HTTP://Earthquake.USGS.gov:80/earthquakes/eventpage/us1", nil,
            .open(URL(string: "https://Earthquake.USGS.gov/earthquakes/eventpage/us1")!)
        ),
        ("https://usgs.gov/x", nil, .open(URL(string: "https://usgs.gov/x")!)),
        (
            "https://someone@earthquake.usgs.gov/earthquakes/eventpage/us1", usgsFeed,
            .open(URL(string: "https://earthquake.usgs.gov/earthquakes/eventpage/us1")!)
        ),
        // Other sites, and names that only look like USGS's.
        ("https://example.com/us1", usgsFeed, .refused(host: "example.com")),
        ("https://earthquake.usgs.gov.example.com/us1", usgsFeed, .refused(host: "earthquake.usgs.gov.example.com")),
        ("https://notusgs.gov/us1", usgsFeed, .refused(host: "notusgs.gov")),
        ("https://earthquake.usgs.gov@example.com/us1", usgsFeed, .refused(host: "example.com")),
        ("https://earthquake%2Eusgs.gov/us1", usgsFeed, .refused(host: "earthquake%2eusgs.gov")),
        // Not a web page at all.
        ("javascript:alert(1)", usgsFeed, .refused(host: nil)),
        ("file:///etc/passwd", usgsFeed, .refused(host: nil)),
        // The feed's own server (a USGS replay) serves the event pages of its feed, over http on a developer's machine.
        (
            "http://127.0.0.1:8080/usgs/earthquakes/eventpage/us1", replayFeed,
            .open(URL(string: "http://127.0.0.1:8080/usgs/earthquakes/eventpage/us1")!)
        ),
        ("http://127.0.0.1:8081/usgs/earthquakes/eventpage/us1", replayFeed, .refused(host: "127.0.0.1")),
        ("https://127.0.0.1:8080/usgs/earthquakes/eventpage/us1", replayFeed, .refused(host: "127.0.0.1")),
        ("http://127.0.0.1:8080/usgs/earthquakes/eventpage/us1", usgsFeed, .refused(host: "127.0.0.1")),
        ("http://127.0.0.1:8080/usgs/earthquakes/eventpage/us1", nil, .refused(host: "127.0.0.1")),
    ]

    @Test(arguments: cases)
    func aLinkOpensOnlyWhenItIsUSGSsOrTheFeedsOwn(_ link: String?, _ feedURL: URL?, _ expected: QuakeEventPage?) {
        #expect(Self.quake(link).eventPage(feedURL: feedURL) == expected)
    }
}
