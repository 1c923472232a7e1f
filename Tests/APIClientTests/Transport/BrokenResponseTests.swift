import Foundation
import Locking
import Testing

@testable import APIClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live transport against responses no proper server sends (a raw socket server plays them).
@Suite struct BrokenResponseTests {
    private func client(
        _ server: RawSocketServer, log: ReportLog = ReportLog(), sleeper: RecordingSleeper = RecordingSleeper()
    )
        -> APIClient
    {
        APIClient(
            baseURL: server.url, transport: sharedLiveTransport, retryPolicy: RetryPolicy(random: { 0 }),
            sleeper: sleeper.sleeper,
            errorReporter: log.reporter, timeout: 5)
    }

    @Test func truncatedBodyIsAConnectionErrorAndGetIsRetried() async throws {
        let attempts = Locked(0)
        let server = try RawSocketServer { connection in
            guard connection.readRequest() != nil else { return }
            attempts.withLock { $0 += 1 }
            connection.write(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"id\": 1")
        }
        defer { server.stop() }
        let log = ReportLog()
        await #expect(throws: APIError.connectionLost) {
            try await client(server, log: log).send(Endpoint<[String: Int]>.get("x"))
        }
        #expect(attempts.withLock { $0 } == 3)
        #expect(log.reports.count == 1)
    }

    @Test(arguments: [true, false])
    func connectionDroppedBeforeAnyResponseIsConnectionLostAndPostIsNotRetried(reset: Bool) async throws {
        let attempts = Locked(0)
        let server = try RawSocketServer { connection in
            guard connection.readRequest() != nil else { return }
            attempts.withLock { $0 += 1 }
            if reset { connection.reset() }
        }
        defer { server.stop() }
        let endpoint = Endpoint<Data>(
            method: .post, path: ["orders"], body: .data(Data("{}".utf8), contentType: "application/json"),
            response: .data)
        await #expect(throws: APIError.connectionLost) { try await client(server).send(endpoint) }
        #expect(attempts.withLock { $0 } == 1)
    }

    @Test func garbageStatusLineIsAnErrorNotACrash() async throws {
        let server = try RawSocketServer { connection in
            _ = connection.readRequest()
            connection.write("SMTP ready\r\n\r\n")
        }
        defer { server.stop() }
        await #expect(throws: APIError.self) {
            try await client(server).send(Endpoint<Data>(method: .get, path: ["x"], response: .data))
        }
    }

    @Test func truncatedJSONWithHonestLengthIsADecodingError() async throws {
        let server = try RawSocketServer { connection in
            _ = connection.readRequest()
            let body = #"{"features": [{"id": 1}, {"id""#
            connection.write(
                "HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        }
        defer { server.stop() }
        struct Feed: Decodable { var features: [[String: Int]] }
        let error = await #expect(throws: APIError.self) { try await client(server).send(Endpoint<Feed>.get("feed")) }
        guard case .decoding = error else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
    }

    @Test func refusedConnectionIsCannotConnect() async throws {
        try await RawSocketServer.withRefusingPort { url in
            let sleeper = RecordingSleeper()
            let client = APIClient(
                baseURL: url, transport: sharedLiveTransport, retryPolicy: RetryPolicy(random: { 0 }),
                sleeper: sleeper.sleeper, errorReporter: .silent)
            await #expect(throws: APIError.cannotConnect) {
                try await client.send(Endpoint<Data>(method: .get, path: ["x"], response: .data))
            }
            #expect(sleeper.durations.count == 2)
        }
    }
}
