import AttendeeModels
import Foundation
import PublicInit

/// Which clock the times are shown in: the event's (the default) or the device's.
public enum TimeZoneChoice: String, Sendable, Hashable, CaseIterable {
    /// The venue's time zone.
    case event
    /// The time zone of the device the app runs on.
    case device
}

/// Formats session times and day labels in one time zone, the same way on every platform.
@PublicInit
public struct SessionTimeFormatter: Sendable {
    /// The zone times are shown in.
    public var timeZone: TimeZone

    /// The formatter for an event and a choice of clock.
    public init(event: Event, choice: TimeZoneChoice, deviceTimeZone: TimeZone) {
        switch choice {
        case .event: timeZone = TimeZone(identifier: event.timeZone) ?? TimeZone(secondsFromGMT: 0) ?? deviceTimeZone
        case .device: timeZone = deviceTimeZone
        }
    }

    private func formatter(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter
    }

    /// `09:00`.
    public func time(_ date: Date) -> String { formatter("HH:mm").string(from: date) }

    /// `09:00 – 10:00`.
    public func timeRange(_ session: Session) -> String {
        "\(time(session.startsAt)) – \(time(session.endsAt))"
    }

    /// `Wed 10 Mar`.
    public func dayLabel(_ date: Date) -> String { formatter("EEE d MMM").string(from: date) }

    /// `Wed 10 Mar, 09:00 – 10:00`.
    public func dayAndTime(_ session: Session) -> String { "\(dayLabel(session.startsAt)), \(timeRange(session))" }

    /// `10–11 Mar 2027` (or across months, `30 Apr – 2 May 2027`; across years, `31 Dec 2027 – 1 Jan 2028`).
    public func dateSpan(from start: Date, to end: Date) -> String {
        let calendar = calendar
        let a = calendar.dateComponents([.year, .month, .day], from: start)
        let b = calendar.dateComponents([.year, .month, .day], from: end)
        let full = formatter("d MMM yyyy")
        if a == b { return full.string(from: start) }
        if a.year == b.year, a.month == b.month { return "\(a.day ?? 0)–\(full.string(from: end))" }
        // NB: the start's year is left out only when the end's names it too.
        let first = a.year == b.year ? formatter("d MMM").string(from: start) : full.string(from: start)
        return "\(first) – \(full.string(from: end))"
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
