import Foundation
import Locking
import QuakesCore
import SafariServices
import SwiftUI
import TestSupport
import Testing

@testable import QuakesUI

/// The Quakes list driven through its view: what a person sees, the tap, what they see next.
@MainActor
struct QuakeListViewTests {
    static let feed = Data(
        """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","id":"us7","properties":{"mag":7.1,"place":"120 km SSW of Sinabang, Indonesia",
        "time":1764460000000,"url":"https://earthquake.usgs.gov/earthquakes/eventpage/us7","type":"earthquake",
        "title":"M 7.1 - 120 km SSW of Sinabang, Indonesia"},"geometry":{"type":"Point","coordinates":[95.9,1.4,25]}},
        {"type":"Feature","id":"nc5","properties":{"mag":5.2,"place":"8 km NW of The Geysers, CA","time":1764450000000,
        "url":"https://earthquake.usgs.gov/earthquakes/eventpage/nc5","type":"earthquake",
        "title":"M 5.2 - 8 km NW of The Geysers, CA"},"geometry":{"type":"Point","coordinates":[-122.8,38.8,2.1]}},
        {"type":"Feature","id":"ak2","properties":{"mag":2.1,"place":"30 km N of Anchorage, Alaska","time":1764440000000,
        "type":"earthquake","title":"M 2.1 - 30 km N of Anchorage, Alaska"},
        "geometry":{"type":"Point","coordinates":[-149.9,61.5,10]}}]}
        """.utf8)

    /// A list model over a feed that answers `answers` in turn (the last one again once they run out).
    static func model(_ answers: [Result<Data, QuakeFeedError>], gate: Gate? = nil) -> QuakeListModel {
        let remaining = Locked(answers)
        let client = QuakeFeedClient { _, _ in
            await gate?.pass()
            let answer = remaining.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
            return .fresh(try answer.get(), FeedValidators())
        }
        let service = QuakeFeedService(
            feedURL: URL(fileURLWithPath: "/feeds/all_month.geojson"), client: client, cache: .inMemory(),
            formatter: QuakeRowFormatter(timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US")))
        return QuakeListModel(service: service)
    }

    @Test func rowsShowTitleCoordinatesTimeAndTheirTint() async throws {
        let host = ViewHost(QuakeListView(model: Self.model([.success(Self.feed)])))
        await host.settle()
        let rows = host.tree.all(.button).filter { $0.style.rowBackground != nil }
        #expect(
            rows.map { $0.texts.first } == [
                "M 7.1 - 120 km SSW of Sinabang, Indonesia", "M 5.2 - 8 km NW of The Geysers, CA",
                "M 2.1 - 30 km N of Anchorage, Alaska",
            ])
        #expect(rows[0].style.rowBackground == Color.red.opacity(0.6)._resolved)
        #expect(rows[1].style.rowBackground == Color.red.opacity(0.25)._resolved)
        #expect(rows[2].style.rowBackground == Color.clear._resolved)
        #expect(rows[0].texts.count == 3)
        // Grey reads at 2.5:1 on the red of a magnitude 7 and 3.0:1 on a magnitude 5's: a tinted row's time keeps
        // the primary colour.
        let times = rows.map { $0.all(.text).last?.style.foreground?.name }
        #expect(times == ["primary", "primary", "secondary"])
        #expect(host.tree.visibleNavigationTitle == "Earthquakes")
    }

    @Test func tappingARowOpensItsEventPageInTheInAppBrowser() async throws {
        let host = ViewHost(QuakeListView(model: Self.model([.success(Self.feed)])))
        await host.settle()
        try host.tap("M 5.2 - 8 km NW of The Geysers, CA")
        let sheet = try #require(host.tree.topPresentation)
        let browser = try #require(sheet.first { $0.kind == .platformView })
        let safari = try #require(browser.platformObject as? SFSafariViewController)
        #expect(safari.url.absoluteString == "https://earthquake.usgs.gov/earthquakes/eventpage/nc5")
        try host.dismiss()
        #expect(host.tree.topPresentation == nil)
    }

    @Test func aQuakeWithoutAPageOpensItsDetail() async throws {
        let host = ViewHost(QuakeListView(model: Self.model([.success(Self.feed)])))
        await host.settle()
        try host.tap("M 2.1 - 30 km N of Anchorage, Alaska")
        let sheet = try #require(host.tree.topPresentation)
        #expect(sheet.first { $0.kind == .platformView } == nil)
        #expect(sheet.visibleNavigationTitle == "M 2.1 - 30 km N of Anchorage, Alaska")
        // The inline title is cut to one line on a phone; the place is also a line of its own, whole.
        #expect(sheet.find(.labeledContent, "Place")?.value == "30 km N of Anchorage, Alaska")
        try host.tap("Done")
        #expect(host.tree.topPresentation == nil)
    }

    @Test func swipeToDeleteRemovesTheRowAndPullToReloadBringsItBack() async throws {
        let host = ViewHost(QuakeListView(model: Self.model([.success(Self.feed)])))
        await host.settle()
        try host.swipe("M 5.2 - 8 km NW of The Geysers, CA")
        try await host.waitUntil("the row to go") { !$0.texts.contains("M 5.2 - 8 km NW of The Geysers, CA") }
        try await host.pullToRefresh()
        #expect(host.tree.texts.contains("M 5.2 - 8 km NW of The Geysers, CA"))
    }

    @Test func theBusyIndicatorReplacesRowsFirstThenSitsInTheToolbar() async throws {
        let gate = Gate(isOpen: false)
        let host = ViewHost(QuakeListView(model: Self.model([.success(Self.feed)], gate: gate)))
        _ = host.tree
        await gate.arrived(1)
        let spinner = try #require(host.tree.first { $0.kind == .progress })
        #expect(spinner.accessibilityLabel == "Loading earthquakes")
        #expect(host.tree.all(.toolbarItem).allSatisfy { $0.first { $0.kind == .progress } == nil })
        await gate.open()
        await host.settle()
        #expect(host.tree.first { $0.kind == .progress } == nil)

        await gate.close()
        let refresh = Task { try await host.pullToRefresh() }
        await gate.arrived(2)
        let toolbarSpinner = host.tree.all(.toolbarItem).compactMap { $0.first { $0.kind == .progress } }
        #expect(toolbarSpinner.count == 1)
        #expect(host.tree.texts.contains("M 7.1 - 120 km SSW of Sinabang, Indonesia"))
        await gate.open()
        try await refresh.value
    }

    @Test func withNoNetworkTheBannerSaysSoAndRetryLoads() async throws {
        let host = ViewHost(QuakeListView(model: Self.model([.failure(.offline), .success(Self.feed)])))
        await host.settle()
        #expect(host.tree.texts.contains("You're offline. There is nothing to show yet."))
        #expect(host.tree.all(.image).contains { $0.systemImage == "wifi.exclamationmark" })
        try await host.tapAndSettle("Retry")
        try await host.waitUntil("rows") { $0.texts.contains("M 7.1 - 120 km SSW of Sinabang, Indonesia") }
        #expect(!host.tree.texts.contains("Retry"))
    }

    @Test func aServerThatCannotBeReachedIsNotDrawnAsNoWiFi() async throws {
        let host = ViewHost(QuakeListView(model: Self.model([.failure(.unreachable)])))
        await host.settle()
        #expect(host.tree.texts.contains("The earthquake feed could not be reached. There is nothing to show yet."))
        #expect(host.tree.all(.image).contains { $0.systemImage == "exclamationmark.triangle" })
        #expect(!host.tree.all(.image).contains { $0.systemImage == "wifi.exclamationmark" })
    }

    @Test func theMapShowsOnlyQuakesOfMagnitudeThreePointFiveOrMore() async throws {
        let host = ViewHost(QuakeListView(model: Self.model([.success(Self.feed)])))
        await host.settle()
        try host.tap("Map")
        let map = try #require(host.tree.topPresentation?.first { $0.kind == .map })
        #expect(host.tree.topPresentation?.visibleNavigationTitle == "Magnitude 3.5 and Above")
        #expect(
            map.all(.mapAnnotation).map(\.text) == [
                "M 7.1 - 120 km SSW of Sinabang, Indonesia", "M 5.2 - 8 km NW of The Geysers, CA",
            ])
        // A drag on the map moves the map: the sheet closes with its Done button.
        try host.tap("Done")
        #expect(host.tree.topPresentation == nil)
        // Under a higher floor the title says where the pins start.
        try host.select("M 4.5+", in: "Magnitude")
        try host.tap("Map")
        #expect(host.tree.topPresentation?.visibleNavigationTitle == "Magnitude 4.5 and Above")
    }

    /// A list with no quake of magnitude 3.5 or more: the map says so over itself, rather than opening on a bare world
    /// a person takes for one still loading or broken; with pins it says nothing.
    @Test func aMapWithNoPinSaysSo() async throws {
        let small = Data(
            String(decoding: Self.feed, as: UTF8.self).replacingOccurrences(of: "\"mag\":7.1", with: "\"mag\":3.4")
                .replacingOccurrences(of: "\"mag\":5.2", with: "\"mag\":1.0").utf8)
        let host = ViewHost(QuakeListView(model: Self.model([.success(small)])))
        await host.settle()
        try host.tap("Map")
        let map = try #require(host.tree.topPresentation)
        #expect(map.all(.mapAnnotation).isEmpty)
        #expect(map.texts.contains("No earthquakes of magnitude 3.5 or more in the list."))

        let full = ViewHost(QuakeListView(model: Self.model([.success(Self.feed)])))
        await full.settle()
        try full.tap("Map")
        #expect(full.tree.topPresentation?.texts.contains { $0.hasPrefix("No earthquakes") } == false)
    }

    @Test func theFilterMenuNarrowsTheList() async throws {
        let host = ViewHost(QuakeListView(model: Self.model([.success(Self.feed)])))
        await host.settle()
        try host.select("M 4.5+", in: "Magnitude")
        #expect(!host.tree.texts.contains("M 2.1 - 30 km N of Anchorage, Alaska"))
        #expect(host.tree.find(.picker, "Magnitude")?.value == "M 4.5+")
        try host.search("Geysers")
        #expect(
            host.tree.texts.filter { $0.hasPrefix("M ") && $0.contains(" - ") } == [
                "M 5.2 - 8 km NW of The Geysers, CA"
            ])
    }

    /// A search or filter that hides every quake says so, rather than "No earthquakes to show." as if the feed were
    /// empty; a filter that hides them all offers to show every magnitude and time again.
    @Test func anEmptyResultSaysTheSearchOrFilterHidesEveryQuake() async throws {
        let host = ViewHost(QuakeListView(model: Self.model([.success(Self.feed)])))
        await host.settle()
        try host.search("Zanzibar")
        #expect(host.tree.texts.contains("No earthquakes match “Zanzibar”."))
        #expect(!host.tree.texts.contains("No earthquakes to show."))
        #expect(host.tree.find(.button, "Show All Magnitudes and Times") == nil)
        try host.search("Anchorage")
        try host.select("M 6.0+", in: "Magnitude")
        #expect(host.tree.texts.contains("No earthquakes match the filter."))
        try host.tap("Show All Magnitudes and Times")
        #expect(host.tree.texts.contains("M 2.1 - 30 km N of Anchorage, Alaska"))
        #expect(host.tree.find(.picker, "Magnitude")?.value == "All Magnitudes")
        #expect(host.tree.find(.button, "Show All Magnitudes and Times") == nil)
    }
}
