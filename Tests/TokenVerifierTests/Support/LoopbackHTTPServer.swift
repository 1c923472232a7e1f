import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-shot HTTP server on 127.0.0.1 that answers every request with one canned response.
///
/// Just enough to drive `JWKSFetcher.live` through a real socket and URLSession; stopped by `close()`.
final class LoopbackHTTPServer: Sendable {
    let port: UInt16
    private let listener: Int32

    init(status: String, body: Data) throws {
        #if canImport(Glibc)
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard listener >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(listener, socketAddress, length) == 0 && listen(listener, 8) == 0
                    && getsockname(listener, socketAddress, &length) == 0
            }
        }
        guard bound else {
            closeDescriptor(listener)
            throw POSIXError(.EADDRINUSE)
        }
        self.listener = listener
        self.port = UInt16(bigEndian: address.sin_port)
        let response =
            Data(
                "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
                    .utf8)
            + body
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else {
                    // NB: only this thread closes the listener, once `close()` has shut it down: closed there, the
                    // number could be reused by another test's socket before this loop calls `accept` again.
                    closeDescriptor(listener)
                    return
                }
                var buffer = [UInt8](repeating: 0, count: 4096)
                _ = read(connection, &buffer, buffer.count)
                // NB: never SIGPIPE, whose default action would end the whole test process if the client left.
                _ = response.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, noSignal) }
                closeDescriptor(connection)
            }
        }
    }

    /// The URL of `path` on this server.
    func url(_ path: String) -> URL? { URL(string: "http://127.0.0.1:\(port)\(path)") }

    /// Stops accepting connections; the accept loop then ends and closes the listening socket.
    func close() {
        shutdown(listener, Int32(SHUT_RDWR))
    }
}

#if canImport(Glibc)
    private let noSignal = Int32(MSG_NOSIGNAL)
#else
    private let noSignal: Int32 = 0
#endif

private func closeDescriptor(_ descriptor: Int32) {
    #if canImport(Glibc)
        _ = Glibc.close(descriptor)
    #else
        _ = Darwin.close(descriptor)
    #endif
}
