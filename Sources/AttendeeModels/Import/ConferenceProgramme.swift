import Foundation
import PublicInit

/// A conference programme in one neutral shape: what the importers produce, what the seed files hold and
/// what `POST /import` takes. Every item carries a stable external id, so loading it again updates rather
/// than duplicates. Its rules are in `ProgrammeRules.swift`.
///
/// Decoding applies the defaults the initializer has (an absent `summary` is empty, an absent `kind` a talk),
/// as the OpenAPI document promises: only the fields it lists as required must be sent. A field that is sent
/// must hold a value of its type; `null` is no value for a field with a default.
@PublicInit
public struct ConferenceProgramme: Codable, Sendable, Hashable {
    /// The event; `externalID` identifies it across imports.
    public var event: ProgrammeEvent
    /// Everyone who speaks.
    public var speakers: [ProgrammeSpeaker]
    /// Every session.
    public var sessions: [ProgrammeSession]
}

/// The event part of a programme.
@PublicInit
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
    public var summary: String = ""
    /// The cover image.
    public var coverImageURL: String?
    /// The free-seat threshold for the "# seats available" message.
    public var seatsThreshold: Int = 10
    /// The Additional Info questions.
    public var additionalInfoFields: [AdditionalInfoField] = []
}

/// A speaker of a programme.
@PublicInit
public struct ProgrammeSpeaker: Codable, Sendable, Hashable {
    /// A stable id from the source (`sessionize:288a938a-…`).
    public var externalID: String
    /// The name.
    public var name: String
    /// The job title.
    public var title: String = ""
    /// The company.
    public var company: String = ""
    /// The biography.
    public var bio: String = ""
    /// The photo.
    public var photoURL: String?
    /// Links elsewhere.
    public var socialLinks: [SocialLink] = []
    /// The e-mail the source keeps for the speaker (Open Event exports one), never shown to attendees. It is only
    /// a suggestion: the event's organizer sees it and links the account signed up with it once they know it is
    /// the speaker's; until then it grants nothing (sign-up checks no e-mail).
    public var email: String?
}

/// A session of a programme.
@PublicInit
public struct ProgrammeSession: Codable, Sendable, Hashable {
    /// A stable id from the source (a frab guid, a Sessionize id).
    public var externalID: String
    /// The title.
    public var title: String
    /// The abstract.
    public var abstract: String = ""
    /// The kind.
    public var kind: SessionKind = .talk
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
    public var speakerIDs: [String] = []
}

/// `POST /import`'s answer: what was created and updated.
@PublicInit
public struct ImportSummary: Codable, Sendable, Hashable {
    /// The event's id.
    public var eventID: String
    /// Whether the event was new.
    public var eventCreated: Bool
    /// Sessions created.
    public var sessionsCreated: Int
    /// Sessions updated.
    public var sessionsUpdated: Int
    /// Sessions the event had that the file no longer lists, removed with their seats and waitlist places.
    /// `nil` from servers that did not say.
    public var sessionsRemoved: Int?
    /// Speakers created.
    public var speakersCreated: Int
    /// Speakers updated.
    public var speakersUpdated: Int
    /// The external id the event is kept under: the file's own, or — when that id belongs to another
    /// organizer's event, which an import never touches — one scoped to the importer (`<userID>|<file's id>`).
    /// `nil` from servers that did not say.
    public var externalID: String?
    /// The sessions whose capacity the file set below the seats already taken, in the file's order: the import kept
    /// the capacity at the seats taken, since nobody's seat is taken away. `nil` from servers that did not say.
    public var capacitiesKept: [CapacityKept]?
}

/// A session whose capacity an import set below its seats already taken, and what it was kept at.
@PublicInit
public struct CapacityKept: Codable, Sendable, Hashable {
    /// The session's id in the file.
    public var externalID: String
    /// The session's title.
    public var title: String
    /// The capacity the file gave.
    public var requested: Int
    /// The capacity kept: the seats taken when the file was imported.
    public var capacity: Int
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

extension ConferenceProgramme {
    /// The largest `POST /import` body the server reads, in bytes: 8 MiB, several times a programme of a thousand
    /// sessions (the 2019 CCC camp's frab export of 230 sessions is 210 KB).
    public static let maximumBodySize = 8 << 20
}

// MARK: - Decoding with the documented defaults

extension ProgrammeEvent {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            externalID: try container.decode(String.self, forKey: .externalID),
            name: try container.decode(String.self, forKey: .name),
            startsAt: try container.decodeDate(forKey: .startsAt), endsAt: try container.decodeDate(forKey: .endsAt),
            timeZone: try container.decode(String.self, forKey: .timeZone),
            venue: try container.decode(Venue.self, forKey: .venue),
            summary: try container.decode(forKey: .summary, default: ""),
            coverImageURL: try container.decodeIfPresent(String.self, forKey: .coverImageURL),
            seatsThreshold: try container.decode(forKey: .seatsThreshold, default: 10),
            additionalInfoFields: try container.decode(forKey: .additionalInfoFields, default: []))
    }
}

extension ProgrammeSpeaker {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            externalID: try container.decode(String.self, forKey: .externalID),
            name: try container.decode(String.self, forKey: .name),
            title: try container.decode(forKey: .title, default: ""),
            company: try container.decode(forKey: .company, default: ""),
            bio: try container.decode(forKey: .bio, default: ""),
            photoURL: try container.decodeIfPresent(String.self, forKey: .photoURL),
            socialLinks: try container.decode(forKey: .socialLinks, default: []),
            email: try container.decodeIfPresent(String.self, forKey: .email))
    }
}

extension ProgrammeSession {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            externalID: try container.decode(String.self, forKey: .externalID),
            title: try container.decode(String.self, forKey: .title),
            abstract: try container.decode(forKey: .abstract, default: ""),
            kind: try container.decode(forKey: .kind, default: .talk),
            track: try container.decodeIfPresent(String.self, forKey: .track),
            room: try container.decodeIfPresent(String.self, forKey: .room),
            startsAt: try container.decodeDate(forKey: .startsAt), endsAt: try container.decodeDate(forKey: .endsAt),
            capacity: try container.decodeIfPresent(Int.self, forKey: .capacity),
            speakerIDs: try container.decode(forKey: .speakerIDs, default: []))
    }
}

extension KeyedDecodingContainer {
    /// The value under `key`, or `value` when the key is absent. A `null` is refused as the wrong type, as the
    /// document describes these fields as their type alone.
    func decode<Value: Decodable>(forKey key: Key, default value: Value) throws -> Value {
        contains(key) ? try decode(Value.self, forKey: key) : value
    }

    /// The date under `key`; a value that is no date is refused naming the key itself.
    ///
    /// NB: Foundation's date strategies report a malformed date at the path of the object holding it (`event`),
    /// not at the field (`event.startsAt`), so the refusal is made again here, where the key is known.
    func decodeDate(forKey key: Key) throws -> Date {
        do {
            return try decode(Date.self, forKey: key)
        } catch DecodingError.dataCorrupted(let context) {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: context.debugDescription)
        } catch DecodingError.typeMismatch(let type, let context) {
            throw DecodingError.typeMismatch(
                type, DecodingError.Context(codingPath: codingPath + [key], debugDescription: context.debugDescription))
        }
    }
}
