import Foundation
import PublicInit

/// A person's relation to a session's seats.
public enum AttendanceState: String, Codable, Sendable, Hashable {
    /// They hold a seat.
    case attending
    /// The session was full; they wait for a seat and get the first one freed.
    case waitlisted
    /// They left (or left the waitlist).
    case cancelled
}

extension AttendanceResult {
    /// The kind of the live event (on the person's own stream, `GET /me/live`) that says their seat changed without
    /// their asking: the seat they waited for is theirs, or they moved up the waitlist. Its data is the person's
    /// ``AttendanceResult`` for the session.
    public static let changedEvent = "attendance.changed"
}

/// `POST /sessions/:sessionID/attendance`: take a seat, or join the waitlist when full.
@PublicInit
public struct AttendRequest: Codable, Sendable, Hashable {
    /// When the session is full, wait for a seat instead of being refused.
    public var joinWaitlistIfFull: Bool = false
}

/// The answer to attending or leaving: the caller's new state and the session's seats.
@PublicInit
public struct AttendanceResult: Codable, Sendable, Hashable {
    /// The session.
    public var sessionID: String
    /// The caller's state now.
    public var state: AttendanceState
    /// Seats taken now.
    public var seatsTaken: Int
    /// The capacity; `nil` means unlimited.
    public var capacity: Int?
    /// The caller's place on the waitlist (1 is next), when waitlisted.
    public var waitlistPosition: Int?
}

/// Why the server refused a seat, a registration or feedback: the problem `type` of the 409 answer, so the app can
/// tell the cases apart.
public enum AttendanceRefusal: String, Sendable, Hashable, CaseIterable {
    /// Every seat is taken.
    case full = "https://quartet.dev/problems/attendee/session-full"
    /// The person attends another session at the same time; the detail names it.
    case overlapping = "https://quartet.dev/problems/attendee/session-overlap"
    /// The person already gave feedback, or already exists.
    case duplicate = "https://quartet.dev/problems/attendee/duplicate"
    /// The session has ended: its seats and waitlist no longer change (taking a seat, giving one back).
    case sessionEnded = "https://quartet.dev/problems/attendee/session-ended"
    /// The event has ended: nobody new registers for it.
    case eventEnded = "https://quartet.dev/problems/attendee/event-ended"
    /// The session or event has not started yet: feedback opens when it starts.
    case notStarted = "https://quartet.dev/problems/attendee/not-started"
}
