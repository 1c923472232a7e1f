import Foundation
import TestSupport
import Testing

@testable import HTTPServer

/// Byte bodies past ``ResponseBuffer/copyLimit`` go out of the handler's own buffer, not a copy.
@Suite("Large response bodies over real sockets")
struct LargeResponseTests {
    /// 4 MiB of position-dependent bytes.
    static let payload: Data = {
        var data = Data(count: 4 << 20)
        data.withUnsafeMutableBytes { bytes in
            var state: UInt64 = 7
            for index in stride(from: 0, to: bytes.count - 7, by: 8) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.storeBytes(of: state, toByteOffset: index, as: UInt64.self)
            }
        }
        return data
    }()

    static func router() -> Router {
        var router = Router()
        router.get("/whole") { _ in Response(body: Self.payload) }
        // A slice whose storage starts before it: the engine must send from the slice's own first byte.
        router.get("/slice") { _ in Response(body: Self.payload[1_000_003..<(3 << 20)]) }
        router.get("/edge") { _ in Response(body: Self.payload.prefix(ResponseBuffer.copyLimit)) }
        return router
    }

    @Test(arguments: ["/whole", "/slice", "/edge"])
    func sendsTheHandlersBytesExactly(path: String) async throws {
        let expected: Data
        switch path {
        case "/whole": expected = Self.payload
        case "/slice": expected = Self.payload[1_000_003..<(3 << 20)]
        default: expected = Self.payload.prefix(ResponseBuffer.copyLimit)
        }
        try await withServer(router: Self.router()) { server in
            let connection = try RawConnection(port: server.port, timeoutSeconds: 30)
            // Twice on one connection: the first response's buffer is released and the second is intact.
            for _ in 0..<2 {
                try await connection.sendAsync("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
                let reply = try await blocking { try connection.readResponse() }
                #expect(reply.status == 200)
                #expect(reply.body.count == expected.count)
                #expect(checksum(reply.body) == checksum(expected))
            }
        }
    }

    @Test func answersHeadForALargeBodyWithItsLengthOnly() async throws {
        try await withServer(router: Self.router()) { server in
            let connection = try RawConnection(port: server.port, timeoutSeconds: 30)
            try await connection.sendAsync("HEAD /whole HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try await blocking { try connection.readResponse(head: true) }
            #expect(head.header("Content-Length") == "\(Self.payload.count)")
            try await connection.sendAsync("GET /slice HTTP/1.1\r\nHost: x\r\n\r\n")
            let next = try await blocking { try connection.readResponse() }
            #expect(checksum(next.body) == checksum(Self.payload[1_000_003..<(3 << 20)]))
        }
    }

    @Test func survivesAClientThatLeavesMidBody() async throws {
        try await withServer(router: Self.router()) { server in
            let leaving = try RawConnection(port: server.port, timeoutSeconds: 30)
            try await leaving.sendAsync("GET /whole HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try await blocking { try leaving.readHead() }
            leaving.close()
            let connection = try RawConnection(port: server.port, timeoutSeconds: 30)
            try await connection.sendAsync("GET /whole HTTP/1.1\r\nHost: x\r\n\r\n")
            let reply = try await blocking { try connection.readResponse() }
            #expect(checksum(reply.body) == checksum(Self.payload))
        }
    }
}
