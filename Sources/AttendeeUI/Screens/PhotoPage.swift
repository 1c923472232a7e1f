import AttendeeCore
import QuartetUI
import SwiftUI

/// One photo of the gallery, whole: its name and details, Share, and Remove for its uploader and the organizer.
struct PhotoPage: View {
    let model: GalleryModel
    let photo: GalleryModel.OpenedPhoto

    var body: some View {
        SheetPage(title: photo.tile.fileName, doneTitle: model.doneTitle, done: model.photoClosed) {
            List {
                PictureView(data: photo.data, maxHeight: nil).accessibilityLabel(photo.tile.fileName)
                Text(photo.tile.detail).font(.caption).foregroundStyle(.secondary)
                Button(model.shareTitle, systemImage: "square.and.arrow.up") { Task { await model.shareTapped() } }
                if photo.tile.canRemove {
                    Button(model.removeTitle, systemImage: "trash", role: .destructive) { model.removeTapped() }
                }
                if let banner = model.banner { BannerLine(banner) }
            }
            .overlay { if model.isBusy { ProgressView() } }
            .confirming(model.confirmation, confirmed: model.confirmTapped, dismissed: model.confirmationDismissed)
            .shareSheet(model.share, title: model.shareTitle, doneTitle: model.doneTitle) { model.shareDismissed() }
        }
    }
}
