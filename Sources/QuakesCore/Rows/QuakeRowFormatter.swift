import Foundation

/// Turns quakes into rows: coordinates as `38.29° N, 122.31° W`, times in a given time zone and locale.
///
/// Time zone and locale are injected so tests see exact text; the app passes the device's.
public struct QuakeRowFormatter: Sendable {
    public var timeZone: TimeZone
    public var locale: Locale

    public init(timeZone: TimeZone = .current, locale: Locale = .current) {
        self.timeZone = timeZone
        self.locale = locale
    }

    /// Rows for quakes already in display order.
    ///
    /// NB: one `DateFormatter` per call (it is not `Sendable`); formatting each distinct day once and
    /// each time of day separately would change the text for locales that merge them, so every date is
    /// formatted whole.
    public func rows(for quakes: [Quake]) -> [QuakeRow] {
        let formatter = dateTimeFormatter()
        let separator = locale.decimalSeparator ?? "."
        var rows: [QuakeRow] = []
        rows.reserveCapacity(quakes.count)
        for quake in quakes {
            rows.append(
                QuakeRow(
                    id: quake.id,
                    title: quake.title,
                    coordinateText: Self.coordinateText(quake.coordinate, separator: separator),
                    timeText: formatter.string(from: quake.time),
                    tint: QuakeTint(magnitude: quake.magnitude)
                ))
        }
        return rows
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

    /// `38.29° N, 122.31° W`: two decimals, hemisphere letters, no sign.
    public static func coordinateText(_ coordinate: QuakeCoordinate, separator: String = ".") -> String {
        let latitude = NumberText.fixed(abs(coordinate.latitude), digits: 2, separator: separator)
        let longitude = NumberText.fixed(abs(coordinate.longitude), digits: 2, separator: separator)
        let north = coordinate.latitude >= 0 ? "N" : "S"
        let east = coordinate.longitude >= 0 ? "E" : "W"
        return latitude + "° " + north + ", " + longitude + "° " + east
    }

    /// `Updated 12:04` for a time today, `Updated Mar 2, 2016 at 12:04 PM` otherwise.
    public func lastUpdatedText(_ fetchedAt: Date, now: Date) -> String {
        Strings.format("quakes.updated", shortText(fetchedAt, now: now))
    }

    /// A short time for today (`12:04 PM`), a date and time for other days.
    public func shortText(_ date: Date, now: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        formatter.dateStyle = calendar.isDate(date, inSameDayAs: now) ? .none : .medium
        formatter.timeStyle = .short
        return formatter.string(from: date)
    }
}
