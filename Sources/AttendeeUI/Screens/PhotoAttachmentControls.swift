import AttendeeCore
import PhotosUI
import SwiftUI

#if canImport(UIKit)
    import UIKit
#endif

/// A composer's photo: the picker, the line that says where the photo stands, and Remove.
struct PhotoAttachmentControls: View {
    let attachment: PhotoAttachment
    @State private var picked: PhotosPickerItem?

    var body: some View {
        PhotosPicker(attachment.pickerTitle, selection: $picked, matching: .images)
            .disabled(!attachment.canPick)
            .onChange(of: picked) { _, item in
                Task {
                    guard let data = try? await item?.loadTransferable(type: Data.self) else { return }
                    await attachment.photoPicked(fileName: attachment.pickedPhotoName, data: data)
                }
            }
        if let message = attachment.message { Text(message).font(.caption) }
        if attachment.canRemove {
            Button(attachment.removeTitle, role: .destructive) { attachment.removeTapped() }
        }
    }
}

/// A photo (of a post, a message, a note, a gallery tile): the picture once fetched, the photo symbol while it
/// comes or where it cannot; a screen reader names it either way.
struct RowImageView: View {
    let image: RowImage
    @Environment(MediaPictures.self) private var pictures: MediaPictures?

    var body: some View {
        picture
            .accessibilityLabel(image.accessibilityLabel)
            .task(id: image.mediaID) { await pictures?.appeared(image) }
    }

    @ViewBuilder private var picture: some View {
        switch pictures?.picture(image) {
        case .loading: ProgressView()
        case .loaded(let data): PictureView(data: data)
        case .unavailable, nil: Image(systemName: "photo")
        }
    }
}

/// Encoded image bytes drawn fitted to their row, where the platform can decode them.
struct PictureView: View {
    let data: Data

    var body: some View {
        #if canImport(UIKit)
            if let decoded = UIImage(data: data) {
                Image(uiImage: decoded).resizable().scaledToFit().frame(maxHeight: 240)
            } else {
                Image(systemName: "photo")
            }
        #else
            Image(systemName: "photo")
        #endif
    }
}
