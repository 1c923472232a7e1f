import APIClient
import AttendeeModels
import Foundation
import Localization

/// Where an upload (a gallery photo, a speaker's document) stands, as the screen shows it.
public enum MediaUploadState: Sendable, Hashable {
    /// Nothing is being uploaded.
    case idle
    /// The file is on its way.
    case uploading(fileName: String)
    /// Over the 25 MB limit (found before sending, or refused by the server).
    case tooLarge(fileName: String)
    /// No bytes at all: nothing to add (found before sending, rather than called the wrong type).
    case empty(fileName: String)
    /// The bytes are not a type this list takes.
    case refusedType
    /// An image with more pixels than the server takes.
    case tooManyPixels(fileName: String)
    /// Stored.
    case done(fileName: String)
    /// Anything else that went wrong, with the sentence to show.
    case failed(String)

    /// The line the screen shows under the upload button, `nil` when idle.
    ///
    /// `photos` picks the refusal sentence of the gallery rather than the documents'.
    public func message(photos: Bool) -> String? {
        switch self {
        case .idle: nil
        case .uploading(let name): Strings.format("media.upload.uploading", name)
        case .tooLarge(let name):
            Strings.format("media.upload.tooLarge", name, NumberText.count(MediaLimits.maxBytes / (1024 * 1024)))
        case .empty(let name): Strings.format("media.upload.empty", name)
        case .refusedType:
            Strings.text(photos ? "media.upload.refusedType.photo" : "media.upload.refusedType.document")
        case .tooManyPixels(let name): Strings.format("media.upload.tooManyPixels", name)
        case .done(let name): Strings.format("media.upload.done", name)
        case .failed(let message): message
        }
    }

    /// Why `data` picked as `fileName` is not sent at all: empty, or over ``MediaLimits/maxBytes``; `nil` when the
    /// server is to judge it.
    static func refusedBeforeSending(fileName: String, data: Data) -> MediaUploadState? {
        if data.isEmpty { return .empty(fileName: fileName) }
        if data.count > MediaLimits.maxBytes { return .tooLarge(fileName: fileName) }
        return nil
    }

    /// Sends `data` picked as `fileName` with `transfer`, as the gallery and the documents do, telling `show` each
    /// state: refused here when empty or over the limit, else on its way, then stored or refused by the server.
    /// Whether it was stored is returned; the caller then reads its list again, and a failed read there is that
    /// screen's banner, not the upload's: the file is stored, and calling it failed would have the person send it
    /// twice.
    @MainActor
    static func send(
        fileName: String, data: Data, show: (MediaUploadState) -> Void, transfer: () async throws -> MediaFile
    ) async -> Bool {
        if let refused = refusedBeforeSending(fileName: fileName, data: data) {
            show(refused)
            return false
        }
        show(.uploading(fileName: fileName))
        do {
            show(.done(fileName: try await transfer().fileName))
            return true
        } catch {
            show(failure(error, fileName: fileName))
            return false
        }
    }

    /// The state a failed upload of `fileName` ends in: the server's refusals by their problem type (or status).
    static func failure(_ error: any Error, fileName: String) -> MediaUploadState {
        let apiError = error as? APIError
        var refusal: MediaRefusal?
        if case .http(_, let problem?, _)? = apiError, let type = problem.type {
            refusal = MediaRefusal(rawValue: type)
        }
        switch (refusal, apiError?.status) {
        case (.tooLarge?, _), (nil, 413?): return .tooLarge(fileName: fileName)
        case (.unsupportedType?, _), (nil, 415?): return .refusedType
        case (.tooManyPixels?, _): return .tooManyPixels(fileName: fileName)
        default: return .failed(AttendeeFailure.message(error))
        }
    }
}

/// A file a person picked to upload, and where it goes: what an upload's ``DraftKey`` compares, so a retry of the
/// same pick goes with the same `Idempotency-Key` and a stored pick's next upload with a new one.
struct PickedFile: Equatable {
    /// Where it goes (the list or route, and its event or session).
    var destination: [String?]
    var fileName: String
    var data: Data
}

/// How files read in lists: `PDF · 1.2 MB`, `PNG image · 640 × 480`.
public enum MediaText {
    /// The kind of file, in words.
    public static func kind(_ type: MediaType) -> String { FileKind(type).words }

    /// `812 bytes`, `48 KB`, `1.2 MB` (1 KB = 1,024 bytes, one decimal under 10 MB).
    public static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return Strings.format("media.size.bytes", "\(bytes)") }
        if bytes < 1024 * 1024 { return Strings.format("media.size.kilobytes", "\(bytes / 1024)") }
        let megabytes = Double(bytes) / (1024 * 1024)
        let text = megabytes < 10 ? String(format: "%.1f", megabytes) : "\(Int(megabytes))"
        return Strings.format("media.size.megabytes", text)
    }

    /// The line under a file's name: its kind and size (and an image's pixel size).
    public static func detail(_ file: MediaFile) -> String {
        var parts = Strings.format("media.detail", kind(file.type), size(file.byteCount))
        if let width = file.width, let height = file.height {
            parts = Strings.format("media.detail", parts, Strings.format("media.pixels", "\(width)", "\(height)"))
        }
        return parts
    }

    /// Why `fileName` could not be opened or shared, when the server no longer has it (404: removed by someone
    /// else since the list was read, or its content lost): `“Slides.pdf” is no longer on the server.`; `nil` for
    /// any other failure, which the banner words as any failed call.
    static func notOnServer(_ error: any Error, fileName: String) -> String? {
        AttendeeFailure.status(error) == 404 ? Strings.format("media.notOnServer", fileName) : nil
    }
}

extension FileKind {
    /// The kind of an Attendee file, in the words every app uses for it.
    init(_ type: MediaType) {
        switch type {
        case .jpeg: self = .jpeg
        case .png: self = .png
        case .gif: self = .gif
        case .webp: self = .webp
        case .heic: self = .heic
        case .pdf: self = .pdf
        case .plainText: self = .text
        case .officeDocument: self = .office
        case .openDocument: self = .openDocument
        }
    }
}
