import AttendeeCore
import QuartetUI
import SwiftUI
import UniformTypeIdentifiers

/// The Documentation page: the header photo (which opens the gallery) and the pre-read, post-read and session
/// materials lists, each row with download (the file is then offered to Save to Files or another app), share
/// and, where the server says the person may, remove.
public struct DocumentsView: View {
    @State private var model: DocumentsModel
    @State private var gallery: GalleryModel

    /// Creates the view over its model and the gallery its header photo opens.
    public init(model: DocumentsModel, gallery: GalleryModel) {
        _model = State(initialValue: model)
        _gallery = State(initialValue: gallery)
    }

    public var body: some View {
        List {
            if let photo = model.headerPhoto {
                Button {
                    model.headerPhotoTapped()
                } label: {
                    VStack(alignment: .leading) {
                        RowImageView(image: photo, opensWhole: false)
                        Text(model.headerPhotoTitle)
                    }
                }
                .accessibilityLabel(model.headerPhotoTitle)
            }
            ForEach(model.sections) { section in
                Section(section.title) {
                    ForEach(section.rows) { DocumentRow(model: model, row: $0) }
                    if let empty = section.emptyMessage { Text(empty).foregroundStyle(.secondary) }
                    if section.canAdd {
                        Button(model.addTitle) { model.addTapped(section.kind) }
                            .accessibilityLabel(model.addLabel(section.kind))
                    }
                }
            }
            if let message = model.uploadMessage { Text(message) }
            if let banner = model.banner { BannerLine(banner) }
        }
        .overlay { if model.isBusy { ProgressView() } }
        .confirming(model.confirmation, confirmed: model.confirmTapped, dismissed: model.confirmationDismissed)
        .sheet(isPresented: Binding(get: { model.showsGallery }, set: { if !$0 { model.galleryClosed() } })) {
            NavigationStack { GalleryView(model: gallery) }
        }
        .shareSheet(model.share, title: model.shareTitle, doneTitle: model.doneTitle) { model.shareDismissed() }
        .presentingSheet(for: model.download, dismissed: model.downloadHandled) { download in
            OfferSheet(title: model.downloadTitle, text: download.fileName, doneTitle: model.doneTitle) {
                model.downloadHandled()
            } offer: {
                ShareLink(model.saveOrOpenTitle, item: download.fileURL)
            }
        }
        .fileImporter(
            isPresented: Binding(get: { model.showsFilePicker }, set: { if !$0 { model.filePickerClosed() } }),
            allowedContentTypes: [.item]
        ) { result in Task { await model.fileChosen(result) } }
        .refreshableTask { await model.appeared() }
    }
}

struct DocumentsView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack {
            DocumentsView(
                model: DocumentsModel(client: AttendeeMediaClient.preview, eventID: "preview"),
                gallery: GalleryModel(client: AttendeeMediaClient.preview, eventID: "preview"))
        }
    }
}
