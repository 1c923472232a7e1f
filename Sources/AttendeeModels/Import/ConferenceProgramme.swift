import Foundation

/// A conference programme in one neutral shape: what the importers produce, what the seed files hold and
/// what `POST /import` takes. Every item carries a stable external id, so loading it again updates rather
/// than duplicates.
public struct ConferenceProgramme: Codable, Sendable, Hashable {
    /// The event; `externalID` identifies it across imports.
    public var event: ProgrammeEvent
    /// Everyone who speaks.
    public var speakers: [ProgrammeSpeaker]
    /// Every session.
    public var sessions: [ProgrammeSession]

    /// Creates a programme.
    public init(event: ProgrammeEvent, speakers: [ProgrammeSpeaker], sessions: [ProgrammeSession]) {
        self.event = event
        self.speakers = speakers
        self.sessions = sessions
    }
}

/// The event part of a programme.
public struct ProgrammeEvent: Codable, Sendable, Hashable {
    /// A stable id from the source (`frab:Camp2019`).
    public var externalID: String
    /// The name.
    public var name: String
    /// The first instant.
    public var startsAt: Date
    /// The last instant.
    public var endsAt: Date
    /// The IANA time zone.
    public var timeZone: String
    /// The venue.
    public var venue: Venue
    /// A description.
    public var summary: String
    /// The cover image.
    public var coverImageURL: String?
    /// The free-seat threshold for the "# seats available" message.
    public var seatsThreshold: Int
    /// The Additional Info questions.
    public var additionalInfoFields: [AdditionalInfoField]

    /// Creates an event.
    public init(
        externalID: String, name: String, startsAt: Date, endsAt: Date, timeZone: String, venue: Venue,
        summary: String = "", coverImageURL: String? = nil, seatsThreshold: Int = 10,
        additionalInfoFields: [AdditionalInfoField] = []
    ) {
        self.externalID = externalID
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

/// A speaker of a programme.
public struct ProgrammeSpeaker: Codable, Sendable, Hashable {
    /// A stable id from the source (`sessionize:288a938a-…`).
    public var externalID: String
    /// The name.
    public var name: String
    /// The job title.
    public var title: String
    /// The company.
    public var company: String
    /// The biography.
    public var bio: String
    /// The photo.
    public var photoURL: String?
    /// Links elsewhere.
    public var socialLinks: [SocialLink]

    /// Creates a speaker.
    public init(
        externalID: String, name: String, title: String = "", company: String = "", bio: String = "",
        photoURL: String? = nil, socialLinks: [SocialLink] = []
    ) {
        self.externalID = externalID
        self.name = name
        self.title = title
        self.company = company
        self.bio = bio
        self.photoURL = photoURL
        self.socialLinks = socialLinks
    }
}

/// A session of a programme.
public struct ProgrammeSession: Codable, Sendable, Hashable {
    /// A stable id from the source (a frab guid, a Sessionize id).
    public var externalID: String
    /// The title.
    public var title: String
    /// The abstract.
    public var abstract: String
    /// The kind.
    public var kind: SessionKind
    /// The track.
    public var track: String?
    /// The room.
    public var room: String?
    /// When it starts.
    public var startsAt: Date
    /// When it ends.
    public var endsAt: Date
    /// Seats; `nil` is unlimited.
    public var capacity: Int?
    /// The speakers' external ids, in order.
    public var speakerIDs: [String]

    /// Creates a session.
    public init(
        externalID: String, title: String, abstract: String = "", kind: SessionKind = .talk, track: String? = nil,
        room: String? = nil, startsAt: Date, endsAt: Date, capacity: Int? = nil, speakerIDs: [String] = []
    ) {
        self.externalID = externalID
        self.title = title
        self.abstract = abstract
        self.kind = kind
        self.track = track
        self.room = room
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.capacity = capacity
        self.speakerIDs = speakerIDs
    }
}

/// `POST /import`'s answer: what was created and updated.
public struct ImportSummary: Codable, Sendable, Hashable {
    /// The event's id.
    public var eventID: String
    /// Whether the event was new.
    public var eventCreated: Bool
    /// Sessions created.
    public var sessionsCreated: Int
    /// Sessions updated.
    public var sessionsUpdated: Int
    /// Speakers created.
    public var speakersCreated: Int
    /// Speakers updated.
    public var speakersUpdated: Int
    /// The external id the event is kept under: the file's own, or — when that id belongs to another
    /// organizer's event, which an import never touches — one scoped to the importer (`<userID>|<file's id>`).
    /// `nil` from servers that did not say.
    public var externalID: String?

    /// Creates a summary.
    public init(
        eventID: String, eventCreated: Bool, sessionsCreated: Int, sessionsUpdated: Int, speakersCreated: Int,
        speakersUpdated: Int, externalID: String? = nil
    ) {
        self.eventID = eventID
        self.eventCreated = eventCreated
        self.sessionsCreated = sessionsCreated
        self.sessionsUpdated = sessionsUpdated
        self.speakersCreated = speakersCreated
        self.speakersUpdated = speakersUpdated
        self.externalID = externalID
    }
}

/// The JSON coding every Attendee payload uses: ISO 8601 dates, sorted keys.
public enum AttendeeCoding {
    /// A decoder for Attendee JSON.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// An encoder for Attendee JSON.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A live event's `data` read as `Value` and wrapped as the update it is; `nil` when it does not decode
    /// (a stream skips what it cannot read rather than ending).
    public static func liveUpdate<Value: Decodable, Update>(_ data: String, _ wrap: (Value) -> Update) -> Update? {
        (try? decoder().decode(Value.self, from: Data(data.utf8))).map(wrap)
    }
}
