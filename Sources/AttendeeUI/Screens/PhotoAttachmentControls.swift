import AttendeeCore
import PhotosUI
import SwiftUI

/// A composer's photo: the picker, then the photo itself as a small square beside the line that says where it
/// stands, and Remove.
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
        if let preview = attachment.preview {
            // NB: one row with two buttons (the photo opens whole, Remove): borderless, so each takes its own taps.
            HStack(spacing: 12) {
                RowImageView(image: preview, isSquare: true).frame(width: 64, height: 64)
                if let message = attachment.message { Text(message).font(.caption) }
                Spacer()
                if attachment.canRemove {
                    Button(attachment.removeTitle, systemImage: "xmark.circle.fill", role: .destructive) {
                        attachment.removeTapped()
                    }
                    .labelStyle(.iconOnly)
                }
            }
            .buttonStyle(.borderless)
        } else if let message = attachment.message {
            Text(message).font(.caption)
        }
    }
}
