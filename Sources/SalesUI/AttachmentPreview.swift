import SwiftUI

#if canImport(UIKit)
    import UIKit
#endif

/// The picked or stored image of an attachment, where the platform can draw one.
struct AttachmentPreview: View {
    let data: Data?
    let label: String

    var body: some View {
        #if canImport(UIKit)
            if let data, let picture = UIImage(data: data) {
                Image(uiImage: picture).resizable().scaledToFit().frame(maxHeight: 240).accessibilityLabel(label)
            }
        #endif
    }
}
