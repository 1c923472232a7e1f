import Foundation

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
public struct Session: Codable, Sendable, Hashable, Identifiable {
    /// The session's id.
    public var id: String
    /// The event it belongs to.
    public var eventID: String
    /// The title.
    public var title: String
    /// The abstract.
    public var abstract: String
    /// Keynote, talk, breakout or workshop.
    public var kind: SessionKind
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
    public var seatsTaken: Int
    /// Who speaks.
    public var speakers: [PersonReference]
    /// The caller's attendance; `nil` when signed out or never attended.
    public var myAttendance: AttendanceState?
    /// Whether the caller already gave feedback on it.
    public var feedbackGiven: Bool

    /// Creates a session.
    public init(
        id: String, eventID: String, title: String, abstract: String = "", kind: SessionKind = .talk,
        track: String? = nil, room: String? = nil, startsAt: Date, endsAt: Date, capacity: Int? = nil,
        seatsTaken: Int = 0, speakers: [PersonReference] = [], myAttendance: AttendanceState? = nil,
        feedbackGiven: Bool = false
    ) {
        self.id = id
        self.eventID = eventID
        self.title = title
        self.abstract = abstract
        self.kind = kind
        self.track = track
        self.room = room
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.capacity = capacity
        self.seatsTaken = seatsTaken
        self.speakers = speakers
        self.myAttendance = myAttendance
        self.feedbackGiven = feedbackGiven
    }

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
