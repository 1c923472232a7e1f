import AttendeeModels
import Foundation

/// A file's share link, ready for the share sheet (a document's, a gallery photo's).
public struct MediaShare: Sendable, Hashable {
    /// The absolute URL of the download.
    public var url: String
    /// `Slides.pdf: https://…`.
    public var text: String
    /// The link the share sheet hands on; `nil` if the server answered something that is not one.
    public var link: URL? { URL(string: url) }

    /// The link the server made for the file `fileName`.
    public init(_ link: MediaShareLink, fileName: String) {
        url = link.url
        text = Strings.format("documents.shareText", fileName, link.url)
    }
}
