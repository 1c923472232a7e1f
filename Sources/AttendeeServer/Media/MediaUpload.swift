import Foundation
import HTTPServer
import TokenVerifier

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An upload written to a temporary file of the ``MediaFolder`` as it arrives, hashed (SHA-256) on the way,
/// its first bytes kept for sniffing. The temporary file is removed when released (committed bytes live on under
/// their digest), so an upload that is refused, fails or is dropped mid-way leaves nothing behind.
///
/// NB: `@unchecked Sendable`: one engine thread feeds it, then hands it to the handler, which commits it;
/// the two never touch it at once (see ``BodyReceiver``).
final class MediaUpload: BodyReceiver, @unchecked Sendable {
    /// Why an upload cannot be kept.
    enum Refusal: Error, Equatable {
        /// More bytes than the limit.
        case tooLarge
        /// The temporary file could not be written (the `errno`).
        case storage(Int32)
        /// The request carried no bearer token: nobody to keep it for.
        case signedOut
    }

    /// The bytes received (all of them after `finish()`).
    private(set) var count = 0
    /// The first ``MediaSniffer/headSize`` bytes.
    private(set) var head = Data()
    /// Why it cannot be kept, if it cannot.
    private(set) var refusal: Refusal?
    /// Whether `finish()` was called: the body arrived whole.
    private(set) var isFinished = false

    let limit: Int
    private let path: String?
    private var descriptor: Int32 = -1
    private let hasher = SHA256Hasher()
    private var buffer = Data()
    private var sha256: String?
    /// The digest of the bytes to commit: those received, or their replacement.
    private var contentSHA256: String?

    /// The SHA-256 of the body as it arrived (hex), once it arrived whole: what a repeat of the upload sends again,
    /// so its `Idempotency-Key` fingerprint, even when what is kept is the body without its metadata.
    private(set) var receivedSHA256: String?

    /// Bytes gathered before each write: few system calls, little memory.
    static let bufferSize = 1 << 20

    init(path: String, limit: Int) {
        self.path = path
        self.limit = limit
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor < 0 { refusal = .storage(errno) }
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// An upload refused before any byte (its declared length is over the limit, or nobody signed in sent it): it
    /// only counts what comes.
    init(refusedAs refusal: Refusal, limit: Int) {
        path = nil
        self.limit = limit
        self.refusal = refusal
    }

    deinit { discard() }

    func receive(_ piece: UnsafeRawBufferPointer) {
        guard refusal == nil else { return }
        guard count + piece.count <= limit else {
            refusal = .tooLarge
            // NB: the file goes at once: the rest of the body is only counted, never kept.
            discard()
            return
        }
        count += piece.count
        hasher.update(piece)
        if head.count < MediaSniffer.headSize {
            head.append(contentsOf: piece.prefix(MediaSniffer.headSize - head.count))
        }
        buffer.append(contentsOf: piece)
        if buffer.count >= Self.bufferSize { flush() }
    }

    func finish() {
        guard refusal == nil else { return }
        flush()
        guard let digest = try? hasher.finalizeHex() else {
            refusal = .storage(EIO)
            discard()
            return
        }
        receivedSHA256 = digest
        contentSHA256 = digest
        isFinished = true
    }

    /// The temporary file, once the body arrived whole and before it is committed: to read it (an image is
    /// prepared from it).
    var stagedPath: String? { isFinished && refusal == nil && sha256 == nil ? path : nil }

    /// Replaces the bytes received with `data` (an image without its metadata) before the commit: the count,
    /// the head and the digest are those of `data` from now on.
    func replace(with data: Data) throws {
        guard refusal == nil, isFinished, sha256 == nil, path != nil else { throw Refusal.storage(EINVAL) }
        guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw MediaFolder.Failure(operation: "replace an upload", code: errno)
        }
        let replacementHasher = SHA256Hasher()
        replacementHasher.update(data)
        contentSHA256 = try replacementHasher.finalizeHex()
        count = data.count
        head = data.prefix(MediaSniffer.headSize)
        buffer = data
        flush()
        if case .storage(let code)? = refusal { throw MediaFolder.Failure(operation: "replace an upload", code: code) }
    }

    /// Makes the file durable and places it at `content/ab/cd/<sha256>`; answers the digest. The staged name
    /// keeps the bytes until the upload is abandoned, for ``keepPlaced(in:)``.
    func commit(into folder: MediaFolder) throws -> String {
        if let refusal { throw refusal }
        guard isFinished, let path, let sha256 = contentSHA256 else { throw Refusal.storage(EINVAL) }
        guard fsync(descriptor) == 0 else { throw MediaFolder.Failure(operation: "sync an upload", code: errno) }
        close(descriptor)
        descriptor = -1
        guard let target = folder.contentPath(sha256) else { throw Refusal.storage(EINVAL) }
        try folder.placeLink(to: path, at: target)
        self.sha256 = sha256
        return sha256
    }

    /// Places the content again if it is gone: called once the upload's row is written, so a removal of the same
    /// bytes that ran between the commit and the row (and saw no row naming them) cannot leave the row without
    /// its file. From the row on, a removal sees it and keeps the file.
    func keepPlaced(in folder: MediaFolder) throws {
        guard let sha256, let path, let target = folder.contentPath(sha256), access(target, F_OK) != 0 else { return }
        try folder.placeLink(to: path, at: target)
    }

    private func flush() {
        guard refusal == nil, !buffer.isEmpty else { return }
        let failed = buffer.withUnsafeBytes { MediaFolder.writeAll($0, to: descriptor) }
        buffer.removeAll(keepingCapacity: true)
        if let failed {
            refusal = .storage(failed)
            discard()
        }
    }

    /// Closes and removes the temporary file (the handler calls it once it is done, so the staged name is gone
    /// when the answer goes out, whoever still holds the receiver; committed bytes live on under their digest).
    func abandon() { discard() }

    /// Closes and removes the temporary file.
    private func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        if let path { unlink(path) }
        buffer = Data()
    }
}
