import Foundation
import HTTPTypes
import Localization

/// The limits of a programme, shared by the importer's dry run, the server and the OpenAPI document.
///
/// Any signed-up person may import a programme, and everyone who opens the event (signed in or not) downloads
/// its texts, so none may grow without bound. Texts are counted in characters as people see them (grapheme
/// clusters); ids and web addresses, which nobody reads as words, in code points (JSON Schema's `maxLength`).
/// A speaker is a person with a profile, so a speaker's fields keep the profile's limits (``PersonName``,
/// ``ProfileUpdate``).
public enum ProgrammeLimits {
    /// A one-line text: the event's name, its venue's name and address, a session's title, track and room, an
    /// Additional Info question's label. The longest title of the real programmes tried is about 100.
    public static let lineLimit = 200
    /// The event's summary and a session's abstract (the 2019 CCC camp's longest abstract is about 4,200).
    public static let textLimit = 10_000
    /// An external id, in code points: ids are unique keys, which PostgreSQL cannot index past a few KB.
    public static let idLimit = 200
    /// A web address (the cover image, a speaker's photo), in code points: what browsers reliably take.
    public static let urlLimit = ProfileUpdate.urlLimit
    /// The seats threshold of the "# seats available" message.
    public static let seatsThreshold = 0...10_000
    /// Additional Info questions an event asks.
    public static let additionalInfoFieldLimit = 50
    /// The longest key an Additional Info answer is sent under.
    public static let additionalInfoKeyLimit = 80
    /// Degrees of latitude.
    public static let latitude = -90.0...90.0
    /// Degrees of longitude.
    public static let longitude = -180.0...180.0

    /// Whether `address` is a web address the apps may open: `http` or `https` (any case) with a host, at most
    /// ``ProgrammeLimits/urlLimit`` code points. A `javascript:` or `file:` address, or a path with no host, is not.
    public static func isWebAddress(_ address: String) -> Bool {
        guard address.unicodeScalars.count <= ProgrammeLimits.urlLimit, !address.holdsNUL,
            let components = URLComponents(string: address),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return false }
        return true
    }
}

extension ConferenceProgramme {
    /// The first rule the programme breaks, or `nil`. The server refuses an import that breaks one (422 naming
    /// `field`), and the importer's dry run applies the same check, so a dry run that passes is an import the
    /// server takes.
    ///
    /// The rules: every text within its limit (``ProgrammeLimits``) and without NUL; names and titles not only
    /// white space; ids present, within ``ProgrammeLimits/idLimit`` and, for the event and speakers, without
    /// `|`; a known time zone; the event ending no earlier than it starts, and every session inside it (from
    /// the event's `startsAt` to its `endsAt`, so a late session past midnight of the last day needs an event
    /// that ends after it, as the importers make it); every session's speakers listed among the speakers;
    /// capacities not negative; the seats threshold in ``ProgrammeLimits/seatsThreshold``; coordinates on the
    /// globe; web addresses `http` or `https` with a host; Additional Info keys present and each used once.
    public func validationError() -> FieldError? {
        if let error = event.validationError() { return error }
        for (index, speaker) in speakers.enumerated() {
            if let error = speaker.validationError(at: "speakers.\(index)") { return error }
        }
        let speakerIDs = Set(speakers.map(\.externalID))
        for (index, session) in sessions.enumerated() {
            if let error = session.validationError(at: "sessions.\(index)", in: event, speakerIDs: speakerIDs) {
                return error
            }
        }
        return nil
    }
}

extension ProgrammeEvent {
    func validationError() -> FieldError? {
        if externalID.isEmpty {
            return FieldError(field: "event.externalID", message: RuleText.text("rule.import.eventID"))
        }
        if let error = ProgrammeRule.id(externalID, field: "event.externalID", scoped: true) { return error }
        let texts: [(String, String, Int, Bool)] = [
            ("event.name", name, ProgrammeLimits.lineLimit, false),
            ("event.summary", summary, ProgrammeLimits.textLimit, true),
            ("event.venue.name", venue.name, ProgrammeLimits.lineLimit, true),
            ("event.venue.address", venue.address, ProgrammeLimits.lineLimit, true),
        ]
        for (field, text, limit, blankAllowed) in texts {
            if let error = ProgrammeRule.text(text, field: field, limit: limit, blankAllowed: blankAllowed) {
                return error
            }
        }
        if TimeZone(identifier: timeZone) == nil {
            return FieldError(field: "event.timeZone", message: RuleText.format("rule.import.timeZone", timeZone))
        }
        if endsAt < startsAt {
            return FieldError(field: "event.endsAt", message: RuleText.text("rule.import.eventEndsBeforeStart"))
        }
        if let latitude = venue.latitude, !ProgrammeLimits.latitude.contains(latitude) {
            return FieldError(field: "event.venue.latitude", message: RuleText.text("rule.import.latitude"))
        }
        if let longitude = venue.longitude, !ProgrammeLimits.longitude.contains(longitude) {
            return FieldError(field: "event.venue.longitude", message: RuleText.text("rule.import.longitude"))
        }
        if let coverImageURL, let error = ProgrammeRule.webAddress(coverImageURL, field: "event.coverImageURL") {
            return error
        }
        if !ProgrammeLimits.seatsThreshold.contains(seatsThreshold) {
            return FieldError(
                field: "event.seatsThreshold",
                message: RuleText.format(
                    "rule.import.seatsThreshold", NumberText.count(ProgrammeLimits.seatsThreshold.lowerBound),
                    NumberText.count(ProgrammeLimits.seatsThreshold.upperBound)))
        }
        return additionalInfoFieldsError()
    }

    private func additionalInfoFieldsError() -> FieldError? {
        if additionalInfoFields.count > ProgrammeLimits.additionalInfoFieldLimit {
            return FieldError(
                field: "event.additionalInfoFields",
                message: RuleText.format(
                    "rule.import.additionalInfoFieldCount", NumberText.count(ProgrammeLimits.additionalInfoFieldLimit)))
        }
        var keys: Set<String> = []
        for (index, question) in additionalInfoFields.enumerated() {
            let path = "event.additionalInfoFields.\(index)"
            if question.key.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                return FieldError(field: path + ".key", message: RuleText.text("rule.import.additionalInfoKey"))
            }
            if let error = ProgrammeRule.text(
                question.key, field: path + ".key", limit: ProgrammeLimits.additionalInfoKeyLimit)
            {
                return error
            }
            if !keys.insert(question.key).inserted {
                return FieldError(field: path + ".key", message: RuleText.text("rule.import.additionalInfoKeyTwice"))
            }
            if let error = ProgrammeRule.text(question.label, field: path + ".label", limit: ProgrammeLimits.lineLimit)
            {
                return error
            }
        }
        return nil
    }
}

extension ProgrammeSpeaker {
    func validationError(at path: String) -> FieldError? {
        if externalID.isEmpty {
            return FieldError(field: path + ".externalID", message: RuleText.text("rule.import.speakerID"))
        }
        if let error = ProgrammeRule.id(externalID, field: path + ".externalID", scoped: true) { return error }
        let texts: [(String, String, Int, Bool)] = [
            ("name", name, PersonName.limit, false), ("title", title, ProfileUpdate.lineLimit, true),
            ("company", company, ProfileUpdate.lineLimit, true), ("bio", bio, ProfileUpdate.aboutMeLimit, true),
        ]
        for (field, text, limit, blankAllowed) in texts {
            if let error = ProgrammeRule.text(text, field: path + "." + field, limit: limit, blankAllowed: blankAllowed)
            {
                return error
            }
        }
        // NB: an imported speaker is a profile every attendee downloads, so its texts keep the profile's rules:
        // one line for the name, title and company, no reordering characters, and code points capped.
        let profile = [
            PersonName.error(name), ProfileUpdate.lineError(title, .title), ProfileUpdate.lineError(company, .company),
            ProfileUpdate.aboutMeError(bio).map { FieldError(field: "bio", message: $0.message) },
        ]
        if let error = profile.lazy.compactMap({ $0 }).first {
            return FieldError(field: path + "." + error.field, message: error.message)
        }
        if let photoURL, let error = ProgrammeRule.webAddress(photoURL, field: path + ".photoURL") { return error }
        if let email, !EmailAddress.isPlausible(EmailAddress.normalized(email)) {
            return FieldError(field: path + ".email", message: RuleText.text("rule.account.email"))
        }
        if let error = ProfileUpdate.linksError(socialLinks) {
            return FieldError(field: path + "." + error.field, message: error.message)
        }
        return nil
    }
}

extension ProgrammeSession {
    func validationError(at path: String, in event: ProgrammeEvent, speakerIDs: Set<String>) -> FieldError? {
        if externalID.isEmpty {
            return FieldError(field: path + ".externalID", message: RuleText.text("rule.import.sessionID"))
        }
        if let error = ProgrammeRule.id(externalID, field: path + ".externalID", scoped: false) { return error }
        let texts: [(String, String?, Int, Bool)] = [
            ("title", title, ProgrammeLimits.lineLimit, false),
            ("abstract", abstract, ProgrammeLimits.textLimit, true),
            ("track", track, ProgrammeLimits.lineLimit, true), ("room", room, ProgrammeLimits.lineLimit, true),
        ]
        for case let (field, text?, limit, blankAllowed) in texts {
            if let error = ProgrammeRule.text(text, field: path + "." + field, limit: limit, blankAllowed: blankAllowed)
            {
                return error
            }
        }
        if endsAt < startsAt {
            return FieldError(field: path + ".endsAt", message: RuleText.text("rule.import.endsBeforeStart"))
        }
        if startsAt < event.startsAt {
            return FieldError(field: path + ".startsAt", message: RuleText.text("rule.import.outsideEvent"))
        }
        if endsAt > event.endsAt {
            return FieldError(field: path + ".endsAt", message: RuleText.text("rule.import.outsideEvent"))
        }
        if let capacity, capacity < 0 {
            return FieldError(field: path + ".capacity", message: RuleText.text("rule.import.negativeCapacity"))
        }
        if let index = self.speakerIDs.firstIndex(where: { !speakerIDs.contains($0) }) {
            return FieldError(
                field: path + ".speakerIDs.\(index)",
                message: RuleText.format("rule.import.unknownSpeaker", self.speakerIDs[index]))
        }
        return nil
    }
}

/// The checks the fields of a programme share.
enum ProgrammeRule {
    /// The rule `text` breaks: NUL, only white space (unless `blankAllowed`), or more than `limit` characters.
    static func text(_ text: String, field: String, limit: Int, blankAllowed: Bool = false) -> FieldError? {
        if text.holdsNUL { return FieldError(field: field, message: RuleText.text("rule.text.nul")) }
        if !blankAllowed, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return FieldError(field: field, message: RuleText.text("rule.text.blank"))
        }
        if text.count > limit {
            return FieldError(field: field, message: RuleText.format("rule.text.tooLong", NumberText.count(limit)))
        }
        return nil
    }

    /// The rule an external id breaks: too long, NUL, or — where the store scopes ids with it (`scoped`) — `|`.
    ///
    /// NB: `|` is the separator of the ids the server's store scopes (an event imported by someone who is not
    /// its organizer, the speakers of each event); refusing it keeps those ids impossible to forge.
    static func id(_ id: String, field: String, scoped: Bool) -> FieldError? {
        if id.holdsNUL { return FieldError(field: field, message: RuleText.text("rule.text.nul")) }
        if scoped, id.contains("|") { return FieldError(field: field, message: RuleText.text("rule.import.separator")) }
        if id.unicodeScalars.count > ProgrammeLimits.idLimit {
            return FieldError(
                field: field,
                message: RuleText.format("rule.import.idTooLong", NumberText.count(ProgrammeLimits.idLimit)))
        }
        return nil
    }

    static func webAddress(_ address: String, field: String) -> FieldError? {
        guard !ProgrammeLimits.isWebAddress(address) else { return nil }
        return FieldError(
            field: field, message: RuleText.format("rule.import.webAddress", NumberText.count(ProgrammeLimits.urlLimit))
        )
    }
}
