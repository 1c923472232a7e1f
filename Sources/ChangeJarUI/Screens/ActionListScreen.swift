import ChangeJarCore
import QuartetUI
import SwiftUI

/// All Actions or My Actions: rows, more on scrolling, pull to refresh; in My Actions a row opens its edit form
/// and swipes to Delete, and a person signed out is offered Sign in.
public struct ActionListScreen: View {
    let model: ActionListModel

    public init(model: ActionListModel) {
        self.model = model
    }

    public var body: some View {
        List {
            ActionRows(
                banner: model.banner, emptyMessage: model.emptyMessage, rows: model.rows, isBusy: model.isBusy,
                reachedEnd: { await model.reachedEnd() },
                change: model.canChange
                    ? ActionRows.Change(edit: { model.rowTapped($0) }, delete: { model.rowDeleteTapped($0) }) : nil)
            if model.needsSignIn { Button(model.signInTitle) { model.signInTapped() } }
        }
        .sheet(isPresented: Binding(get: { model.editor != nil }, set: { if !$0 { model.editorClosed() } })) {
            if let editor = model.editor {
                NavigationStack {
                    ActionEditorScreen(
                        model: editor, save: { await model.saveTapped() }, cancel: { model.editorClosed() })
                }
            }
        }
        .confirming(model.confirmation, confirmed: model.confirmTapped, dismissed: model.confirmationDismissed)
        .refreshable { await model.refreshPulled() }
        .task { await model.refreshPulled() }
    }
}

struct ActionListScreen_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            ActionListScreen(model: AppModel(dependencies: .preview()).all)
        }
        .previewDisplayName("All Actions")
    }
}
