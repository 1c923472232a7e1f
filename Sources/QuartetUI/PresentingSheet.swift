import SwiftUI

extension View {
    /// Presents `content` for `value` as a sheet while the model holds one (a form, a person's card, a download);
    /// a swipe down, or a button in the sheet that dismisses it, calls `dismissed`, for the model to let go of it.
    ///
    /// ```swift
    /// List { … }
    ///     .presentingSheet(for: model.editor, dismissed: model.editorClosed) { editor in
    ///         NavigationStack { EditorScreen(model: editor) }
    ///     }
    /// ```
    ///
    /// NB: not `sheet(item:)`, which wants the value `Identifiable` and a binding the sheet writes `nil` to; here
    /// the model alone decides what is shown, and learns of the dismissal as an event.
    public func presentingSheet<Value, Content: View>(
        for value: Value?, dismissed: @escaping @MainActor () -> Void,
        @ViewBuilder content: @escaping (Value) -> Content
    ) -> some View {
        sheet(isPresented: Binding(get: { value != nil }, set: { if !$0 { dismissed() } })) {
            if let value { content(value) }
        }
    }
}
