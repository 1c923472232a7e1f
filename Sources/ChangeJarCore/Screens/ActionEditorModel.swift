import ChangeJarModels
import Foundation
import Localization
import Observation

/// Editing one of the person's own actions, opened from My Actions: its title and text under the Submit form's
/// rules, then Save (or Cancel).
@Observable @MainActor
public final class ActionEditorModel {
    /// The action being edited.
    public let actionID: String
    /// The title field's text.
    public var title: String
    /// The content field's text.
    public var content: String
    /// Whether the save is on its way (spinner shown, Save off).
    public var isBusy: Bool { calls.isBusy }
    /// The calls on their way, which ``isBusy`` counts: the first of two to end leaves the spinner on.
    private var calls = CallsInFlight()
    /// Why the last Save did not go through.
    public internal(set) var banner: Banner?
    /// The field a validation message is about.
    public internal(set) var invalidField: SubmitField?
    /// The rule the fields broke at the last tap, found on the device: nothing was sent.
    public internal(set) var violation: ActionRules.Violation?
    /// The action as the server saved it; the list shows it and closes the form.
    public private(set) var saved: Action?
    /// Whether the person has changed the title or text since the form opened, and not saved: closing the form then
    /// loses what they typed, so the page asks first (``ActionDetailModel/editorCancelTapped()``).
    public var hasUnsavedChanges: Bool { saved == nil && (title != opened.title || content != opened.content) }

    /// The form's title.
    public var screenTitle: String { Strings.text("edit.title") }
    /// The Save button.
    public var saveTitle: String { Strings.text("edit.save") }
    /// The Cancel button.
    public var cancelTitle: String { Strings.text("edit.cancel") }

    /// The action as the form opened it, which ``hasUnsavedChanges`` compares the fields with.
    @ObservationIgnored private let opened: Action
    @ObservationIgnored let session: SessionModel
    @ObservationIgnored let client: ActionsClient

    init(action: Action, session: SessionModel, client: ActionsClient) {
        actionID = action.id
        opened = action
        title = action.title
        content = action.content
        self.session = session
        self.client = client
    }

    /// "Save": the same rules as Submit, then the edit goes to the server as the signed-in person. A Save tapped
    /// while one is on its way does nothing (the button is off then, and the model says so to every view).
    public func saveTapped() async {
        guard !isBusy, let edit = checkedDraft() else { return }
        guard session.session != nil else {
            banner = .failure(Strings.sessionExpired)
            return
        }
        calls.started()
        defer { calls.ended() }
        do {
            saved = try await session.signedIn { current in try await client.edit(current.token, actionID, edit) }
        } catch {
            guard error == .signInRequired else { return refused(error) }
            banner = .failure(Strings.sessionExpired)
        }
    }
}
