import AttendeeCore
import SwiftUI

#if canImport(UIKit)
    import UIKit
#endif

/// A photo (of a post, a message, a note, a gallery tile): the picture once fetched, the photo symbol while it
/// comes or where it cannot; a screen reader names it either way. Tapped, it opens whole on a page of its own,
/// unless the row's own button is what a tap means (`opensWhole: false`: a gallery tile, the header photo).
/// A thumbnail (`isSquare`: a gallery cell, a composer's photo) is cut to a square as wide as it is offered.
struct RowImageView: View {
    let image: RowImage
    var opensWhole = true
    var isSquare = false
    @Environment(MediaPictures.self) private var pictures: MediaPictures?

    var body: some View {
        if opensWhole, let pictures {
            Button {
                Task { await pictures.openTapped(image) }
            } label: {
                drawn
            }
            .accessibilityLabel(image.accessibilityLabel)
            .sheet(
                isPresented: Binding(
                    get: { pictures.opened?.image == image }, set: { if !$0 { pictures.openedClosed() } })
            ) {
                if let opened = pictures.opened { WholePictureSheet(pictures: pictures, opened: opened) }
            }
        } else {
            drawn
        }
    }

    private var drawn: some View {
        picture
            .accessibilityLabel(image.accessibilityLabel)
            .task(id: image.mediaID) { await pictures?.appeared(image) }
    }

    @ViewBuilder private var picture: some View {
        switch pictures?.picture(image) {
        case .loading: ProgressView().square(isSquare)
        case .loaded(let data): PictureView(data: data, isSquare: isSquare)
        case .unavailable, nil: Image(systemName: "photo").square(isSquare)
        }
    }
}

/// A picture opened whole: the file itself once fetched, named by what the row called it, and Done.
struct WholePictureSheet: View {
    let pictures: MediaPictures
    let opened: MediaPictures.Opened

    var body: some View {
        SheetPage(title: opened.image.accessibilityLabel, doneTitle: pictures.doneTitle, done: pictures.openedClosed) {
            switch opened.picture {
            case .loading: ProgressView()
            case .loaded(let data):
                PictureView(data: data, maxHeight: nil).accessibilityLabel(opened.image.accessibilityLabel)
            case .unavailable: Text(pictures.unavailableMessage).foregroundStyle(.secondary)
            }
        }
    }
}

/// Encoded image bytes drawn fitted to their row (or, with no `maxHeight`, to the page), or filling a square
/// thumbnail, where the platform can decode them.
struct PictureView: View {
    let data: Data
    var maxHeight: CGFloat? = 240
    var isSquare = false

    var body: some View {
        #if canImport(UIKit)
            if let decoded = UIImage(data: data) {
                if isSquare {
                    Image(uiImage: decoded).resizable().scaledToFill().square(true)
                } else {
                    Image(uiImage: decoded).resizable().scaledToFit().frame(maxHeight: maxHeight)
                }
            } else {
                Image(systemName: "photo").square(isSquare)
            }
        #else
            Image(systemName: "photo").square(isSquare)
        #endif
    }
}

extension View {
    /// A thumbnail's square: as wide as offered, as tall as wide, what overflows cut off (a photo filling it is
    /// cropped to its middle).
    @ViewBuilder func square(_ isSquare: Bool) -> some View {
        if isSquare {
            frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity)
                .aspectRatio(1, contentMode: .fit)
                .clipped()
        } else {
            self
        }
    }
}
