import ChangeJarModels
import Foundation
import Localization
import Observation

/// The Submit screen: a title and a text; signed-out people are sent to Settings and the action follows sign-in.
@Observable @MainActor
public final class SubmitModel {
    /// The title field's text.
    public var title = ""
    /// The content field's text.
    public var content = ""
    /// Whether a request is running (spinner shown).
    public private(set) var isBusy = false
    /// The line over the form: sent (a confirmation), a sign-in needed (a notice), or a failure.
    public internal(set) var banner: Banner?
    /// The field a validation message is about.
    public internal(set) var invalidField: SubmitField?
    /// The action the last Submit put in the jar; `nil` until one is sent, and again from the next Submit.
    public private(set) var submitted: Action?
    /// Whether a submission waits for a sign-in.
    public var hasPendingSubmission: Bool { pending != nil }

    @ObservationIgnored private var pending: ActionEdit?
    @ObservationIgnored let session: SessionModel
    @ObservationIgnored let actions: ActionsClient
    /// Shows Settings with a message saying why (set by ``AppModel``).
    @ObservationIgnored var showSettings: @MainActor (String) -> Void = { _ in }
    /// Runs after a successful submission (lists refresh).
    @ObservationIgnored var onSubmitted: @MainActor (Action) async -> Void = { _ in }

    /// Creates the screen model over its dependencies.
    public init(session: SessionModel, actions: ActionsClient) {
        self.session = session
        self.actions = actions
    }

    /// "Submit" was tapped.
    public func submitTapped() async {
        submitted = nil
        guard let draft = checkedDraft() else { return }
        await send(draft)
    }

    /// A sign-in finished: the pending submission, if any, goes out now (once).
    func signedIn() async {
        guard let draft = pending else { return }
        pending = nil
        await send(draft)
    }

    private func send(_ draft: ActionEdit) async {
        let wasSignedIn = session.session != nil
        guard let current = session.validSession() else {
            waitForSignIn(draft, expired: wasSignedIn)
            return
        }
        isBusy = true
        defer { isBusy = false }
        let action = NewAction(
            title: draft.title, content: draft.content, authSource: current.authSource,
            providerUserID: current.providerUserID, authorName: current.displayName)
        do {
            let created = try await actions.create(current.token, action)
            title = ""
            content = ""
            submitted = created
            banner = .confirmation(Strings.submitted)
            await onSubmitted(created)
        } catch {
            let error = ChangeJarError(error)
            guard error == .signInRequired else { return refused(error) }
            session.sessionRefused()
            waitForSignIn(draft, expired: true)
        }
    }

    private func waitForSignIn(_ draft: ActionEdit, expired: Bool) {
        pending = draft
        let message = expired ? Strings.sessionExpired : Strings.signInToSubmit
        banner = .notice(message)
        showSettings(message)
    }
}
