import QuartetUI
import SalesCore
import SwiftUI

/// What the screen presents: the item editor, or the web view with a document or a page.
struct AccountPresentationView: View {
    let presented: AccountPresentation
    let model: AccountScreenModel

    var body: some View {
        switch presented {
        case .editor(let editor):
            NavigationStack {
                let sendMine: @MainActor () -> Void = { Task { await model.editorSendMineTapped() } }
                ItemEditorView(model: editor, save: { Task { await model.editorSaveTapped() } }, sendMine: sendMine)
                    .toolbar {
                        ToolbarItem(placement: .cancellationAction) {
                            Button(SalesText.cancel) { model.editorCancelTapped() }
                        }
                    }
            }
            .confirming(
                model.editorConfirmation, confirmed: model.confirmTapped, dismissed: model.confirmationDismissed)
        case .document(let document):
            NavigationStack {
                DocumentViewer(content: .document(document)).navigationTitle(document.title).toolbar { done }
            }
        case .webPage(let page):
            NavigationStack {
                DocumentViewer(content: .page(page.url)).navigationTitle(page.title).toolbar { done }
            }
        }
    }

    private var done: some ToolbarContent {
        ToolbarItem(placement: .confirmationAction) { Button(SalesText.done) { model.documentDismissed() } }
    }
}
