import Foundation

/// A blocking TCP client on 127.0.0.1 for tests that need exact bytes on the wire (pipelining,
/// malformed requests, half-sent bodies). Every read times out after a few seconds, so a broken server
/// fails the test instead of hanging it.
// NB: `@unchecked Sendable` so a test can hand a connection to ``blocking(_:)``; each connection is used by
// one closure at a time, never concurrently.
public final class RawConnection: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) { self.description = description }
    }

    /// A parsed HTTP/1.1 response.
    public struct Reply: Sendable {
        public var status: Int
        public var headers: [(String, String)]
        public var body: Data

        public func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }

        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    public let fd: Int32
    private var buffer = Data()

    /// NB: the receive timeout only catches a hung server; it is generous because the whole suite runs
    /// in parallel on two cores and a starved (not broken) server may take seconds to answer.
    /// `source` is the local address to connect from (another loopback address, `127.0.0.2`, is another client).
    public init(port: UInt16, receiveBufferSize: Int32? = nil, timeoutSeconds: Int = 60, source: String? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else { throw Failure(description: "bind() failed: \(String(cString: strerror(errno)))") }
        }
        if var size = receiveBufferSize {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        // NB: no close here: the instance is whole, so a throw now runs `deinit`, which closes it. Closing here as
        // well closed the number twice, and in a parallel run the second close could hit another test's socket
        // (a server's listening socket, reused in between: MHD then panicked removing it from its epoll set).
        guard result == 0 else { throw Failure(description: "connect() failed: \(String(cString: strerror(errno)))") }
    }

    /// Sets how long a read waits for bytes before it throws (the `timeoutSeconds` given at the start).
    ///
    /// For a test that first shows nothing comes within a short wait, then waits for what must come.
    public func setReceiveTimeout(seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    // NB: only touched by the closure using the connection, like `buffer`.
    private var isReset = false

    deinit { if !isReset { Foundation.close(fd) } }

    /// Half-closes both directions (FIN): the server may take this for a client done sending.
    public func close() { shutdown(fd, Int32(SHUT_RDWR)) }

    /// Drops the connection abortively (RST), as a client that crashed or lost its network.
    public func reset() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        Foundation.close(fd)
        isReset = true
    }

    public func send(_ text: String) throws { try send(Data(text.utf8)) }

    public func send(_ data: Data) throws {
        try data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var sent = 0
            while sent < bytes.count {
                let result = Foundation.send(fd, base + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                guard result > 0 else {
                    throw Failure(description: "send() failed: \(String(cString: strerror(errno)))")
                }
                sent += result
            }
        }
    }

    /// Reads more bytes into the buffer; `false` at end of stream.
    @discardableResult
    public func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let count = recv(fd, &chunk, chunk.count, 0)
        if count < 0 {
            if errno == ECONNRESET { return false }
            throw Failure(description: "recv() failed: \(String(cString: strerror(errno)))")
        }
        if count == 0 { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Whether the server closed the connection (reads end of stream or a reset, after any bytes).
    public func isClosedByPeer() -> Bool {
        while true {
            guard let more = try? fill() else { return false }
            if !more { return true }
        }
    }

    public func readLine() throws -> String {
        while true {
            if let range = buffer.range(of: Data("\r\n".utf8)) {
                let line = String(decoding: buffer[buffer.startIndex..<range.lowerBound], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex..<range.upperBound)
                return line
            }
            guard try fill() else { throw Failure(description: "connection closed mid-line") }
        }
    }

    public func readBytes(_ count: Int) throws -> Data {
        while buffer.count < count {
            guard try fill() else { throw Failure(description: "connection closed mid-body") }
        }
        let bytes = Data(buffer.prefix(count))
        buffer.removeFirst(count)
        return bytes
    }

    /// Reads the status line and headers.
    public func readHead() throws -> Reply {
        let statusLine = try readLine()
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else {
            throw Failure(description: "bad status line '\(statusLine)'")
        }
        var headers: [(String, String)] = []
        while true {
            let line = try readLine()
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append(
                (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return Reply(status: status, headers: headers, body: Data())
    }

    /// Reads one whole response (Content-Length or chunked); `head` for answers to HEAD.
    public func readResponse(head: Bool = false) throws -> Reply {
        var reply = try readHead()
        if head { return reply }
        if let length = reply.header("Content-Length").flatMap(Int.init) {
            reply.body = try readBytes(length)
        } else if reply.header("Transfer-Encoding")?.lowercased() == "chunked" {
            while let chunk = try readChunk() { reply.body.append(chunk) }
        }
        return reply
    }

    /// One chunk of a chunked body, or `nil` for the last one.
    public func readChunk() throws -> Data? {
        let sizeLine = try readLine()
        guard let size = Int(sizeLine.split(separator: ";")[0], radix: 16) else {
            throw Failure(description: "bad chunk size '\(sizeLine)'")
        }
        if size == 0 {
            _ = try readLine()
            return nil
        }
        let data = try readBytes(size)
        _ = try readLine()
        return data
    }
}

/// Polls `condition` until it holds or 30 seconds pass (for effects that land on another thread).
///
/// NB: generous for the same reason as the receive timeout: the whole suite shares two cores, and a starved
/// (not broken) server thread may take seconds to get to the effect. A condition that holds returns at once.
public func eventually(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: .seconds(30))
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

extension RawConnection {
    public func sendAsync(_ text: String) async throws { try await sendAsync(Data(text.utf8)) }

    public func sendAsync(_ data: Data) async throws {
        try await blocking { try self.send(data) }
    }
}
