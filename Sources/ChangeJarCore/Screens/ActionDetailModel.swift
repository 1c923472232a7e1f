import ChangeJarModels
import Foundation
import Localization
import Observation

/// An action's own page, which a tap on its row opens from every list: its title, its whole text (a row shows
/// three lines of it), who wrote it, through which provider, and when; on one's own action, the Edit and Delete
/// that My Actions offers.
///
/// It shows the row's copy at once, then reads the action again, with the signed-in person's token when there is
/// one: only that answer says whether the action is theirs (public answers never name an author's account). The
/// command line's `show ID` opens it from the id alone (``AppModel/actionPage(id:)``).
///
/// ```swift
/// app.all.rowTapped(id)                 // app.all.detail is this page
/// await page.opened()                   // page.detail?.content is the whole text; page.canChange if it is yours
/// ```
@Observable @MainActor
public final class ActionDetailModel {
    /// The action the page is about.
    public let actionID: String
    /// What the page shows; `nil` until the action was read, and when it no longer exists.
    public private(set) var detail: ActionDetail?
    /// The action behind the page (the command line's `--json`).
    public private(set) var action: Action?
    /// Whether a request is running (spinner shown).
    public var isBusy: Bool { calls.isBusy }
    /// The calls on their way, which ``isBusy`` counts: the first of two to end leaves the spinner on.
    private var calls = CallsInFlight()
    /// The line over the page: a failure, the Save confirmed, or a notice (the copy from the list shown offline,
    /// the session ended).
    public private(set) var banner: Banner?
    /// Whether the page shows the list's copy because the server could not be reached.
    public private(set) var isShowingSavedCopy = false
    /// The edit form of the action, while it is open.
    public private(set) var editor: ActionEditorModel?
    /// The question asked before the action is deleted (its action is the action's id).
    public private(set) var confirmation: Confirmation<String>?
    /// The question the edit form asks, over itself, before its Cancel throws away what was typed (its action is the
    /// action's id).
    public private(set) var editorConfirmation: Confirmation<String>?
    /// Whether the edit form holds typing not saved: its sheet then stays when swiped down (on a device it springs
    /// back), and only its Cancel, which asks, closes it.
    public var editorHasUnsavedChanges: Bool { editor?.hasUnsavedChanges ?? false }

    /// Whether the page offers Edit and Delete: the server said the action is the signed-in person's, the page
    /// shows the server's copy, and no deletion of it is on its way.
    public var canChange: Bool {
        action?.isMine == true && !isShowingSavedCopy && readAs != nil && session.session?.person == readAs
            && !isDeleting
    }
    /// Whose the action is, when the server said it is the reader's: the person signed in when it was read. After a
    /// session ended, the next person to sign in is not offered the last one's Edit and Delete.
    private var readAs: AuthSession.Person?
    /// Whether the action's deletion is on its way: a second Delete confirmed meanwhile was sent again, and its
    /// "not found" put a failure over the first one's "deleted".
    private var isDeleting = false
    /// The page's navigation title.
    public var screenTitle: String { Strings.text("screen.detail") }
    /// The Edit button.
    public var editTitle: String { ChangeJarScreenText.edit }
    /// The Delete button.
    public var deleteTitle: String { Strings.text("list.delete") }

    @ObservationIgnored let session: SessionModel
    @ObservationIgnored let client: ActionsClient
    @ObservationIgnored let format: DateFormat
    /// Runs after the person saved or deleted the action here (every list shows it; the list under the page
    /// closes it after a deletion).
    @ObservationIgnored var onChange: @MainActor (ActionChange) async -> Void = { _ in }

    /// The page of action `id`; `copy` is the row's, shown until the server's arrives. A copy that says the action
    /// is the person's must come from their own list (My Actions), as nothing else says so.
    init(id: String, copy: Action?, session: SessionModel, client: ActionsClient, format: DateFormat) {
        actionID = id
        self.session = session
        self.client = client
        self.format = format
        if let copy { show(copy) }
    }

    /// The page appeared or was pulled: the action is read again, as the signed-in person when there is one.
    public func opened() async {
        banner = nil
        calls.started()
        defer { calls.ended() }
        var result: Result<Action, ChangeJarError>
        var sessionEnded = false
        if session.session != nil {
            // NB: as the signed-in person (an expired token renewed first), so the page knows whether the action is
            // theirs; a session that has ended is read as anyone reads it, without Edit and Delete, and says why.
            do {
                result = .success(
                    try await session.signedIn { current in try await client.action(current.token, actionID) })
            } catch .signInRequired {
                sessionEnded = true
                result = await read(nil)
            } catch {
                result = .failure(error)
            }
        } else {
            result = await read(nil)
        }
        switch result {
        case .success(let read):
            isShowingSavedCopy = false
            show(read)
        case .failure(let error) where action != nil && error.isOutOfReach:
            isShowingSavedCopy = true
            banner = .notice(error.savedCopyBanners?.showing ?? error.message)
        case .failure(.notFound):
            action = nil
            detail = nil
            banner = .failure(Strings.notFound)
        case .failure(let error):
            banner = error.failureBanner
        }
        if sessionEnded, banner == nil { banner = .notice(Strings.sessionExpired) }
    }

    // MARK: Editing and deleting one's own action

    /// "Edit": the action's edit form opens, under the Submit form's rules.
    public func editTapped() {
        guard canChange, let action else { return }
        banner = nil
        editor = ActionEditorModel(action: action, session: session, client: client)
    }

    /// The edit form closes without saving: nothing was changed, or the question's Discard let the changes go.
    public func editorClosed() {
        editor = nil
        editorConfirmation = nil
    }

    /// The edit form's Cancel: it closes at once when nothing was changed; otherwise the page asks first, as what
    /// was typed would be lost with no way back.
    public func editorCancelTapped() {
        guard let editor else { return }
        guard editor.hasUnsavedChanges else { return editorClosed() }
        editorConfirmation = Confirmation(
            actionID, title: Strings.text("edit.discard.question"), message: Strings.text("edit.discard.message"),
            confirmTitle: Strings.text("edit.discard"), cancelTitle: Strings.text("edit.keepEditing"))
    }

    /// What the page shows over itself (the edit form) was swiped down: that is the form's Cancel, which asks before
    /// losing what was typed (``editorCancelTapped()``).
    public func presentationDismissed() { editorCancelTapped() }

    /// The edit form's question answered Discard: the form closes and what was typed is let go.
    public func editorConfirmTapped(_ id: String) {
        guard id == actionID else { return }
        editorClosed()
    }

    /// The edit form's question answered Keep Editing (or was dismissed): the form stays, with what was typed.
    public func editorConfirmationDismissed() { editorConfirmation = nil }

    /// The edit form's Save: once the server has the edit, the page and every list show it and the form closes.
    public func saveTapped() async {
        guard let editor else { return }
        await editor.saveTapped()
        guard let saved = editor.saved else { return }
        self.editor = nil
        show(saved)
        banner = .confirmation(Strings.format("banner.saved", saved.title))
        await onChange(.saved(saved))
    }

    /// "Delete": the page asks first.
    public func deleteTapped() {
        guard canChange, let action else { return }
        confirmation = ActionDeletion.question(action)
    }

    /// The question was dismissed (Cancel): the action stays.
    public func confirmationDismissed() { confirmation = nil }

    /// The question's Delete: the action leaves the jar and every list; the list under the page closes it and
    /// says so.
    public func confirmTapped(_ id: String) async {
        confirmation = nil
        guard canChange, let action, action.id == id else { return }
        banner = nil
        isDeleting = true
        calls.started()
        let outcome = await ActionDeletion.delete(id, session: session, client: client)
        calls.ended()
        isDeleting = false
        switch outcome {
        case .deleted:
            self.action = nil
            detail = nil
            banner = .confirmation(Strings.format("banner.deleted", action.title))
            await onChange(.deleted(action))
        case .sessionEnded:
            banner = .failure(Strings.sessionExpired)
        case .refused(let error):
            banner = error.failureBanner
        }
    }

    private func read(_ token: String?) async -> Result<Action, ChangeJarError> {
        do {
            return .success(try await client.action(token, actionID))
        } catch {
            return .failure(ChangeJarError(error))
        }
    }

    private func show(_ action: Action) {
        self.action = action
        readAs = action.isMine == true ? session.session?.person : nil
        detail = ActionDetail(action, format: format)
    }
}
