import Foundation
import Testing

@testable import QuakesCore

@Suite struct QuakeFeedTests {
    let server = URL(string: "http://127.0.0.1:8080")

    @Test func namesAreMagnitudeTimesPeriod() {
        let names = QuakeFeed.Magnitude.allCases.flatMap { magnitude in
            QuakeFeed.Period.allCases.map { QuakeFeed(magnitude, $0).name }
        }
        #expect(names.count == 20)
        #expect(names.contains("all_month") && names.contains("2.5_day") && names.contains("significant_hour"))
        #expect(QuakeFeed.allMonth.name == "all_month")
        #expect(QuakeFeed(name: "4.5_week.geojson") == QuakeFeed(.fourAndHalf, .week))
        for bad in ["", "all", "all_year", "3.0_day", "all_month_x", "ALL_MONTH"] {
            #expect(QuakeFeed(name: bad) == nil, "\(bad)")
        }
    }

    @Test func urlsUnderUSGSOrTheReplay() throws {
        let usgs = try #require(URL(string: "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/"))
        #expect(
            QuakeFeed.allMonth.url(base: usgs).absoluteString
                == "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_month.geojson")
        let replay = QuakeFeed.replayBase(server: try #require(server))
        #expect(
            QuakeFeed(.significant, .day).url(base: replay).absoluteString
                == "http://127.0.0.1:8080/usgs/feed/v1.0/summary/significant_day.geojson")
    }

    @Test func resolvesNamesURLsAndFiles() throws {
        let server = try #require(server)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feeds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{}".utf8).write(to: folder.appendingPathComponent("saved.geojson"))
        #expect(
            QuakeFeed.resolve("1.0_hour", server: server, directory: folder)?.absoluteString
                == "http://127.0.0.1:8080/usgs/feed/v1.0/summary/1.0_hour.geojson")
        let remote = "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_day.geojson"
        #expect(QuakeFeed.resolve(remote, server: server, directory: folder)?.absoluteString == remote)
        #expect(
            QuakeFeed.resolve("saved.geojson", server: server, directory: folder)
                == folder.appendingPathComponent("saved.geojson"))
        // A path names a file whether it is there or not (reading it says which); an unknown word is no feed.
        #expect(
            QuakeFeed.resolve("missing.geojson", server: server, directory: folder)
                == folder.appendingPathComponent("missing.geojson"))
        #expect(QuakeFeed.resolve("/no/such/feed", server: server, directory: folder)?.path == "/no/such/feed")
        #expect(QuakeFeed.resolve("all_mnth", server: server, directory: folder) == nil)
        // A download named after its feed, as USGS names them, is the file, not the replay's feed.
        #expect(QuakeFeed.resolve("all_day.geojson", server: server, directory: folder)?.isFileURL == false)
        try Data("{}".utf8).write(to: folder.appendingPathComponent("all_day.geojson"))
        #expect(
            QuakeFeed.resolve("all_day.geojson", server: server, directory: folder)
                == folder.appendingPathComponent("all_day.geojson"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("4.5_week"), withIntermediateDirectories: true)
        #expect(QuakeFeed.resolve("4.5_week", server: server, directory: folder)?.isFileURL == false)
        #expect(QuakeFeed.resolve("https://", server: server, directory: folder) == nil)
    }
}
