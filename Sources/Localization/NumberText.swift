import Foundation
import Locking

/// Numbers as text: counts written as a locale writes them, their digits grouped (`32,000` in English, `32.000` in
/// German), and fixed-point decimals with the same digits on every platform and in every locale (a quake's
/// magnitude and coordinates).
///
/// Every sentence that states a limit (characters, code points, links, bytes) writes its numbers through
/// ``count(_:locale:)``, and so does the count it holds up to that limit (`1,234 / 2,000`). Written bare, a limit
/// reads as a code: a person had to count the digits to tell 32000 from 3200.
///
/// ```swift
/// NumberText.count(32_000, locale: Locale(identifier: "en_US"))  // "32,000"
/// NumberText.count(32_000, locale: Locale(identifier: "de_DE"))  // "32.000"
/// ```
///
/// NB: one `NumberFormatter` is kept for each locale, as ``DateText`` keeps its formatters: making one loads the
/// locale's ICU data, and a composer's counter writes two counts on every keystroke.
public enum NumberText {
    /// `value` with the grouping `locale` writes whole numbers with (none below 1,000 in most locales).
    public static func count(_ value: Int, locale: Locale = .current) -> String {
        formatters.withLock { formatters in
            if let formatter = formatters[locale] { return formatter.string(from: NSNumber(value: value)) }
            if formatters.count >= capacity { formatters.removeAll() }
            let formatter = NumberFormatter()
            formatter.locale = locale
            formatter.numberStyle = .decimal
            formatter.usesGroupingSeparator = true
            formatter.maximumFractionDigits = 0
            formatters[locale] = formatter
            return formatter.string(from: NSNumber(value: value))
        } ?? String(value)
    }

    /// `value` rounded half away from zero to `digits` decimals (0…6), with `.` (or `separator`) as the point.
    ///
    /// ```swift
    /// NumberText.fixed(-122.3149, digits: 2)  // "-122.31"
    /// ```
    public static func fixed(_ value: Double, digits: Int, separator: String = ".") -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let digits = max(0, min(digits, 6))
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let magnitude = (abs(value) * Double(scale)).rounded(.toNearestOrAwayFromZero)
        guard magnitude < 9.0e15 else { return String(value) }
        let scaled = Int64(magnitude)
        let whole = scaled / scale
        let negative = value < 0 && scaled != 0
        var text = negative ? "-" : ""
        text += String(whole)
        if digits > 0 {
            let fraction = String(scaled % scale)
            text += separator
            text += String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return text
    }

    /// How many formatters are kept; a process writes numbers in one or two locales.
    private static let capacity = 16

    // NB: the formatter is used under the lock as well as made there: `NumberFormatter` is not `Sendable`.
    private static let formatters = Locked<[Locale: NumberFormatter]>([:])
}
