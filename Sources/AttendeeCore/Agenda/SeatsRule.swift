import AttendeeModels
import Foundation
import Localization

/// When a session shows "# seats available", and what attending it would clash with.
public enum SeatsRule {
    /// "Waitlist #2" for a person on the waitlist; otherwise "3 seats available" once free seats fall below the
    /// event's threshold, "Full" at none, `nil` otherwise (and always for unlimited sessions).
    public static func message(for session: Session, threshold: Int) -> String? {
        if session.myAttendance == .waitlisted, let position = session.myWaitlistPosition {
            return Strings.format("seats.waitlist", String(position))
        }
        guard let free = session.seatsAvailable else { return nil }
        if free == 0 { return Strings.text("seats.full") }
        guard free < threshold else { return nil }
        return free == 1 ? Strings.text("seats.one") : Strings.format("seats.many", String(free))
    }

    /// Whether the session has seats but fewer than the threshold left.
    public static func hasFewSeats(_ session: Session, threshold: Int) -> Bool {
        guard let free = session.seatsAvailable else { return false }
        return free > 0 && free < threshold
    }

    /// The question before leaving `session`, when leaving loses what the person may not get back: a seat of a
    /// full session (the next person waiting takes it) or a place on its waitlist; `nil` when leaving costs
    /// nothing (free seats remain) and the leave goes at once.
    public static func leaveQuestion(for session: Session) -> Confirmation<String>? {
        let key: String
        switch session.myAttendance {
        case .attending where session.seatsAvailable == 0: key = "leaveFull"
        case .waitlisted: key = "leaveWaitlist"
        default: return nil
        }
        return Strings.confirmation(session.id, key, button: Strings.text("leave.button"), session.title)
    }

    /// The attended session that `session` would overlap, if any (the server has the final word).
    public static func clash(for session: Session, in sessions: [Session]) -> Session? {
        sessions.filter { $0.id != session.id && $0.isAttending && $0.overlaps(session) }
            .min { $0.startsAt < $1.startsAt }
    }
}

extension Session {
    /// The session as an attend or leave answer left it: the caller's state and place, and the seats.
    mutating func apply(_ result: AttendanceResult) {
        myAttendance = result.state
        seatsTaken = result.seatsTaken
        capacity = result.capacity
        myWaitlistPosition = result.waitlistPosition
    }

    /// A seat the server refused because the session filled meanwhile: the session is shown full, and the banner's
    /// sentence ("“Title” is full.") is returned; `nil` for any other failure, which the banner words itself.
    mutating func refusedFull(_ error: any Error) -> String? {
        guard AttendeeFailure.refusal(error) == .full else { return nil }
        if let capacity { seatsTaken = capacity }
        return Strings.format("attend.refused.full", title)
    }

    /// A seat the server refused to take or give back because the session has ended (by its clock): the banner's
    /// sentence ("“Title” has ended."); `nil` for any other failure.
    func refusedEnded(_ error: any Error) -> String? {
        guard AttendeeFailure.refusal(error) == .sessionEnded else { return nil }
        return Strings.format("attend.refused.ended", title)
    }

    /// A seat the server refused because the person attends a session that overlaps this one (a seat taken on
    /// another device or page since this one loaded): the banner's sentence naming that session, found in the event's
    /// agenda as `client` reads it now, or naming none when it cannot be read; `nil` for any other failure. The
    /// server's own sentence is English whatever the device's language.
    func refusedOverlapping(_ error: any Error, client: AttendeeClient) async -> String? {
        guard AttendeeFailure.refusal(error) == .overlapping else { return nil }
        guard let sessions = try? await client.agenda(eventID), let clash = SeatsRule.clash(for: self, in: sessions)
        else {
            return Strings.text("attend.refused.overlapUnnamed")
        }
        return Strings.format("attend.refused.overlap", clash.title)
    }

    /// Whether the session is over at `moment`: its seats no longer change.
    public func hasEnded(at moment: Date) -> Bool { endsAt <= moment }
}
