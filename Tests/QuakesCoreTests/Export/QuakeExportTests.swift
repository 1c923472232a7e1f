import Foundation
import QuakesModels
import Testing

@testable import QuakesCore

/// What `quartet quakes --json` and the terminal table print, checked here rather than only through the command.
@Suite struct QuakeExportTests {
    func quake(_ id: String, mag: Double?, at seconds: TimeInterval) -> Quake {
        Quake(
            id: id, magnitude: mag, place: nil, title: "M \(id)", time: Date(timeIntervalSince1970: seconds),
            eventPage: "https://earthquake.usgs.gov/earthquakes/eventpage/\(id)",
            coordinate: QuakeCoordinate(longitude: -122.3149, latitude: 38.2911, depth: 7.5))
    }

    /// The export writes times by arithmetic, not with a formatter; Foundation's ISO 8601 formatter is the
    /// reference, over leap days, century years, the epoch and times before it.
    @Test(
        arguments: [
            0, -0.001, -1, -86_400.5, 951_782_400, 951_868_799.999, 4_107_542_400, 1_456_922_988.36, 1_780_000_000.2,
            -2_208_988_800, 253_402_300_799.999,
        ] as [TimeInterval])
    func timesMatchFoundationsISO8601(_ seconds: TimeInterval) {
        let reference = ISO8601DateFormatter()
        reference.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        reference.timeZone = TimeZone(identifier: "UTC")
        // NB: the export cuts to the millisecond below, as USGS's own times are whole milliseconds.
        let date = Date(timeIntervalSince1970: (seconds * 1000).rounded(.down) / 1000)
        #expect(QuakeExportRow.iso8601(date) == reference.string(from: date))
    }

    @Test func aRowCarriesWhatScriptsNeedWithItsTintByName() throws {
        let data = QuakeExport.json([quake("big", mag: 7.2, at: 0), quake("unknown", mag: nil, at: 1)])
        let rows = try JSONDecoder().decode([QuakeExportRow].self, from: data)
        #expect(rows.map(\.tint) == ["red", "none"])
        #expect(rows[0].time == "1970-01-01T00:00:00.000Z")
        #expect(rows[0].url == "https://earthquake.usgs.gov/earthquakes/eventpage/big")
        #expect(rows[1].magnitude == nil)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"url\":\"https://earthquake.usgs.gov/earthquakes/eventpage/big\""))
        #expect(String(decoding: QuakeExport.json([]), as: UTF8.self) == "[]")
    }

    @Test func theTableTintsEachRowAndLinesUpItsColumns() {
        let quakes = [quake("big", mag: 7.0, at: 0), quake("mid", mag: 5.0, at: 1), quake("small", mag: 2.1, at: 2)]
        let rows = testFormatter.rows(for: quakes)
        let lines = QuakeTable.render(quakes, rows: rows)
        let plain = lines.map(\.text)
        #expect(plain.count == 4)
        #expect(!plain.joined().contains("\u{1B}"))
        #expect(plain[1].contains(" 7.0  ") && plain[1].hasSuffix("M big"))
        // Columns line up: every line's title starts where the header's does.
        let titleColumn = plain[0].count - "TITLE".count
        #expect(plain.dropFirst().allSatisfy { line in line.dropFirst(titleColumn).hasPrefix("M ") })

        #expect(lines.map(\.tint) == [.none, .red, .lightRed, .none])
        #expect(lines.map { QuakeTable.ansi($0.tint) } == [nil, "\u{1B}[1;31m", "\u{1B}[91m", nil])
    }

    /// An empty table is no table, not even its header: the list's own sentence says why it is empty.
    @Test func anEmptyTableHasNoLines() {
        #expect(QuakeTable.render([], rows: []).isEmpty)
    }
}
