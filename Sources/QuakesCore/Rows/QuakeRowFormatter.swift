import Foundation
import Localization
import PublicInit
import QuakesModels

/// Turns quakes into rows: coordinates as `38.29° N, 122.31° W`, times in a given time zone and locale.
///
/// Time zone and locale are injected so tests see exact text; the app passes the device's.
@PublicInit
public struct QuakeRowFormatter: Sendable {
    /// The zone times are written in; the device's by default.
    public var timeZone: TimeZone = .current
    /// The locale of dates and of digits and decimal marks (``numbers``); the device's by default.
    public var locale: Locale = .current

    /// The locale's digits, decimal mark and minus sign, which every number a screen writes uses (`5,2` and
    /// `40,37° N` in `de_DE`; `٥٫٢` and `٤٠٫٣٧° N` in `ar_SA`, whose dates have the same digits).
    public var numbers: NumberSymbols { NumberSymbols(locale: locale) }

    /// `value` with one decimal, as the locale writes it: a magnitude, a depth.
    public func decimal(_ value: Double) -> String {
        numbers.fixed(value, digits: 1)
    }

    /// Rows for quakes already in display order.
    public func rows(for quakes: [Quake]) -> [QuakeRow] {
        var times = TimeTextCache(formatter: dateTimeFormatter(), timeZone: timeZone)
        let numbers = numbers
        let hemispheres = Hemispheres()
        var rows: [QuakeRow] = []
        rows.reserveCapacity(quakes.count)
        for quake in quakes {
            rows.append(
                QuakeRow(
                    id: quake.id,
                    title: Self.rowTitle(quake.title),
                    coordinateText: Self.coordinateText(
                        quake.coordinate, numbers: numbers, hemispheres: hemispheres),
                    timeText: times.text(for: quake.time),
                    tint: QuakeTint(magnitude: quake.magnitude)
                ))
        }
        return rows
    }

    /// The most characters a row or a map pin shows of a title; a longer one is cut, with `…`.
    ///
    /// NB: USGS titles run to about 80 characters; a feed's title of 500 wrapped to a dozen lines and filled the
    /// screen with one row. The detail and the search keep the whole title.
    public static let titleLimit = 120

    /// A title as a row and a map pin show it: cut to ``titleLimit`` characters, its place read in its own
    /// direction (``directionalTitle(_:)``).
    public static func rowTitle(_ title: String) -> String {
        // NB: most titles are ASCII and short: nothing to cut or to isolate, and no character is walked.
        if title.utf8.count <= titleLimit, title.utf8.allSatisfy({ $0 < 0x80 }) { return title }
        guard title.count > titleLimit else { return directionalTitle(title) }
        var head = title.prefix(titleLimit - 1)
        while head.last?.isWhitespace == true { head = head.dropLast() }
        return directionalTitle(String(head) + "…")
    }

    /// A title whose place (after ` - `) starts in a script written right to left (Hebrew, Arabic…), with a
    /// right-to-left mark (U+200F) before the place, so it reads in its own direction: the `12` of
    /// `M 5.1 - 12 كم جنوب غرب طهران` stays with its words rather than being read last. Any other title as it is.
    ///
    /// NB: a mark, not an isolate (U+2068 … U+2069): the command line prints the same title, and shows isolates, which
    /// can reorder the rest of a terminal's line, as `�` (`Console.terminalSafe`), but keeps marks.
    public static func directionalTitle(_ title: String) -> String {
        guard let separator = title.range(of: " - ") else { return title }
        let place = title[separator.upperBound...]
        guard startsRightToLeft(place) else { return title }
        return String(title[..<separator.upperBound]) + "\u{200F}" + String(place)
    }

    /// Whether the first letter of `text` (digits, spaces and punctuation have no direction of their own) is of a
    /// script written right to left.
    private static func startsRightToLeft(_ text: Substring) -> Bool {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
            case 0x200F: return false  // already marked
            default: if scalar.properties.isAlphabetic { return false }
            }
        }
        return false
    }

    /// One row.
    public func row(for quake: Quake) -> QuakeRow {
        rows(for: [quake])[0]
    }

    /// The date-and-time style of rows (medium date, medium time).
    public func dateTimeFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateStyle = .medium
        formatter.timeStyle = .medium
        return formatter
    }

    /// `38.29° N, 122.31° W`: two decimals in the locale's `numbers`, hemisphere letters (from the strings table),
    /// no sign.
    public static func coordinateText(
        _ coordinate: QuakeCoordinate, numbers: NumberSymbols = .latin, hemispheres: Hemispheres = Hemispheres()
    ) -> String {
        let latitude = numbers.fixed(abs(coordinate.latitude), digits: 2)
        let longitude = numbers.fixed(abs(coordinate.longitude), digits: 2)
        let north = coordinate.latitude >= 0 ? hemispheres.north : hemispheres.south
        let east = coordinate.longitude >= 0 ? hemispheres.east : hemispheres.west
        return latitude + "° " + north + ", " + longitude + "° " + east
    }

    /// The four hemisphere letters, read from the strings table once for a whole list of rows.
    public struct Hemispheres: Sendable {
        /// Written after a latitude of 0 or more (`N` in English).
        public var north = Strings.text("quakes.coordinate.north")
        /// Written after a negative latitude (`S` in English).
        public var south = Strings.text("quakes.coordinate.south")
        /// Written after a longitude of 0 or more (`E` in English).
        public var east = Strings.text("quakes.coordinate.east")
        /// Written after a negative longitude (`W` in English).
        public var west = Strings.text("quakes.coordinate.west")

        /// The letters of the current language.
        public init() {}
    }

    /// `Updated 12:04` for a time today, `Updated Mar 2, 2016 at 12:04 PM` otherwise.
    public func lastUpdatedText(_ fetchedAt: Date, now: Date) -> String {
        Strings.format("quakes.updated", shortText(fetchedAt, now: now))
    }

    /// A short time for today (`12:04 PM`), a date and time for other days.
    public func shortText(_ date: Date, now: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return DateText.string(
            date, dateStyle: calendar.isDate(date, inSameDayAs: now) ? .none : .medium, timeStyle: .short,
            locale: locale, timeZone: timeZone)
    }
}

/// Formats many dates with one `DateFormatter`, formatting each local hour only a few times.
///
/// NB: ICU formatting costs ~3 µs a date on Linux, the largest part of building 10,000 rows. Within one
/// local hour only the minutes and seconds change, so the hour is formatted at :00:00 and :12:34, the two
/// two-digit fields are located where the texts differ, and the template is checked against :59:59. Any
/// locale or hour where that does not hold exactly (other digits, no zero padding, a zone change within
/// the hour) falls back to the formatter, so the text is always what the formatter would produce.
struct TimeTextCache {
    let formatter: DateFormatter
    let timeZone: TimeZone
    private var templates: [Int: Template?] = [:]

    init(formatter: DateFormatter, timeZone: TimeZone) {
        self.formatter = formatter
        self.timeZone = timeZone
    }

    /// The text before the minutes, between minutes and seconds, and after the seconds.
    struct Template {
        var prefix: String
        var middle: String
        var suffix: String

        func fill(minute: Int, second: Int) -> String {
            prefix + Self.twoDigits[minute] + middle + Self.twoDigits[second] + suffix
        }

        static let twoDigits = (0..<60).map { $0 < 10 ? "0\($0)" : String($0) }
    }

    mutating func text(for date: Date) -> String {
        // NB: the same arithmetic as CFDateFormatter's hand-off to ICU (milliseconds since 1970 from the
        // reference date), so a time a hair below a whole second rounds the way the formatter's does.
        let seconds = ((date.timeIntervalSinceReferenceDate + 978_307_200) * 1000 / 1000).rounded(.down)
        guard abs(seconds) < 1e12 else { return formatter.string(from: date) }
        let local = Int(seconds) + timeZone.secondsFromGMT(for: date)
        let hour = local >= 0 ? local / 3600 : (local - 3599) / 3600
        let template: Template?
        if let cached = templates[hour] {
            template = cached
        } else {
            template = makeTemplate(hourStart: Date(timeIntervalSince1970: seconds - Double(local - hour * 3600)))
            templates[hour] = template
        }
        guard let template else { return formatter.string(from: date) }
        let withinHour = local - hour * 3600
        return template.fill(minute: withinHour / 60, second: withinHour % 60)
    }

    private func makeTemplate(hourStart: Date) -> Template? {
        let zero = Array(formatter.string(from: hourStart).utf8)
        let probe = Array(formatter.string(from: hourStart.addingTimeInterval(12 * 60 + 34)).utf8)
        guard zero.count == probe.count else { return nil }
        let differing = zero.indices.filter { zero[$0] != probe[$0] }
        guard differing.count == 4, differing[1] == differing[0] + 1, differing[3] == differing[2] + 1 else {
            return nil
        }
        let (minute, second) = (differing[0], differing[2])
        guard zero[minute] == 0x30, zero[minute + 1] == 0x30, zero[second] == 0x30, zero[second + 1] == 0x30,
            probe[minute] == 0x31, probe[minute + 1] == 0x32, probe[second] == 0x33, probe[second + 1] == 0x34
        else { return nil }
        let template = Template(
            prefix: String(decoding: zero[..<minute], as: UTF8.self),
            middle: String(decoding: zero[(minute + 2)..<second], as: UTF8.self),
            suffix: String(decoding: zero[(second + 2)...], as: UTF8.self))
        let last = formatter.string(from: hourStart.addingTimeInterval(3599))
        return template.fill(minute: 59, second: 59) == last ? template : nil
    }
}
