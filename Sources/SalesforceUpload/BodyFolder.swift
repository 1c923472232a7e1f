import CBodyIO
import Dispatch
import Foundation
import HTTPServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder where binary fields (attachment bodies, content versions) live, one file each, beside the
/// database that holds their records.
///
/// A body is first written to a temporary file (``stage()``) while its upload arrives, then made durable and
/// moved into place under a fresh name (``commit(_:for:)``) before the record that names it is committed, so
/// a crash leaves at worst a file that nothing names, which ``sweep(keeping:olderThan:)`` removes.
///
/// NB: the bodies are files and not rows because writing 25 MB through SQLite's 4 KiB pages took 65–100 ms
/// after the upload had arrived, four times nginx's whole upload; a file is written while the upload
/// arrives, and sent back with `sendfile`. See docs/DECISIONS.md.
public final class BodyFolder: Sendable {
    /// A file operation that failed.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What was being done.
        public var operation: String
        /// The `errno` of the failed call.
        public var code: Int32
        public var description: String { "\(operation): \(String(cString: strerror(code)))" }
    }

    /// The folder.
    public let url: URL
    private let staging: URL
    private let removesOnDeinit: Bool
    /// Whether staged bodies are written past the page cache where the file system allows it.
    let writesDirectly: Bool

    /// Opens (creating it if needed) the folder at `url`.
    ///
    /// `writesDirectly` (the default) writes staged bodies with `O_DIRECT` where the system and the file
    /// system have it, and through the page cache elsewhere.
    public convenience init(_ url: URL, writesDirectly: Bool = true) throws {
        try self.init(url, removesOnDeinit: false, writesDirectly: writesDirectly)
    }

    private init(_ url: URL, removesOnDeinit: Bool, writesDirectly: Bool) throws {
        self.url = url
        self.staging = url.appendingPathComponent("staging", isDirectory: true)
        self.removesOnDeinit = removesOnDeinit
        self.writesDirectly = writesDirectly
        // NB: this user's alone, as the data directory is (the bodies in it are 0600).
        try FileManager.default.createDirectory(
            at: staging, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// A new folder under the system's temporary directory, removed with this object (tests, in-memory
    /// stores).
    public static func temporary(writesDirectly: Bool = true) throws -> BodyFolder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "quartet-bodies-\(UUID().uuidString)", isDirectory: true)
        return try BodyFolder(url, removesOnDeinit: true, writesDirectly: writesDirectly)
    }

    deinit {
        if removesOnDeinit { try? FileManager.default.removeItem(at: url) }
    }

    /// A new, empty body in a temporary file, ready to be written.
    public func stage() throws -> StagedBody {
        let path = staging.appendingPathComponent(UUID().uuidString).path
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC
        let direct = writesDirectly ? cbodyio_direct_flag() : 0
        if direct != 0 {
            let descriptor = open(path, flags | direct, 0o600)
            if descriptor >= 0 { return StagedBody(path: path, descriptor: descriptor, directFlag: direct) }
            // A file system without direct I/O refuses the flag: write through the page cache instead.
            guard errno == EINVAL else { throw Failure(operation: "create a staged body", code: errno) }
        }
        let descriptor = open(path, flags, 0o600)
        guard descriptor >= 0 else { throw Failure(operation: "create a staged body", code: errno) }
        return StagedBody(path: path, descriptor: descriptor, directFlag: 0)
    }

    /// A staged body holding `data`.
    public func stage(_ data: Data) throws -> StagedBody {
        let body = try stage()
        data.withUnsafeBytes { body.append($0) }
        body.finish()
        if let failure = body.failure { throw failure }
        return body
    }

    /// A staged body holding the decoded `text`; `nil` when it is not base64.
    public func stage(base64 text: String) throws -> StagedBody? {
        let body = try stage()
        var text = text
        text.withUTF8 { body.appendBase64(UnsafeRawBufferPointer($0)) }
        body.finish()
        switch body.failure {
        case .notBase64?: return nil
        case .file(let failure)?: throw failure
        case nil: return body
        }
    }

    /// Makes `body` durable and moves it into the folder under a fresh name for `recordID`; returns the name.
    public func commit(_ body: StagedBody, for recordID: String) throws -> String {
        var random = SystemRandomNumberGenerator()
        let name = "\(recordID).\(String(random.next() as UInt64, radix: 16))"
        try body.commit(to: url.appendingPathComponent(name).path)
        // NB: the rename is durable only once the folder itself is synced.
        let folder = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw Failure(operation: "open the body folder", code: errno) }
        defer { close(folder) }
        guard fsync(folder) == 0 else { throw Failure(operation: "sync the body folder", code: errno) }
        return name
    }

    /// The body stored under `name`, opened for sending.
    public func file(_ name: String) throws -> FileBody {
        try FileBody(path: url.appendingPathComponent(Self.checked(name)).path)
    }

    /// The whole body stored under `name`.
    public func read(_ name: String) throws -> Data {
        try file(name).readAll()
    }

    /// Removes the body stored under `name` (nothing when it is gone already).
    public func remove(_ name: String) {
        unlink(url.appendingPathComponent(Self.checked(name)).path)
    }

    /// Removes every file nothing refers to: staged bodies and stored ones not in `names`, last modified
    /// longer ago than `age` (so uploads and commits in flight, here or in another server, are left alone).
    /// Answers how many it removed.
    @discardableResult
    public func sweep(keeping names: Set<String>, olderThan age: TimeInterval = 3600) -> Int {
        var removed = 0
        let cutoff = Date().addingTimeInterval(-age)
        let manager = FileManager.default
        func isOld(_ path: String) -> Bool {
            let modified = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            return (modified ?? .distantFuture) < cutoff
        }
        for name in (try? manager.contentsOfDirectory(atPath: staging.path)) ?? [] {
            let path = staging.appendingPathComponent(name).path
            if isOld(path), unlink(path) == 0 { removed += 1 }
        }
        for name in (try? manager.contentsOfDirectory(atPath: url.path)) ?? [] where name != "staging" {
            let path = url.appendingPathComponent(name).path
            if !names.contains(name), isOld(path), unlink(path) == 0 { removed += 1 }
        }
        return removed
    }

    /// A stored name never leaves the folder.
    private static func checked(_ name: String) -> String {
        name.contains("/") || name.hasPrefix(".") || name.isEmpty ? "invalid-name" : name
    }
}

/// A binary field being written to a temporary file of a ``BodyFolder``: raw bytes, or base64 text decoded
/// as it is appended. Removed when released unless it was committed.
///
/// NB: where it can, it writes with `O_DIRECT`, in whole 4 KiB blocks straight from its page-aligned buffer
/// (the last block padded, the file then cut to length): copying 25 MB into the page cache and writing it
/// back later cost ~5 ms of system time per upload, a fifth of the server's CPU for it on two cores. Otherwise
/// it writes through the page cache and syncs every 8 MiB on another thread, so the sync at commit finds
/// little left.
///
/// NB: `@unchecked Sendable`: an upload writes it from one engine thread, then hands it to the handler, which
/// commits it; the two never touch it at once.
public final class StagedBody: @unchecked Sendable {
    /// Why a staged body is unusable.
    public enum Failure: Error, Sendable {
        /// The text appended with ``appendBase64(_:)`` is not base64.
        case notBase64
        /// Writing the file failed.
        case file(BodyFolder.Failure)
    }

    /// The bytes written so far (all of them after ``finish()``).
    public private(set) var count = 0
    /// What went wrong, if anything did.
    public private(set) var failure: Failure?

    private var path: String
    private var descriptor: Int32
    /// The `O_DIRECT` flag the file was opened with, or 0.
    private var directFlag: Int32
    private var decoder = Base64Decoder()
    private let memory = PageBuffer.reusable(count: StagedBody.bufferSize)
    private var buffer: UnsafeMutableRawPointer { memory.base }
    private var buffered = 0
    private var committed = false
    /// A sync of what was written so far, running on another thread while more arrives.
    private let syncing = DispatchGroup()
    /// The byte count when the last early sync started.
    private var syncedUpTo = 0

    /// How much is written between early syncs.
    static let syncInterval = 8 << 20
    /// Where early syncs run: a serial queue of its own, whose thread may block in `fdatasync`.
    ///
    /// NB: not a global queue: on Linux those share the few threads of Swift's cooperative pool, and a
    /// blocked one would hold up request handlers.
    private static let syncQueue = DispatchQueue(label: "quartet.salesforce.body-sync")

    /// Bytes gathered before each write: few system calls, little memory.
    static let bufferSize = 1 << 20
    /// The unit of direct writes (offsets, lengths and the buffer's address are multiples of it).
    static let block = 4096

    fileprivate init(path: String, descriptor: Int32, directFlag: Int32) {
        self.path = path
        self.descriptor = descriptor
        self.directFlag = directFlag
    }

    /// Whether the file is written past the page cache.
    public var writesDirectly: Bool { directFlag != 0 }

    deinit {
        syncing.wait()
        memory.recycle()
        if descriptor >= 0 { close(descriptor) }
        if !committed { unlink(path) }
    }

    /// Appends raw bytes.
    public func append(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            if buffered == Self.bufferSize { flush() }
            let length = min(bytes.count - offset, Self.bufferSize - buffered)
            (buffer + buffered).copyMemory(from: base + offset, byteCount: length)
            buffered += length
            offset += length
        }
    }

    /// Appends the bytes that a piece of base64 text decodes to (pieces may split groups anywhere).
    public func appendBase64(_ text: UnsafeRawBufferPointer) {
        var offset = 0
        while failure == nil, offset < text.count {
            // NB: pieces are taken so that their decoded bytes always fit the buffer's free room
            // (`Base64Decoder.room(for: length) <= room`).
            let room = Self.bufferSize - buffered
            let length = min(text.count - offset, max(0, (room - 8) / 3 * 4 - 3))
            guard length > 0 else {
                flush()
                continue
            }
            buffered += decoder.decode(
                UnsafeRawBufferPointer(rebasing: text[offset..<(offset + length)]), into: buffer + buffered)
            offset += length
            if decoder.failed { failure = .notBase64 }
            if Self.bufferSize - buffered < 16 { flush() }
        }
    }

    /// Ends the body: the last base64 group is checked and everything is written out.
    public func finish() {
        if failure == nil {
            if Self.bufferSize - buffered < 4 { flush() }
            if let tail = decoder.finish(into: buffer + buffered) {
                buffered += tail
            } else {
                failure = .notBase64
            }
        }
        flush(isLast: true)
    }

    /// Writes the buffer to the file: all of it, or with direct writes the whole blocks (a tail shorter than
    /// a block moves to the buffer's start), and at the end the rest padded to a block.
    private func flush(isLast: Bool = false) {
        guard failure == nil, buffered > 0 else {
            buffered = 0
            return
        }
        var length = buffered
        if writesDirectly {
            let block = Self.block
            length = isLast ? (buffered + block - 1) / block * block : buffered / block * block
            if length > buffered {
                (buffer + buffered).initializeMemory(as: UInt8.self, repeating: 0, count: length - buffered)
            }
        }
        guard let wrote = writeOut(length) else { return }
        let written = min(wrote, buffered)
        count += written
        if isLast, length != written, ftruncate(descriptor, off_t(count)) != 0 {
            failure = .file(BodyFolder.Failure(operation: "cut a staged body to length", code: errno))
        }
        buffered -= written
        if buffered > 0 { buffer.copyMemory(from: buffer + written, byteCount: buffered) }
        if !writesDirectly { startEarlySync() }
    }

    /// Writes the buffer's first `length` bytes and returns how many it wrote (all of the buffer instead, after
    /// a refused direct write, through the page cache); `nil` on failure.
    private func writeOut(_ length: Int) -> Int? {
        var offset = 0
        while offset < length {
            let wrote = write(descriptor, buffer + offset, length - offset)
            if wrote < 0, errno == EINTR { continue }
            if wrote < 0, errno == EINVAL, writesDirectly, offset == 0 {
                // NB: some file systems accept the flag at open and refuse the writes.
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~directFlag)
                directFlag = 0
                return writeOut(buffered)
            }
            guard wrote > 0 else {
                failure = .file(BodyFolder.Failure(operation: "write a staged body", code: errno))
                return nil
            }
            offset += wrote
        }
        return length
    }

    /// Starts syncing what is written so far on another thread, unless a sync still runs, so that the sync
    /// at ``BodyFolder/commit(_:for:)`` finds little left to write.
    ///
    /// NB: the disk writes 25 MB in ~9 ms here; syncing only at the end put all of it after the upload.
    private func startEarlySync() {
        guard count - syncedUpTo >= Self.syncInterval, syncing.wait(timeout: .now()) == .success else { return }
        syncedUpTo = count
        let descriptor = descriptor
        Self.syncQueue.async(group: syncing) { _ = Self.syncData(descriptor) }
    }

    private static func syncData(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
            fdatasync(descriptor)
        #else
            fsync(descriptor)
        #endif
    }

    /// Syncs the file and renames it to `target`; it is then the folder's, not removed on release.
    fileprivate func commit(to target: String) throws {
        if let failure {
            switch failure {
            case .notBase64: throw BodyFolder.Failure(operation: "commit a body that is not base64", code: EINVAL)
            case .file(let failure): throw failure
            }
        }
        syncing.wait()
        guard Self.syncData(descriptor) == 0 else { throw BodyFolder.Failure(operation: "sync a body", code: errno) }
        close(descriptor)
        descriptor = -1
        guard rename(path, target) == 0 else { throw BodyFolder.Failure(operation: "store a body", code: errno) }
        path = target
        committed = true
    }
}
