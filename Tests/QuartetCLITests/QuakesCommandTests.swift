import Database
import Foundation
import LocalStore
import Localization
import Locking
import QuakeFeedCodec
import QuakesCore
import QuakesModels
import Testing

@testable import QuartetCLI

/// `quartet quakes …` end to end, with a captured console, a feed file and a private data directory.
@Suite struct QuakesCommandTests {
    /// Output captured from a run.
    final class Captured: Sendable {
        private let out = Locked("")
        private let err = Locked("")
        var stdout: String { out.withLock { $0 } }
        var stderr: String { err.withLock { $0 } }
        func console(terminal: Bool) -> Console {
            Console(
                write: { text in self.out.withLock { $0 += text } },
                writeError: { text in self.err.withLock { $0 += text } },
                isTerminal: terminal)
        }
    }

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quakes-cli-\(UUID().uuidString)")
    var feedPath: String { folder.appendingPathComponent("feed.geojson").path }
    var dataDirectory: String { folder.appendingPathComponent("device").path }
    let environment = ["TZ": "UTC", "QUARTET_LOCALE": "en_US", "HOME": "/nonexistent"]

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let now = Int64(Date().timeIntervalSince1970) * 1000
        func feature(_ id: String, _ mag: String, _ ago: Int64, _ title: String, _ coordinates: String) -> String {
            """
            {"type":"Feature","properties":{"mag":\(mag),"place":null,"time":\(now - ago * 1000),"updated":null,\
            "url":"https://earthquake.usgs.gov/earthquakes/eventpage/\(id)","status":"REVIEWED","tsunami":0,\
            "magType":"Mww","type":"earthquake","title":"\(title)"},\
            "geometry":{"type":"Point","coordinates":\(coordinates)},"id":"\(id)"}
            """
        }
        let body = """
            {"type":"FeatureCollection","metadata":{"count":3},"features":[\
            \(feature("small", "2.1", 7200, "M 2.1 - Small", "[-122.31,38.29,5]")),\
            \(feature("big", "7.3", 60, "M 7.3 - Big", "[142.5,-3.25,30]")),\
            \(feature("mid", "5.0", 3600, "M 5.0 - Mid", "[-70.1,-20.5,40]")),\
            {"broken":true}]}
            """
        try Data(body.utf8).write(to: URL(fileURLWithPath: feedPath))
    }

    func run(_ arguments: [String], terminal: Bool = false) async -> (Int32, Captured) {
        let captured = Captured()
        let code = await QuartetTool.run(
            ["quakes"] + arguments + ["--data-dir", dataDirectory], environment: environment,
            console: captured.console(terminal: terminal))
        return (code, captured)
    }

    func titles(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            line.range(of: "M [0-9.]+ - \\w+", options: .regularExpression).map { String(line[$0]) }
        }
    }

    @Test func listsNewestFirstAsATable() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (code, output) = await run(["--feed", feedPath])
        #expect(code == 0)
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("TIME") == true)
        #expect(lines.first?.contains("MAG  LOCATION") == true)
        #expect(titles(output.stdout) == ["M 7.3 - Big", "M 5.0 - Mid", "M 2.1 - Small"])
        #expect(output.stdout.contains("7.3  3.25° S, 142.50° E   M 7.3 - Big"))
        #expect(output.stdout.contains("3 of 3 earthquakes · Updated "))
        // The feature the feed's decoder could not read is said under the summary, as under the screen's "Updated …".
        #expect(lines.suffix(2) == ["1 earthquake could not be read", ""])
        #expect(!output.stdout.contains("\u{1B}["))
        #expect(output.stderr.isEmpty)
    }

    @Test func coloursTintsOnATerminalUnlessNoColor() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, coloured) = await run(["--feed", feedPath], terminal: true)
        let big = try #require(coloured.stdout.split(separator: "\n").first { $0.contains("Big") })
        let mid = try #require(coloured.stdout.split(separator: "\n").first { $0.contains("Mid") })
        let small = try #require(coloured.stdout.split(separator: "\n").first { $0.contains("Small") })
        #expect(big.hasPrefix("\u{1B}[1;31m") && big.hasSuffix("\u{1B}[0m"))
        #expect(mid.hasPrefix("\u{1B}[91m"))
        #expect(!small.contains("\u{1B}["))
        let (_, plain) = await run(["--feed", feedPath, "--no-color"], terminal: true)
        #expect(!plain.stdout.contains("\u{1B}["))
    }

    /// A feed's title cannot drive the reader's terminal: its escape and carriage return are shown as `�`, while
    /// the row keeps Quartet's own tint.
    @Test func aTitleCannotSendTheTerminalControlCharacters() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = try String(contentsOfFile: feedPath, encoding: .utf8)
            .replacingOccurrences(of: "\"M 7.3 - Big\"", with: "\"M 7.3 - \\u001b[2J\\u001b]0;pwned\\u0007Big\\r\"")
        try Data(feed.utf8).write(to: URL(fileURLWithPath: feedPath))
        let (code, output) = await run(["--feed", feedPath], terminal: true)
        #expect(code == 0)
        let big = try #require(output.stdout.split(separator: "\n").first { $0.contains("Big") })
        #expect(big.hasSuffix("M 7.3 - �[2J�]0;pwned�Big�\u{1B}[0m"))
        #expect(big.hasPrefix("\u{1B}[1;31m"))
        #expect(output.stdout.filter { $0 == "\u{1B}" }.count == 4)  // two tinted rows, each opened and reset
    }

    /// A place written right to left keeps the mark the core puts before it (a terminal that lays out Arabic then
    /// reads its `12` with its words), not a `�`.
    @Test func aRightToLeftPlaceReachesTheTerminalWithItsMark() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = try String(contentsOfFile: feedPath, encoding: .utf8)
            .replacingOccurrences(of: "\"M 7.3 - Big\"", with: "\"M 7.3 - 12 كم جنوب غرب طهران\"")
        try Data(feed.utf8).write(to: URL(fileURLWithPath: feedPath))
        let (code, output) = await run(["--feed", feedPath], terminal: true)
        #expect(code == 0)
        #expect(output.stdout.contains("M 7.3 - \u{200F}12 كم جنوب غرب طهران\u{1B}[0m"))
        #expect(!output.stdout.contains("\u{FFFD}"))
        let (_, shown) = await run(["show", "big", "--feed", feedPath])
        #expect(shown.stdout.hasPrefix("M 7.3 - \u{200F}12 كم جنوب غرب طهران\n"))
        let (_, deleted) = await run(["delete", "big", "--feed", feedPath])
        #expect(deleted.stdout == "Deleted big (M 7.3 - \u{200F}12 كم جنوب غرب طهران) until the next reload.\n")
    }

    @Test func filtersAndLimit() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(
            titles(await run(["--feed", feedPath, "--min-magnitude", "5"]).1.stdout) == ["M 7.3 - Big", "M 5.0 - Mid"])
        #expect(titles(await run(["--feed", feedPath, "--since", "90m"]).1.stdout) == ["M 7.3 - Big", "M 5.0 - Mid"])
        #expect(titles(await run(["--feed", feedPath, "--search", "small"]).1.stdout) == ["M 2.1 - Small"])
        #expect(titles(await run(["--feed", feedPath, "--limit", "1"]).1.stdout) == ["M 7.3 - Big"])
        let (code, output) = await run(["--feed", feedPath, "--since", "soon"])
        #expect(code == 2)
        #expect(output.stderr.contains("--since expects a duration such as 24h, not 'soon'"))
    }

    /// An empty list says what the list screen says, and draws no table: that the search or the filter hides every
    /// quake. The command line said "No earthquakes match." of its own, under the table's header. Under it, the
    /// toolbar's "Updated 12:04", but no "0 of 0 earthquakes": the screen never shows a count. `show` reaches only a
    /// row the list shows, as a tap does.
    @Test func anEmptyListSaysWhatTheScreenSays() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (code, searched) = await run(["--feed", feedPath, "--search", "Zanzibar"])
        #expect(code == 0)
        #expect(searched.stdout.hasPrefix("No earthquakes match “Zanzibar”.\nUpdated "), "\(searched.stdout)")
        // The feed's one feature that could not be read is said under "Updated …", as the screen says it.
        #expect(searched.stdout.split(separator: "\n").count == 3, "\(searched.stdout)")
        #expect(searched.stdout.hasSuffix("\n1 earthquake could not be read\n"), "\(searched.stdout)")
        let (_, floor) = await run(["--feed", feedPath, "--min-magnitude", "9"])
        #expect(floor.stdout.hasPrefix("No earthquakes match the filter.\nUpdated "), "\(floor.stdout)")
        #expect(!floor.stdout.contains("TITLE"))
        let (hidden, error) = await run(["show", "small", "--feed", feedPath, "--min-magnitude", "5"])
        #expect(hidden == 1)
        #expect(error.stderr == "quartet: no earthquake 'small' in the list\n")
    }

    /// The summary counts what the list screen would show under the same filter (`--limit` cuts only what is
    /// printed), and says "earthquake" for one.
    @Test func theSummaryCountsWhatTheFilterKeepsInTheRightNumber() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (code, limited) = await run(["--feed", feedPath, "--min-magnitude", "5", "--limit", "1"])
        #expect(code == 0)
        #expect(limited.stdout.contains("\n1 of 2 earthquakes · Updated "), "\(limited.stdout)")
        let (_, one) = await run(["--feed", feedPath, "--min-magnitude", "7"])
        #expect(one.stdout.contains("\n1 of 1 earthquake · Updated "), "\(one.stdout)")
        let (_, none) = await run(["--feed", feedPath, "--min-magnitude", "9"])
        // NB: an empty list has no count, as the screen shows none: its sentence says it ("0 of 0" said it again).
        #expect(!none.stdout.contains("0 of 0"), "\(none.stdout)")
        #expect(none.stdout.contains("\nUpdated "), "\(none.stdout)")
    }

    /// `Double` reads `nan` and `inf`, but neither is a magnitude: refused as any other word would be.
    @Test(arguments: ["nan", "inf", "-infinity", "NaN"])
    func aMagnitudeThatIsNoFiniteNumberIsRefused(_ magnitude: String) async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (code, output) = await run(["--feed", feedPath, "--min-magnitude", magnitude])
        #expect(code == 2)
        #expect(output.stderr.contains("--min-magnitude expects a magnitude, not '\(magnitude)'"))
        #expect(output.stdout.isEmpty)
    }

    @Test func jsonRowsForScripts() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (code, output) = await run(["--feed", feedPath, "--json", "--limit", "2"])
        #expect(code == 0)
        let rows = try JSONDecoder().decode([QuakeExportRow].self, from: Data(output.stdout.utf8))
        #expect(rows.map(\.id) == ["big", "mid"])
        let big = try #require(rows.first)
        #expect(big.tint == "red")
        #expect(big.magnitude == 7.3)
        #expect(big.latitude == -3.25 && big.longitude == 142.5 && big.depth == 30)
        #expect(big.url == "https://earthquake.usgs.gov/earthquakes/eventpage/big")
        #expect(big.time.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression) != nil)
        #expect(rows[1].tint == "lightRed")
    }

    /// A feed link that is no web address is dropped when the feed is read: `--json` leaves it out as `show`
    /// leaves out the event page (the JSON once passed `javascript:alert(1)` on).
    @Test func aLinkThatIsNoWebAddressLeavesEveryOutput() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = try String(contentsOfFile: feedPath, encoding: .utf8)
            .replacingOccurrences(
                of: "https://earthquake.usgs.gov/earthquakes/eventpage/big", with: "javascript:alert(1)")
        try Data(feed.utf8).write(to: URL(fileURLWithPath: feedPath))
        let (code, output) = await run(["--feed", feedPath, "--json"])
        #expect(code == 0)
        #expect(!output.stdout.contains("javascript"))
        let rows = try JSONDecoder().decode([QuakeExportRow].self, from: Data(output.stdout.utf8))
        #expect(rows.first { $0.id == "big" }?.url == nil)
        #expect(rows.first { $0.id == "mid" }?.url == "https://earthquake.usgs.gov/earthquakes/eventpage/mid")
        // The detail says the feed gives it no web page, as the screen's detail does, and names no link.
        let (_, shown) = await run(["show", "big", "--feed", feedPath])
        #expect(shown.stdout.contains("The feed gives no web page for this earthquake."), "\(shown.stdout)")
        #expect(!shown.stdout.contains("javascript"))
    }

    /// `show` names the event page the app would open: USGS's over https, and for a link to another site the core's
    /// sentence saying it is not opened (it printed the other site's address as the event page).
    @Test func showNamesOnlyAUSGSEventPage() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = try String(contentsOfFile: feedPath, encoding: .utf8)
            .replacingOccurrences(
                of: "https://earthquake.usgs.gov/earthquakes/eventpage/big", with: "https://phish.example/big"
            )
            .replacingOccurrences(
                of: "https://earthquake.usgs.gov/earthquakes/eventpage/mid",
                with: "http://earthquake.usgs.gov/earthquakes/eventpage/mid")
        try Data(feed.utf8).write(to: URL(fileURLWithPath: feedPath))
        let (code, big) = await run(["show", "big", "--feed", feedPath])
        #expect(code == 0)
        #expect(!big.stdout.contains("https://phish.example"))
        #expect(
            big.stdout.contains(
                "  Event Page: The feed links this earthquake to phish.example, not to USGS, so the page is not opened.\n"
            ), "\(big.stdout)")
        let (_, mid) = await run(["show", "mid", "--feed", feedPath])
        #expect(mid.stdout.contains("  Event Page: https://earthquake.usgs.gov/earthquakes/eventpage/mid\n"))
    }

    /// `QUARTET_LOCALE=ar_SA` writes magnitudes and coordinates in the Arabic-Indic digits its dates have, with the
    /// Arabic decimal mark (they came out as `7٫3`: Latin digits, Arabic mark).
    @Test func numbersTakeTheLocalesDigits() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let captured = Captured()
        var environment = environment
        environment["QUARTET_LOCALE"] = "ar_SA"
        let code = await QuartetTool.run(
            ["quakes", "show", "big", "--feed", feedPath, "--data-dir", dataDirectory], environment: environment,
            console: captured.console(terminal: false))
        #expect(code == 0)
        #expect(captured.stdout.contains("٧٫٣"), "\(captured.stdout)")
        #expect(captured.stdout.contains("٣٫٢٥° S, ١٤٢٫٥٠° E"), "\(captured.stdout)")
        #expect(!captured.stdout.contains("7٫3"))
        #expect(!captured.stdout.contains("3٫25"))
    }

    /// Under `ar_SA` the counts are written in the digits the rows have, as every other number the command prints:
    /// the list's "3 of 3 earthquakes" and the map's "Wrote 2 earthquakes" kept Latin digits beside `٣٫٥`.
    @Test func countsTakeTheLocalesDigitsAsTheRowsDo() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = environment
        environment["QUARTET_LOCALE"] = "ar_SA"
        func run(_ arguments: [String]) async -> (Int32, Captured) {
            let captured = Captured()
            let code = await QuartetTool.run(
                ["quakes"] + arguments + ["--feed", feedPath, "--data-dir", dataDirectory], environment: environment,
                console: captured.console(terminal: false))
            return (code, captured)
        }
        let (code, listed) = await run(["--limit", "2"])
        #expect(code == 0)
        let lines = listed.stdout.split(separator: "\n").suffix(2).map(String.init)
        let summary = try #require(lines.first)
        #expect(summary.hasPrefix("٢ of ٣ earthquakes · "), "\(summary)")
        #expect(!summary.contains { $0.isASCII && $0.isNumber }, "\(summary)")
        #expect(lines.last == "١ earthquake could not be read")
        let output = folder.appendingPathComponent("map.svg").path
        let (mapped, printed) = await run(["map", "--output", output, "--min-magnitude", "4.5"])
        #expect(mapped == 0)
        #expect(printed.stdout == "Wrote ٢ earthquakes of magnitude ٤٫٥ or more to \(output).\n")
        let svg = try String(contentsOfFile: output, encoding: .utf8)
        #expect(svg.contains("<title>Earthquakes of Magnitude ٤٫٥ or More</title>"))
    }

    /// The count of features that could not be read is kept with the device's copy: a run that shows the copy, or
    /// whose file answered "not modified", says it as the first run did (they said nothing of it).
    @Test func theSkippedLineOutlivesTheRunThatReadTheFeed() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let note = "1 earthquake could not be read"
        let (_, first) = await run(["--feed", feedPath])
        #expect(first.stdout.hasSuffix("\n\(note)\n"))
        // Fresh: the copy, no request.
        let (_, cached) = await run(["--feed", feedPath])
        #expect(cached.stdout.hasSuffix("\n\(note)\n"), "\(cached.stdout)")
        // The file has not changed since: 304.
        let (code, confirmed) = await run(["--feed", feedPath, "--reload"])
        #expect(code == 0)
        #expect(titles(confirmed.stdout) == ["M 7.3 - Big", "M 5.0 - Mid", "M 2.1 - Small"])
        #expect(confirmed.stdout.hasSuffix("\n\(note)\n"), "\(confirmed.stdout)")
    }

    @Test func deleteHidesUntilReload() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = await run(["--feed", feedPath])
        let (code, deleted) = await run(["delete", "mid", "--feed", feedPath])
        #expect(code == 0)
        #expect(deleted.stdout == "Deleted mid (M 5.0 - Mid) until the next reload.\n")
        #expect(titles(await run(["--feed", feedPath]).1.stdout) == ["M 7.3 - Big", "M 2.1 - Small"])
        #expect(
            titles(await run(["--feed", feedPath, "--reload"]).1.stdout) == [
                "M 7.3 - Big", "M 5.0 - Mid", "M 2.1 - Small",
            ])
        let (missing, error) = await run(["delete", "nothing", "--feed", feedPath])
        #expect(missing == 1)
        #expect(error.stderr == "quartet: no earthquake 'nothing' in the list\n")
    }

    /// `delete` is the swipe: the list screen opens as it would (loading the feed when the device has no copy yet),
    /// and only a row it shows under the filter can be swiped away. It read the device's copy itself, so it failed
    /// before any listing and deleted rows the filter hid.
    @Test func deleteSwipesARowOfTheListAsTheScreenShowsIt() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (first, deleted) = await run(["delete", "mid", "--feed", feedPath])
        #expect(first == 0, "\(deleted.stderr)")
        #expect(deleted.stdout == "Deleted mid (M 5.0 - Mid) until the next reload.\n")
        #expect(titles(await run(["--feed", feedPath]).1.stdout) == ["M 7.3 - Big", "M 2.1 - Small"])
        let (again, twice) = await run(["delete", "mid", "--feed", feedPath])
        #expect(again == 1)
        #expect(twice.stderr == "quartet: no earthquake 'mid' in the list\n")

        let (hidden, refused) = await run(["delete", "small", "--feed", feedPath, "--min-magnitude", "5"])
        #expect(hidden == 1)
        #expect(refused.stderr == "quartet: no earthquake 'small' in the list\n")
        #expect(titles(await run(["--feed", feedPath]).1.stdout) == ["M 7.3 - Big", "M 2.1 - Small"])
    }

    /// A swipe the device could not save (its store refuses the write) prints the core's banner as the failure and
    /// exits non-zero, read from the swipe's outcome rather than by comparing sentences.
    @Test func deleteThatTheDeviceCannotSaveFails() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(await run(["--feed", feedPath]).0 == 0)
        let database = try SQLiteDatabase(path: dataDirectory + "/quakes.sqlite")
        try await database.write { db in
            _ = try db.execute(
                """
                CREATE TRIGGER refuse_hide BEFORE INSERT ON localstore_hidden
                BEGIN SELECT RAISE(ABORT, 'disk full'); END
                """)
        }
        let (code, failed) = await run(["delete", "mid", "--feed", feedPath])
        #expect(code == 1)
        #expect(failed.stdout.isEmpty)
        #expect(failed.stderr == "quartet: The earthquakes could not be saved on this device.\n")
        #expect(titles(await run(["--feed", feedPath]).1.stdout) == ["M 7.3 - Big", "M 5.0 - Mid", "M 2.1 - Small"])
    }

    @Test func showPrintsTheDetailAndEventPage() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (code, output) = await run(["show", "big", "--feed", feedPath])
        #expect(code == 0)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "M 7.3 - Big")
        #expect(lines.contains("  Magnitude:  7.3 (moment magnitude, mww)"))
        #expect(lines.contains("  Location:   3.25° S, 142.50° E"))
        #expect(lines.contains("  Depth:      30.0 km"))
        #expect(lines.contains("  Status:     Reviewed"))
        #expect(lines.contains("  Event Page: https://earthquake.usgs.gov/earthquakes/eventpage/big"))
        let (json, row) = await run(["show", "big", "--feed", feedPath, "--json"])
        #expect(json == 0)
        #expect(try JSONDecoder().decode([QuakeExportRow].self, from: Data(row.stdout.utf8)).map(\.id) == ["big"])
    }

    @Test func mapWritesAnSVGOfTheBigOnes() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("map.svg").path
        let (code, printed) = await run(["map", "--output", output, "--feed", feedPath])
        #expect(code == 0)
        #expect(printed.stdout == "Wrote 2 earthquakes of magnitude 3.5 or more to \(output).\n")
        let svg = try String(contentsOfFile: output, encoding: .utf8)
        #expect(svg.components(separatedBy: "<circle ").count - 1 == 2)
        #expect(svg.contains("fill=\"#d93025\"><title>M 7.3 - Big</title>"))
        #expect(svg.contains("fill=\"#f28b82\"><title>M 5.0 - Mid</title>"))
        #expect(svg.contains("<title>Earthquakes of Magnitude 3.5 or More</title>"))
    }

    /// The sentence and the SVG's title say the floor the pins start at: the filter's when it is above 3.5, as the
    /// app's map title does (they said 3.5 whatever the filter).
    @Test func theMapSaysTheFiltersFloor() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("map.svg").path
        let (code, one) = await run(["map", "--output", output, "--feed", feedPath, "--min-magnitude", "7"])
        #expect(code == 0)
        #expect(one.stdout == "Wrote 1 earthquake of magnitude 7.0 or more to \(output).\n")
        let svg = try String(contentsOfFile: output, encoding: .utf8)
        #expect(svg.contains("<title>Earthquakes of Magnitude 7.0 or More</title>"))
        #expect(!svg.contains("3.5"))
        let (_, two) = await run(["map", "--output", output, "--feed", feedPath, "--min-magnitude", "4.5"])
        #expect(two.stdout == "Wrote 2 earthquakes of magnitude 4.5 or more to \(output).\n")
        // Below 3.5 the map still starts at 3.5: smaller quakes get no pin.
        let (_, low) = await run(["map", "--output", output, "--feed", feedPath, "--min-magnitude", "1"])
        #expect(low.stdout == "Wrote 2 earthquakes of magnitude 3.5 or more to \(output).\n")
    }

    /// A device file no command can read is set aside with a word on standard error; the list still shows.
    @Test func aDamagedDeviceStoreIsSetAsideAndTheListShows() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 3000).write(to: URL(fileURLWithPath: dataDirectory + "/quakes.sqlite"))
        let (code, output) = await run(["--feed", feedPath])
        #expect(code == 0)
        #expect(titles(output.stdout) == ["M 7.3 - Big", "M 5.0 - Mid", "M 2.1 - Small"])
        #expect(output.stderr.contains("could not be read. It was set aside (\(dataDirectory)/quakes.sqlite.damaged)"))
        let (_, again) = await run(["--feed", feedPath])
        #expect(again.stderr.isEmpty)
    }

    @Test func aMapThatCannotBeWrittenNamesTheFile() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("missing/map.svg").path
        let (code, printed) = await run(["map", "--output", output, "--feed", feedPath])
        #expect(code == 1)
        #expect(printed.stderr == "quartet: There is no such file or folder: \(output).\n")
    }

    @Test func anUnreachableServerWithoutACacheSaysSo() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (code, output) = await run(["--server", "http://127.0.0.1:1"])
        #expect(code == 1)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr == "quartet: The earthquake feed could not be reached. There is nothing to show yet.\n")
    }

    @Test func anUnreachableServerWithACacheShowsItAndWhenItWasFetched() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try await storeTheFeedAsTheAppWould(fetchedAt: Date())
        let (code, output) = await run(["--server", "http://127.0.0.1:1", "--reload"])
        #expect(code == 0)
        #expect(titles(output.stdout) == ["M 7.3 - Big", "M 5.0 - Mid", "M 2.1 - Small"])
        #expect(
            output.stderr == "The earthquake feed could not be reached. Showing the earthquakes saved on this device.\n"
        )
        // When it was fetched is said once, as the toolbar says it: the summary's "Updated …".
        #expect(output.stdout.contains("Updated "))
        // Fresh enough without --reload: no request at all, so no message. Stored again just before the run, so
        // a busy machine that took a minute over the run above cannot make it stale.
        try await storeTheFeedAsTheAppWould(fetchedAt: Date())
        let (_, quiet) = await run(["--server", "http://127.0.0.1:1"])
        #expect(quiet.stderr.isEmpty)
        #expect(titles(quiet.stdout).count == 3)
    }

    /// The device already holds the replay's feed, stored as the app would have stored it.
    private func storeTheFeedAsTheAppWould(fetchedAt: Date) async throws {
        let feedURL = "http://127.0.0.1:1/usgs/feed/v1.0/summary/all_month.geojson"
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        let database = try SQLiteDatabase(path: dataDirectory + "/quakes.sqlite")
        let cache = QuakeCache.live(try await LocalStore(database: database))
        let body = try Data(contentsOf: URL(fileURLWithPath: feedPath))
        let quakes = try QuakeFeedDecoder().decode(body).quakes.sorted(by: Quake.newestFirst)
        try await cache.save(
            feedURL, QuakeCache.Entry(quakes: quakes, fetchedAt: fetchedAt, validators: .init()), false)
    }

    @Test func spinnerOnlyOnATerminal() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, terminal) = await run(["--feed", feedPath], terminal: true)
        #expect(terminal.stderr.contains("Loading earthquakes…"))
        #expect(terminal.stderr.hasSuffix("\r\u{1B}[K"))
        let (_, piped) = await run(["--feed", feedPath, "--reload"])
        #expect(piped.stderr.isEmpty)
    }

    /// What a device keeps (the feed, rows hidden) is its user's alone, as the other apps' sign-ins are.
    @Test func theDeviceStoreIsTheUsersAlone() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (code, _) = await run(["--feed", feedPath])
        #expect(code == 0)
        func mode(_ path: String) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        }
        #expect(try mode(dataDirectory) == 0o700)
        #expect(try mode(dataDirectory + "/quakes.sqlite") == 0o600)
    }

    @Test func badFeedArgumentIsAUsageError() async {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (code, output) = await run(["--feed", "all_mnth"])
        #expect(code == 2)
        #expect(output.stderr.hasPrefix("quartet: --feed expects a feed name"))
    }

    /// A missing file is named as missing, exit 1, as every command names one (README), not called a bad option.
    @Test func aMissingFeedFileIsNamed() async {
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("no/such/file.geojson").path
        let (code, output) = await run(["--feed", missing])
        #expect(code == 1)
        #expect(output.stderr.contains("There is no such file or folder: \(missing)."))
        #expect(!output.stderr.contains("--help"))
    }

    /// Issue 12: the command line is a view, so every word it prints comes from QuakesCore's strings table, save
    /// the test's own data (the feed's titles, ids, URLs and values, the paths it gave).
    @Test func printsOnlyTheCoresStrings() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.geojson").path
        try Data("{\"type\":\"FeatureCollection\",\"features\":[".utf8).write(to: URL(fileURLWithPath: broken))
        let map = folder.appendingPathComponent("map.svg").path
        let absent = folder.appendingPathComponent("absent.geojson").path
        let commands: [[String]] = [
            ["--feed", feedPath],
            ["list", "--feed", feedPath, "--reload", "--min-magnitude", "9"],
            ["show", "big", "--feed", feedPath],
            ["show", "nothing", "--feed", feedPath],
            ["delete", "mid", "--feed", feedPath],
            ["delete", "nothing", "--feed", feedPath],
            ["map", "--output", map, "--feed", feedPath],
            ["--server", "http://127.0.0.1:1"],
            ["map", "--output", map, "--server", "http://127.0.0.1:1"],
            ["show", "big", "--feed", broken],
            ["--feed", absent],
        ]
        var transcript = Transcript()
        for command in commands {
            let (_, output) = await StringTable.$marking.withValue(true) { await run(command) }
            transcript.record(command, output.stdout, output.stderr)
        }
        let mistakes = [
            ["--feed", "all_mnth"], ["--since", "soon"], ["--limit", "0"], ["--server", "ftp://nope"],
        ]
        for command in mistakes {
            let (code, output) = await StringTable.$marking.withValue(true) { await run(command) }
            transcript.recordUsageError(command, code: code, output.stdout, output.stderr)
        }
        #expect(transcript.printedCommands == commands.count + mistakes.count)
        // "quartet" is the program's name, which leads its error lines.
        let feed = [
            "M 7.3 - Big", "M 5.0 - Mid", "M 2.1 - Small", "big", "mid", "Mww", "earthquake", "reviewed",
            "https://earthquake.usgs.gov/earthquakes/eventpage/big",
        ]
        let typed = ["quartet", "nothing", "soon", "all_mnth", "ftp://nope", feedPath, broken, map, absent]
        let check = UnmarkedText(data: feed + typed)
        let offences = check.offences(in: transcript)
        #expect(offences.isEmpty, "\(offences.joined(separator: "\n"))")

        // The argument parser's own usage line (shared by every app, not a screen's): exempt, so checked exactly.
        let (code, missing) = await StringTable.$marking.withValue(true) { await run(["show"]) }
        #expect(code == 2)
        #expect(missing.stderr == "quartet: 'quartet quakes show' needs ID\nusage: see 'quartet quakes show --help'\n")
    }
}
