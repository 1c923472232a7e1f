import PublicInit

/// Which account is a speaker of an event: the person who signs in and acts as that speaker (creates their
/// sessions' polls and quizzes, opens and closes them, adds and removes their sessions' documents).
///
/// A programme's speaker is a profile the import made, with no password; nobody can sign in as it. The event's
/// organizer links it to the account of the person who speaks (`PUT …/speakers/:speakerID/account`), or the
/// programme names the speaker's e-mail and the account signed up with it is the speaker. Only the organizer
/// reads this: the e-mail is what they (or their programme) gave, never anything of the account's profile.
@PublicInit
public struct SpeakerAccount: Codable, Sendable, Hashable {
    /// The speaker profile's id (a row of `GET /events/:eventID/speakers`).
    public var speakerID: String
    /// The e-mail the link names: the account the organizer linked, or the programme's e-mail for the speaker;
    /// `nil` when no account is the speaker.
    public var email: String?
    /// Whether an account with ``email`` is the speaker now; `false` while the programme's e-mail waits for
    /// someone to sign up with it.
    public var isLinked: Bool
    /// Where the link comes from; `nil` when there is none.
    public var linkedBy: SpeakerLinkSource?

    /// The problem `type` of the 422 to a link whose e-mail no account signed up with.
    public static let noAccountProblem = "https://quartet.dev/problems/attendee/no-account"
}

/// Who linked a speaker to an account.
public enum SpeakerLinkSource: String, Codable, Sendable, Hashable, CaseIterable {
    /// The event's organizer, by the account's e-mail.
    case organizer
    /// The imported programme, which gave the speaker's e-mail.
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
