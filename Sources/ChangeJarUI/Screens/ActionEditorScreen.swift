import ChangeJarCore
import SwiftUI

/// The edit form of one's own action: the Submit form's two fields, Save and Cancel.
struct ActionEditorScreen: View {
    @Bindable var model: ActionEditorModel
    let save: @MainActor () async -> Void
    let cancel: @MainActor () -> Void

    var body: some View {
        Form {
            if let banner = model.banner { BannerView(banner: banner) }
            ActionFields(title: $model.title, content: $model.content, invalidField: model.invalidField)
        }
        .navigationTitle(model.screenTitle)
        .toolbar {
            ToolbarItem(placement: .cancellationAction) { Button(model.cancelTitle, action: cancel) }
            ToolbarItem(placement: .confirmationAction) {
                Button(model.saveTitle) { Task { await save() } }.disabled(model.isBusy)
            }
        }
    }
}
