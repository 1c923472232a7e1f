import Foundation
import Locking

@testable import APIClient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny blocking HTTP/1.1 server on POSIX sockets, for responses no well-behaved server would send:
/// truncated bodies, connections closed mid-response, garbage instead of a status line.
///
/// Each connection runs `handler` on its own thread; the socket is closed when the handler returns.
final class RawSocketServer: Sendable {
    let port: Int
    private let listener: Int32
    /// Whether the accept thread has closed the listening socket.
    private let closed = Locked(false)

    init(handler: @escaping @Sendable (RawConnection) -> Void) throws {
        let (fd, port) = try Self.bindLoopback()
        guard listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        listener = fd
        self.port = port
        let closed = self.closed
        Thread {
            while true {
                let connection = accept(fd, nil, nil)
                if connection < 0 {
                    if errno == EINTR { continue }
                    // NB: only this thread closes the listener, after `stop()` shut it down: closing it from
                    // `stop()` could let a reused descriptor number (another test's socket) be accepted on here.
                    closed.withLock { closed in
                        close(fd)
                        closed = true
                    }
                    return
                }
                Thread {
                    handler(RawConnection(fd: connection))
                    close(connection)
                }.start()
            }
        }.start()
    }

    /// The server's base URL.
    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Stops accepting connections.
    func stop() {
        closed.withLock { closed in
            if !closed { shutdown(listener, Int32(SHUT_RDWR)) }
        }
    }

    /// A socket bound to a free loopback port, not yet listening.
    static func bindLoopback() throws -> (fd: Int32, port: Int) {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(fd, address, length) == 0 && getsockname(fd, address, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Runs `body` with the URL of a loopback port that refuses connections (bound, never listening, so no
    /// other test can take it meanwhile).
    static func withRefusingPort<T>(_ body: (URL) async throws -> T) async throws -> T {
        let (fd, port) = try bindLoopback()
        defer { close(fd) }
        return try await body(URL(string: "http://127.0.0.1:\(port)")!)
    }
}

/// One accepted connection.
struct RawConnection: Sendable {
    let fd: Int32

    /// What the client sent: request line, headers (lower-cased names) and a `Content-Length` body.
    struct Request {
        var method: String
        var path: String
        var headers: [String: String]
        var body: Data
    }

    /// Reads one request, answering `Expect: 100-continue`; `nil` if the client went away.
    func readRequest() -> Request? {
        var buffer = Data()
        var headEnd: Range<Data.Index>?
        while headEnd == nil {
            guard let chunk = read(max: 65_536) else { return nil }
            buffer.append(chunk)
            headEnd = buffer.range(of: Data("\r\n\r\n".utf8))
        }
        guard let headEnd else { return nil }
        let head = String(decoding: buffer[..<headEnd.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        if headers["expect"]?.lowercased() == "100-continue" { write("HTTP/1.1 100 Continue\r\n\r\n") }
        var body = Data(buffer[headEnd.upperBound...])
        let expected = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < expected {
            guard let chunk = read(max: 1 << 20) else { return nil }
            body.append(chunk)
        }
        return Request(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: body)
    }

    private func read(max: Int) -> Data? {
        var bytes = [UInt8](repeating: 0, count: max)
        let count = recv(fd, &bytes, max, 0)
        return count > 0 ? Data(bytes[0..<count]) : nil
    }

    /// Writes bytes; `false` once the client has gone.
    @discardableResult
    func write(_ data: Data) -> Bool {
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        var offset = 0
        while offset < data.count {
            let sent = data.withUnsafeBytes { raw in
                send(fd, raw.baseAddress! + offset, data.count - offset, flags)
            }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    /// Writes text as UTF-8.
    @discardableResult
    func write(_ text: String) -> Bool { write(Data(text.utf8)) }

    /// Blocks until the client closes its side.
    func waitForClose() {
        while read(max: 4096) != nil {}
    }

    /// Closes with a TCP reset instead of an orderly shutdown.
    func reset() {
        var linger = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
    }
}
