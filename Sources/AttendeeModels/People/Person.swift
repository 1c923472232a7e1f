import Foundation
import HTTPTypes
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
        return FieldError(field: "name", message: RuleText.format("rule.name.tooLong", String(limit)))
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

/// `GET /speakers/:speakerID`: the speaker and the sessions they give.
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
        if let name, let error = PersonName.lengthError(name) { return error }
        if let aboutMe, aboutMe.count > Self.aboutMeLimit {
            return FieldError(
                field: "aboutMe", message: RuleText.format("rule.profile.aboutMeTooLong", String(Self.aboutMeLimit)))
        }
        return nil
    }
}
