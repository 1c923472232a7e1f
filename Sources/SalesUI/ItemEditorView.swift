import PhotosUI
import SalesCore
import SwiftUI
import UniformTypeIdentifiers

#if canImport(UIKit)
    import UIKit
#endif

/// The add/edit form of a note, an attachment or a Google Doc; `save` is the screen's Save, and `sendMine` its Send
/// Mine, offered under the error when the save met a newer version on the server.
struct ItemEditorView: View {
    let model: ItemEditorModel
    let save: @MainActor () -> Void
    var sendMine: @MainActor () -> Void = {}
    @State private var pickedPhoto: PhotosPickerItem?
    @State private var choosingFile = false

    var body: some View {
        Form {
            TextField(SalesText.nameField, text: Binding(get: { model.name }, set: { model.nameEdited($0) }))
            switch model.kind {
            case .note:
                TextEditor(text: Binding(get: { model.text }, set: { model.textEdited($0) }))
                    .frame(minHeight: 160)
                    .accessibilityLabel(model.title)
            case .doc:
                TextField(SalesText.urlField, text: Binding(get: { model.url }, set: { model.urlEdited($0) }))
                    #if canImport(UIKit)
                        .keyboardType(.URL)
                        .textInputAutocapitalization(.never)
                    #endif
            case .attachment:
                if model.showsAddAttachmentButton {
                    PhotosPicker(SalesText.pickImage, selection: $pickedPhoto, matching: .images)
                    Button(SalesText.chooseFile) { choosingFile = true }
                }
                AttachmentPreview(data: model.image, label: model.name)
                if let failure = model.imageFailure {
                    Text(failure).foregroundStyle(.secondary)
                    if model.canRetryImage {
                        Button(SalesText.retry, systemImage: "arrow.clockwise") {
                            Task { await model.imageRetryTapped() }
                        }
                    }
                }
                if let shrunk = model.shrunkMessage { Text(shrunk).font(.footnote).foregroundStyle(.secondary) }
            }
            if let error = model.errorMessage {
                Text(error).foregroundStyle(.red)
                if model.conflict != nil { Button(SalesText.sendOver, action: sendMine) }
            } else if let refusal = model.saveRefusal {
                Text(refusal).font(.footnote).foregroundStyle(.secondary)
            }
        }
        .navigationTitle(model.title)
        .toolbar {
            ToolbarItem(placement: .confirmationAction) {
                Button(SalesText.save, action: save).disabled(!model.canSave)
            }
        }
        .task { await model.appeared() }
        .fileImporter(isPresented: $choosingFile, allowedContentTypes: [.item]) { model.fileChosen($0) }
        .onChange(of: pickedPhoto) { _, item in
            Task {
                guard let data = try? await item?.loadTransferable(type: Data.self) else { return }
                model.photoPicked(data)
            }
        }
    }
}

struct ItemEditorView_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            NavigationStack { ItemEditorView(model: SalesPreview.editor(.attachment)) {} }
                .previewDisplayName("New attachment")
            NavigationStack { ItemEditorView(model: SalesPreview.editor(.note)) {} }
                .previewDisplayName("New note")
        }
    }
}
