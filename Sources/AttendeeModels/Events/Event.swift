import Foundation
import PublicInit

/// Where an event takes place: what the location page shows and what "Get directions" opens.
@PublicInit
public struct Venue: Codable, Sendable, Hashable {
    /// The venue's name ("Bella Center").
    public var name: String
    /// The street address on one line.
    public var address: String = ""
    /// Latitude in degrees, when known.
    public var latitude: Double?
    /// Longitude in degrees, when known.
    public var longitude: Double?
}

extension Venue {
    /// Reads a venue; an absent `address` is empty, as the initializer has it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            address: try container.decode(forKey: .address, default: ""),
            latitude: try container.decodeIfPresent(Double.self, forKey: .latitude),
            longitude: try container.decodeIfPresent(Double.self, forKey: .longitude))
    }
}

/// One question of the Additional Info step that an event asks after registration.
@PublicInit
public struct AdditionalInfoField: Codable, Sendable, Hashable {
    /// The key the answer is sent under (`dietaryNeeds`).
    public var key: String
    /// The label the form shows ("Dietary needs").
    public var label: String
}

/// A conference: its dates, time zone, venue and the rules its screens follow.
@PublicInit
public struct Event: Codable, Sendable, Hashable, Identifiable {
    /// The event's id.
    public var id: String
    /// The name ("KotlinConf 2025").
    public var name: String
    /// The first instant of the event.
    public var startsAt: Date
    /// The last instant of the event.
    public var endsAt: Date
    /// The IANA time zone of the venue (`Europe/Copenhagen`); agenda days are computed in it.
    public var timeZone: String
    /// Where it happens.
    public var venue: Venue
    /// A description for the dashboard.
    public var summary: String = ""
    /// The cover image, when there is one.
    public var coverImageURL: String?
    /// Below this many free seats a session shows "# seats available".
    public var seatsThreshold: Int = 10
    /// The questions of the Additional Info step.
    public var additionalInfoFields: [AdditionalInfoField] = []
}

/// The live-poll card of the dashboard: the event's open poll and its results as they stand.
@PublicInit
public struct LivePollCard: Codable, Sendable, Hashable {
    /// The poll's id.
    public var id: String
    /// The question shown on the card (a quiz's first question).
    public var question: String
    /// Poll or quiz.
    public var kind: PollKind = .poll
    /// The first question's options.
    public var options: [PollOption] = []
    /// The results so far.
    public var results: PollResults = PollResults(voters: 0, questions: [])
}

/// `GET /events/:eventID`: the event, the caller's registration and the poll card, if any.
@PublicInit
public struct EventDetails: Codable, Sendable, Hashable {
    /// The event.
    public var event: Event
    /// The caller's registration; `nil` when signed out or not registered.
    public var registration: Registration?
    /// The open live poll; `nil` when none is open, and for anyone but the event's registered attendees and its
    /// organizer (signed out included), whom the poll itself refuses.
    public var livePoll: LivePollCard?
    /// What the caller may create polls and quizzes for; `nil` for someone who may not (or is signed out).
    public var pollScopes: PollScopes?
    /// Whether the caller already gave feedback on the event (as ``Session/feedbackGiven`` says of a session).
    public var feedbackGiven: Bool = false
}

/// What a person may create polls and quizzes for: the whole event (its organizer) and sessions (every one for
/// the organizer, their own for a speaker).
@PublicInit
public struct PollScopes: Codable, Sendable, Hashable {
    /// Whether a poll may be for the whole event.
    public var wholeEvent: Bool
    /// The sessions a poll may be for, in agenda order.
    public var sessionIDs: [String]
}
