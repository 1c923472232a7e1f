import ChangeJarModels
import Foundation
import Localization

/// The Submit form and the edit form of one's own action: the same two fields under the same rules, checked and
/// marked alike.
@MainActor
protocol ActionForm: AnyObject {
    /// The title field's text.
    var title: String { get }
    /// The content field's text.
    var content: String { get }
    /// The line over the form.
    var banner: Banner? { get set }
    /// The field a message is about.
    var invalidField: SubmitField? { get set }
    /// The rule the fields broke at the last Save or Submit, found before anything was sent.
    var violation: ActionRules.Violation? { get set }
}

extension ActionForm {
    /// Checks the fields as the server will: the trimmed draft to send, or `nil` with the field that breaks a rule
    /// marked and the rule said.
    func checkedDraft() -> ActionEdit? {
        banner = nil
        invalidField = nil
        violation = ActionRules.violation(title: title, content: content)
        if let violation {
            invalidField = SubmitField(rawValue: violation.field)
            banner = .failure(violation.sentence(title: title, content: content))
            return nil
        }
        return ActionEdit(title: ActionRules.trimmed(title), content: ActionRules.trimmed(content))
    }

    /// A save the server refused for another reason than the session: a field it found wrong is marked (422), any
    /// other refusal said.
    func refused(_ error: ChangeJarError) {
        if case .invalid(let field, let message) = error {
            invalidField = SubmitField(rawValue: field)
            banner = .failure(message)
        } else {
            banner = error.failureBanner
        }
    }
}

extension SubmitModel: ActionForm {}
extension ActionEditorModel: ActionForm {}
