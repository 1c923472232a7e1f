#if canImport(SwiftUI) && canImport(PhotosUI)
    import PhotosUI
    import SalesCore
    import SwiftUI

    /// The add/edit form of a note, an attachment or a Google Doc.
    struct ItemEditorView: View {
        let model: ItemEditorModel
        let done: (AccountItem) -> Void
        @State private var pickedPhoto: PhotosPickerItem?

        var body: some View {
            Form {
                TextField("Name", text: Binding(get: { model.name }, set: { model.nameEdited($0) }))
                switch model.kind {
                case .note:
                    TextEditor(text: Binding(get: { model.text }, set: { model.textEdited($0) }))
                        .frame(minHeight: 160)
                case .doc:
                    TextField("URL", text: Binding(get: { model.url }, set: { model.urlEdited($0) }))
                        .keyboardType(.URL)
                        .textInputAutocapitalization(.never)
                case .attachment:
                    if model.showsAddAttachmentButton {
                        PhotosPicker("+ Attachment", selection: $pickedPhoto, matching: .images)
                    }
                    if let image = model.image, let picture = UIImage(data: image) {
                        Image(uiImage: picture).resizable().scaledToFit().frame(maxHeight: 240)
                    }
                }
                if let error = model.errorMessage {
                    Text(error).foregroundStyle(.red)
                }
            }
            .toolbar {
                Button("Save") {
                    Task {
                        await model.saveTapped()
                        if let saved = model.saved { done(saved) }
                    }
                }
                .disabled(!model.canSave)
            }
            .task { await model.appeared() }
            .onChange(of: pickedPhoto) { _, item in
                Task {
                    guard let data = try? await item?.loadTransferable(type: Data.self) else { return }
                    model.attachmentPicked(name: "Photo.jpg", data: data, contentType: "image/jpeg")
                }
            }
        }
    }

    #Preview("New attachment") {
        NavigationStack {
            ItemEditorView(model: SalesPreview.editor(.attachment)) { _ in }
        }
    }

    #Preview("New note") {
        NavigationStack {
            ItemEditorView(model: SalesPreview.editor(.note)) { _ in }
        }
    }
#endif
