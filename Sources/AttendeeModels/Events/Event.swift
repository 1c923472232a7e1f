import Foundation

/// Where an event takes place: what the location page shows and what "Get directions" opens.
public struct Venue: Codable, Sendable, Hashable {
    /// The venue's name ("Bella Center").
    public var name: String
    /// The street address on one line.
    public var address: String
    /// Latitude in degrees, when known.
    public var latitude: Double?
    /// Longitude in degrees, when known.
    public var longitude: Double?

    /// Creates a venue.
    public init(name: String, address: String = "", latitude: Double? = nil, longitude: Double? = nil) {
        self.name = name
        self.address = address
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// One question of the Additional Info step that an event asks after registration.
public struct AdditionalInfoField: Codable, Sendable, Hashable {
    /// The key the answer is sent under (`dietaryNeeds`).
    public var key: String
    /// The label the form shows ("Dietary needs").
    public var label: String

    /// Creates a field.
    public init(key: String, label: String) {
        self.key = key
        self.label = label
    }
}

/// A conference: its dates, time zone, venue and the rules its screens follow.
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
    public var summary: String
    /// The cover image, when there is one.
    public var coverImageURL: String?
    /// Below this many free seats a session shows "# seats available".
    public var seatsThreshold: Int
    /// The questions of the Additional Info step.
    public var additionalInfoFields: [AdditionalInfoField]

    /// Creates an event.
    public init(
        id: String, name: String, startsAt: Date, endsAt: Date, timeZone: String, venue: Venue,
        summary: String = "", coverImageURL: String? = nil, seatsThreshold: Int = 10,
        additionalInfoFields: [AdditionalInfoField] = []
    ) {
        self.id = id
        self.name = name
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.timeZone = timeZone
        self.venue = venue
        self.summary = summary
        self.coverImageURL = coverImageURL
        self.seatsThreshold = seatsThreshold
        self.additionalInfoFields = additionalInfoFields
    }
}

/// The live-poll card of the dashboard: the event's open poll and its results as they stand.
public struct LivePollCard: Codable, Sendable, Hashable {
    /// The poll's id.
    public var id: String
    /// The question shown on the card (a quiz's first question).
    public var question: String
    /// Poll or quiz.
    public var kind: PollKind
    /// The first question's options.
    public var options: [PollOption]
    /// The results so far.
    public var results: PollResults

    /// Creates a card.
    public init(
        id: String, question: String, kind: PollKind = .poll, options: [PollOption] = [],
        results: PollResults = PollResults(voters: 0, questions: [])
    ) {
        self.id = id
        self.question = question
        self.kind = kind
        self.options = options
        self.results = results
    }
}

/// `GET /events/:eventID`: the event, the caller's registration and the poll card, if any.
public struct EventDetails: Codable, Sendable, Hashable {
    /// The event.
    public var event: Event
    /// The caller's registration; `nil` when signed out or not registered.
    public var registration: Registration?
    /// The open live poll; `nil` when none is open.
    public var livePoll: LivePollCard?

    /// Creates event details.
    public init(event: Event, registration: Registration? = nil, livePoll: LivePollCard? = nil) {
        self.event = event
        self.registration = registration
        self.livePoll = livePoll
    }
}
