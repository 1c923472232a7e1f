import AttendeeModels
import Foundation

/// One date tab of the agenda: a calendar day in the event's time zone.
public struct AgendaDay: Sendable, Hashable {
    /// 1 for the first day.
    public var number: Int
    /// The day as `yyyy-MM-dd` in the event's zone.
    public var isoDate: String
    /// The first instant of that day in the event's zone.
    public var start: Date
    /// The tab's label (`Wed 10 Mar`; `Fri, 31 Dec 2027` when the days span two years).
    public var label: String
}

/// Splits a programme into days **in the event's time zone**, never the device's or UTC: a session at
/// 08:00 in Kiritimati (UTC+14) is on the previous UTC day but belongs to the local one.
public enum AgendaCalendar {
    /// The days of the agenda: every local day a session starts on, and no other (a tab would show nothing: the
    /// day after a talk that ends past midnight, a day of the event with no talks), so an event with no sessions
    /// yet has no tabs. When they are not all in one year, every tab names its year, so `Sat 1 Jan` is not read as
    /// the event's first day.
    public static func days(for event: Event, sessions: [Session], formatter: SessionTimeFormatter) -> [AgendaDay] {
        let calendar = formatter.calendar
        let starts = Set(sessions.map { calendar.startOfDay(for: $0.startsAt) })
        let year = Set(starts.map { calendar.component(.year, from: $0) }).count > 1
        return starts.sorted().enumerated().map { index, start in
            AgendaDay(
                number: index + 1, isoDate: isoDate(start, calendar), start: start,
                label: formatter.dayLabel(start, year: year))
        }
    }

    /// The sessions that start on `day` (in the formatter's zone), by start time, then title.
    public static func sessions(on day: AgendaDay, in sessions: [Session], formatter: SessionTimeFormatter)
        -> [Session]
    {
        let calendar = formatter.calendar
        return sessions.filter { isoDate(calendar.startOfDay(for: $0.startsAt), calendar) == day.isoDate }
            .sorted { ($0.startsAt, $0.title, $0.id) < ($1.startsAt, $1.title, $1.id) }
    }

    static func isoDate(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
