import Foundation
import HTTPTypes

/// A link to a profile elsewhere; the app shows the icon (inert).
public struct SocialLink: Codable, Sendable, Hashable {
    /// The network (`twitter`, `linkedin`, `github`, `website`…).
    public var network: String
    /// The URL.
    public var url: String

    /// Creates a link.
    public init(network: String, url: String) {
        self.network = network
        self.url = url
    }
}

/// What a person is interested in, used to suggest sessions.
public struct Preferences: Codable, Sendable, Hashable {
    /// Tracks of interest.
    public var tracks: [String]
    /// Topics of interest.
    public var topics: [String]

    /// Creates preferences.
    public init(tracks: [String] = [], topics: [String] = []) {
        self.tracks = tracks
        self.topics = topics
    }
}

/// A person where something of theirs is listed: a session's speaker, the author of a post, reply or message,
/// the other person of a thread. The app shows the name and opens the profile by the id.
public struct PersonReference: Codable, Sendable, Hashable, Identifiable {
    /// The person's id.
    public var id: String
    /// Their name.
    public var name: String

    /// Creates a reference.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// A person as others see them: an attendee or a speaker.
public struct Person: Codable, Sendable, Hashable, Identifiable {
    /// The person's id.
    public var id: String
    /// The name.
    public var name: String
    /// The job title.
    public var title: String
    /// The company.
    public var company: String
    /// "About me" (a speaker's bio).
    public var aboutMe: String
    /// The photo, when there is one.
    public var photoURL: String?
    /// Links to their profiles elsewhere.
    public var socialLinks: [SocialLink]

    /// Creates a person.
    public init(
        id: String, name: String, title: String = "", company: String = "", aboutMe: String = "",
        photoURL: String? = nil, socialLinks: [SocialLink] = []
    ) {
        self.id = id
        self.name = name
        self.title = title
        self.company = company
        self.aboutMe = aboutMe
        self.photoURL = photoURL
        self.socialLinks = socialLinks
    }
}

/// `GET /speakers/:speakerID`: the speaker and the sessions they give.
public struct SpeakerProfile: Codable, Sendable, Hashable {
    /// The speaker.
    public var speaker: Person
    /// Their sessions, by start time.
    public var sessions: [Session]

    /// Creates a profile.
    public init(speaker: Person, sessions: [Session]) {
        self.speaker = speaker
        self.sessions = sessions
    }
}

/// `GET /me`: the signed-in person's own profile.
public struct MyProfile: Codable, Sendable, Hashable {
    /// The public part.
    public var person: Person
    /// The e-mail they sign in with.
    public var email: String
    /// Their preferences.
    public var preferences: Preferences

    /// Creates a profile.
    public init(person: Person, email: String, preferences: Preferences) {
        self.person = person
        self.email = email
        self.preferences = preferences
    }
}

/// `PATCH /me`: the fields to change; absent fields stay as they are.
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

    /// Creates an update.
    public init(
        name: String? = nil, title: String? = nil, company: String? = nil, aboutMe: String? = nil,
        socialLinks: [SocialLink]? = nil, preferences: Preferences? = nil
    ) {
        self.name = name
        self.title = title
        self.company = company
        self.aboutMe = aboutMe
        self.socialLinks = socialLinks
        self.preferences = preferences
    }

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
        if let aboutMe, aboutMe.count > Self.aboutMeLimit {
            return FieldError(
                field: "aboutMe", message: RuleText.format("rule.profile.aboutMeTooLong", String(Self.aboutMeLimit)))
        }
        return nil
    }
}
