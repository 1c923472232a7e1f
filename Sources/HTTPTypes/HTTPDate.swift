import Foundation

/// An HTTP date (RFC 9110 §5.6.7): sent in the IMF-fixdate form, read in any of the three forms a recipient
/// must accept.
///
/// ```swift
/// HTTPDate.string(from: date)                           // "Sun, 06 Nov 1994 08:49:37 GMT"
/// HTTPDate.date(from: "Sunday, 06-Nov-94 08:49:37 GMT") // the same instant
/// ```
///
/// `Last-Modified`, `Expires`, `If-Modified-Since` and a `Retry-After` that names a date are read and written
/// here, by the client and the servers alike.
public enum HTTPDate {
    /// `Sun, 06 Nov 1994 08:49:37 GMT`: the form every sender uses.
    public static func string(from date: Date) -> String { formatter(imfFixdate).string(from: date) }

    /// The instant `text` names as IMF-fixdate, the obsolete RFC 850 form (`Sunday, 06-Nov-94 08:49:37 GMT`) or
    /// C's asctime form (`Sun Nov  6 08:49:37 1994`); `nil` for anything else.
    public static func date(from text: String) -> Date? {
        // NB: asctime pads a one-digit day with a space; the formatter wants one space between the fields.
        let fields = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        for format in [imfFixdate, rfc850, asctime] {
            if let date = formatter(format).date(from: fields) { return date }
        }
        return nil
    }

    static let imfFixdate = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    static let rfc850 = "EEEE, dd-MMM-yy HH:mm:ss 'GMT'"
    static let asctime = "EEE MMM d HH:mm:ss yyyy"

    /// A formatter for `format` in GMT and the POSIX locale (made per call: `DateFormatter` is not `Sendable`).
    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = format
        return formatter
    }
}
