import AttendeeModels
import Foundation
import Localization
import Observation

/// The event's gallery: its photos, newest first, and adding one.
@Observable @MainActor
public final class GalleryModel: BusyScreen {
    /// One photo of the grid.
    public struct Tile: Sendable, Hashable, Identifiable, Codable {
        /// The file's id.
        public var id: String
        /// Its name.
        public var fileName: String
        /// `JPEG image · 2.1 MB · 4032 × 3024`.
        public var detail: String
        /// The picture the tile draws (its thumbnail, or the photo itself where the server made none).
        public var image: RowImage
        /// Whether the photo's page offers Remove (its uploader, or the organizer).
        public var canRemove: Bool
    }

    /// A photo opened from its tile: the whole picture, with Share and (for who may) Remove.
    public struct OpenedPhoto: Sendable, Hashable, Identifiable {
        /// The photo's tile.
        public var tile: Tile
        /// The photo's own bytes (not its thumbnail).
        public var data: Data
        public var id: String { tile.id }
        /// The name it is saved under: its file name as one safe path component (never `../x` or `a/b`).
        public var savedName: String { ShareFolder.safeName(tile.fileName) }
    }

    /// The photos shown, newest first.
    public private(set) var tiles: [Tile] = []
    /// What the grid says when there is nothing to show.
    public private(set) var emptyMessage: String?
    /// Where the last upload stands.
    public private(set) var upload: MediaUploadState = .idle
    /// The photo whose page is open.
    public private(set) var opened: OpenedPhoto?
    /// The open photo's link, while the share sheet shows.
    public private(set) var share: MediaShare?
    /// Whether a call is in flight.
    public var isBusy: Bool { busy }
    /// The calls on their way, which ``isBusy`` counts.
    var calls = CallsInFlight()
    /// Why the last call failed, or what it did, if anything.
    public internal(set) var banner: Banner?
    /// The question asked before a photo is removed (its action is the photo's id).
    public private(set) var confirmation: Confirmation<String>?

    /// The line under the upload button (`nil` when idle).
    public var uploadMessage: String? { upload.message(photos: true) }
    /// The upload button's title.
    public var uploadTitle: String { Strings.text("gallery.upload") }
    /// The button that clears the line under the upload button once the upload has ended.
    public var dismissTitle: String { Strings.text("gallery.dismiss") }
    /// The name a photo from the library is uploaded under (the library gives none; the server adds the
    /// extension its bytes call for).
    public var pickedPhotoName: String { Strings.text("gallery.pickedName") }
    /// The photo page's Share button.
    public var shareTitle: String { Strings.text("documents.share") }
    /// The photo page's Remove button.
    public var removeTitle: String { Strings.text("gallery.remove") }
    /// The photo page's and the share sheet's close button.
    public var doneTitle: String { Strings.text("documents.done") }
    /// Whether the upload button can be tapped (not while one is on its way).
    public var canUpload: Bool {
        if case .uploading = upload { return false }
        return true
    }

    private let client: AttendeeMediaClient
    private let eventID: String
    /// The picked photo's `Idempotency-Key`, kept until the server has it.
    private var uploadKey = DraftKey<PickedFile>()
    private let timeZone: TimeZone
    private let locale: Locale
    /// Photos whose removal is on its way: confirmed again meanwhile, nothing more is sent.
    private var removing: Set<String> = []
    /// The photo whose page the last tap asked for, while its bytes are on their way.
    private var opening = LastTapped()

    /// Creates the model over a client; a share link's expiry is written in `timeZone`, as `locale` writes it.
    public init(
        client: AttendeeMediaClient, eventID: String, timeZone: TimeZone = .current, locale: Locale = .current
    ) {
        self.client = client
        self.eventID = eventID
        self.timeZone = timeZone
        self.locale = locale
    }

    /// The screen appeared: loads the photos.
    public func appeared() async {
        await whileBusy { show(try await client.gallery(eventID)) }
    }

    /// A photo was picked: an empty file or one over 25 MB is refused here, anything else goes to the server, which checks
    /// what it really is.
    public func photoPicked(fileName: String, data: Data) async {
        guard canUpload else { return }
        let picked = PickedFile(destination: ["gallery", eventID], fileName: fileName, data: data)
        let key = uploadKey.key(for: picked)
        let stored = await MediaUploadState.send(
            fileName: fileName, data: data, show: { upload = $0 },
            transfer: { try await client.uploadPhoto(eventID, fileName, data, key) })
        guard stored else { return }
        uploadKey.sent(picked)
        await whileBusy { show(try await client.gallery(eventID)) }
    }

    /// A tile was tapped: the photo itself is fetched and its page opens; a failure says why on the grid (a photo
    /// the server no longer has, in the app's words, and the grid is read again so a removed one goes).
    ///
    /// Only the photo tapped last opens: a slower one tapped before it, landing after, opens nothing (nor once its
    /// page was closed).
    public func tileTapped(_ id: String) async {
        guard let tile = tiles.first(where: { $0.id == id }) else { return }
        let tap = opening.tapped()
        await whileBusy {
            let data = try await client.download(id)
            guard opening.landed(tap) else { return }
            opened = OpenedPhoto(tile: tile, data: data)
        } failed: { error in
            await notOnServer(error, fileName: tile.fileName)
        }
    }

    /// The photo's page was closed.
    public func photoClosed() {
        opening.forget()
        opened = nil
        share = nil
        confirmation = nil
    }

    /// Share on the photo's page: the server makes the link, and the share sheet offers it.
    public func shareTapped() async {
        guard let photo = opened else { return }
        await whileBusy {
            share = MediaShare(
                try await client.share(photo.id), fileName: photo.tile.fileName, timeZone: timeZone, locale: locale)
        } failed: { error in
            await notOnServer(error, fileName: photo.tile.fileName)
        }
    }

    /// The share sheet closed.
    public func shareDismissed() { share = nil }

    /// Remove on the photo's page (offered to its uploader and the organizer): the page asks first.
    public func removeTapped() {
        guard let photo = opened else { return }
        guard photo.tile.canRemove else {
            banner = .failure(Strings.format("documents.cannotRemove", photo.tile.fileName))
            return
        }
        confirmation = Strings.confirmation(photo.id, "photo", button: removeTitle, photo.tile.fileName)
    }

    /// The question was dismissed (Cancel): the photo stays.
    public func confirmationDismissed() { confirmation = nil }

    /// The question's Remove was tapped: the page closes and the grid loses the photo; a refusal keeps the page
    /// open and says why. Confirmed again while it is on its way, nothing more is sent; a photo the server no
    /// longer has (404) is gone, as the person wanted.
    public func confirmTapped(_ id: String) async {
        confirmation = nil
        guard let tile = tiles.first(where: { $0.id == id }), removing.insert(id).inserted else { return }
        defer { removing.remove(id) }
        await whileBusy {
            try await AttendeeFailure.deleting { try await client.remove(id) }
            if opened?.id == id { opened = nil }
            show(try await client.gallery(eventID))
            banner = .confirmation(Strings.format("documents.removed", tile.fileName))
        }
    }

    /// The upload message was dismissed.
    public func uploadMessageDismissed() {
        if case .uploading = upload { return }
        upload = .idle
    }

    /// After a call about `fileName` failed: when the server no longer has it (404), the banner says so in the app's
    /// words rather than the server's, and the grid is read again, so a photo removed elsewhere leaves it (and its
    /// page closes); a grid that cannot be read keeps what it shows.
    private func notOnServer(_ error: any Error, fileName: String) async {
        guard let sentence = MediaText.notOnServer(error, fileName: fileName) else { return }
        banner = .failure(sentence)
        guard let files = try? await client.gallery(eventID) else { return }
        show(files)
        if let opened, !tiles.contains(where: { $0.id == opened.id }) { photoClosed() }
    }

    private func show(_ files: [MediaFile]) {
        tiles = files.map {
            Tile(
                id: $0.id, fileName: $0.fileName, detail: MediaText.detail($0), image: RowImage($0),
                canRemove: $0.canRemove == true)
        }
        emptyMessage = files.isEmpty ? Strings.text("gallery.empty") : nil
    }
}
