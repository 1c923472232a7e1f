import Foundation
import QuakesCore
import QuakesUI
import SwiftUI

/// The Quakes iPhone app: the quake list over the live feed, cached on the device.
@main
struct QuakesApp: App {
    var body: some Scene {
        WindowGroup {
            StartupView(build: Self.root)
        }
    }

    /// The list over the feed `QuartetQuakesFeed` names (as `quartet quakes --feed` reads it: `all_month` on the
    /// server's USGS replay, or a URL such as USGS's own), kept in `quakes.sqlite`.
    @MainActor
    static func root() async -> QuakeListView {
        let server = AppConfiguration.server
        let feed = AppConfiguration.string(forKey: "QuartetQuakesFeed") ?? QuakeFeed.allMonth.name
        let feedURL =
            QuakeFeed.resolve(feed, server: server, directory: Bundle.main.bundleURL)
            ?? QuakeFeed.allMonth.url(base: QuakeFeed.replayBase(server: server))
        let store = await DeviceStore.open("quakes")
        let service = QuakeFeedService(
            feedURL: feedURL, client: .live(), cache: .live(store), formatter: QuakeRowFormatter())
        return QuakeListView(model: QuakeListModel(service: service))
    }
}
