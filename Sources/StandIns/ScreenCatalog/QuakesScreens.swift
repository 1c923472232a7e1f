import Foundation
import Locking
import QuakesCore
import QuakesUI
import SwiftUI

/// The Quakes list and what it opens, over a scripted feed (as `QuakeListViewTests` builds it).
enum QuakesScreens {
    static let app = CatalogApp(slug: "quakes", name: "Quakes", device: .iPhone15)

    /// A feed of eight quakes from M 7.1 to M 1.4; the smallest two have no event page.
    static let feed: Data = {
        let quakes: [(id: String, mag: Double, place: String, minutes: Int, lon: Double, lat: Double, page: Bool)] = [
            ("us7", 7.1, "120 km SSW of Sinabang, Indonesia", 20, 95.9, 1.4, true),
            ("us6", 6.2, "85 km E of Hualien City, Taiwan", 95, 122.4, 23.9, true),
            ("nc5", 5.2, "8 km NW of The Geysers, CA", 160, -122.8, 38.8, true),
            ("us4", 4.8, "South of the Fiji Islands", 240, 178.1, -24.3, true),
            ("ci4", 4.5, "12 km SW of Ocotillo Wells, CA", 310, -116.2, 33.1, true),
            ("hv3", 3.6, "5 km S of Volcano, Hawaii", 420, -155.2, 19.4, true),
            ("ak2", 2.1, "30 km N of Anchorage, Alaska", 515, -149.9, 61.5, false),
            ("ok1", 1.4, "4 km E of Perry, Oklahoma", 600, -97.2, 36.3, false),
        ]
        let base = Int64(catalogNow.timeIntervalSince1970 * 1000)
        let features = quakes.map { quake in
            let url = quake.page ? #""url":"https://earthquake.usgs.gov/earthquakes/eventpage/\#(quake.id)","# : ""
            return #"""
                {"type":"Feature","id":"\#(quake.id)","properties":{"mag":\#(quake.mag),"place":"\#(quake.place)",\#
                "time":\#(base - Int64(quake.minutes) * 60_000),\#(url)"type":"earthquake","status":"reviewed",\#
                "magType":"mww","title":"M \#(quake.mag) - \#(quake.place)"},\#
                "geometry":{"type":"Point","coordinates":[\#(quake.lon),\#(quake.lat),10]}}
                """#
        }
        return Data(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.utf8)
    }()

    static let emptyFeed = Data(#"{"type":"FeatureCollection","features":[]}"#.utf8)

    /// Only the feed's two smallest quakes (M 2.1 and M 1.4): a list with rows and a map with no pin.
    static let smallFeed: Data = {
        let base = Int64(catalogNow.timeIntervalSince1970 * 1000)
        let features = [
            ("ak2", 2.1, "30 km N of Anchorage, Alaska", 515, -149.9, 61.5),
            ("ok1", 1.4, "4 km E of Perry, Oklahoma", 600, -97.2, 36.3),
        ].map { quake in
            #"""
            {"type":"Feature","id":"\#(quake.0)","properties":{"mag":\#(quake.1),"place":"\#(quake.2)",\#
            "time":\#(base - Int64(quake.3) * 60_000),"type":"earthquake","status":"reviewed",\#
            "magType":"ml","title":"M \#(quake.1) - \#(quake.2)"},\#
            "geometry":{"type":"Point","coordinates":[\#(quake.4),\#(quake.5),10]}}
            """#
        }
        return Data(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.utf8)
    }()

    /// One quake whose feed links it to a site that is not USGS's.
    static let elsewhereFeed: Data = {
        let time = Int64(catalogNow.timeIntervalSince1970 * 1000) - 45 * 60_000
        return Data(
            #"""
            {"type":"FeatureCollection","features":[{"type":"Feature","id":"xx1","properties":{"mag":4.1,\#
            "place":"22 km W of Ferndale, CA","time":\#(time),"url":"https://quake-news.example/xx1",\#
            "type":"earthquake","status":"automatic","magType":"ml","title":"M 4.1 - 22 km W of Ferndale, CA"},\#
            "geometry":{"type":"Point","coordinates":[-124.5,40.6,18]}}]}
            """#.utf8)
    }()

    /// What the scripted feed does on each fetch, in turn (the last again once they run out).
    enum Answer: Sendable {
        case feed(Data)
        case offline
        /// Hotel Wi-Fi's sign-in page in the feed's place.
        case signInPage
        /// The feed's server failed (503).
        case serverError
        case never
    }

    @MainActor
    static func model(
        _ answers: [Answer], cache: QuakeCache = .inMemory(), now: Date = catalogNow
    ) -> QuakeListModel {
        let remaining = Locked(answers)
        let client = QuakeFeedClient { _, _ in
            let answer = remaining.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
            switch answer {
            case .feed(let data): return .fresh(data, FeedValidators())
            case .offline: throw URLError(.notConnectedToInternet)
            case .signInPage: throw QuakeFeedError.networkSignIn
            case .serverError: throw QuakeFeedError.server(status: 503)
            case .never: return try await neverAnswers()
            }
        }
        let service = QuakeFeedService(
            feedURL: URL(fileURLWithPath: "/feeds/all_month.geojson"), client: client, cache: cache,
            formatter: QuakeRowFormatter(timeZone: catalogTimeZone, locale: catalogLocale))
        return QuakeListModel(service: service, now: { now })
    }

    @MainActor
    static func loaded() async throws -> ViewHost<QuakeListView> {
        let host = ViewHost(QuakeListView(model: model([.feed(feed)])))
        _ = try await host.settled("rows") { $0.texts.contains("M 7.1 - 120 km SSW of Sinabang, Indonesia") }
        return host
    }

    static var entries: [ScreenEntry] {
        [
            ScreenEntry(app, screen: "list", state: "loading", summary: "First launch, the feed has not answered yet") {
                let host = ViewHost(QuakeListView(model: model([.never])))
                return try await host.poll("the spinner") { $0.first { $0.kind == .progress } != nil }
            },
            ScreenEntry(app, screen: "list", state: "loaded", summary: "The feed, sorted, rows tinted by magnitude") {
                try await loaded().tree
            },
            ScreenEntry(
                app, screen: "list", state: "refreshing", summary: "Pull to refresh: rows stay, spinner in the bar"
            ) {
                let host = ViewHost(QuakeListView(model: model([.feed(feed), .never])))
                _ = try await host.settled("rows") { !$0.all(.button).isEmpty }
                Task { try? await host.pullToRefresh() }
                return try await host.poll("the toolbar spinner") { tree in
                    tree.all(.toolbarItem).contains { $0.first { $0.kind == .progress } != nil }
                }
            },
            ScreenEntry(app, screen: "list", state: "empty", summary: "The feed answered with no quakes") {
                try await ViewHost(QuakeListView(model: model([.feed(emptyFeed)]))).settled("the empty list")
            },
            ScreenEntry(
                app, screen: "list", state: "offline", summary: "No network and nothing cached: banner with Retry"
            ) {
                let host = ViewHost(QuakeListView(model: model([.offline])))
                return try await host.settled("the banner") { $0.texts.contains(QuakeScreenText.retry) }
            },
            ScreenEntry(
                app, screen: "list", state: "network-sign-in",
                summary: "Hotel Wi-Fi answered with its sign-in page: the banner says to sign in to the network"
            ) {
                let host = ViewHost(QuakeListView(model: model([.signInPage])))
                return try await host.settled("the banner") { $0.texts.contains(QuakeScreenText.retry) }
            },
            ScreenEntry(
                app, screen: "list", state: "server-error", summary: "The feed's server failed: banner with Retry"
            ) {
                let host = ViewHost(QuakeListView(model: model([.serverError])))
                return try await host.settled("the banner") { $0.texts.contains(QuakeScreenText.retry) }
            },
            ScreenEntry(
                app, screen: "list", state: "offline-cached",
                summary: "Launched with no network: the copy this device saved last time, under the banner"
            ) {
                let cache = QuakeCache.inMemory()
                // NB: saved two hours before: stale, so the launch asks the feed, which cannot be reached.
                let earlier = model([.feed(feed)], cache: cache, now: catalogNow.addingTimeInterval(-2 * 3_600))
                await earlier.appeared()
                let host = ViewHost(QuakeListView(model: model([.offline], cache: cache)))
                return try await host.settled("the saved rows") { $0.texts.contains(QuakeScreenText.retry) }
            },
            ScreenEntry(
                app, screen: "list", state: "offline-stale", summary: "Offline after a load: rows kept under the banner"
            ) {
                let host = ViewHost(QuakeListView(model: model([.feed(feed), .offline])))
                _ = try await host.settled("rows") { !$0.all(.button).isEmpty }
                try await host.pullToRefresh()
                return try await host.settled("the banner")
            },
            ScreenEntry(app, screen: "list", state: "search", summary: "Searching for \"CA\"") {
                let host = try await loaded()
                try host.search("CA")
                return try await host.settled("the search")
            },
            ScreenEntry(app, screen: "list", state: "no-match", summary: "A search that matches no quake says so") {
                let host = try await loaded()
                try host.search("Zanzibar")
                return try await host.settled("the search")
            },
            ScreenEntry(
                app, screen: "list", state: "filtered-out",
                summary: "A magnitude filter that hides every quake says so and offers to show them all"
            ) {
                let host = try await loaded()
                try host.search("Alaska")
                try host.select(
                    QuakeFilter.magnitudeChoices(numbers: .latin).last!.label, in: QuakeScreenText.magnitude)
                return try await host.settled("the filter")
            },
            ScreenEntry(
                app, screen: "event-page", state: "loaded", summary: "A row with a USGS page opens it in Safari"
            ) {
                let host = try await loaded()
                try host.tap("M 5.2 - 8 km NW of The Geysers, CA")
                return try await host.settled("the browser") { $0.topPresentation != nil }
            },
            ScreenEntry(
                app, screen: "event-page", state: "offline",
                summary: "Offline, a row with a USGS page still opens it: the browser says it has no network"
            ) {
                let host = ViewHost(QuakeListView(model: model([.feed(feed), .offline])))
                _ = try await host.settled("rows") { !$0.all(.button).isEmpty }
                try await host.pullToRefresh()
                _ = try await host.settled("the banner") { $0.texts.contains(QuakeScreenText.retry) }
                try host.tap("M 5.2 - 8 km NW of The Geysers, CA")
                return try await host.settled("the browser") { $0.topPresentation != nil }
            },
            ScreenEntry(app, screen: "detail", state: "loaded", summary: "A row without a page opens its detail") {
                let host = try await loaded()
                try host.tap("M 2.1 - 30 km N of Anchorage, Alaska")
                return try await host.settled("the detail") { $0.topPresentation != nil }
            },
            ScreenEntry(
                app, screen: "detail", state: "elsewhere",
                summary: "A row the feed links to another site opens its detail, which says why there is no page"
            ) {
                let host = ViewHost(QuakeListView(model: model([.feed(elsewhereFeed)])))
                _ = try await host.settled("the row") { $0.texts.contains("M 4.1 - 22 km W of Ferndale, CA") }
                try host.tap("M 4.1 - 22 km W of Ferndale, CA")
                return try await host.settled("the detail") { $0.topPresentation != nil }
            },
            ScreenEntry(app, screen: "map", state: "loaded", summary: "The map of quakes of M 3.5 and more") {
                let host = try await loaded()
                try host.tap(QuakeScreenText.map)
                return try await host.settled("the map") { $0.topPresentation?.first { $0.kind == .map } != nil }
            },
            ScreenEntry(
                app, screen: "map", state: "empty", summary: "A map with no quake of M 3.5 or more says there is none"
            ) {
                let host = ViewHost(QuakeListView(model: model([.feed(emptyFeed)])))
                _ = try await host.settled("the empty list")
                try host.tap(QuakeScreenText.map)
                return try await host.settled("the map") { $0.topPresentation?.first { $0.kind == .map } != nil }
            },
            ScreenEntry(
                app, screen: "map", state: "no-large-quakes",
                summary: "Quakes in the list, none of M 3.5 or more: the map says so over no pin"
            ) {
                let host = ViewHost(QuakeListView(model: model([.feed(smallFeed)])))
                _ = try await host.settled("rows") { $0.texts.contains("M 2.1 - 30 km N of Anchorage, Alaska") }
                try host.tap(QuakeScreenText.map)
                return try await host.settled("the map") { $0.topPresentation?.first { $0.kind == .map } != nil }
            },
        ]
    }
}
