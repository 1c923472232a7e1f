import Foundation
import TestSupport
import Testing

@testable import HTTPServer

/// Large declared bodies are received into their own pages and handed over without a copy.
@Suite("Mapped request bodies")
struct MappedBodyTests {
    @Test func keepsWhatFitsAndRefusesMore() throws {
        let body = try #require(MappedBody(capacity: 10))
        let bytes: [CChar] = Array(repeating: 7, count: 8)
        #expect(body.append(bytes, size: 8))
        #expect(!body.append(bytes, size: 3))
        #expect(body.append(bytes, size: 2))
        #expect(body.count == 10)
        #expect(body.takeData() == Data(repeating: 7, count: 10))
        #expect(body.takeData().isEmpty)
        #expect(!body.append(bytes, size: 1))
    }

    @Test func refusesAnEmptyMapping() {
        #expect(MappedBody(capacity: 0) == nil)
    }

    @Test func aClientThatLeavesMidBodyDoesNotStopTheServer() async throws {
        try await withServer(router: echoRouter()) { server in
            let leaving = try RawConnection(port: server.port, timeoutSeconds: 30)
            try await leaving.sendAsync(
                "POST /checksum HTTP/1.1\r\nHost: x\r\nContent-Length: \(8 << 20)\r\n\r\n")
            try await leaving.sendAsync(Data(repeating: 1, count: 1 << 20))
            leaving.close()
            let body = Data((0..<(2 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 131) })
            let connection = try RawConnection(port: server.port, timeoutSeconds: 30)
            try await connection.sendAsync("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n")
            try await connection.sendAsync(body)
            let reply = try await blocking { try connection.readResponse() }
            #expect(reply.status == 200)
            #expect(checksum(reply.body) == checksum(body))
        }
    }
}
