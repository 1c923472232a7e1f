import AttendeeModels
import Foundation
import HTTPTypes

/// A session as a web page: what the link in the share sheet and in a calendar entry opens, for someone who may
/// have no app and no account. It says what, when (in the event's time, as the agenda does by default), where and
/// who; every text from the programme is escaped.
struct SessionPage {
    let session: Session
    let event: Event

    var html: String {
        let zone = TimeZone(identifier: event.timeZone) ?? .gmt
        let title = session.title.markupEscaped
        var lines = ["<p>\(Self.when(session, in: zone).markupEscaped) (\(event.timeZone.markupEscaped))</p>"]
        let place = [session.room, event.venue.name].compactMap { $0 }.filter { !$0.isEmpty }
        if !place.isEmpty { lines.append("<p>\(place.joined(separator: ", ").markupEscaped)</p>") }
        if !session.speakers.isEmpty {
            lines.append("<p>\(session.speakers.map(\.name).joined(separator: ", ").markupEscaped)</p>")
        }
        if !session.abstract.isEmpty {
            lines.append(
                session.abstract.split(separator: "\n", omittingEmptySubsequences: true)
                    .map { "<p>\(String($0).markupEscaped)</p>" }.joined())
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(title) · \(event.name.markupEscaped)</title>
            <meta name="viewport" content="width=device-width, initial-scale=1"></head>
            <body><h1>\(title)</h1><p>\(event.name.markupEscaped)</p>
            \(lines.joined(separator: "\n"))
            </body></html>
            """
    }

    /// `Wednesday 10 March 2027, 09:00–10:00`, or both days when it ends on another.
    static func when(_ session: Session, in zone: TimeZone) -> String {
        func format(_ pattern: String, _ date: Date) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_GB")
            formatter.timeZone = zone
            formatter.dateFormat = pattern
            return formatter.string(from: date)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let start = format("EEEE d MMMM yyyy, HH:mm", session.startsAt)
        let end =
            calendar.isDate(session.startsAt, inSameDayAs: session.endsAt)
            ? format("HH:mm", session.endsAt) : format("EEEE d MMMM yyyy, HH:mm", session.endsAt)
        return start + "–" + end
    }
}
