import APIClient
import Foundation
import Localization
import Observation

/// The Sales app: the sign-in form until a Salesforce session exists, then the Account screen; the form again when
/// the person signs out or Salesforce ends the session (saying why).
@Observable @MainActor
public final class SalesAppModel {
    /// The username field.
    public var username = ""
    /// The password field.
    public var password = ""
    /// Whether a sign-in is running.
    public private(set) var isBusy = false
    /// Why the form shows: the last sign-in failed, or the session ended.
    public private(set) var banner: Banner?
    /// The Account screen, once signed in (none where the app was built without one: the command line, whose
    /// every command names its account).
    public private(set) var account: AccountScreenModel?
    /// The session the last Sign In made, until a sign-out or Salesforce ends it: where the person signed in.
    public private(set) var session: SalesforceSession?
    /// What the last ``sendWaitingTapped()`` did; `nil` before one, or when the outbox could not be read.
    public private(set) var sync: SyncOutcome?
    /// What the form says of the rep's edits that wait on the device for their next sign-in (after Salesforce
    /// ended the session, or a sign-out, with edits not yet sent): that signing in again as the same user sends
    /// them, and that someone else's sign-in discards them. `nil` when none wait. Read when the form appears
    /// (``signInAppeared()``), and again when a save on its way as the session ended comes to wait.
    public private(set) var waitingEditsText: String?

    private let client: SalesforceClient
    private let outbox: SalesOutbox?
    private let makeAccount: (@MainActor () -> AccountScreenModel)?

    /// The app over a client; `account` builds the Account screen the app shows once signed in. `outbox` is the
    /// one the client keeps the rep's edits in, so that the sign-in form can say that edits wait there
    /// (``waitingEditsText``).
    public init(
        client: SalesforceClient, outbox: SalesOutbox? = nil, account: (@MainActor () -> AccountScreenModel)? = nil
    ) {
        self.client = client
        self.outbox = outbox
        makeAccount = account
        client.sessionEnd.listen { [weak self] in self?.sessionEnded() }
        outbox?.onWaitingForSignIn { [weak self] in await self?.readWaitingEdits() }
    }

    /// Salesforce no longer takes the session (it expired, or was revoked): back to the sign-in form, which says
    /// so. The client has forgotten the session and wiped the cached accounts; edits not yet sent wait in the
    /// outbox for this person's next sign-in (``SalesOutbox/signedIn(as:)``).
    func sessionEnded() {
        account = nil
        session = nil
        password = ""
        banner = .notice(SalesText.signedOut)
    }

    /// The sign-in form appeared (at launch with no session, after a sign-out, or after Salesforce ended the
    /// session): it reads whether the rep's edits wait on the device, for ``waitingEditsText``.
    ///
    /// NB: only a count is read, never who owns them: the form shows on a shared iPad to whoever picks it up.
    public func signInAppeared() async {
        await readWaitingEdits()
    }

    /// Reads how many of the rep's edits wait for their sign-in, while the form shows: when it appears, and when a
    /// save that was on its way as the session ended comes to wait after it appeared.
    private func readWaitingEdits() async {
        guard account == nil, let outbox else { return }
        let count = (try? await outbox.waitingForSignIn()) ?? 0
        // NB: a sign-in that ended meanwhile has sent them, or discarded them, and the form is gone.
        guard account == nil else { return }
        waitingEditsText = SalesText.waitingForSignIn(count)
    }

    /// The app started: a session kept from last time opens the Account screen at once.
    public func launched() async {
        guard account == nil, let kept = await client.session else { return }
        session = kept
        account = makeAccount?()
    }

    /// The sign-in form's title.
    public var title: String { SalesText.localized("signin.title") }
    /// The username field's label.
    public var usernameLabel: String { SalesText.localized("signin.username") }
    /// The password field's label.
    public var passwordLabel: String { SalesText.localized("signin.password") }
    /// The sign-in button.
    public var signInLabel: String { SalesText.localized("signin.button") }
    /// What the form says while a sign-in runs (Salesforce can take seconds to answer on a poor network).
    public var signingInLabel: String { SalesText.localized("signin.busy") }
    /// The sign-out button.
    public var signOutLabel: String { SalesText.localized("signin.signOut") }
    /// Whether Sign In may be tapped.
    public var canSignIn: Bool { !isBusy && !username.isEmpty && !password.isEmpty }

    /// "Sign In": the OAuth password grant; on success the Account screen opens.
    public func signInTapped() async {
        guard canSignIn else { return }
        isBusy = true
        banner = nil
        defer { isBusy = false }
        do {
            session = try await client.signIn(username: username, password: password)
            password = ""
            // NB: the same rep's edits are sent as the Account screen opens; someone else's sign-in discarded them.
            waitingEditsText = nil
            account = makeAccount?()
        } catch let error as SalesforceError {
            banner = .failure(error.message)
        } catch {
            banner = .failure(SalesText.failureMessage(for: error))
        }
    }

    /// "Sign Out": the tokens are revoked and the form shows again.
    public func signOutTapped() async {
        await client.signOut()
        account = nil
        session = nil
    }

    /// Sends the edits that wait in the outbox, each once, and says what became of them (``sync``): the command
    /// line's `sync`. The app sends them as its Account screen appears or is pulled, which lists what the server did
    /// not take under "Changes Not Sent".
    public func sendWaitingTapped() async {
        guard let outbox else { return }
        sync = nil
        banner = nil
        do {
            let report = try await outbox.flush(using: client)
            let unsent = try await outbox.unsent()
            let waiting = report.stoppedBecause == nil ? 0 : try await outbox.pendingCount()
            sync = SyncOutcome(report, unsent: unsent, waiting: waiting)
        } catch {
            banner = .failure(SalesText.failureMessage(for: error))
        }
    }
}

/// What a sync of the waiting edits did, in the sentences `quartet sales sync` prints.
public struct SyncOutcome: Sendable, Hashable {
    /// `sent 2 edits`.
    public var sentText: String
    /// What was not sent, a sentence each: the conflicts, the refusals with the server's reason, why the sync
    /// stopped early, and how many changes wait for the person's decision under "Changes Not Sent".
    public var problems: [String]
    /// Whether everything was sent and nothing waits for a decision (`sync` succeeds).
    public var succeeded: Bool

    /// The outcome of `report`, with what the outbox lists as not sent (`unsent`: a refusal's reason is the one
    /// its row under "Changes Not Sent" gives, which says what to fix) and what still waits to be sent.
    init(_ report: FlushReport, unsent: [UnsentEdit], waiting: Int) {
        sentText = SalesCommandText.sent(report.sent.count)
        var problems = report.conflicts.map { SalesCommandText.conflict($0.summary) }
        for rejected in report.rejected {
            let row = unsent.first { $0.id == rejected.id }.map(UnsentEditRow.init)
            problems.append(SalesCommandText.refused(rejected.summary, reason: row?.reason))
        }
        if let reason = report.stoppedBecause { problems.append(SalesCommandText.stopped(reason, waiting: waiting)) }
        // NB: changes not sent by an earlier sync (or an account's screen) still wait for the rep's decision.
        if !unsent.isEmpty { problems.append(SalesCommandText.undecided(unsent.count)) }
        self.problems = problems
        succeeded = report.stoppedBecause == nil && unsent.isEmpty
    }
}
