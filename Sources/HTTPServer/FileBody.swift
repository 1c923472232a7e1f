import Foundation
import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file sent as a response body: the engine sends it from the kernel's page cache (`sendfile`)
/// without reading it into memory, and closes it when the response is done.
///
/// Open it in the handler, so that a missing file is the handler's error to answer, not the engine's:
///
/// ```swift
/// let file = try FileBody(path: path)
/// return Response(headers: ["Content-Type": "application/pdf"], body: .file(file))
/// ```
public final class FileBody: Sendable {
    /// Why a file could not be opened.
    public struct OpenError: Error, Sendable, CustomStringConvertible {
        /// The `errno` of the failed call.
        public var code: Int32
        public var description: String { String(cString: strerror(code)) }
    }

    /// One piece of a body made of several: bytes of its own, or a stretch of the file.
    public enum Segment: Sendable, Equatable {
        /// Bytes sent as they are (e.g. a part's headers).
        case bytes(Data)
        /// The file's bytes at these offsets (both ends included).
        case range(ClosedRange<Int>)
    }

    /// The number of bytes sent (the file's size when it was opened, the length of the range, or the length of
    /// all the segments).
    public let count: Int
    /// Where in the file the bytes sent start (0 unless a range was asked for).
    public let offset: Int
    /// The pieces of a body that is not one stretch of the file (`nil` for one stretch, sent with `sendfile`).
    public let segments: [Segment]?
    /// The descriptor, until the engine takes it or the body is released.
    private let descriptor: Locked<Int32?>

    /// Opens `path` for reading.
    public init(path: String) throws(OpenError) {
        let opened = open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else { throw OpenError(code: errno) }
        var status = stat()
        guard fstat(opened, &status) == 0 else {
            let code = errno
            close(opened)
            throw OpenError(code: code)
        }
        count = Int(status.st_size)
        offset = 0
        segments = nil
        descriptor = Locked(opened)
    }

    /// Opens `path` to send only the bytes in `range` (offsets into the file, e.g. for a `206 Partial Content`).
    ///
    /// A range reaching past the end of the file is cut to the file's size; one starting past it sends nothing.
    ///
    /// ```swift
    /// let part = try FileBody(path: path, range: 100...199)   // 100 bytes from offset 100
    /// ```
    public init(path: String, range: ClosedRange<Int>) throws(OpenError) {
        let whole = try FileBody(path: path)
        guard let opened = whole.take() else { throw OpenError(code: EBADF) }
        let start = min(max(0, range.lowerBound), whole.count)
        offset = start
        count = max(0, min(range.upperBound + 1, whole.count) - start)
        segments = nil
        descriptor = Locked(opened)
    }

    /// Opens `path` to send `segments` one after the other: bytes of their own and stretches of the file, read
    /// from disk as they are sent (never the whole file at once), e.g. a `multipart/byteranges` body.
    ///
    /// A stretch reaching past the end of the file is cut to the file's size.
    ///
    /// ```swift
    /// let body = try FileBody(path: path, segments: [.bytes(header), .range(0...99), .bytes(trailer)])
    /// ```
    public init(path: String, segments: [Segment]) throws(OpenError) {
        let whole = try FileBody(path: path)
        guard let opened = whole.take() else { throw OpenError(code: EBADF) }
        let cut = segments.compactMap { segment -> Segment? in
            guard case .range(let range) = segment else { return segment }
            let start = max(0, range.lowerBound)
            let end = min(range.upperBound, whole.count - 1)
            return start <= end ? .range(start...end) : nil
        }
        offset = 0
        count = cut.reduce(0) { total, segment in
            switch segment {
            case .bytes(let data): total + data.count
            case .range(let range): total + range.count
            }
        }
        self.segments = cut
        descriptor = Locked(opened)
    }

    deinit {
        if let open = descriptor.withLock({ $0 }) { close(open) }
    }

    /// Hands the descriptor to the engine, which closes it; `nil` when it was taken already.
    func take() -> Int32? {
        descriptor.withLock { descriptor in
            defer { descriptor = nil }
            return descriptor
        }
    }

    /// The whole content, read without moving the file offset (for tests and in-process clients).
    public func readAll() throws(OpenError) -> Data {
        var data = Data(count: count)
        // NB: `withUnsafeMutableBytes` rethrows untyped errors; the result carries the typed one out.
        let result = data.withUnsafeMutableBytes { buffer in
            Result { () throws(OpenError) -> Int in try self.read(at: 0, into: buffer) }
        }
        return data.prefix(try result.get())
    }

    /// Copies the body's bytes from `position` into `buffer`; answers how many (0 at the end).
    ///
    /// NB: the engine calls this for a body of ``segments`` as the client takes it, a buffer at a time.
    func read(at position: Int, into buffer: UnsafeMutableRawBufferPointer) throws(OpenError) -> Int {
        try descriptor.withLock { descriptor throws(OpenError) -> Int in
            guard let descriptor, count > 0 else { return 0 }
            var written = 0
            var start = 0
            for segment in segments ?? [.range(offset...(offset + count - 1))] where written < buffer.count {
                let length =
                    switch segment {
                    case .bytes(let data): data.count
                    case .range(let range): range.count
                    }
                defer { start += length }
                let from = position + written - start
                guard from >= 0, from < length else { continue }
                let wanted = min(length - from, buffer.count - written)
                switch segment {
                case .bytes(let data):
                    data.withUnsafeBytes { bytes in
                        (buffer.baseAddress! + written).copyMemory(from: bytes.baseAddress! + from, byteCount: wanted)
                    }
                    written += wanted
                case .range(let range):
                    let got = try Self.readFully(
                        descriptor, buffer.baseAddress! + written, wanted, range.lowerBound + from)
                    written += got
                    // A file that shrank since it was opened ends the body early.
                    if got < wanted { return written }
                }
            }
            return written
        }
    }

    /// Reads up to `count` bytes at `offset`, retrying interrupted and short reads; fewer only at the file's end.
    private static func readFully(_ descriptor: Int32, _ into: UnsafeMutableRawPointer, _ count: Int, _ offset: Int)
        throws(OpenError) -> Int
    {
        var done = 0
        while done < count {
            let got = pread(descriptor, into + done, count - done, off_t(offset + done))
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw OpenError(code: errno) }
            guard got > 0 else { break }
            done += got
        }
        return done
    }
}
