import APIClient
import AttendeeModels
import Foundation
import Localization
import Observation

/// The section of a speaker's page that only the event's organizer sees: which account is the speaker, and a
/// field to link the account the person signed up with (or to unlink it).
///
/// A programme's speakers are profiles nobody signs in as; once linked, the account runs the speaker's sessions'
/// polls, quizzes and documents. A programme that gives the speaker's e-mail only suggests the link: the section
/// says so, with the address already in the field, and Link account confirms it.
///
/// ```swift
/// let model = SpeakerAccountModel(client: client, eventID: event, speakerID: speaker)
/// await model.appeared()               // status: "No account is this speaker yet. …"
/// model.emailChanged("ana@example.com")
/// await model.linkTapped()             // outcome: .linked("ana@example.com")
///
/// // A programme's suggestion: "The programme gives grace@example.com, and an account has signed up with it. …"
/// await suggested.appeared()           // suggested.email == "grace@example.com", isSuggestion == true
/// await suggested.linkTapped()         // confirmed: outcome .linked("grace@example.com")
/// ```
@Observable @MainActor
public final class SpeakerAccountModel: BusyScreen {
    /// The link as the server last said it; `nil` until it has.
    public private(set) var account: SpeakerAccount?
    /// The sentence that says which account is the speaker; empty until the server said.
    public private(set) var status = ""
    /// The e-mail typed into the field.
    public private(set) var email = ""
    /// What the last Link or Unlink came to; `nil` before one, and while the field is edited after one.
    public private(set) var outcome: SpeakerLinkOutcome?
    /// Whether a call is in flight (the section shows a spinner).
    public var isBusy: Bool { busy }
    /// The calls on their way, which ``isBusy`` counts.
    var calls = CallsInFlight()
    /// What the last tap did, or why it failed.
    public internal(set) var banner: Banner?

    /// The suggested e-mail the section put into the field, while it is there.
    private var prefilled: String?
    private let client: AttendeeClient
    private let eventID: String
    private let speakerID: String

    /// Creates the section for one speaker of the event.
    public init(client: AttendeeClient, eventID: String, speakerID: String) {
        self.client = client
        self.eventID = eventID
        self.speakerID = speakerID
    }

    /// Whether Link may be tapped: something is typed and no call is in flight.
    public var canLink: Bool { !isBusy && !email.trimmingCharacters(in: .whitespaces).isEmpty }
    /// Whether Unlink is offered: an account is the speaker, or the programme suggests one (unlinking declines the
    /// suggestion, through later imports too).
    public var canUnlink: Bool { !isBusy && account?.email != nil }
    /// Whether the section shows the programme's suggestion, waiting for the organizer to link it.
    public var isSuggestion: Bool { account?.status == .suggested }

    /// The section appeared: reads which account is the speaker; a programme's suggested e-mail fills an empty
    /// field, so Link account confirms it.
    public func appeared() async {
        await whileBusy { show(try await client.speakerAccount(eventID, speakerID)) }
    }

    /// The e-mail field changed.
    public func emailChanged(_ text: String) {
        email = text
        outcome = nil
    }

    /// Link was tapped: the account signed up with the typed e-mail becomes the speaker.
    public func linkTapped() async {
        let link = SpeakerAccountLink(email: email)
        if let error = link.validationError() {
            outcome = .invalidEmail
            banner = .failure(error.message)
            return
        }
        let done = await whileBusy {
            show(try await client.linkSpeakerAccount(eventID, speakerID, link))
        } failed: { error in
            if AttendeeFailure.problemType(error) == SpeakerAccount.noAccountProblem {
                outcome = .noAccount
                banner = .failure(Strings.format("speakers.account.noAccount", link.normalizedEmail))
            } else {
                outcome = .failed
            }
        }
        guard done else { return }
        outcome = .linked(link.normalizedEmail)
        email = ""
        banner = .confirmation(Strings.format("speakers.account.didLink", link.normalizedEmail))
    }

    /// Unlink was tapped: no account is the speaker any more (a later import does not link it again).
    public func unlinkTapped() async {
        let done = await whileBusy {
            show(try await client.unlinkSpeakerAccount(eventID, speakerID))
        } failed: { _ in
            outcome = .failed
        }
        guard done else { return }
        outcome = .unlinked
        banner = .confirmation(Strings.text("speakers.account.didUnlink"))
    }

    private func show(_ account: SpeakerAccount) {
        self.account = account
        switch (account.status, account.email) {
        case (.linked, let email?):
            status = Strings.format("speakers.account.linked", email)
        case (.suggested, let email?):
            status = Strings.format(
                account.accountExists == true ? "speakers.account.suggested" : "speakers.account.suggestedNoAccount",
                email)
            // NB: only an empty field: what the organizer typed is theirs.
            if self.email.isEmpty {
                self.email = email
                prefilled = email
            }
            return
        default:
            status = Strings.text("speakers.account.none")
        }
        // A suggestion gone (declined, or linked): the address the section put in the field goes with it.
        if let prefilled, email == prefilled { email = "" }
        prefilled = nil
    }
}

/// What a Link or Unlink on a speaker's page came to.
public enum SpeakerLinkOutcome: Sendable, Hashable {
    /// The account signed up with this e-mail is the speaker now.
    case linked(String)
    /// No account is the speaker now.
    case unlinked
    /// Nobody has signed up with the e-mail typed.
    case noAccount
    /// What was typed is no e-mail address (nothing was sent).
    case invalidEmail
    /// The call failed otherwise; the banner says why.
    case failed
}

extension AttendeeScreenText {
    /// The speaker page's section the organizer sees.
    public static var speakerAccount: String { Strings.text("speakers.account.title") }
    /// The e-mail field's label.
    public static var speakerAccountEmail: String { Strings.text("speakers.account.email") }
    /// The button that links the typed e-mail's account.
    public static var speakerAccountLink: String { Strings.text("speakers.account.link") }
    /// The button that unlinks it.
    public static var speakerAccountUnlink: String { Strings.text("speakers.account.unlink") }
}

extension AttendeeFailure {
    /// The problem `type` of a refused call, when the server gave one.
    public static func problemType(_ error: any Error) -> String? {
        guard case .http(_, let problem?, _)? = error as? APIError else { return nil }
        return problem.type
    }
}

extension AttendeeCommandText {
    /// `speaker EVENT ID account|link|unlink` by someone the page shows no account section: not the event's
    /// organizer.
    public static var onlyOrganizerLinksSpeakers: String { Strings.text("cli.onlyOrganizerLinksSpeakers") }
    /// The account section's e-mail field as a terminal prints it (`E-mail they signed up with: grace@example.com`):
    /// what the section put there for a programme's suggestion, which `link --email` with it confirms.
    public static func speakerAccountField(_ email: String) -> String {
        Strings.format("cli.labelled", AttendeeScreenText.speakerAccountEmail, email)
    }
}
