import AttendeeModels
import Foundation
import PublicInit

/// An iCalendar (RFC 5545) file of sessions: what "Share" attaches and `my-agenda --ics` writes.
///
/// Text values are escaped (`\\`, `\;`, `\,`, `\n`), lines end in CRLF and are folded at 75 octets
/// without splitting a UTF-8 character. Times are UTC (`DTSTART:20270310T090000Z`) or local with a `TZID`
/// and a matching `VTIMEZONE` built from the zone's real transitions.
///
/// ```swift
/// let ics = CalendarFile(event: event, sessions: mine, times: .zoned).text(stamp: Date())
/// ```
@PublicInit
public struct CalendarFile: Sendable {
    /// How times are written.
    public enum Times: Sendable, Hashable {
        /// `…Z` UTC times; every calendar reads them.
        case utc
        /// Local times with `TZID=<event zone>` and a `VTIMEZONE`.
        case zoned
    }

    /// The event the sessions belong to.
    public var event: Event
    /// The sessions, one `VEVENT` each.
    public var sessions: [Session]
    /// UTC or zoned times.
    public var times: Times = .utc
    /// Where a session's page lives, for the `URL` property.
    public var sessionURL: @Sendable (Session) -> URL? = { _ in nil }

    /// The file's text; `stamp` is the `DTSTAMP` of every event.
    public func text(stamp: Date) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Quartet//Attendee//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
        ]
        let zone = TimeZone(identifier: event.timeZone)
        if times == .zoned, let zone, !sessions.isEmpty {
            lines += Self.timeZoneComponent(
                zone, from: sessions.map(\.startsAt).min() ?? event.startsAt,
                to: sessions.map(\.endsAt).max() ?? event.endsAt)
        }
        for session in sessions {
            lines.append("BEGIN:VEVENT")
            lines.append("UID:\(Self.escape(session.id))@attendee.quartet")
            lines.append("DTSTAMP:\(Self.utc(stamp))")
            lines.append(dateLine("DTSTART", session.startsAt, zone: zone))
            lines.append(dateLine("DTEND", session.endsAt, zone: zone))
            lines.append("SUMMARY:\(Self.escape(session.title))")
            var description = session.abstract
            if !session.speakers.isEmpty {
                description +=
                    (description.isEmpty ? "" : "\n\n") + session.speakers.map(\.name).joined(separator: ", ")
            }
            if !description.isEmpty { lines.append("DESCRIPTION:\(Self.escape(description))") }
            let location = [session.room, event.venue.name, event.venue.address].compactMap { $0 }
                .filter { !$0.isEmpty }.joined(separator: ", ")
            if !location.isEmpty { lines.append("LOCATION:\(Self.escape(location))") }
            if let latitude = event.venue.latitude, let longitude = event.venue.longitude {
                lines.append("GEO:\(Self.float(latitude));\(Self.float(longitude))")
            }
            if let url = sessionURL(session) { lines.append("URL:\(url.absoluteString)") }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(Self.fold).joined(separator: "\r\n") + "\r\n"
    }

    private func dateLine(_ name: String, _ date: Date, zone: TimeZone?) -> String {
        if times == .zoned, let zone {
            return "\(name);TZID=\(zone.identifier):\(Self.local(date, zone))"
        }
        return "\(name):\(Self.utc(date))"
    }

    /// Escapes a TEXT value (RFC 5545 §3.3.11).
    public static func escape(_ text: String) -> String {
        var result = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\r": result += "\\n"
            case "\n": if !previousWasCR { result += "\\n" }
            default:
                // NB: other control characters (DEL too) are not allowed in TEXT; drop them rather than corrupt
                // the file.
                if (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F { break }
                result.unicodeScalars.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        return result
    }

    /// Folds a content line into lines of at most 75 octets, continuing with a space (§3.1).
    ///
    /// NB: split between code points, as §3.1 allows, not between `Character`s: one character of a programme's
    /// text (a letter under many accents) can be longer than a line, and was written whole, past the limit.
    public static func fold(_ line: String) -> String {
        var folded = String.UnicodeScalarView()
        var count = 0
        var limit = 75
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if count + size > limit {
                folded.append(contentsOf: "\r\n ".unicodeScalars)
                count = 0
                limit = 74
            }
            folded.append(scalar)
            count += size
        }
        return String(folded)
    }

    /// A FLOAT value (§3.3.8: digits, an optional point and digits, never an exponent), to a millionth of a degree
    /// (about 0.1 m).
    ///
    /// NB: Swift writes a `Double` under 0.0001 with an exponent (`5e-05`), which is not a FLOAT: a venue a few
    /// metres from the prime meridian or the equator made a `GEO` line calendars may refuse.
    static func float(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    static func utc(_ date: Date) -> String {
        format(date, TimeZone(secondsFromGMT: 0) ?? .current) + "Z"
    }

    static func local(_ date: Date, _ zone: TimeZone) -> String { format(date, zone) }

    private static func format(_ date: Date, _ zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d%02d%02dT%02d%02d%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0,
            c.second ?? 0)
    }

    /// A `VTIMEZONE` whose observances are the zone's real offsets from a year before `start` to `end`.
    static func timeZoneComponent(_ zone: TimeZone, from start: Date, to end: Date) -> [String] {
        func offset(_ seconds: Int) -> String {
            let sign = seconds < 0 ? "-" : "+"
            let minutes = abs(seconds) / 60
            return String(format: "%@%02d%02d", sign, minutes / 60, minutes % 60)
        }
        func observance(onset: Date, from: Int, to: Int, daylight: Bool) -> [String] {
            let kind = daylight ? "DAYLIGHT" : "STANDARD"
            // NB: an observance's DTSTART is the local time of the onset in the offset in force before it.
            let before = TimeZone(secondsFromGMT: from) ?? zone
            return [
                "BEGIN:\(kind)", "DTSTART:\(Self.local(onset, before))", "TZOFFSETFROM:\(offset(from))",
                "TZOFFSETTO:\(offset(to))", "END:\(kind)",
            ]
        }
        var lines = ["BEGIN:VTIMEZONE", "TZID:\(zone.identifier)"]
        var cursor = start.addingTimeInterval(-366 * 86_400)
        let first = zone.secondsFromGMT(for: cursor)
        lines += observance(onset: cursor, from: first, to: first, daylight: zone.isDaylightSavingTime(for: cursor))
        var guardCount = 0
        while let transition = zone.nextDaylightSavingTimeTransition(after: cursor), transition <= end,
            guardCount < 16
        {
            let before = zone.secondsFromGMT(for: transition.addingTimeInterval(-1))
            let after = zone.secondsFromGMT(for: transition)
            lines += observance(
                onset: transition, from: before, to: after, daylight: zone.isDaylightSavingTime(for: transition))
            cursor = transition
            guardCount += 1
        }
        lines.append("END:VTIMEZONE")
        return lines
    }
}
