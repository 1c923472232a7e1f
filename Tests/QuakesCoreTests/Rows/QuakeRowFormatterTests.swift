import Foundation
import QuakesModels
import Testing

@testable import QuakesCore

@Suite struct QuakeRowFormatterTests {
    func quake(_ id: String, mag: Double?, at seconds: TimeInterval = 0, lon: Double = -122.3149, lat: Double = 38.2911)
        -> Quake
    {
        Quake(
            id: id, magnitude: mag, place: nil, title: "T \(id)",
            time: Date(timeIntervalSince1970: 1_456_922_988.36 + seconds),
            coordinate: QuakeCoordinate(longitude: lon, latitude: lat, depth: 1))
    }

    @Test func rowShowsTitleCoordinatesLocalTimeAndTint() {
        let row = testFormatter.row(for: quake("a", mag: 5.0))
        #expect(
            row
                == QuakeRow(
                    id: "a", title: "T a", coordinateText: "38.29° N, 122.31° W",
                    timeText: "Mar 2, 2016 at 4:49:48\u{202F}AM", tint: .lightRed))
    }

    /// A title of 500 characters filled the screen with one row (and the map with one label); a row and a pin now show
    /// its first 120 characters. A USGS-sized title, and the detail's, stay whole.
    @Test func aVeryLongTitleIsCutInTheRowAndOnTheMap() {
        let long = "M 4.2 - " + String(repeating: "Very long place name ", count: 24)
        var quake = quake("a", mag: 4.2)
        quake.title = long
        let row = testFormatter.row(for: quake)
        #expect(row.title.count == QuakeRowFormatter.titleLimit)
        #expect(row.title == String(long.prefix(119)) + "…")
        #expect(QuakeMapAnnotation.annotations(for: [quake]).map(\.title) == [row.title])
        #expect(QuakeDetail(quake, formatter: testFormatter).title == long)
        // Whitespace before the cut goes; a title of exactly the limit is not cut.
        #expect(
            QuakeRowFormatter.rowTitle(String(repeating: "a", count: 118) + " bcd") == String(
                repeating: "a", count: 118) + "…")
        let exact = String(repeating: "é", count: 120)
        #expect(QuakeRowFormatter.rowTitle(exact) == exact)
        let usgs = "M 7.8 - 135 km SW of Muara Siberut, Indonesia"
        #expect(QuakeRowFormatter.rowTitle(usgs) == usgs)
    }

    /// A place written right to left read out of order in a left-to-right title: the `12` of "12 km SW of Tehran"
    /// was read after the words. A right-to-left mark before the place now keeps it in its own direction, in the row,
    /// the pin and the detail.
    @Test func aRightToLeftPlaceReadsInItsOwnDirection() {
        let arabic = "M 5.1 - 12 كم جنوب غرب طهران، إيران"
        var quake = quake("a", mag: 5.1)
        quake.title = arabic
        let marked = "M 5.1 - \u{200F}12 كم جنوب غرب طهران، إيران"
        #expect(testFormatter.row(for: quake).title == marked)
        #expect(QuakeMapAnnotation.annotations(for: [quake]).map(\.title) == [marked])
        #expect(QuakeDetail(quake, formatter: testFormatter).title == marked)
        #expect(QuakeRowFormatter.rowTitle("M 3.9 - 5 ק\"מ צפונית לטבריה") == "M 3.9 - \u{200F}5 ק\"מ צפונית לטבריה")
        // Left-to-right places, accented or not, a place that only mentions a right-to-left name, a title that is
        // right to left as a whole, and one already marked stay as they are.
        for title in [
            "M 4.0 - Grindavík, Iceland", "M 4.0 - 10 km N of طهران", "طهران", "M 5.1 - \u{200F}12 كم", "M 2.0 - ",
        ] {
            #expect(QuakeRowFormatter.rowTitle(title) == title)
        }
    }

    @Test func timeFollowsTheInjectedTimeZoneAndLocale() {
        let berlin = QuakeRowFormatter(
            timeZone: TimeZone(identifier: "Europe/Berlin") ?? .current, locale: Locale(identifier: "de_DE"))
        let row = berlin.row(for: quake("a", mag: 1))
        #expect(row.timeText == "02.03.2016, 13:49:48")
        #expect(row.coordinateText == "38,29° N, 122,31° W")
        // The detail's numbers and the table's magnitudes take the same comma as the coordinates.
        var deep = quake("a", mag: 5.26)
        deep.coordinate.depth = 24
        let detail = QuakeDetail(deep, formatter: berlin)
        #expect(detail.depthText == "24,0 km")
        #expect(detail.magnitudeText.hasPrefix("5,3"))
        let table = QuakeTable.render([deep], rows: [berlin.row(for: deep)], numbers: berlin.numbers)
        #expect(table.last?.text.contains("  5,3  ") == true)
    }

    /// Numbers take the locale's digits with its decimal mark, as its dates do: `٣٨٫٢٩` in `ar_SA`, where they were
    /// written `38٫29` (Latin digits, Arabic mark) beside dates in Arabic-Indic digits.
    @Test func numbersFollowTheLocalesDigitsAsDatesDo() {
        let riyadh = QuakeRowFormatter(
            timeZone: TimeZone(identifier: "Asia/Riyadh") ?? .current, locale: Locale(identifier: "ar_SA"))
        var deep = quake("a", mag: 5.26)
        deep.coordinate.depth = 24
        let row = riyadh.row(for: deep)
        #expect(row.coordinateText == "٣٨٫٢٩° N, ١٢٢٫٣١° W")
        #expect(!row.timeText.contains { $0.isASCII && $0.isNumber }, "\(row.timeText)")
        #expect(row.timeText.contains("٢"))
        let detail = QuakeDetail(deep, formatter: riyadh)
        #expect(detail.depthText?.hasPrefix("٢٤٫٠") == true)
        #expect(detail.magnitudeText.hasPrefix("٥٫٣"))
        #expect(riyadh.decimal(-0.46).hasSuffix("٠٫٥"))
        #expect(riyadh.decimal(-0.46).contains("-"))
        let table = QuakeTable.render([deep], rows: [row], numbers: riyadh.numbers)
        #expect(table.last?.text.contains("  ٥٫٣  ") == true)
        // Persian has digits of its own; English and German keep ASCII digits.
        #expect(NumberSymbols(locale: Locale(identifier: "fa_IR")).fixed(37.106, digits: 2) == "۳۷٫۱۱")
        #expect(NumberSymbols(locale: Locale(identifier: "de_DE")).fixed(37.106, digits: 2) == "37,11")
        #expect(NumberSymbols(locale: Locale(identifier: "en_US")) == .latin)
    }

    /// The filter menu's floors and the detail's count of felt reports take the locale's digits too, as the rows
    /// beside them do (`M ٤٫٥+`, `٣٠ reports`): they were written `M 4.5+` and `30 reports` under `ar_SA`.
    @MainActor @Test func filterLabelsAndCountsFollowTheLocalesDigits() {
        let riyadh = QuakeRowFormatter(
            timeZone: TimeZone(identifier: "Asia/Riyadh") ?? .current, locale: Locale(identifier: "ar_SA"))
        let model = QuakeListModel(
            service: QuakeFeedService(
                feedURL: URL(fileURLWithPath: "/nonexistent.geojson"), client: .unimplemented, cache: .inMemory(),
                formatter: riyadh))
        let labels = model.magnitudeChoices.map(\.label)
        #expect(labels.dropFirst() == ["M ١٫٠+", "M ٢٫٥+", "M ٤٫٥+", "M ٦٫٠+"], "\(labels)")
        #expect(model.magnitudeChoices.map(\.value) == [nil, 1, 2.5, 4.5, 6])
        #expect(QuakeFilter.magnitudeChoices(numbers: .latin).map(\.label).dropFirst().first == "M 1.0+")
        var felt = quake("a", mag: 5.26)
        felt.felt = 30
        #expect(QuakeDetail(felt, formatter: riyadh).feltText == "٣٠ reports")
        #expect(riyadh.numbers.whole(4711) == "٤٧١١")
        #expect(riyadh.numbers.whole(-12) == riyadh.numbers.minusSign + "١٢")
        #expect(NumberSymbols(locale: Locale(identifier: "fa_IR")).whole(20) == "۲۰")
        #expect(NumberSymbols.latin.whole(4711) == "4711")
    }

    @Test(
        arguments: [
            (nil, QuakeTint.none), (-1.0, .none), (4.94, .none), (5.0, .lightRed), (6.94, .lightRed), (7.0, .red),
            (9.1, .red),
            // As the magnitude reads: USGS titles a 4.95 "M 5.0", and the detail says 5.0.
            (4.95, .lightRed), (4.99, .lightRed), (6.95, .red),
        ] as [(Double?, QuakeTint)])
    func tintThresholdsAreInclusive(_ magnitude: Double?, _ tint: QuakeTint) {
        #expect(QuakeTint(magnitude: magnitude) == tint)
        #expect(testFormatter.row(for: quake("a", mag: magnitude)).tint == tint)
    }

    @Test(arguments: [
        (38.2911, -122.3149, "38.29° N, 122.31° W"), (-4.9082, 94.275, "4.91° S, 94.28° E"),
        (0, 0, "0.00° N, 0.00° E"), (-0.001, -0.004, "0.00° S, 0.00° W"), (89.999, 179.999, "90.00° N, 180.00° E"),
    ])
    func coordinateText(_ latitude: Double, _ longitude: Double, _ text: String) {
        let coordinate = QuakeCoordinate(longitude: longitude, latitude: latitude, depth: nil)
        #expect(QuakeRowFormatter.coordinateText(coordinate) == text)
    }

    /// The per-hour template cache must give exactly the formatter's text, whatever the locale or zone.
    @Test(arguments: ["en_US", "de_DE", "ja_JP", "ar_EG", "fr_FR", "hi_IN", "th_TH", "fa_IR"])
    func cachedTimeTextMatchesTheFormatter(_ localeIdentifier: String) {
        // A fixed linear congruential sequence: the same instants on every run.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var instants: [TimeInterval] = (0..<400).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return 1.45e9 + Double(state >> 11) * 0x1p-53 * 3.5e8
        }
        // A hair below whole seconds, where rounding could differ from the formatter's.
        instants += [1_499_272_572.999_999_9, 1_499_272_572.999_999_999, 1_499_272_572.999, 1_499_272_572.000_000_1]
        // DST changes in Los Angeles and Lord Howe (30-minute shift), and the hours around them, every 7 minutes.
        for transition in [1_457_863_200.0, 1_478_422_800, 1_459_612_800, 1_475_337_600] {
            instants += stride(from: transition - 7200, through: transition + 7200, by: 420).map { $0 + 0.36 }
        }
        instants += [-1.5, 0, 59.999, 3599.5]
        let quakes = instants.enumerated().map { index, instant in
            Quake(
                id: "q\(index)", magnitude: 1, place: nil, title: "", time: Date(timeIntervalSince1970: instant),
                coordinate: QuakeCoordinate(longitude: 0, latitude: 0, depth: nil))
        }
        for zone in ["America/Los_Angeles", "Asia/Kolkata", "Australia/Lord_Howe", "UTC", "Pacific/Chatham"] {
            let formatter = QuakeRowFormatter(
                timeZone: TimeZone(identifier: zone) ?? .current, locale: Locale(identifier: localeIdentifier))
            let reference = formatter.dateTimeFormatter()
            let mismatches = zip(quakes, formatter.rows(for: quakes)).filter { quake, row in
                row.timeText != reference.string(from: quake.time)
            }
            #expect(mismatches.isEmpty, "\(localeIdentifier) \(zone): \(mismatches.prefix(3).map(\.1.timeText))")
        }
    }

    @Test func newestFirstWithTiesBrokenByID() {
        let quakes = [quake("b", mag: 1, at: 0), quake("c", mag: 1, at: 10), quake("a", mag: 1, at: 0)]
        #expect(quakes.sorted(by: Quake.newestFirst).map(\.id) == ["c", "a", "b"])
    }

    @Test func lastUpdatedShowsTimeTodayAndDateOtherwise() {
        let fetched = Date(timeIntervalSince1970: 1_456_922_988)
        #expect(
            testFormatter.lastUpdatedText(fetched, now: fetched.addingTimeInterval(600)) == "Updated 4:49\u{202F}AM")
        #expect(
            testFormatter.lastUpdatedText(fetched, now: fetched.addingTimeInterval(86_400 * 2))
                == "Updated Mar 2, 2016 at 4:49\u{202F}AM")
    }
}

@Suite struct QuakeFilterTests {
    let now = Date(timeIntervalSince1970: 1_000_000)

    func quake(_ id: String, mag: Double?, ago: TimeInterval, place: String?) -> Quake {
        Quake(
            id: id, magnitude: mag, place: place, title: "M - \(place ?? "")", time: now.addingTimeInterval(-ago),
            coordinate: QuakeCoordinate(longitude: 0, latitude: 0, depth: 0))
    }

    @Test func minimumMagnitudeDropsSmallerAndUnknown() {
        let filter = QuakeFilter(minimumMagnitude: 2.5)
        #expect(filter.matches(quake("a", mag: 2.5, ago: 0, place: nil), now: now))
        #expect(!filter.matches(quake("b", mag: 2.44, ago: 0, place: nil), now: now))
        #expect(filter.matches(quake("b", mag: 2.45, ago: 0, place: nil), now: now), "it reads 2.5")
        #expect(!filter.matches(quake("c", mag: nil, ago: 0, place: nil), now: now))
    }

    @Test func windowKeepsRecentQuakes() {
        let filter = QuakeFilter(window: 3600)
        #expect(filter.matches(quake("a", mag: 1, ago: 3600, place: nil), now: now))
        #expect(!filter.matches(quake("b", mag: 1, ago: 3601, place: nil), now: now))
    }

    @Test func searchIgnoresCaseAndAccents() {
        let filter = QuakeFilter(searchText: " grindavik ")
        #expect(filter.matches(quake("a", mag: 1, ago: 0, place: "3 km SW of Grindavík, Iceland"), now: now))
        #expect(!filter.matches(quake("b", mag: 1, ago: 0, place: "Hawaii"), now: now))
    }

    @Test func searchFindsTheStartOfAWordOfThePlace() {
        let geysers = quake("a", mag: 1, ago: 0, place: "8 km NW of The Geysers, CA")
        let california = quake("b", mag: 1, ago: 0, place: "Baja California, Mexico")
        let volcano = quake("c", mag: 1, ago: 0, place: "5 km S of Volcano, Hawaii")
        let ca = QuakeFilter(searchText: "ca")
        #expect(ca.matches(geysers, now: now) && ca.matches(california, now: now))
        #expect(!ca.matches(volcano, now: now))
        // Every title starts "M 1.0 - ": the magnitude letter is not a place.
        #expect(!QuakeFilter(searchText: "M").matches(volcano, now: now))
        #expect(QuakeFilter(searchText: "volc").matches(volcano, now: now))
        #expect(QuakeFilter(searchText: "s of volcano").matches(volcano, now: now))
    }

    @Test(
        arguments: [
            ("24h", 86_400.0), ("90m", 5400), ("7d", 604_800), ("2w", 1_209_600), ("30", 30), ("1.5h", 5400),
        ] as [(String, Double)])
    func durations(_ text: String, _ seconds: Double) {
        #expect(QuakeFilter.duration(text) == seconds)
    }

    @Test(arguments: ["", "h", "-1h", "abc", "3y", "0h"])
    func invalidDurations(_ text: String) {
        #expect(QuakeFilter.duration(text) == nil)
    }
}
