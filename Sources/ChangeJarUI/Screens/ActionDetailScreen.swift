import ChangeJarCore
import QuartetUI
import SwiftUI

/// An action's page, pushed by a tap on its row: the title, the whole text, who wrote it, through which provider
/// and when; on one's own action, Edit (the form in a sheet) and Delete (after asking).
public struct ActionDetailScreen: View {
    let model: ActionDetailModel

    /// The page drawn from `model`, which it sends the person's taps.
    public init(model: ActionDetailModel) {
        self.model = model
    }

    public var body: some View {
        List {
            if let banner = model.banner { BannerView(banner: banner) }
            if let detail = model.detail {
                Section {
                    Text(detail.title).font(.title2)
                    Text(detail.content).font(.body)
                }
                Section {
                    LabeledContent(ChangeJarScreenText.author, value: detail.author)
                    LabeledContent(ChangeJarScreenText.source, value: detail.source)
                    LabeledContent(ChangeJarScreenText.added, value: detail.added)
                    if let edited = detail.edited { LabeledContent(ChangeJarScreenText.edited, value: edited) }
                }
                if model.canChange {
                    Section {
                        Button(model.editTitle) { model.editTapped() }
                        // NB: the destructive role only colours it: the tap asks first, in a dialog.
                        Button(model.deleteTitle, role: .destructive) { model.deleteTapped() }
                    }
                }
            }
            if model.isBusy { ProgressView() }
        }
        .navigationTitle(model.screenTitle)
        // NB: with something typed the form refuses a swipe down (only its Cancel, which asks, closes it); without,
        // the swipe is its Cancel.
        .presentingSheet(for: model.editor, dismissed: model.presentationDismissed) { editor in
            NavigationStack {
                ActionEditorScreen(
                    model: editor, save: { await model.saveTapped() }, cancel: { model.editorCancelTapped() })
            }
            .confirming(
                model.editorConfirmation, confirmed: model.editorConfirmTapped,
                dismissed: model.editorConfirmationDismissed
            )
            .interactiveDismissDisabled(model.editorHasUnsavedChanges)
        }
        .confirming(model.confirmation, confirmed: model.confirmTapped, dismissed: model.confirmationDismissed)
        .refreshableTask { await model.opened() }
    }
}

struct ActionDetailScreen_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            NavigationStack { ActionDetailScreen(model: AppModel(dependencies: .preview()).actionPage(id: "1")) }
                .previewDisplayName("An action")
            NavigationStack {
                ActionDetailScreen(model: AppModel(dependencies: .preview(signedIn: true)).actionPage(id: "1"))
            }
            .previewDisplayName("One's own action")
        }
    }
}
