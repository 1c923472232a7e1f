import AttendeeModels
import Foundation

/// A file's share link, ready for the share sheet (a document's, a gallery photo's).
public struct MediaShare: Sendable, Hashable {
    /// The absolute URL of the download.
    public var url: String
    /// `Slides.pdf: https://…`.
    public var text: String
    /// `Anyone with the link can open it until 12 Dec at 14:32.`: what the person sharing should know before
    /// sending it; `nil` from a server that does not say when its links stop opening.
    public var validity: String?
    /// The link the share sheet hands on; `nil` if the server answered something that is not one.
    public var link: URL? { URL(string: url) }

    /// The link the server made for the file `fileName`; its expiry is written in `timeZone`, as `locale` writes
    /// it.
    public init(_ link: MediaShareLink, fileName: String, timeZone: TimeZone = .current, locale: Locale = .current) {
        url = link.url
        text = Strings.format("documents.shareText", fileName, link.url)
        validity = link.expiresAt.map {
            Strings.format("media.share.until", WrittenTimeFormatter(timeZone: timeZone, locale: locale).string($0))
        }
    }
}
