import Foundation
import PublicInit

/// What kind of slot a session is; breakouts and workshops usually have few seats.
public enum SessionKind: String, Codable, Sendable, Hashable, CaseIterable {
    case keynote
    case talk
    case breakout
    case workshop

    /// Reads a kind leniently: unknown words become `.talk`.
    public init(lenient raw: String) {
        self = SessionKind(rawValue: raw.lowercased()) ?? .talk
    }
}

/// One slot of the programme, with the caller's own relation to it.
@PublicInit
public struct Session: Codable, Sendable, Hashable, Identifiable {
    /// The session's id.
    public var id: String
    /// The event it belongs to.
    public var eventID: String
    /// The title.
    public var title: String
    /// The abstract.
    public var abstract: String = ""
    /// Keynote, talk, breakout or workshop.
    public var kind: SessionKind = .talk
    /// The track, when the event has tracks.
    public var track: String?
    /// The room.
    public var room: String?
    /// When it starts.
    public var startsAt: Date
    /// When it ends.
    public var endsAt: Date
    /// The number of seats; `nil` means unlimited.
    public var capacity: Int?
    /// How many seats are taken.
    public var seatsTaken: Int = 0
    /// Who speaks.
    public var speakers: [PersonReference] = []
    /// The caller's attendance; `nil` when signed out or never attended.
    public var myAttendance: AttendanceState?
    /// Whether the caller already gave feedback on it.
    public var feedbackGiven: Bool = false
    /// The caller's place on the waitlist (1 is next), when waitlisted.
    public var myWaitlistPosition: Int?

    /// Free seats; `nil` for an unlimited session.
    public var seatsAvailable: Int? {
        capacity.map { max(0, $0 - seatsTaken) }
    }

    /// Whether the caller holds a seat.
    public var isAttending: Bool { myAttendance == .attending }

    /// Whether the two sessions share any instant (touching end and start do not overlap).
    public func overlaps(_ other: Session) -> Bool {
        startsAt < other.endsAt && other.startsAt < endsAt
    }
}
