import ChangeJarModels
import Foundation
import Localization
import Observation

/// The Submit screen: a title and a text; signed-out people are sent to Settings and the action follows sign-in.
///
/// The action that waits is kept on the device (``ActionCache/waitingAction``): the system may end the app while
/// the person signs in with their provider's app, and the command line signs in with a command of its own.
@Observable @MainActor
public final class SubmitModel {
    /// The title field's text.
    public var title = ""
    /// The content field's text.
    public var content = ""
    /// Whether a request is running (spinner shown).
    public var isBusy: Bool { calls.isBusy }
    /// The calls on their way, which ``isBusy`` counts: the first of two to end leaves the spinner on.
    private var calls = CallsInFlight()
    /// The line over the form: sent (a confirmation), already in the jar or a sign-in needed (a notice), or a
    /// failure.
    public internal(set) var banner: Banner?
    /// The field a validation message is about.
    public internal(set) var invalidField: SubmitField?
    /// The rule the fields broke at the last tap, found on the device: nothing was sent.
    public internal(set) var violation: ActionRules.Violation?
    /// What the last Submit did: a new action in the jar, or the person's same one found there (nothing new was
    /// made); `nil` until one is sent, and again from the next Submit.
    public private(set) var submission: Submission?
    /// Whether the action in the form waited for a sign-in of someone other than the person signed in now, and was not
    /// sent as theirs (the ``banner`` says so); until the next Submit.
    public private(set) var isSomeoneElses = false
    /// Whether a submission waits for a sign-in.
    public var hasPendingSubmission: Bool { pending != nil }
    /// Whether the form holds an action that waited for a sign-in and that the jar then refused: it is kept on the
    /// device (across launches) with why, until the person changes it and taps Submit, or clears it (``clearTapped()``).
    public var hasRefusedAction: Bool { refusedKept != nil }
    /// The action the jar refused, as the device keeps it: its words, who wrote it and the jar's refusal; `nil`
    /// unless ``hasRefusedAction``.
    public var refusedAction: WaitingAction? { refusedKept }
    /// The question Clear asks before the refused action leaves the device; `nil` when none is asked.
    public private(set) var confirmation: Confirmation<SubmitClearing>?
    /// The Clear button, offered while ``hasRefusedAction``.
    public var clearTitle: String { Strings.text("submit.clear") }

    @ObservationIgnored private var pending: WaitingAction?
    /// The action the jar refused, as the device keeps it (``ActionCache/waitingAction``), with why.
    private var refusedKept: WaitingAction?
    /// Counts the person's sign-outs: a submission on its way across one does not wait for the next sign-in.
    @ObservationIgnored private var signOuts = 0
    @ObservationIgnored let session: SessionModel
    @ObservationIgnored let actions: ActionsClient
    @ObservationIgnored let cache: ActionCache
    /// Shows Settings with a message saying why (set by ``AppModel``).
    @ObservationIgnored var showSettings: @MainActor (String) -> Void = { _ in }
    /// Runs after a successful submission (lists refresh).
    @ObservationIgnored var onSubmitted: @MainActor (Action) async -> Void = { _ in }

    /// Creates the screen model over its dependencies.
    public init(session: SessionModel, actions: ActionsClient, cache: ActionCache = .inMemory()) {
        self.session = session
        self.actions = actions
        self.cache = cache
    }

    /// The app started: an action that waited for a sign-in when it last ran comes back into the form and waits
    /// again, or goes out at once when its writer (or, for one written signed out, anyone) has signed in since.
    /// One the jar refused comes back into the form with why, and waits for the person (it would be refused again).
    public func launched() async {
        guard pending == nil, refusedKept == nil, let waiting = await cache.waitingAction() else { return }
        title = waiting.title
        content = waiting.content
        guard let refusal = waiting.refusal else {
            return await send(waiting.action, writtenBy: waiting.author, waited: true)
        }
        if let current = session.session, !waiting.mayGoOut(as: current) {
            return await keptForSomeoneElse(waiting.action)
        }
        keepRefused(waiting, refusal)
    }

    /// "Submit" was tapped; a tap while one is on its way does nothing.
    public func submitTapped() async {
        guard !isBusy else { return }
        submission = nil
        isSomeoneElses = false
        guard let draft = checkedDraft() else { return }
        // NB: the form holds an action the device keeps (refused, or met no network at launch): what is sent now is
        // that action, as the person changed it, and is kept in its place if it does not go in.
        let kept = await cache.waitingAction()
        let waited = refusedKept != nil || kept != nil
        // NB: tapped again while signed out, an action still waits for its writer's sign-in, not anyone's.
        await send(draft, writtenBy: session.session == nil ? (pending ?? refusedKept)?.author : nil, waited: waited)
    }

    /// "Clear", under an action the jar refused: the form asks first, as its words would leave the device.
    public func clearTapped() {
        guard refusedKept != nil else { return }
        confirmation = Confirmation(
            .refusedAction, title: Strings.text("submit.clear.question"),
            message: Strings.text("submit.clear.message"), confirmTitle: Strings.text("submit.clear"),
            cancelTitle: Strings.text("edit.cancel"))
    }

    /// The question was dismissed (Cancel): the refused action stays, in the form and on the device.
    public func confirmationDismissed() { confirmation = nil }

    /// The question's Clear: the refused action leaves the device, and the form is empty.
    public func confirmTapped(_ clearing: SubmitClearing) async {
        confirmation = nil
        guard let cleared = refusedKept else { return }
        refusedKept = nil
        await cache.setWaitingAction(nil)
        title = ""
        content = ""
        invalidField = nil
        violation = nil
        banner = .confirmation(Strings.format("banner.refusedCleared", cleared.title))
    }

    /// A sign-in finished: the pending submission, if any, goes out now (once), when it is this person's. A refused
    /// action in the form written by someone else is no longer kept for them.
    func signedIn() async {
        if let kept = refusedKept, let current = session.session, !kept.mayGoOut(as: current) {
            refusedKept = nil
            return await keptForSomeoneElse(kept.action)
        }
        guard let waiting = pending else { return }
        pending = nil
        await send(waiting.action, writtenBy: waiting.author, waited: true)
    }

    /// The person signed out: an action that waited for a sign-in no longer goes out by itself, as whoever signs in
    /// next may be someone else, and one on its way does not start to wait. Its words stay in the form.
    func signedOut() async {
        signOuts += 1
        if pending != nil || refusedKept != nil {
            pending = nil
            refusedKept = nil
            confirmation = nil
            banner = nil
        }
        await cache.setWaitingAction(nil)
    }

    /// Sends `draft` as the signed-in person; `author` is whose it is when it waited for a sign-in (`nil`: written by
    /// whoever is signed in now, or while nobody was); `waited`: whether the device keeps it (it waited for a
    /// sign-in, or was refused), so that it stays kept until the jar has it.
    private func send(_ draft: ActionEdit, writtenBy author: AuthSession.Person? = nil, waited: Bool) async {
        guard let signedIn = session.session else {
            await waitForSignIn(WaitingAction(draft, author: author), expired: false)
            return
        }
        guard WaitingAction(draft, author: author).mayGoOut(as: signedIn) else {
            return await keptForSomeoneElse(draft)
        }
        // NB: whose it is if the session ends on the way (the session is forgotten by the time that is known).
        let writer = author ?? signedIn.person
        let signOutsBefore = signOuts
        calls.started()
        defer { calls.ended() }
        do {
            // NB: the token is renewed first when it has expired; the person, and so the action's author, stays.
            let submission = try await session.signedIn { current in
                try await actions.create(
                    current.token,
                    NewAction(
                        title: draft.title, content: draft.content, authSource: current.authSource,
                        providerUserID: current.providerUserID, authorName: current.displayName))
            }
            await cache.setWaitingAction(nil)
            refusedKept = nil
            // NB: the fields stay editable while the action is on its way; what was typed since is kept.
            if ActionRules.trimmed(title) == draft.title, ActionRules.trimmed(content) == draft.content {
                title = ""
                content = ""
            }
            self.submission = submission
            switch submission {
            case .added: banner = .confirmation(Strings.submitted)
            // NB: the person's same title and text were in the jar (an answer lost, or the pledge sent twice):
            // thanking them for a new one would be untrue.
            case .alreadyInJar: banner = .notice(Strings.alreadyInJar)
            }
            await onSubmitted(submission.action)
        } catch {
            // NB: the person signed out while it was on its way: Sign Out let it go from the device, as whoever signs
            // in next may be someone else. A failure does not keep it there again (kept, it went out by itself at its
            // writer's next sign-in, and a launch put it in the next person's form): its words stay in this form,
            // and what went wrong is said, unless it was the session that was let go.
            guard signOuts == signOutsBefore else {
                if error != .signInRequired { refused(error) }
                return
            }
            guard error == .signInRequired else {
                // NB: one the jar refused for good would be refused again at every launch: it is kept with why, not
                // sent again by itself, its words in the form for the person to change and submit, or to clear.
                // Any other failure (no network, a line dropped, 429, a 5xx, a renewal Cognito could not do now)
                // left the jar without it, or with it unsaid: it stays kept, as last sent, and goes out at the next
                // launch, sign-in or Submit, which the jar answers once (the same words by the same author are the
                // one it has).
                guard waited else { return refused(error) }
                if let refusal = SubmissionRefusal(error) {
                    let kept = WaitingAction(draft, author: writer, refusal: refusal)
                    await cache.setWaitingAction(kept)
                    return keepRefused(kept, refusal)
                }
                refusedKept = nil
                await cache.setWaitingAction(WaitingAction(draft, author: writer))
                return refused(error)
            }
            // NB: the session has ended (the server or Cognito refused it for good) and is forgotten already.
            await waitForSignIn(WaitingAction(draft, author: writer), expired: true)
        }
    }

    /// Someone other than its writer is signed in: it is not sent as theirs, and no longer waits. Its words are in
    /// the form, for this person to send as their own or to clear.
    private func keptForSomeoneElse(_ draft: ActionEdit) async {
        await cache.setWaitingAction(nil)
        // NB: put back only into an empty form: what this person typed since is theirs, and stays.
        if ActionRules.trimmed(title).isEmpty, ActionRules.trimmed(content).isEmpty {
            title = draft.title
            content = draft.content
        }
        isSomeoneElses = true
        banner = .notice(Strings.writtenBySomeoneElse)
    }

    /// The jar refused `kept` for good: the form keeps it with why, and marks the field the jar found wrong.
    ///
    /// NB: a 422's sentence is the jar's, in the server's language. An action kept by a version whose rules let it by
    /// breaks the device's rules now: that rule says why in the app's words, and where a control character is.
    private func keepRefused(_ kept: WaitingAction, _ refusal: SubmissionRefusal) {
        refusedKept = kept
        var why = refusal.error.message
        if case .invalid(let field, _) = refusal {
            invalidField = SubmitField(rawValue: field)
            if let violation = ActionRules.violation(title: kept.title, content: kept.content), violation.field == field
            {
                why = violation.sentence(title: kept.title, content: kept.content)
            }
        }
        banner = .failure(Strings.format("banner.waitingRefused", why))
    }

    private func waitForSignIn(_ draft: WaitingAction, expired: Bool) async {
        refusedKept = nil
        pending = draft
        await cache.setWaitingAction(draft)
        let message = expired ? Strings.sessionExpired : Strings.signInToSubmit
        banner = .notice(message)
        showSettings(message)
    }
}

/// What Submit's Clear asks about: the action the jar refused, kept in the form.
public enum SubmitClearing: Hashable, Sendable {
    /// The refused action in the form.
    case refusedAction
}
