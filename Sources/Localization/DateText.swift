import Foundation
import Locking

/// Dates written as a locale writes them, with one `DateFormatter` kept for each way of writing.
///
/// Making a `DateFormatter` and giving it a template costs about 70 µs on Linux (it loads the locale's ICU data);
/// writing a date with one already made costs under 1 µs. A screen writes a time on every row — 300 on a
/// conference agenda — so a formatter made per call spent about 20 ms of the main actor each time the list was
/// built. The formatters kept here are made once for each format, locale and zone.
///
/// ```swift
/// DateText.string(start, template: "jmm", locale: locale, timeZone: zone)  // "09:00", "9:00 AM"
/// DateText.string(day, dateStyle: .medium, locale: locale, timeZone: zone)  // "4 Feb 2015", "Feb 4, 2015"
/// ```
public enum DateText {
    /// `date` in the locale's form for a template of date-format fields (`"EEEdMMM"`, `"jmm"`), which the locale
    /// orders, punctuates and puts on its 12- or 24-hour clock.
    public static func string(_ date: Date, template: String, locale: Locale, timeZone: TimeZone) -> String {
        string(date, format: .template(template), locale: locale, timeZone: timeZone)
    }

    /// `date` in one of the locale's styles; `.none` leaves the date or the time out.
    public static func string(
        _ date: Date, dateStyle: DateFormatter.Style, timeStyle: DateFormatter.Style = .none, locale: Locale,
        timeZone: TimeZone
    ) -> String {
        string(
            date, format: .styles(date: dateStyle.rawValue, time: timeStyle.rawValue), locale: locale,
            timeZone: timeZone)
    }

    private enum Format: Hashable {
        case template(String)
        case styles(date: UInt, time: UInt)
    }

    private struct Key: Hashable {
        var format: Format
        // NB: the values, not their identifiers: on Apple platforms the current locale carries the person's
        // settings (a 24-hour clock in `en_US`), which its identifier does not name.
        var locale: Locale
        var timeZone: TimeZone
    }

    /// How many formatters are kept; a process uses a handful (a few formats in one or two locales and zones), so
    /// the store is emptied, not ordered, when a long-running one meets more.
    private static let capacity = 64

    // NB: the formatter is used under the lock as well as made there: `DateFormatter` is not `Sendable`.
    private static let formatters = Locked<[Key: DateFormatter]>([:])

    private static func string(_ date: Date, format: Format, locale: Locale, timeZone: TimeZone) -> String {
        let key = Key(format: format, locale: locale, timeZone: timeZone)
        return formatters.withLock { formatters in
            if let formatter = formatters[key] { return formatter.string(from: date) }
            if formatters.count >= capacity { formatters.removeAll() }
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = timeZone
            switch format {
            case .template(let template):
                formatter.setLocalizedDateFormatFromTemplate(template)
            case .styles(let dateStyle, let timeStyle):
                formatter.dateStyle = DateFormatter.Style(rawValue: dateStyle) ?? .none
                formatter.timeStyle = DateFormatter.Style(rawValue: timeStyle) ?? .none
            }
            formatters[key] = formatter
            return formatter.string(from: date)
        }
    }
}
