import Foundation
import HTTPServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder uploads live in, by content: `content/ab/cd/<sha256>` for files, `thumbnails/ab/cd/<sha256>.jpg`
/// for their thumbnails, `staging/` for uploads still arriving.
///
/// Every path is built here from a SHA-256 in hex (checked to be 64 hex digits) or a fresh UUID, never from a
/// name a client sent, so nothing is ever written outside the folder whatever an upload is called.
///
/// ```swift
/// let folder = try MediaFolder(dataDirectory.appendingPathComponent("media"))
/// let upload = folder.stage(declaredLength: 1_000)     // a BodyReceiver, fed as the body arrives
/// let sha256 = try upload.commit(into: folder)         // content/ab/cd/<sha256>
/// folder.sweep(keeping: referenced, olderThan: 3600)   // orphans and abandoned uploads
/// ```
final class MediaFolder: Sendable {
    /// A file operation that failed (its `errno`); never shown to clients, who get a 500 saying the file could
    /// not be stored while this goes to the log at error level with the request id.
    struct Failure: Error, Sendable, CustomStringConvertible, HTTPResponseError {
        var operation: String
        var code: Int32
        var description: String { "\(operation): \(String(cString: strerror(code)))" }
        var httpError: HTTPError? {
            HTTPError(.internalServerError, detail: "The file could not be stored. Try again later.")
        }
    }

    /// Folders made here are this user's alone, as the data directory is.
    static let folderMode = 0o700
    /// Files written here (uploads, their thumbnails) are this user's alone: a private attachment's thumbnail
    /// shows what the attachment does.
    static let fileMode: mode_t = 0o600

    /// The folder.
    let url: URL
    let staging: URL
    let content: URL
    let thumbnails: URL
    private let removesOnDeinit: Bool

    /// Opens (creating it if needed) the media folder at `url`.
    convenience init(_ url: URL) throws {
        try self.init(url, removesOnDeinit: false)
    }

    private init(_ url: URL, removesOnDeinit: Bool) throws {
        self.url = url
        staging = url.appendingPathComponent("staging", isDirectory: true)
        content = url.appendingPathComponent("content", isDirectory: true)
        thumbnails = url.appendingPathComponent("thumbnails", isDirectory: true)
        self.removesOnDeinit = removesOnDeinit
        for folder in [staging, content, thumbnails] {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: Self.folderMode])
        }
    }

    /// A new folder under the system's temporary directory, removed with this object (tests, in-memory databases).
    static func temporary() throws -> MediaFolder {
        try MediaFolder(
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "quartet-media-\(UUID().uuidString)", isDirectory: true),
            removesOnDeinit: true)
    }

    deinit {
        if removesOnDeinit { try? FileManager.default.removeItem(at: url) }
    }

    /// A new upload writing to a temporary file; one that declares more than `limit` bytes is refused at once
    /// and writes nothing.
    func stage(declaredLength: Int?, limit: Int) -> MediaUpload {
        if let declaredLength, declaredLength > limit { return MediaUpload(refusedAs: .tooLarge, limit: limit) }
        return MediaUpload(path: staging.appendingPathComponent(UUID().uuidString + ".part").path, limit: limit)
    }

    /// Whether `sha256` is 64 lowercase hex digits, the only names this folder makes paths from.
    static func isDigest(_ sha256: String) -> Bool {
        sha256.utf8.count == 64 && sha256.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// `content/ab/cd/<sha256>`, or `nil` for a name that is not a digest.
    func contentPath(_ sha256: String) -> String? {
        guard Self.isDigest(sha256) else { return nil }
        return Self.fanOut(content, sha256, suffix: "").path
    }

    /// `thumbnails/ab/cd/<sha256>.jpg`, or `nil` for a name that is not a digest.
    func thumbnailPath(_ sha256: String) -> String? {
        guard Self.isDigest(sha256) else { return nil }
        return Self.fanOut(thumbnails, sha256, suffix: ".jpg").path
    }

    private static func fanOut(_ root: URL, _ sha256: String, suffix: String) -> URL {
        let characters = Array(sha256)
        return root.appendingPathComponent(String(characters[0..<2]), isDirectory: true)
            .appendingPathComponent(String(characters[2..<4]), isDirectory: true)
            .appendingPathComponent(sha256 + suffix)
    }

    /// Moves a finished staged file to `target` (creating its folders), durably; the same content already there
    /// is replaced by the fresh copy, which also renews its age for ``sweep(keeping:olderThan:)``.
    func place(_ staged: String, at target: String) throws {
        let folder = (target as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: Self.folderMode])
        guard rename(staged, target) == 0 else { throw Failure(operation: "store an upload", code: errno) }
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw Failure(operation: "open the media folder", code: errno) }
        defer { close(directory) }
        // NB: the rename is durable only once the folder itself is synced.
        guard fsync(directory) == 0 else { throw Failure(operation: "sync the media folder", code: errno) }
    }

    /// Places a second name of `staged` at `target` (a hard link, renamed over whatever is there), so the staged
    /// name still holds the bytes until its upload is done: ``MediaUpload/keepPlaced(in:)`` can place them again if
    /// a removal took the content away before the upload's row was written.
    func placeLink(to staged: String, at target: String) throws {
        let second = staged + ".placing"
        guard link(staged, second) == 0 else { throw Failure(operation: "store an upload", code: errno) }
        do { try place(second, at: target) } catch {
            unlink(second)
            throw error
        }
    }

    /// The content and thumbnail of a digest no row names any more, moved aside by ``setAside(_:)``.
    struct SetAside {
        fileprivate var moved: [(from: String, to: String)]
    }

    /// Moves the content and thumbnail of `sha256` into `staging/`, from where ``putBack(_:)`` or
    /// ``discard(_:)`` takes them once it is known whether an upload of the same bytes claimed them meanwhile.
    func setAside(_ sha256: String) -> SetAside {
        var moved: [(from: String, to: String)] = []
        for path in [contentPath(sha256), thumbnailPath(sha256)].compactMap({ $0 }) {
            let aside = staging.appendingPathComponent(UUID().uuidString + ".removed").path
            if rename(path, aside) == 0 { moved.append((from: path, to: aside)) }
        }
        return SetAside(moved: moved)
    }

    /// Puts set-aside files back where nothing has taken their place (an upload of the same bytes may have).
    func putBack(_ files: SetAside) {
        for (original, aside) in files.moved {
            if access(original, F_OK) == 0 || rename(aside, original) != 0 { unlink(aside) }
        }
    }

    /// Deletes set-aside files.
    func discard(_ files: SetAside) {
        for (_, aside) in files.moved { unlink(aside) }
    }

    /// Writes a thumbnail for `sha256`.
    func storeThumbnail(_ jpeg: Data, for sha256: String) throws {
        guard let target = thumbnailPath(sha256) else { return }
        let staged = staging.appendingPathComponent(UUID().uuidString + ".thumb").path
        // NB: not Data.write, which makes the file 0644 (less the umask): the upload itself is 0600.
        let descriptor = open(staged, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, Self.fileMode)
        guard descriptor >= 0 else { throw Failure(operation: "write a thumbnail", code: errno) }
        let failed = jpeg.withUnsafeBytes { Self.writeAll($0, to: descriptor) }
        close(descriptor)
        if let failed {
            unlink(staged)
            throw Failure(operation: "write a thumbnail", code: failed)
        }
        do { try place(staged, at: target) } catch {
            unlink(staged)
            throw error
        }
    }

    /// Writes all of `bytes` to `descriptor` (again after a signal, on after a short write); the `errno` of the
    /// write that failed, or `nil`.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let wrote = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if wrote < 0, errno == EINTR { continue }
            guard wrote > 0 else { return wrote == 0 ? EIO : errno }
            offset += wrote
        }
        return nil
    }

    /// Removes abandoned uploads in `staging/`, and content and thumbnails whose digest is not in `keeping`,
    /// last modified longer ago than `age` (so uploads between their rename and their row, here or in another
    /// server sharing the folder, are left alone). Answers how many files went.
    @discardableResult
    func sweep(keeping referenced: Set<String>, olderThan age: TimeInterval) -> Int {
        let cutoff = Date().addingTimeInterval(-age)
        let manager = FileManager.default
        var removed = 0
        func isOld(_ path: String) -> Bool {
            let modified = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            return (modified ?? .distantFuture) <= cutoff
        }
        func remove(_ path: String) {
            if unlink(path) == 0 { removed += 1 }
        }
        for name in (try? manager.contentsOfDirectory(atPath: staging.path)) ?? [] {
            let path = staging.appendingPathComponent(name).path
            if isOld(path) { remove(path) }
        }
        for (root, suffix) in [(content, ""), (thumbnails, ".jpg")] {
            guard let files = manager.enumerator(atPath: root.path) else { continue }
            for case let relative as String in files {
                let path = root.appendingPathComponent(relative).path
                var isDirectory: ObjCBool = false
                guard manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                    continue
                }
                let name = (relative as NSString).lastPathComponent
                let digest = name.hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : name
                if !referenced.contains(digest), isOld(path) { remove(path) }
            }
        }
        return removed
    }
}
