import Foundation
import PublicInit

/// A conference programme in one neutral shape: what the importers produce, what the seed files hold and
/// what `POST /import` takes. Every item carries a stable external id, so loading it again updates rather
/// than duplicates.
@PublicInit
public struct ConferenceProgramme: Codable, Sendable, Hashable {
    /// The event; `externalID` identifies it across imports.
    public var event: ProgrammeEvent
    /// Everyone who speaks.
    public var speakers: [ProgrammeSpeaker]
    /// Every session.
    public var sessions: [ProgrammeSession]

    /// The first rule the programme breaks, or `nil`. The server refuses an import that breaks one, and the
    /// importer's dry run applies the same check, so a dry run that passes is an import the server takes.
    public func validationError() -> FieldError? {
        if event.externalID.isEmpty {
            return FieldError(field: "event.externalID", message: RuleText.text("rule.import.eventID"))
        }
        // NB: `|` is the separator of the ids the server's store scopes (an event imported by someone who is not
        // its organizer, the speakers of each event); refusing it keeps those ids impossible to forge.
        if event.externalID.contains("|") {
            return FieldError(field: "event.externalID", message: RuleText.text("rule.import.separator"))
        }
        if let index = speakers.firstIndex(where: { $0.externalID.contains("|") }) {
            return FieldError(field: "speakers.\(index).externalID", message: RuleText.text("rule.import.separator"))
        }
        if TimeZone(identifier: event.timeZone) == nil {
            return FieldError(
                field: "event.timeZone", message: RuleText.format("rule.import.timeZone", event.timeZone))
        }
        for (index, session) in sessions.enumerated() {
            if session.externalID.isEmpty {
                return FieldError(
                    field: "sessions.\(index).externalID", message: RuleText.text("rule.import.sessionID"))
            }
            if session.endsAt < session.startsAt {
                return FieldError(
                    field: "sessions.\(index).endsAt", message: RuleText.text("rule.import.endsBeforeStart"))
            }
            if let capacity = session.capacity, capacity < 0 {
                return FieldError(
                    field: "sessions.\(index).capacity", message: RuleText.text("rule.import.negativeCapacity"))
            }
        }
        return nil
    }
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
    /// Speakers created.
    public var speakersCreated: Int
    /// Speakers updated.
    public var speakersUpdated: Int
    /// The external id the event is kept under: the file's own, or — when that id belongs to another
    /// organizer's event, which an import never touches — one scoped to the importer (`<userID>|<file's id>`).
    /// `nil` from servers that did not say.
    public var externalID: String?
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
