import AttendeeModels
import Foundation
import Localization
import PublicInit

/// Which clock the times are shown in: the event's (the default) or the device's.
public enum TimeZoneChoice: String, Sendable, Hashable, CaseIterable {
    /// The venue's time zone.
    case event
    /// The time zone of the device the app runs on.
    case device
}

/// Formats session times and day labels in one time zone, as the reader's locale writes them.
///
/// Formats come from templates, so the locale decides the order, the words and the 12- or 24-hour clock:
/// `Wed 10 Mar`, `09:00` in `en_GB`; `Wed, Mar 10`, `9:00 AM` in `en_US`; `Mi. 10. März`, `09:00` in `de_DE`.
/// The app passes the device's locale; tests and the command line pin one.
@PublicInit
public struct SessionTimeFormatter: Sendable {
    /// The zone times are shown in.
    public var timeZone: TimeZone
    /// The locale that writes them.
    public var locale: Locale = .current
    /// Whether a session's day names its year: set for an event over New Year, whose tabs name theirs, so that
    /// `Sat 1 Jan` on a session page or in My Agenda is not read as the first day of the event's first year.
    public var namesYears: Bool = false

    /// The formatter for an event and a choice of clock.
    public init(event: Event, choice: TimeZoneChoice, deviceTimeZone: TimeZone, locale: Locale = .current) {
        switch choice {
        case .event: timeZone = TimeZone(identifier: event.timeZone) ?? TimeZone(secondsFromGMT: 0) ?? deviceTimeZone
        case .device: timeZone = deviceTimeZone
        }
        self.locale = locale
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        namesYears = calendar.component(.year, from: event.startsAt) != calendar.component(.year, from: event.endsAt)
    }

    private func string(_ date: Date, _ template: String) -> String {
        DateText.string(date, template: template, locale: locale, timeZone: timeZone)
    }

    /// `09:00` (`9:00 AM` where the locale keeps a 12-hour clock).
    public func time(_ date: Date) -> String { string(date, "jmm") }

    /// `09:00 – 10:00`: both ends written whole, so a start reads the same alone and in a range. An end on a later
    /// day than the start names its day: `18:00 – Thu 11 Mar, 09:00` (an end at midnight is the same evening's).
    public func timeRange(_ session: Session) -> String {
        // NB: `18:00 – 09:00` (a hackathon through the night, or a late talk read in a zone ahead of the event's)
        // read as a session that ends before it starts; the session's web page already named both days.
        let lastMoment = max(session.startsAt, session.endsAt.addingTimeInterval(-1))
        guard !calendar.isDate(session.startsAt, inSameDayAs: lastMoment) else {
            return "\(time(session.startsAt)) – \(time(session.endsAt))"
        }
        return "\(time(session.startsAt)) – \(dayLabel(session.endsAt, year: namesYears)), \(time(session.endsAt))"
    }

    /// `Wed 10 Mar`, or `Wed, 10 Mar 2027` with `year` (the tabs of an event over New Year).
    public func dayLabel(_ date: Date, year: Bool = false) -> String {
        string(date, year ? "EEEdMMMy" : "EEEdMMM")
    }

    /// `Wed 10 Mar, 09:00 – 10:00` (`Sat, 1 Jan 2028, 09:00 – 10:00` with ``namesYears``).
    public func dayAndTime(_ session: Session) -> String {
        "\(dayLabel(session.startsAt, year: namesYears)), \(timeRange(session))"
    }

    /// One instant with its day: `Wed 10 Mar at 09:12`.
    public func moment(_ date: Date) -> String { string(date, "EEEdMMMjmm") }

    /// An event's days as the locale writes a span: `10–11 Mar 2027`, across months `30 Apr – 2 May 2027`, across
    /// years `31 Dec 2027 – 1 Jan 2028` (`en_GB`; `Mar 10 – 11, 2027` in `en_US`).
    ///
    /// NB: the interval formatter leaves out of the start only what the end names too (the month, the year), so an
    /// event over New Year names both years.
    public func dateSpan(from start: Date, to end: Date) -> String {
        let formatter = DateIntervalFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateTemplate = "dMMMy"
        // NB: an end before the start (a bad record) shows the start's day alone rather than a backwards span.
        return formatter.string(from: start, to: max(start, end))
    }

    /// The short zone name shown on the time-zone switch (`Europe/Lisbon`).
    public var zoneName: String { timeZone.identifier }

    /// A Gregorian calendar in this zone.
    public var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
