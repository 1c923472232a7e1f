// NB: a file of its own: importing UIKit beside Testing makes the compiler look for Swift Testing's UIKit
// overlay, which the Linux toolchain does not have.
import Foundation
import UIKit

/// A picture of encoded bytes, as the apps draw a fetched photo.
struct Picture: View {
    let image: UIImage
    let label: String
    var isResizable = false

    init?(_ data: Data, label: String) {
        guard let image = UIImage(data: data) else { return nil }
        self.image = image
        self.label = label
    }

    /// The picture fitted to its space.
    func resizable() -> Picture {
        var picture = self
        picture.isResizable = true
        return picture
    }

    var body: some View {
        if isResizable {
            Image(uiImage: image).resizable().scaledToFit().accessibilityLabel(label)
        } else {
            Image(uiImage: image).accessibilityLabel(label)
        }
    }
}
