import AttendeeModels
import Foundation
import HTTPServer
import ImageCodec

/// Documents, the gallery and attachments: uploads streamed to disk, downloads with ranges and validators,
/// thumbnails, share links and removal.
struct MediaController: Sendable {
    let service: AttendeeService
    var media: MediaStore { service.media }

    /// Registers the media routes; the three uploads take their bodies as they arrive.
    func register(on router: inout Router) {
        router.on(AttendeeRoute.documents, documents)
        router.on(AttendeeRoute.gallery, gallery)
        router.on(AttendeeRoute.media, download)
        router.on(AttendeeRoute.mediaThumbnail, thumbnail)
        router.on(AttendeeRoute.mediaShare, share)
        router.on(AttendeeRoute.removeMedia, remove)
        let folder = media.folder
        let stage: @Sendable (Request) -> MediaUpload = { request in Self.receiver(for: request, in: folder) }
        router.on(
            AttendeeRoute.addDocument.method, AttendeeRoute.addDocument.pattern, receiving: stage,
            handler: addDocument)
        router.on(
            AttendeeRoute.uploadPhoto.method, AttendeeRoute.uploadPhoto.pattern, receiving: stage,
            handler: uploadPhoto)
        router.on(
            AttendeeRoute.uploadAttachment.method, AttendeeRoute.uploadAttachment.pattern, receiving: stage,
            handler: uploadAttachment)
    }

    /// Where an upload's body goes as it arrives: a temporary file of `folder`, or nowhere when the request carries
    /// no bearer token or declares more than ``MediaLimits/maxBytes`` (its bytes are only counted, and the handler
    /// answers 401 or 413).
    ///
    /// NB: the token itself is checked by the handler, once the body has arrived; without one, a stranger's bytes
    /// never reach the disk.
    static func receiver(for request: Request, in folder: MediaFolder) -> MediaUpload {
        guard request.bearerToken() != nil else {
            return MediaUpload(refusedAs: .signedOut, limit: MediaLimits.maxBytes)
        }
        return folder.stage(
            declaredLength: request.headers["Content-Length"].flatMap { Int($0) }, limit: MediaLimits.maxBytes)
    }

    // MARK: - Lists

    func documents(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        return try .json(
            try await media.documents(
                eventID: try request.parameter("eventID"), sessionID: Self.nonEmpty(request.query["sessionID"]),
                readerID: userID))
    }

    func gallery(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        return try .json(try await media.gallery(eventID: try request.parameter("eventID"), readerID: userID))
    }

    // MARK: - Uploads

    func addDocument(_ request: Request, _ upload: MediaUpload) async throws -> Response {
        guard let purpose = request.query["purpose"].flatMap(MediaPurpose.init(rawValue:)), purpose.isDocument
        else {
            throw HTTPError(
                .unprocessableContent, detail: "Say which list: pre-read, post-read or material.", field: "purpose")
        }
        return try await accept(request, upload, purpose: purpose)
    }

    func uploadPhoto(_ request: Request, _ upload: MediaUpload) async throws -> Response {
        try await accept(request, upload, purpose: .gallery)
    }

    /// A picture for a post, message or note: the same checks as a gallery photo, listed nowhere.
    func uploadAttachment(_ request: Request, _ upload: MediaUpload) async throws -> Response {
        try await accept(request, upload, purpose: .attachment)
    }

    /// Checks who may add, then what arrived, and only then keeps it: a refused upload leaves nothing behind.
    private func accept(_ request: Request, _ upload: MediaUpload, purpose: MediaPurpose) async throws -> Response {
        // NB: in process, the thread that fed the receiver may hold it a moment longer than the handler; the file of
        // a refused upload must not outlive the answer.
        defer { upload.abandon() }
        let userID = try await service.requireUser(request)
        let eventID = try request.parameter("eventID")
        let sessionID = purpose.isDocument ? Self.nonEmpty(request.query["sessionID"]) : nil
        if purpose == .material, sessionID == nil {
            throw HTTPError(.unprocessableContent, detail: "Session materials need a session.", field: "sessionID")
        }
        try await service.store.database.read { db in
            _ = try AttendeeStore.event(id: eventID, db)
            if let sessionID { try MediaStore.requireSession(sessionID, of: eventID, db) }
            if purpose.isDocument {
                try MediaStore.requireDocumentEditor(eventID: eventID, sessionID: sessionID, userID: userID, db)
            } else {
                try MediaStore.requireReader(eventID: eventID, userID: userID, db)
            }
        }
        switch upload.refusal {
        case .tooLarge?:
            throw HTTPError(
                .contentTooLarge, detail: "Files may be at most \(MediaLimits.maxBytes / (1024 * 1024)) MB.",
                type: MediaRefusal.tooLarge.rawValue)
        case .storage(let code)?:
            // NB: the cause goes to the log (at error level, with the request id), never to the client.
            throw MediaFolder.Failure(operation: "stage an upload", code: code)
        case .signedOut?:
            throw AttendeeService.unauthorized
        case nil:
            break
        }
        let key = try upload.receivedSHA256.flatMap { sha256 in
            try IdempotencyKey(
                request,
                body: UploadFingerprint(
                    sha256: sha256, query: request.query.filter { ["name", "purpose", "sessionID"].contains($0.key) }))
        }
        // NB: a repeat is answered before anything of it is kept; its staged file goes with the `defer` above.
        if let key, let repeated = try await service.store.answered(key, userID: userID) {
            return Self.located(repeated.response)
        }
        guard upload.isFinished, upload.count > 0, let sniffed = MediaSniffer.sniff(upload.head),
            purpose.isDocument || sniffed.type.isImage
        else {
            throw HTTPError(
                .unsupportedMediaType,
                detail: purpose.isDocument
                    ? "Documents must be PDF, plain text, Office or OpenDocument files, or images."
                    : "Photos must be JPEG, PNG, GIF, WebP or HEIC.",
                type: MediaRefusal.unsupportedType.rawValue)
        }
        if sniffed.type.isImage {
            guard (sniffed.width ?? 0) > 0, (sniffed.height ?? 0) > 0 else {
                throw HTTPError(
                    .unsupportedMediaType, detail: "The image's size could not be read.",
                    type: MediaRefusal.unsupportedType.rawValue)
            }
            guard sniffed.fitsPixelLimit else {
                throw HTTPError(
                    .unprocessableContent,
                    detail: "Images may have at most \(MediaLimits.maxPixels / 1_000_000) million pixels.",
                    type: MediaRefusal.tooManyPixels.rawValue)
            }
        }
        var type = sniffed.type
        var size = sniffed.width.flatMap { width in sniffed.height.map { PixelSize(width: width, height: $0) } }
        var thumbnail: Data?
        if sniffed.type.isImage {
            // NB: what every member downloads has no location or other metadata (the staged file is replaced
            // before it is committed, so the upload's own bytes are never stored).
            let prepared = try await prepare(upload)
            type = prepared.type
            size = prepared.size ?? size
            thumbnail = prepared.thumbnail
        }
        var fileName = MediaFileName.sanitized(
            request.query["name"], type: sniffed.type, officeExtension: sniffed.officeExtension)
        if type != sniffed.type {
            fileName = MediaFileName.sanitized((fileName as NSString).deletingPathExtension, type: type)
        }
        let sha256 = try upload.commit(into: media.folder)
        let hasThumbnail = thumbnail.map { storeThumbnail($0, of: sha256) } ?? false
        let file = MediaFile(
            id: UUID().uuidString.lowercased(), eventID: eventID, sessionID: sessionID, ownerID: userID,
            purpose: purpose, type: type, byteCount: upload.count, width: size?.width, height: size?.height,
            fileName: fileName, hasThumbnail: hasThumbnail, createdAt: media.now())
        let contentType = MediaFileName.contentType(type, fileName: fileName)
        let answer = try await service.store.createOnce(key, userID: userID) { db in
            try MediaStore.insert(file, sha256: sha256, contentType: contentType, db)
            return (file, [])
        }
        // NB: a repeat sent while the first was still storing: the first's row names these same bytes (or, if it
        // kept other ones, the sweep takes the ones just placed), and the staged file goes with the `defer` above.
        if answer.isReplay { return Self.located(answer.response) }
        try upload.keepPlaced(in: media.folder)
        // NB: as the content: a removal of the same bytes may have taken the thumbnail before this row was written.
        if hasThumbnail, let thumbnail, let path = media.folder.thumbnailPath(sha256), access(path, F_OK) != 0 {
            _ = storeThumbnail(thumbnail, of: sha256)
        }
        var made = answer.response
        made.headers["Location"] = AttendeeRoute.media.href(file.id)
        return made
    }

    /// A repeat's stored answer (its body only) with the stored file's `Location`, read from that body.
    private static func located(_ response: Response) -> Response {
        struct Made: Decodable { let id: String }
        var response = response
        if let made = try? JSONDecoder().decode(Made.self, from: response.bodyData) {
            response.headers["Location"] = AttendeeRoute.media.href(made.id)
        }
        return response
    }

    /// Prepares an image upload (``MediaThumbnail/prepare(imageAt:)``) and puts what is kept in its place; 415 for
    /// an image that cannot be kept without its metadata (a HEIC that cannot be decoded).
    private func prepare(_ upload: MediaUpload) async throws -> MediaThumbnail.Prepared {
        guard let path = upload.stagedPath else {
            throw MediaFolder.Failure(operation: "read a staged image", code: EINVAL)
        }
        let prepared: MediaThumbnail.Prepared
        do {
            prepared = try await MediaThumbnail.prepare(imageAt: path)
        } catch {
            throw HTTPError(
                .unsupportedMediaType, detail: "The image could not be read.",
                type: MediaRefusal.unsupportedType.rawValue)
        }
        if let replacement = prepared.replacement { try upload.replace(with: replacement) }
        return prepared
    }

    /// Stores the thumbnail of the image stored as `sha256`; `false` when it could not be written.
    private func storeThumbnail(_ jpeg: Data, of sha256: String) -> Bool {
        (try? media.folder.storeThumbnail(jpeg, for: sha256)) != nil
    }

    // MARK: - Downloads

    /// The file, for a reader signed in or for anyone with a share link (``share(_:)``): a link's `expires` and
    /// `signature` stand in for the token, and a link that is not valid (altered, for another file, expired) is
    /// 403 whether or not the file exists.
    func download(_ request: Request) async throws -> Response {
        let mediaID = try request.parameter("mediaID")
        let readerID: String?
        if request.query["signature"] != nil || request.query["expires"] != nil {
            guard let expires = request.query["expires"].flatMap({ Int64($0) }),
                let signature = request.query["signature"],
                Double(expires) > service.configuration.now().timeIntervalSince1970,
                service.linkSigner.isValid(signature, for: Self.shareMessage(mediaID, expires: expires))
            else {
                throw HTTPError(.forbidden, detail: "This link is not valid, or it has expired. Ask for a new one.")
            }
            readerID = nil
        } else {
            readerID = try await service.requireUser(request)
        }
        let stored = try await media.stored(mediaID, readerID: readerID)
        guard let path = media.folder.contentPath(stored.sha256) else { throw Self.gone }
        return try Self.send(
            path, for: request, etag: "\"\(stored.sha256)\"", contentType: stored.contentType,
            fileName: stored.file.fileName, inline: stored.file.type.isImage)
    }

    func thumbnail(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let stored = try await media.stored(try request.parameter("mediaID"), readerID: userID)
        guard stored.file.hasThumbnail, let path = media.folder.thumbnailPath(stored.sha256) else {
            throw HTTPError(.notFound, detail: "This file has no thumbnail.")
        }
        return try Self.send(
            path, for: request, etag: "\"\(stored.sha256)-thumbnail\"", contentType: "image/jpeg",
            fileName: "thumbnail-" + stored.file.fileName.replacingOccurrences(of: ".", with: "-") + ".jpg",
            inline: true)
    }

    /// A stored file as the answer to `request` (ranges, `If-None-Match` and `If-Range` included), private to the
    /// reader and never sniffed by the browser; a file gone from the folder since its row was read is not found.
    private static func send(
        _ path: String, for request: Request, etag: String, contentType: String, fileName: String, inline: Bool
    ) throws -> Response {
        do {
            return try FileResponse.make(
                for: request, path: path, etag: etag,
                headers: [
                    "Content-Type": contentType,
                    "Content-Disposition": MediaFileName.contentDisposition(fileName, inline: inline),
                    "Cache-Control": "private, no-cache",
                    "X-Content-Type-Options": "nosniff",
                ])
        } catch is FileBody.OpenError {
            throw gone
        }
    }

    /// A link to send to anyone (Mail, Messages): the download's URL, signed with the server's key for
    /// ``AttendeeService/Configuration/shareLinkLifetime``, so it opens without an account and stops opening
    /// after; the download route itself keeps its sign-in for everything else.
    func share(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let stored = try await media.stored(try request.parameter("mediaID"), readerID: userID)
        let base: String
        if let configured = service.configuration.publicBaseURL?.absoluteString {
            base = configured.hasSuffix("/") ? String(configured.dropLast()) : configured
        } else {
            guard let host = request.headers["Host"], Self.isHost(host) else {
                throw HTTPError(.badRequest, detail: "The request has no usable Host header.")
            }
            base = "http://" + host
        }
        let expiresAt = service.configuration.now().addingTimeInterval(service.configuration.shareLinkLifetime)
        let expires = Int64(expiresAt.timeIntervalSince1970.rounded(.down))
        let signature = try service.linkSigner.signature(for: Self.shareMessage(stored.file.id, expires: expires))
        return try .json(
            MediaShareLink(
                url: base + AttendeeRoute.media.href(stored.file.id) + "?expires=\(expires)&signature=\(signature)",
                fileName: stored.file.fileName, expiresAt: Date(timeIntervalSince1970: TimeInterval(expires))))
    }

    /// What a share link's signature covers: its purpose, the file and the moment it stops opening.
    ///
    /// NB: a media id is a UUID and `expires` a number, so no part can run into the next.
    static func shareMessage(_ mediaID: String, expires: Int64) -> String {
        "attendee.media-share.v1\n\(mediaID)\n\(expires)"
    }

    func remove(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        if let unused = try await media.remove(try request.parameter("mediaID"), by: userID) {
            await media.deleteContent(unused)
        }
        return .noContent
    }

    // MARK: - Helpers

    private static let gone = HTTPError(.notFound, detail: "This file's content is no longer available.")

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    /// A host name or address with an optional port, and nothing else (no scheme, path or spaces).
    static func isHost(_ host: String) -> Bool {
        !host.isEmpty && host.utf8.count <= 255
            && host.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || ".-:[]".utf8.contains(byte)
            }
    }
}

extension AttendeeService {
    /// Removes abandoned uploads, attachments that nothing uses, and stored files no row names, last touched more
    /// than `age` ago; answers how many files went. Run at start and then periodically
    /// (``startCleanup(every:mediaOlderThan:)``).
    @discardableResult
    public func cleanUpMedia(olderThan age: TimeInterval = 3600) async throws -> Int {
        try await media.removeUnusedAttachments(before: media.now().addingTimeInterval(-age))
        let referenced = try await media.referencedDigests()
        return media.folder.sweep(keeping: referenced, olderThan: age)
    }

    /// Runs ``removeStoredMetadata()``, ``cleanUpMedia(olderThan:)``, ``pruneLiveEvents()``,
    /// ``pruneSignInAttempts()`` and ``pruneIdempotencyKeys()`` now and then every `interval`, until the task is
    /// cancelled.
    public func startCleanup(every interval: Duration = .seconds(3600), mediaOlderThan age: TimeInterval = 3600)
        -> Task<Void, Never>
    {
        let service = self
        return Task.detached(priority: .background) {
            while !Task.isCancelled {
                _ = try? await service.removeStoredMetadata()
                _ = try? await service.cleanUpMedia(olderThan: age)
                _ = try? await service.pruneLiveEvents()
                _ = try? await service.pruneSignInAttempts()
                _ = try? await service.pruneIdempotencyKeys()
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// Whether `mediaID` is an image that `userID` uploaded to `eventID`: the check for features that attach a
    /// photo (wall posts, discussion messages, messages, notes). Inside a transaction, call
    /// ``MediaStore/isImage(_:uploadedBy:at:_:)``.
    func isImage(_ mediaID: String, uploadedBy userID: String, at eventID: String) async throws -> Bool {
        try await store.database.read { db in try MediaStore.isImage(mediaID, uploadedBy: userID, at: eventID, db) }
    }
}
