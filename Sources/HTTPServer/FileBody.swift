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

    /// The number of bytes sent (the file's size when it was opened, or the length of the range).
    public let count: Int
    /// Where in the file the bytes sent start (0 unless a range was asked for).
    public let offset: Int
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
        try descriptor.withLock { descriptor throws(OpenError) -> Data in
            guard let descriptor else { return Data() }
            var data = Data(count: count)
            let read = data.withUnsafeMutableBytes { buffer -> Int in
                var offset = 0
                while offset < buffer.count {
                    let got = pread(
                        descriptor, buffer.baseAddress! + offset, buffer.count - offset, off_t(self.offset + offset))
                    if got < 0, errno == EINTR { continue }
                    guard got > 0 else { return got < 0 ? -1 : offset }
                    offset += got
                }
                return offset
            }
            guard read >= 0 else { throw OpenError(code: errno) }
            return data.prefix(read)
        }
    }
}
