import AttendeeCore
import PhotosUI
import SwiftUI

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
