import Foundation
import HTTPTypes
import Localization
import PublicInit

/// A link to a profile elsewhere; the app shows the icon (inert).
@PublicInit
public struct SocialLink: Codable, Sendable, Hashable {
    /// The network (`twitter`, `linkedin`, `github`, `website`…).
    public var network: String
    /// The URL.
    public var url: String
}

/// What a person is interested in, used to suggest sessions.
@PublicInit
public struct Preferences: Codable, Sendable, Hashable {
    /// Tracks of interest.
    public var tracks: [String] = []
    /// Topics of interest.
    public var topics: [String] = []
}

/// A person where something of theirs is listed: a session's speaker, the author of a post, reply or message,
/// the other person of a thread. The app shows the name and opens the profile by the id.
@PublicInit
public struct PersonReference: Codable, Sendable, Hashable, Identifiable {
    /// The person's id.
    public var id: String
    /// Their name.
    public var name: String
}

/// The rule for the name a person gives themselves, at sign-up and on their profile: everyone sees it in lists,
/// bylines and messages, so it is kept to a line.
public enum PersonName {
    /// The longest name accepted, in characters as a person sees them (grapheme clusters), white space around it
    /// not counted (it is trimmed before it is stored).
    public static let limit = 80

    /// The rule `name` breaks on its length, or `nil`.
    public static func lengthError(_ name: String) -> FieldError? {
        guard name.trimmingCharacters(in: .whitespacesAndNewlines).count > limit else { return nil }
        return FieldError(field: "name", message: RuleText.format("rule.name.tooLong", NumberText.count(limit)))
    }

    /// The rule a name a person gives themselves (at sign-up, on their profile) breaks, or `nil`: it is one line (no
    /// control character, line or paragraph separator, or character that reorders the text after it), of at most
    /// ``TextLength/scalarLimit(_:)`` code points, and at most ``limit`` characters once trimmed
    /// (``lengthError(_:)``). The first two are counted as sent, as the document's `pattern` and `maxLength` are.
    ///
    /// NB: the name is the byline of every wall post, reply, discussion message and message the person writes, and
    /// every reader downloads it with each of them. A name of "Z" and 100,000 combining marks was one character
    /// (200 KB on each of them: a wall page of such posts weighed megabytes); a line break let a name add lines
    /// of its own under a post's byline, and a right-to-left override turned the rest of a line around.
    ///
    /// ```swift
    /// PersonName.error("Ana Ferreira")                                   // nil
    /// PersonName.error("Ana\nOrganizer")                                 // one line only
    /// PersonName.error("Z" + String(repeating: "\u{301}", count: 1_000))   // too many marks
    /// ```
    public static func error(_ name: String) -> FieldError? {
        if name.unicodeScalars.contains(where: breaksLine) {
            return FieldError(field: "name", message: RuleText.text("rule.name.oneLine"))
        }
        if name.unicodeScalars.count > scalarLimit {
            return FieldError(
                field: "name", message: RuleText.format("rule.name.tooManyMarks", NumberText.count(scalarLimit)))
        }
        return lengthError(name)
    }

    /// The most code points a name may hold: ``TextLength/scalarLimit(_:)`` of ``limit``.
    public static let scalarLimit = TextLength.scalarLimit(limit)

    /// A control character (C0, DEL, C1), a line or paragraph separator, or a bidirectional embedding, override
    /// or isolate (U+202A–U+202E, U+2066–U+2069): what a one-line name never holds. Arabic and Hebrew names need
    /// none of them.
    static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isLineControl || scalar.reordersText
    }
}

/// A person as others see them: an attendee or a speaker.
@PublicInit
public struct Person: Codable, Sendable, Hashable, Identifiable {
    /// The person's id.
    public var id: String
    /// The name.
    public var name: String
    /// The job title.
    public var title: String = ""
    /// The company.
    public var company: String = ""
    /// "About me" (a speaker's bio).
    public var aboutMe: String = ""
    /// The photo, when there is one.
    public var photoURL: String?
    /// Links to their profiles elsewhere.
    public var socialLinks: [SocialLink] = []
}

/// `GET /events/:eventID/speakers/:personID`: the speaker and the sessions they give at that event (so their
/// times are written in its zone, as every other session of its screens).
@PublicInit
public struct SpeakerProfile: Codable, Sendable, Hashable {
    /// The speaker.
    public var speaker: Person
    /// Their sessions, by start time.
    public var sessions: [Session]
}

/// `GET /me`: the signed-in person's own profile.
@PublicInit
public struct MyProfile: Codable, Sendable, Hashable {
    /// The public part.
    public var person: Person
    /// The e-mail they sign in with.
    public var email: String
    /// Their preferences.
    public var preferences: Preferences
}

extension ProfileUpdate {
    /// A one-line text of a profile: its field, and the sentences its rule says.
    enum Line {
        case title, company

        var field: String { self == .title ? "title" : "company" }
        // NB: each call names its key whole, where `RuleTextTests` finds the rules' sentences.
        var oneLine: String {
            self == .title ? RuleText.text("rule.profile.titleOneLine") : RuleText.text("rule.profile.companyOneLine")
        }
        func tooManyMarks(_ limit: Int) -> String {
            self == .title
                ? RuleText.format("rule.profile.titleTooManyMarks", NumberText.count(limit))
                : RuleText.format("rule.profile.companyTooManyMarks", NumberText.count(limit))
        }
        func tooLong(_ limit: Int) -> String {
            self == .title
                ? RuleText.format("rule.profile.titleTooLong", NumberText.count(limit))
                : RuleText.format("rule.profile.companyTooLong", NumberText.count(limit))
        }
    }

    /// The most code points a job title or company may hold: ``TextLength/scalarLimit(_:)`` of ``lineLimit``.
    public static let lineScalarLimit = TextLength.scalarLimit(lineLimit)
    /// The most code points "About me" may hold: ``TextLength/scalarLimit(_:)`` of ``aboutMeLimit``.
    public static let aboutMeScalarLimit = TextLength.scalarLimit(aboutMeLimit)

    /// The rule a job title or company breaks, or `nil`: one line (no control character, line or paragraph
    /// separator, or character that reorders the text after it, as ``PersonName/error(_:)``), at most
    /// ``lineScalarLimit`` code points and ``lineLimit`` characters.
    ///
    /// NB: every attendee downloads every profile of their event, so no field may grow without bound: "Z" and
    /// 100,000 combining marks was one character, and a line break added lines of its own under a person's name.
    static func lineError(_ text: String, _ line: Line) -> FieldError? {
        if text.unicodeScalars.contains(where: PersonName.breaksLine) {
            return FieldError(field: line.field, message: line.oneLine)
        }
        switch TextLength.excess(text, limit: lineLimit) {
        case .scalars?:
            return FieldError(field: line.field, message: line.tooManyMarks(lineScalarLimit))
        case .characters?:
            return FieldError(field: line.field, message: line.tooLong(lineLimit))
        case nil: return nil
        }
    }

    /// The rule "About me" breaks, or `nil`: it may hold line breaks, but no character that reorders the text
    /// after it (``Unicode/Scalar/reordersText``), and at most ``aboutMeScalarLimit`` code points and
    /// ``aboutMeLimit`` characters.
    static func aboutMeError(_ text: String) -> FieldError? {
        if text.unicodeScalars.contains(where: \.reordersText) {
            return FieldError(field: "aboutMe", message: RuleText.text("rule.profile.aboutMeReorders"))
        }
        switch TextLength.excess(text, limit: aboutMeLimit) {
        case .scalars?:
            return FieldError(
                field: "aboutMe",
                message: RuleText.format("rule.profile.aboutMeTooManyMarks", NumberText.count(aboutMeScalarLimit)))
        case .characters?:
            return FieldError(
                field: "aboutMe",
                message: RuleText.format("rule.profile.aboutMeTooLong", NumberText.count(aboutMeLimit)))
        case nil: return nil
        }
    }

    /// The rule social links break: too many, a long network name, or a link that is not a web address (others
    /// open it from the profile).
    static func linksError(_ links: [SocialLink]) -> FieldError? {
        if links.count > socialLinkLimit {
            return FieldError(
                field: "socialLinks",
                message: RuleText.format("rule.profile.socialLinkCount", NumberText.count(socialLinkLimit)))
        }
        for (index, link) in links.enumerated() {
            if link.network.count > networkLimit {
                return FieldError(
                    field: "socialLinks.\(index).network",
                    message: RuleText.format("rule.profile.socialLinkNetwork", NumberText.count(networkLimit)))
            }
            let lowercased = link.url.lowercased()
            let scheme = ["http://", "https://"].first { lowercased.hasPrefix($0) }
            if scheme.map({ link.url.count <= $0.count }) ?? true || link.url.count > urlLimit {
                return FieldError(
                    field: "socialLinks.\(index).url",
                    message: RuleText.format("rule.profile.socialLinkURL", NumberText.count(urlLimit)))
            }
        }
        return nil
    }
}

/// `PATCH /me`: the fields to change; absent fields stay as they are.
@PublicInit
public struct ProfileUpdate: Codable, Sendable, Hashable {
    /// A new name.
    public var name: String?
    /// A new job title.
    public var title: String?
    /// A new company.
    public var company: String?
    /// A new "About me".
    public var aboutMe: String?
    /// New social links.
    public var socialLinks: [SocialLink]?
    /// New preferences.
    public var preferences: Preferences?

    /// The longest "About me" accepted.
    public static let aboutMeLimit = 2000
    /// The longest job title or company accepted, in characters.
    public static let lineLimit = 120
    /// The most social links a profile lists.
    public static let socialLinkLimit = 10
    /// The longest social network name, in characters.
    public static let networkLimit = 40
    /// The longest social link, in characters (what browsers reliably take).
    public static let urlLimit = 2048
    /// The most tracks, and the most topics, of interest.
    public static let interestLimit = 50
    /// The longest track or topic, in characters.
    public static let interestLengthLimit = 80

    /// The first rule the update breaks, or `nil` when it is acceptable.
    public func validationError() -> FieldError? {
        // NB: PostgreSQL cannot store NUL in text; refused on both engines, as in posts and messages.
        let texts = [("name", name), ("title", title), ("company", company), ("aboutMe", aboutMe)]
        if let (field, _) = texts.first(where: { $0.1?.holdsNUL == true }) {
            return FieldError(field: field, message: RuleText.text("rule.text.nul"))
        }
        if let name, name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return FieldError(field: "name", message: RuleText.text("rule.profile.nameEmpty"))
        }
        if let name, let error = PersonName.error(name) { return error }
        if let aboutMe, let error = Self.aboutMeError(aboutMe) { return error }
        if let title, let error = Self.lineError(title, .title) { return error }
        if let company, let error = Self.lineError(company, .company) { return error }
        if let socialLinks { if let error = Self.linksError(socialLinks) { return error } }
        if let preferences {
            let interests = [("preferences.tracks", preferences.tracks), ("preferences.topics", preferences.topics)]
            for (field, items) in interests
            where items.count > Self.interestLimit || items.contains(where: { $0.count > Self.interestLengthLimit }) {
                return FieldError(
                    field: field,
                    message: RuleText.format(
                        "rule.profile.interests", NumberText.count(Self.interestLimit),
                        NumberText.count(Self.interestLengthLimit)))
            }
        }
        return nil
    }
}
