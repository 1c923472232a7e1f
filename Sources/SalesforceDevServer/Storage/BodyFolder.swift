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

    /// Opens (creating it if needed) the folder at `url`.
    public convenience init(_ url: URL) throws {
        try self.init(url, removesOnDeinit: false)
    }

    private init(_ url: URL, removesOnDeinit: Bool) throws {
        self.url = url
        self.staging = url.appendingPathComponent("staging", isDirectory: true)
        self.removesOnDeinit = removesOnDeinit
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
    }

    /// A new folder under the system's temporary directory, removed with this object (tests, in-memory
    /// stores).
    public static func temporary() throws -> BodyFolder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "quartet-bodies-\(UUID().uuidString)", isDirectory: true)
        return try BodyFolder(url, removesOnDeinit: true)
    }

    deinit {
        if removesOnDeinit { try? FileManager.default.removeItem(at: url) }
    }

    /// A new, empty body in a temporary file, ready to be written.
    public func stage() throws -> StagedBody {
        let path = staging.appendingPathComponent(UUID().uuidString).path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(operation: "create a staged body", code: errno) }
        return StagedBody(path: path, descriptor: descriptor)
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
    public func sweep(keeping names: Set<String>, olderThan age: TimeInterval = 3600) {
        let cutoff = Date().addingTimeInterval(-age)
        let manager = FileManager.default
        func isOld(_ path: String) -> Bool {
            let modified = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            return (modified ?? .distantFuture) < cutoff
        }
        for name in (try? manager.contentsOfDirectory(atPath: staging.path)) ?? [] {
            let path = staging.appendingPathComponent(name).path
            if isOld(path) { unlink(path) }
        }
        for name in (try? manager.contentsOfDirectory(atPath: url.path)) ?? [] where name != "staging" {
            let path = url.appendingPathComponent(name).path
            if !names.contains(name), isOld(path) { unlink(path) }
        }
    }

    /// A stored name never leaves the folder.
    private static func checked(_ name: String) -> String {
        name.contains("/") || name.hasPrefix(".") || name.isEmpty ? "invalid-name" : name
    }
}

/// A binary field being written to a temporary file of a ``BodyFolder``: raw bytes, or base64 text decoded
/// as it is appended. Removed when released unless it was committed.
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
    /// The first bytes written (up to 8), to recognize the content type.
    public private(set) var head: [UInt8] = []
    /// What went wrong, if anything did.
    public private(set) var failure: Failure?

    private var path: String
    private var descriptor: Int32
    private var decoder = Base64Decoder()
    private let memory = PageBuffer(count: StagedBody.bufferSize)
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

    fileprivate init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        syncing.wait()
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
            // NB: pieces are taken so that their decoded bytes always fit the buffer's free room.
            let room = Self.bufferSize - buffered
            let length = min(text.count - offset, (room - 4) / 3 * 4)
            guard length > 0 else {
                flush()
                continue
            }
            buffered += decoder.decode(
                UnsafeRawBufferPointer(rebasing: text[offset..<(offset + length)]), into: buffer + buffered)
            offset += length
            if decoder.failed { failure = .notBase64 }
            if Self.bufferSize - buffered < 8 { flush() }
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
        flush()
    }

    /// Writes the buffer to the file.
    private func flush() {
        defer { buffered = 0 }
        guard failure == nil, buffered > 0 else { return }
        if head.count < 8 { head += UnsafeRawBufferPointer(start: buffer, count: min(8 - head.count, buffered)) }
        var offset = 0
        while offset < buffered {
            let wrote = write(descriptor, buffer + offset, buffered - offset)
            if wrote < 0, errno == EINTR { continue }
            guard wrote > 0 else {
                failure = .file(BodyFolder.Failure(operation: "write a staged body", code: errno))
                return
            }
            offset += wrote
        }
        count += buffered
        startEarlySync()
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
