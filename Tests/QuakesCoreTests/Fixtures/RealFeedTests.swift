import Foundation
import QuakeFeedCodec
import QuakesModels
import TestSupport
import Testing

@testable import QuakesCore

/// The decoder against real USGS feeds from `$QUARTET_FIXTURES/usgs` (skipped with a message when unset).
@Suite struct RealFeedTests {
    struct Expectation: Sendable, CustomStringConvertible {
        var file: String
        var count: Int
        var negativeMagnitudes: Int
        var maxMagnitude: Double
        var description: String { file }
    }

    static let summaries = [
        Expectation(
            file: "all_week_2018-06-14_LARGEST.geojson", count: 4711, negativeMagnitudes: 46, maxMagnitude: 5.8),
        Expectation(file: "all_day_2019-01-30.geojson", count: 233, negativeMagnitudes: 8, maxMagnitude: 5.6),
        Expectation(file: "all_hour_2017-12-03.geojson", count: 8, negativeMagnitudes: 0, maxMagnitude: 4.7),
        Expectation(file: "4.5_month_2014-03-31.geojson", count: 465, negativeMagnitudes: 0, maxMagnitude: 6.8),
        Expectation(file: "significant_month_2014-03-21.geojson", count: 12, negativeMagnitudes: 0, maxMagnitude: 6.8),
    ]

    @Test(arguments: summaries)
    func decodesEveryFeatureOfARealFeed(_ expected: Expectation) throws {
        guard let data = try Fixtures.usgs.data(expected.file) else {
            print(Fixtures.usgs.missingMessage)
            return
        }
        let feed = try QuakeFeedDecoder().decode(data)
        #expect(feed.quakes.count == expected.count)
        #expect(feed.skipped == 0)
        #expect(feed.declaredCount == expected.count)
        #expect(feed.quakes.filter { ($0.magnitude ?? 0) < 0 }.count == expected.negativeMagnitudes)
        #expect(feed.quakes.compactMap(\.magnitude).max() == expected.maxMagnitude)
        #expect(Set(feed.quakes.map(\.id)).count == expected.count)
        #expect(feed.quakes.allSatisfy { !$0.title.isEmpty && $0.eventPage?.hasPrefix("http") == true })
        #expect(feed.quakes.allSatisfy { $0.status == $0.status?.lowercased() })
        let rows = testFormatter.rows(for: feed.quakes.sorted(by: Quake.newestFirst))
        #expect(rows.count == expected.count)
    }

    /// USGS titles each event with its magnitude to one decimal; the tints and the map's 3.5 agree with the title
    /// a person reads, including the feed's 3.45 and 3.49 that read "M 3.5".
    @Test func tintsAndPinsAgreeWithTheMagnitudeInEachTitle() throws {
        guard let data = try Fixtures.usgs.data("all_week_2018-06-14_LARGEST.geojson") else {
            print(Fixtures.usgs.missingMessage)
            return
        }
        let quakes = try QuakeFeedDecoder().decode(data).quakes
        let pinned = Set(QuakeMapAnnotation.annotations(for: quakes).map(\.id))
        var checked = 0
        for quake in quakes {
            guard quake.title.hasPrefix("M "), let titled = Double(quake.title.dropFirst(2).prefix { $0 != " " })
            else { continue }
            checked += 1
            let tint: QuakeTint = titled >= 7 ? .red : titled >= 5 ? .lightRed : .none
            #expect(testFormatter.row(for: quake).tint == tint, "\(quake.title) (\(quake.magnitude ?? .nan))")
            #expect(pinned.contains(quake.id) == (titled >= 3.5), "\(quake.title) (\(quake.magnitude ?? .nan))")
        }
        #expect(checked == quakes.count)
        #expect(quakes.contains { $0.magnitude == 3.49 && pinned.contains($0.id) })
    }

    @Test func weekFeedKeepsNegativeDepthsAndOtherEventTypes() throws {
        guard let data = try Fixtures.usgs.data("all_week_2018-06-14_LARGEST.geojson") else {
            print(Fixtures.usgs.missingMessage)
            return
        }
        let feed = try QuakeFeedDecoder().decode(data)
        #expect(feed.quakes.filter { ($0.coordinate.depth ?? 0) < 0 }.count == 508)
        let types = Set(feed.quakes.map(\.type))
        #expect(types.isSuperset(of: ["earthquake", "quarry blast", "explosion", "volcanic eruption"]))
        #expect(feed.quakes.filter { $0.type == "volcanic eruption" }.count == 6)
        let sorted = feed.quakes.sorted(by: Quake.newestFirst)
        #expect(
            zip(sorted, sorted.dropFirst()).allSatisfy { $0.time > $1.time || ($0.time == $1.time && $0.id < $1.id) })
        let first = try #require(feed.quakes.first)
        #expect(first.id == "hv70264586")
        #expect(first.title == "M 2.9 - 5km SW of Volcano, Hawaii")
        #expect(testFormatter.row(for: first).coordinateText == "19.39° N, 155.27° W")
    }

    @Test func oldAPIFeedWithNullTsunamiAndMixedCaseStatus() throws {
        guard let data = try Fixtures.usgs.data("significant_month_2014-03-21.geojson") else {
            print(Fixtures.usgs.missingMessage)
            return
        }
        let feed = try QuakeFeedDecoder().decode(data)
        let first = try #require(feed.quakes.first)
        #expect(first.title == "M 6.5 - 113km E of Mohean, India")
        #expect(first.alert == "green")
        #expect(first.tz == 360)
        #expect(feed.quakes.compactMap(\.status) == Array(repeating: "reviewed", count: 12))
    }

    @Test func sumatraDetailFeed() throws {
        guard let data = try Fixtures.usgs.data("detail_us10004u1y_M7.8_Sumatra_2016.geojson") else {
            print(Fixtures.usgs.missingMessage)
            return
        }
        let feed = try QuakeFeedDecoder().decode(data)
        let quake = try #require(feed.quakes.first)
        #expect(feed.quakes.count == 1)
        #expect(quake.id == "us10004u1y")
        #expect(quake.magnitude == 7.8)
        #expect(quake.eventPage == "https://earthquake.usgs.gov/earthquakes/eventpage/us10004u1y")
        let detail = QuakeDetail(quake, formatter: testFormatter)
        #expect(detail.title == "M7.8  - Southwest of Sumatra, Indonesia")
        #expect(detail.magnitudeText == "7.8 (moment magnitude, mww)")
        #expect(detail.depthText == "24.0 km")
        #expect(detail.feltText == "30 reports")
        #expect(detail.tsunami)
        #expect(detail.tsunamiText == "Tsunami possible: check official warnings")
        #expect(detail.alertText == "PAGER alert green")
        #expect(detail.statusText == "Reviewed")
        #expect(detail.tint == .red)
        #expect(detail.timeText == "Mar 2, 2016 at 4:49:48\u{202F}AM")
        #expect(detail.coordinateText == "4.91° S, 94.28° E")
        #expect(detail.eventPage == URL(string: "https://earthquake.usgs.gov/earthquakes/eventpage/us10004u1y"))
    }
}
