import Foundation
import QuakesModels

/// A row for scripts: what `--json` prints.
public struct QuakeExportRow: Sendable, Hashable, Codable {
    /// The USGS event id, as the feed gives it.
    public var id: String
    /// ISO 8601 in UTC, milliseconds included (`2016-03-02T12:49:48.360Z`).
    public var time: String
    /// The feed's magnitude, unrounded; left out when the event has none yet.
    public var magnitude: Double?
    /// The USGS title, or one built from magnitude and place when the feed has none.
    public var title: String
    /// Degrees north, −90…90.
    public var latitude: Double
    /// Degrees east, −180…180.
    public var longitude: Double
    /// Kilometres below sea level (negative above it); left out when the feed gave only two coordinates.
    public var depth: Double?
    /// `none`, `lightRed` or `red`.
    public var tint: String
    /// The event page (an `http` or `https` address); left out when the feed has no usable one.
    public var url: String?

    /// The row of one quake.
    public init(_ quake: Quake) {
        id = quake.id
        time = QuakeExportRow.iso8601(quake.time)
        magnitude = quake.magnitude
        title = quake.title
        latitude = quake.coordinate.latitude
        longitude = quake.coordinate.longitude
        depth = quake.coordinate.depth
        tint = QuakeTint(magnitude: quake.magnitude).rawValue
        url = quake.eventPage
    }

    /// `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'` in UTC, computed without a formatter.
    static func iso8601(_ date: Date) -> String {
        // NB: to the nearest millisecond: a time read as whole milliseconds comes back a hair off after the Date
        // round trip, and rounding down would print it one millisecond early.
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var days = milliseconds / 86_400_000
        var rest = milliseconds % 86_400_000
        if rest < 0 {
            rest += 86_400_000
            days -= 1
        }
        // Civil-from-days (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let time = rest / 1000
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(time / 3600, 2) + ":"
            + pad(time / 60 % 60, 2) + ":" + pad(time % 60, 2) + "." + pad(rest % 1000, 3) + "Z"
    }
}

/// Serializes quakes for scripts.
public enum QuakeExport {
    /// A JSON array of ``QuakeExportRow`` (keys sorted, slashes unescaped, one document).
    public static func json(_ quakes: [Quake], pretty: Bool = false) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty
            ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
            : [
                .sortedKeys, .withoutEscapingSlashes,
            ]
        // NB: encoding plain strings and numbers cannot fail; an empty array is the safe fallback.
        return (try? encoder.encode(quakes.map(QuakeExportRow.init))) ?? Data("[]".utf8)
    }
}
