import AttendeeModels
import Foundation
import Observation

/// The photo a composer (wall post, discussion message, message, note) carries: picked, uploaded as a private
/// attachment, shown as a thumbnail beside its name with a remove button, and sent as the post's `imageID`.
///
/// Each composer model owns one and sends it the picker's events; it never blocks typing, only sending while the
/// photo is on its way.
///
/// ```swift
/// await wall.attachment.photoPicked(fileName: wall.attachment.pickedPhotoName, data: data)
/// wall.attachment.imageID  // the id the post is sent with, once uploaded
/// ```
@Observable @MainActor
public final class PhotoAttachment {
    /// Where the photo stands.
    public enum State: Sendable, Hashable {
        /// No photo.
        case none
        /// On its way to the server.
        case attaching(fileName: String)
        /// Uploaded; the composer sends `file.id`.
        case attached(MediaFile)
        /// A photo that was already there (a note being edited), known by its id only.
        case kept(imageID: String)
        /// Not sent: over the limit, a type the server refuses, or a failure, with the sentence to show.
        case refused(String)
    }

    /// Where the photo stands.
    public private(set) var state: State = .none
    /// Why the last pick was not attached while the photo before it stays (``State/attached(_:)`` or
    /// ``State/kept(imageID:)``), shown by ``message``; `nil` otherwise. A pick that fails never takes away the
    /// photo already there: the person chose that one, and a refusal of the next is no reason to lose it.
    public private(set) var failure: String?

    private let eventID: @Sendable () async throws -> String
    private let upload:
        @Sendable (_ eventID: String, _ fileName: String, Data, _ idempotencyKey: String) async throws -> MediaFile
    /// The picked photo's `Idempotency-Key`, kept until the server has it.
    private var uploadKey = DraftKey<PickedFile>()

    /// A photo for a composer of the event `eventID` answers (a discussion knows its session only, and asks),
    /// uploaded with `upload` (``AttendeeClient/uploadAttachment``).
    public init(
        eventID: @escaping @Sendable () async throws -> String,
        upload:
            @escaping @Sendable (_ eventID: String, _ fileName: String, Data, _ idempotencyKey: String) async throws
            -> MediaFile
    ) {
        self.eventID = eventID
        self.upload = upload
    }

    /// A photo for a composer of `eventID`.
    public convenience init(
        eventID: String,
        upload:
            @escaping @Sendable (_ eventID: String, _ fileName: String, Data, _ idempotencyKey: String) async throws
            -> MediaFile
    ) {
        self.init(eventID: { eventID }, upload: upload)
    }

    /// The picker's title.
    public var pickerTitle: String { Strings.text("attach.photo") }
    /// The remove button's title.
    public var removeTitle: String { Strings.text("attach.remove") }
    /// The name a photo from the library is uploaded under (the library gives none; the server adds the extension
    /// its bytes call for).
    public var pickedPhotoName: String { Strings.text("gallery.pickedName") }
    /// The image id a send carries, once there is one.
    public var imageID: String? {
        switch state {
        case .attached(let file): file.id
        case .kept(let imageID): imageID
        case .none, .attaching, .refused: nil
        }
    }
    /// The photo as the composer draws it, small, beside ``message`` and Remove: the uploaded file, or the one the
    /// edited thing already has; a screen reader calls it the person's own. `nil` while there is none to draw.
    public var preview: RowImage? {
        switch state {
        case .attached(let file):
            var image = RowImage(file)
            image.accessibilityLabel = Strings.text("attach.myImage")
            return image
        case .kept(let imageID): return RowImage(imageID, author: nil)
        case .none, .attaching, .refused: return nil
        }
    }
    /// Whether the photo is on its way (the composer's Send waits for it).
    public var isUploading: Bool {
        if case .attaching = state { return true }
        return false
    }
    /// Whether a photo can be picked now (not while one is on its way).
    public var canPick: Bool { !isUploading }
    /// Whether the remove button shows.
    public var canRemove: Bool { imageID != nil }
    /// The line beside the picker: `Attaching “Photo”…`, `“photo.jpg” attached`, or why it was not (a photo
    /// attached before then stays, and shows beside it); `nil` without a photo.
    public var message: String? {
        if let failure { return failure }
        return switch state {
        case .none: nil
        case .attaching(let name): Strings.format("attach.attaching", name)
        case .attached(let file): Strings.format("attach.attached", file.fileName)
        case .kept: Strings.text("attach.kept")
        case .refused(let sentence): sentence
        }
    }

    /// A photo was picked: empty or over 25 MB it is refused here, anything else is uploaded (the server checks what it
    /// really is). A new pick replaces the photo once it is uploaded; one that fails leaves the photo attached
    /// before (if any) attached, and says why.
    public func photoPicked(fileName: String, data: Data) async {
        guard canPick else { return }
        let before = state
        failure = nil
        if let refused = MediaUploadState.refusedBeforeSending(fileName: fileName, data: data) {
            return refuse(refused.message(photos: true) ?? "", keeping: before)
        }
        state = .attaching(fileName: fileName)
        do {
            let eventID = try await eventID()
            let picked = PickedFile(destination: ["attachment", eventID], fileName: fileName, data: data)
            let key = uploadKey.key(for: picked)
            state = .attached(try await upload(eventID, fileName, data, key))
            uploadKey.sent(picked)
        } catch {
            refuse(MediaUploadState.failure(error, fileName: fileName).message(photos: true) ?? "", keeping: before)
        }
    }

    /// Remove was tapped: the composer sends no photo (the upload, used by nothing, is swept by the server).
    public func removeTapped() {
        guard !isUploading else { return }
        state = .none
        failure = nil
    }

    /// A pick was refused for `sentence`: the photo attached `before` stays, with the sentence beside it.
    private func refuse(_ sentence: String, keeping before: State) {
        switch before {
        case .attached, .kept:
            state = before
            failure = sentence
        case .none, .attaching, .refused:
            state = .refused(sentence)
            failure = nil
        }
    }

    /// The composer sent its post: the next one starts without a photo.
    func sent() {
        state = .none
        failure = nil
    }

    /// Shows a photo the edited thing already has.
    func keep(_ imageID: String?) {
        state = imageID.map { .kept(imageID: $0) } ?? .none
        failure = nil
    }
}

/// A picture on a screen (a post's, a message's or a note's photo, a gallery tile), as the view shows it; its
/// bytes come from ``MediaPictures``.
public struct RowImage: Sendable, Hashable, Codable {
    /// The media id.
    public var mediaID: String
    /// Whether the server made a thumbnail: `false` draws the file itself, `nil` (a row knows only the id) asks
    /// for the thumbnail first and falls back to the file.
    public var hasThumbnail: Bool?
    /// What a screen reader says: `Photo from Ada Lovelace`, `Your photo`, or a gallery photo's file name.
    public var accessibilityLabel: String

    /// The picture `mediaID`, sent by `author` (`nil`: the reader's own, in a conversation or a note).
    public init?(_ mediaID: String?, author: String?) {
        guard let mediaID else { return nil }
        self.mediaID = mediaID
        hasThumbnail = nil
        accessibilityLabel = author.map { Strings.format("attach.imageLabel", $0) } ?? Strings.text("attach.myImage")
    }

    /// A photo listed with its details (the gallery, the Documentation header), named by its file name.
    public init(_ file: MediaFile) {
        mediaID = file.id
        hasThumbnail = file.hasThumbnail
        accessibilityLabel = file.fileName
    }
}
