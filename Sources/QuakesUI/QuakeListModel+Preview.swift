import Foundation
import QuakesCore

extension QuakeListModel {
    /// A model over a small in-memory feed, for previews.
    @MainActor static var preview: QuakeListModel {
        let feed = Data(
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
        let service = QuakeFeedService(
            feedURL: URL(fileURLWithPath: "/preview/all_month.geojson"),
            client: QuakeFeedClient { _, _ in .fresh(feed, FeedValidators()) },
            cache: .inMemory(),
            formatter: QuakeRowFormatter())
        return QuakeListModel(service: service)
    }
}
