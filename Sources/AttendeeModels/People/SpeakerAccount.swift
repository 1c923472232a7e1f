import PublicInit

/// Which account is a speaker of an event: the person who signs in and acts as that speaker (creates their
/// sessions' polls and quizzes, opens and closes them, adds and removes their sessions' documents).
///
/// A programme's speaker is a profile the import made, with no password; nobody can sign in as it. Only the
/// event's organizer makes an account the speaker (`PUT …/speakers/:speakerID/account`). A programme that names
/// the speaker's e-mail only suggests that link (``SpeakerAccountStatus/suggested``): sign-up checks no e-mail, so
/// the address alone grants nothing until the organizer links it. Only the organizer reads this: the e-mail is
/// what they (or their programme) gave, never anything of the account's profile.
@PublicInit
public struct SpeakerAccount: Codable, Sendable, Hashable {
    /// The speaker profile's id (a row of `GET /events/:eventID/speakers`).
    public var speakerID: String
    /// The e-mail the link names: the account the organizer linked, or the programme's suggested e-mail for the
    /// speaker; `nil` when there is neither.
    public var email: String?
    /// Whether an account the organizer linked is the speaker now (``status`` is ``SpeakerAccountStatus/linked``);
    /// a suggestion is never linked.
    public var isLinked: Bool
    /// Where the row comes from: `organizer` for a link, `programme` for a suggestion; `nil` when there is none.
    public var linkedBy: SpeakerLinkSource?
    /// What the organizer is told: linked, suggested by the programme, or neither.
    public var status: SpeakerAccountStatus
    /// For a suggestion, whether someone has signed up with its e-mail now (Link account would link them);
    /// `nil` otherwise.
    public var accountExists: Bool?

    /// The problem `type` of the 422 to a link whose e-mail no account signed up with.
    public static let noAccountProblem = "https://quartet.dev/problems/attendee/no-account"
}

extension SpeakerAccount {
    /// Reads a body that may come from a server older than ``status``: a missing or unknown status is read from
    /// the other fields (linked, else a programme's e-mail is a suggestion, else none), never a failure.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let speakerID = try container.decode(String.self, forKey: .speakerID)
        let email = try container.decodeIfPresent(String.self, forKey: .email)
        let isLinked = try container.decodeIfPresent(Bool.self, forKey: .isLinked) ?? false
        let linkedBy = try? container.decodeIfPresent(SpeakerLinkSource.self, forKey: .linkedBy)
        let status =
            (try? container.decodeIfPresent(SpeakerAccountStatus.self, forKey: .status))
            ?? (isLinked ? .linked : linkedBy == .programme && email != nil ? .suggested : SpeakerAccountStatus.none)
        self.init(
            speakerID: speakerID, email: email, isLinked: isLinked, linkedBy: linkedBy, status: status,
            accountExists: try? container.decodeIfPresent(Bool.self, forKey: .accountExists))
    }
}

/// What the organizer is told of a speaker's account.
public enum SpeakerAccountStatus: String, Codable, Sendable, Hashable, CaseIterable {
    /// No account is the speaker, and no programme suggests one.
    case none
    /// The imported programme gives the speaker's e-mail: a suggestion that grants nothing until the organizer
    /// links that address (`PUT …/account` with it).
    case suggested
    /// An account the organizer linked (or a suggestion they confirmed) is the speaker.
    case linked
}

/// Who linked a speaker to an account.
public enum SpeakerLinkSource: String, Codable, Sendable, Hashable, CaseIterable {
    /// The event's organizer, by the account's e-mail.
    case organizer
    /// The imported programme, which gave the speaker's e-mail: a suggestion only, never a link.
    case programme
}

/// `PUT /events/:eventID/speakers/:speakerID/account`'s body: the e-mail of the account to link.
@PublicInit
public struct SpeakerAccountLink: Codable, Sendable, Hashable {
    /// The e-mail the person signed up with.
    public var email: String
}

extension SpeakerAccountLink {
    /// The e-mail as it is compared with accounts' (trimmed, lowercased).
    public var normalizedEmail: String { EmailAddress.normalized(email) }

    /// Why the server refuses the body (422), the app the form: an e-mail that is no address.
    public func validationError() -> FieldError? {
        EmailAddress.isPlausible(normalizedEmail)
            ? nil : FieldError(field: "email", message: RuleText.text("rule.account.email"))
    }
}

extension EventDetails {
    /// Whether the caller organizes the event: polls for the whole event are its organizer's alone, so the scopes
    /// the server gives the caller say it.
    public var callerOrganizes: Bool { pollScopes?.wholeEvent == true }
}
