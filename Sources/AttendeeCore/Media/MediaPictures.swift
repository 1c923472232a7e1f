import APIClient
import AttendeeModels
import Foundation
import Observation

/// The pictures the screens draw (a post's, a message's or a note's photo, a gallery tile, the Documentation
/// header photo), fetched with the person's token and kept in memory while the app runs.
///
/// NB: media is private to the people who may see it, so a picture cannot be a bare URL for the platform to
/// load: each is fetched through ``AttendeeMediaClient``, which signs the request.
///
/// ```swift
/// let pictures = MediaPictures(client: mediaClient)   // one for the app, in the views' environment
/// await pictures.appeared(row.image)                  // the picture's `.task(id:)`
/// pictures.picture(row.image)                         // .loaded(jpeg): draw it
/// ```
@Observable @MainActor
public final class MediaPictures {
    /// Where a picture stands.
    public enum Picture: Sendable, Equatable {
        /// On its way: the view keeps its place with the photo symbol.
        case loading
        /// The bytes to draw: the server's JPEG thumbnail, or the file itself where it has none.
        case loaded(Data)
        /// It could not be fetched (offline, removed, refused): the view shows the photo symbol, and the picture
        /// is asked for again the next time it appears.
        case unavailable
    }

    /// A picture a person tapped to see whole.
    public struct Opened: Sendable, Equatable, Identifiable {
        /// The picture, as its row drew it.
        public var image: RowImage
        /// Where its own bytes (the file, not the thumbnail) stand.
        public var picture: Picture
        public var id: String { image.mediaID }
    }

    /// How many pictures are kept: those drawn most recently.
    public static let capacity = 200

    /// The picture whose page is open, if any.
    public private(set) var opened: Opened?
    /// What the picture's page says when the file could not be fetched.
    public var unavailableMessage: String { Strings.text("attach.unavailable") }
    /// The picture page's close button.
    public var doneTitle: String { Strings.text("documents.done") }

    private var pictures: [String: Picture] = [:]
    /// The ids kept, least recently drawn first.
    private var recent: [String] = []
    private let client: AttendeeMediaClient

    /// Pictures fetched through `client`.
    public init(client: AttendeeMediaClient) {
        self.client = client
    }

    /// Where the picture stands; `nil` before its view first appeared (or once it was let go).
    public func picture(_ image: RowImage) -> Picture? { pictures[image.mediaID] }

    /// The picture's view appeared: fetches it unless it is here or on its way. A fetch the view gave up on
    /// (it went away) leaves nothing behind, so the next appearance starts again.
    public func appeared(_ image: RowImage) async {
        let id = image.mediaID
        switch pictures[id] {
        case .loading: return
        case .loaded:
            keep(id)
            return
        case .unavailable, nil: break
        }
        pictures[id] = .loading
        keep(id)
        do {
            let data = try await fetch(image)
            if pictures[id] == .loading { pictures[id] = .loaded(data) }
        } catch  where Task.isCancelled || error as? APIError == .cancelled || error is CancellationError {
            if pictures[id] == .loading { pictures[id] = nil }
        } catch {
            if pictures[id] == .loading { pictures[id] = .unavailable }
        }
    }

    /// A row's picture was tapped: its page opens, and the file itself (not the thumbnail) is fetched for it. It
    /// is not kept: a phone keeps thumbnails, and a whole photo may be 25 MB.
    public func openTapped(_ image: RowImage) async {
        opened = Opened(image: image, picture: .loading)
        let picture: Picture
        do {
            picture = .loaded(try await client.download(image.mediaID))
        } catch {
            picture = .unavailable
        }
        // NB: the page may have closed, or opened another picture, meanwhile.
        if opened?.image == image { opened?.picture = picture }
    }

    /// The picture's page was closed.
    public func openedClosed() { opened = nil }

    /// The thumbnail, or the file where the server made none (known from the file's listing, or learned from the
    /// thumbnail's 404 when a row knows only the id).
    private func fetch(_ image: RowImage) async throws -> Data {
        if image.hasThumbnail == false { return try await client.download(image.mediaID) }
        do {
            return try await client.thumbnail(image.mediaID)
        } catch APIError.http(status: 404, _, _) where image.hasThumbnail == nil {
            return try await client.download(image.mediaID)
        }
    }

    /// Marks `id` drawn just now, and lets the least recently drawn go past ``capacity``.
    private func keep(_ id: String) {
        recent.removeAll { $0 == id }
        recent.append(id)
        while recent.count > Self.capacity {
            pictures[recent.removeFirst()] = nil
        }
    }
}
