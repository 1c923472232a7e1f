import AttendeeModels
import Foundation

extension ConferenceProgramme {
    /// The programme moved forward by the fewest whole weeks that make its event end after `moment`, or as it is
    /// when its event ends after `moment` already.
    ///
    /// NB: whole weeks in the event's time zone keep every weekday and every local time (a 09:00 keynote on a
    /// Wednesday is still one across a change to summer time); the event, its sessions and the gaps between them
    /// all move alike. A seed is a demo: one that is over would be a read-only conference nobody can register
    /// for, and everything that runs the demo (tests, soaks) would stop working the day it ended.
    func movedToEnd(after moment: Date) -> ConferenceProgramme {
        guard event.endsAt <= moment else { return self }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: event.timeZone) ?? .gmt
        let week: TimeInterval = 7 * 24 * 3600
        func moved(_ date: Date, _ weeks: Int) -> Date {
            calendar.date(byAdding: .weekOfYear, value: weeks, to: date)
                ?? date.addingTimeInterval(Double(weeks) * week)
        }
        // NB: the estimate is off by at most one week where a change of clocks lies between (an hour either way).
        var weeks = max(1, Int((moment.timeIntervalSince(event.endsAt) / week).rounded(.down)) + 1)
        while weeks > 1, moved(event.endsAt, weeks - 1) > moment { weeks -= 1 }
        while moved(event.endsAt, weeks) <= moment { weeks += 1 }
        var programme = self
        programme.event.startsAt = moved(event.startsAt, weeks)
        programme.event.endsAt = moved(event.endsAt, weeks)
        for index in programme.sessions.indices {
            programme.sessions[index].startsAt = moved(programme.sessions[index].startsAt, weeks)
            programme.sessions[index].endsAt = moved(programme.sessions[index].endsAt, weeks)
        }
        return programme
    }
}
