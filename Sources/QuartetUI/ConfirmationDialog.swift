import Localization
import SwiftUI

extension View {
    /// Presents the model's `confirmation` as a confirmation dialog: its question and message, the destructive
    /// button, and Cancel. The destructive button sends `confirmed` the confirmation's action; Cancel, or
    /// dismissing the dialog any other way, calls `dismissed`.
    ///
    /// ```swift
    /// List { … }
    ///     .confirming(model.confirmation, confirmed: model.confirmTapped, dismissed: model.confirmationDismissed)
    /// ```
    ///
    /// NB: the action is read when the button is tapped and handed over, because the dialog closes (and the model
    /// forgets its question) before a task started by the tap runs.
    public func confirming<Action>(
        _ confirmation: Confirmation<Action>?, confirmed: @escaping @MainActor (Action) async -> Void,
        dismissed: @escaping @MainActor () -> Void
    ) -> some View {
        confirmationDialog(
            confirmation?.title ?? "",
            isPresented: Binding(get: { confirmation != nil }, set: { if !$0 { dismissed() } }),
            titleVisibility: .visible, presenting: confirmation
        ) { question in
            Button(question.confirmTitle, role: .destructive) {
                let action = question.action
                Task { await confirmed(action) }
            }
            Button(question.cancelTitle, role: .cancel) {}
        } message: { question in
            Text(question.message)
        }
    }
}
