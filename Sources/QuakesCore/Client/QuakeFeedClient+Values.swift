import Foundation

extension QuakeFeedClient {
    /// A client that answers every fetch with a small feed of two real-looking quakes (an M 7.1 and an M 5.2),
    /// for previews and `make screens`.
    public static var preview: QuakeFeedClient {
        QuakeFeedClient { _, _ in .fresh(previewFeed, FeedValidators()) }
    }

    /// A client whose every fetch fails: the starting point of a test that replaces only the calls it expects.
    public static var unimplemented: QuakeFeedClient {
        QuakeFeedClient { url, _ in throw QuakeFeedError.other("QuakeFeedClient.fetch(\(url)) is not part of the test.")
        }
    }

    /// The feed ``preview`` serves, in USGS GeoJSON.
    // NB: computed, not stored: LeakSanitizer cannot follow Swift-tagged pointers in a global `Data`.
    static var previewFeed: Data {
        Data(
            """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","id":"us1","properties":{"mag":7.1,"place":"120 km SSW of Sinabang, Indonesia",\
            "time":1764460000000,"url":"https://earthquake.usgs.gov/earthquakes/eventpage/us1","type":"earthquake",\
            "status":"reviewed","magType":"mww","title":"M 7.1 - 120 km SSW of Sinabang, Indonesia"},\
            "geometry":{"type":"Point","coordinates":[95.9,1.4,25]}},
            {"type":"Feature","id":"nc2","properties":{"mag":5.2,"place":"8 km NW of The Geysers, CA",\
            "time":1764450000000,"type":"earthquake","status":"automatic","magType":"mw"},\
            "geometry":{"type":"Point","coordinates":[-122.8,38.8,2.1]}}]}
            """.utf8)
    }
}
