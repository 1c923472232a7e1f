import AttendeeCore
import PhotosUI
import QuartetUI
import SwiftUI

/// The event's photos, newest first, as a grid of square thumbnails, and a button that adds one from the
/// library; a photo opens on its own page, named and described there.
public struct GalleryView: View {
    @State private var model: GalleryModel
    @State private var picked: PhotosPickerItem?

    /// Columns at least 100 points wide, as many as fit (three on an iPhone), a hairline apart, as Photos shows
    /// a library.
    private let columns = [GridItem(.adaptive(minimum: 100), spacing: 2)]

    /// Creates the view over its model.
    public init(model: GalleryModel) {
        _model = State(initialValue: model)
    }

    public var body: some View {
        ScrollView {
            if let message = model.uploadMessage {
                HStack {
                    Text(message)
                    Spacer()
                    if model.canUpload {
                        Button(model.dismissTitle, systemImage: "xmark") { model.uploadMessageDismissed() }
                            .labelStyle(.iconOnly)
                    }
                }
                .padding(.horizontal)
            }
            if let banner = model.banner { BannerLine(banner).padding(.horizontal) }
            LazyVGrid(columns: columns, spacing: 2) {
                ForEach(model.tiles) { tile in
                    Button {
                        Task { await model.tileTapped(tile.id) }
                    } label: {
                        RowImageView(image: tile.image, opensWhole: false, isSquare: true)
                    }
                    .buttonStyle(.plain)
                    .accessibilityLabel(tile.fileName)
                }
            }
            if let empty = model.emptyMessage { Text(empty).foregroundStyle(.secondary).padding() }
        }
        .toolbar {
            PhotosPicker(model.uploadTitle, selection: $picked, matching: .images).disabled(!model.canUpload)
        }
        .overlay { if model.isBusy { ProgressView() } }
        .presentingSheet(for: model.opened, dismissed: model.photoClosed) { PhotoPage(model: model, photo: $0) }
        .onChange(of: picked) { _, item in
            Task {
                guard let data = try? await item?.loadTransferable(type: Data.self) else { return }
                await model.photoPicked(fileName: model.pickedPhotoName, data: data)
            }
        }
        .refreshableTask { await model.appeared() }
    }
}

struct GalleryView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack { GalleryView(model: GalleryModel(client: AttendeeMediaClient.preview, eventID: "preview")) }
    }
}
