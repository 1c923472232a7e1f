import Foundation
import Locking
import TestSupport
import Testing

@testable import HTTPServer

/// What a test's producer observed, shared with the test body.
final class ProducerProbe: Sendable {
    private let state = Locked<(started: Int, ended: [String])>((0, []))

    func start() { state.withLock { $0.started += 1 } }
    func end(_ how: String) { state.withLock { $0.ended.append(how) } }
    var started: Int { state.withLock { $0.started } }
    var ended: [String] { state.withLock { $0.ended } }
}

/// Streams events forever (one per `every`), recording how the producer ended.
func endlessStream(_ probe: ProducerProbe, every: Duration = .milliseconds(20), size: Int = 10) -> EventStream {
    EventStream { writer in
        probe.start()
        var index = 0
        do {
            while true {
                index += 1
                try await writer.send(ServerSentEvent(id: "\(index)", data: String(repeating: "x", count: size)))
                try await Task.sleep(for: every)
            }
        } catch let error as EventStreamError {
            probe.end("\(error)")
        } catch is CancellationError {
            probe.end("cancelled")
        }
    }
}

extension RawConnection {
    /// Reads chunks of an event stream until `done` holds for the text so far (or the stream ends).
    func readEvents(until done: (String) -> Bool) throws -> String {
        var text = ""
        while !done(text), let chunk = try readChunk() {
            text += String(decoding: chunk, as: UTF8.self)
        }
        return text
    }
}

@Suite("Event streams over real sockets")
struct EventStreamServerTests {
    @Test func deliversEventsAfterTheLastEventID() async throws {
        var router = Router()
        router.get("/events") { request in
            let after = Int(request.lastEventID ?? "0") ?? 0
            return Response(
                body: .eventStream(
                    EventStream { writer in
                        for id in (after + 1)...(after + 3) {
                            try await writer.send(ServerSentEvent(id: "\(id)", event: "tick", data: "n=\(id)\nend"))
                        }
                    }))
        }
        try await withServer(router: router) { server in
            let connection = try RawConnection(port: server.port)
            try await connection.sendAsync("GET /events HTTP/1.1\r\nHost: x\r\nLast-Event-ID: 5\r\n\r\n")
            let (head, text) = try await blocking { () throws -> (RawConnection.Reply, String) in
                let head = try connection.readHead()
                return (head, try connection.readEvents { _ in false })
            }
            #expect(head.status == 200)
            #expect(head.header("Content-Type") == "text/event-stream")
            #expect(head.header("Cache-Control") == "no-cache")
            #expect(
                text.replacingOccurrences(of: ": keep-alive\n\n", with: "")
                    == "id: 6\nevent: tick\ndata: n=6\ndata: end\n\n" + "id: 7\nevent: tick\ndata: n=7\ndata: end\n\n"
                    + "id: 8\nevent: tick\ndata: n=8\ndata: end\n\n")
            #expect(await eventually { server.openEventStreams == 0 })
        }
    }

    @Test func sendsHeartbeatsWhileTheProducerIsQuiet() async throws {
        var router = Router()
        router.get("/quiet") { _ in
            Response(
                body: .eventStream(
                    EventStream(heartbeat: .milliseconds(20)) { _ in try await Task.sleep(for: .seconds(30)) }))
        }
        try await withServer(router: router) { server in
            let connection = try RawConnection(port: server.port)
            try await connection.sendAsync("GET /quiet HTTP/1.1\r\nHost: x\r\n\r\n")
            let text = try await blocking { () throws -> String in
                _ = try connection.readHead()
                return try connection.readEvents { $0.contains(": keep-alive\n\n: keep-alive\n\n") }
            }
            #expect(text.hasPrefix(": keep-alive\n\n"))
        }
    }

    @Test func aClientThatLeavesFreesItsStream() async throws {
        let probe = ProducerProbe()
        var router = Router()
        router.get("/endless") { _ in Response(body: .eventStream(endlessStream(probe))) }
        try await withServer(router: router) { server in
            let connection = try RawConnection(port: server.port)
            try await connection.sendAsync("GET /endless HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try await blocking { () throws -> String in
                _ = try connection.readHead()
                return try connection.readEvents { $0.contains("id: 2\n") }
            }
            #expect(server.openEventStreams == 1)
            connection.close()
            #expect(await eventually { server.openEventStreams == 0 })
            #expect(await eventually { probe.ended.count == 1 })
            #expect(probe.ended.allSatisfy { $0 == "closed" || $0 == "cancelled" })
        }
    }

    @Test func dropsASlowConsumerPastTheQueueCap() async throws {
        let probe = ProducerProbe()
        var router = Router()
        router.get("/firehose") { _ in
            Response(
                body: .eventStream(
                    EventStream(maxQueuedBytes: 64 << 10) { writer in
                        probe.start()
                        let event = ServerSentEvent(data: String(repeating: "y", count: 8 << 10))
                        do {
                            while true { try await writer.send(event) }
                        } catch let error as EventStreamError {
                            probe.end("\(error)")
                        }
                    }))
        }
        try await withServer(router: router) { server in
            // A tiny receive buffer and no reads: the queue fills and the server must drop us.
            let connection = try RawConnection(port: server.port, receiveBufferSize: 4096)
            try await connection.sendAsync("GET /firehose HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(await eventually { probe.ended == ["slowConsumer"] })
            #expect(try await blocking { connection.isClosedByPeer() })
            #expect(await eventually { server.openEventStreams == 0 })
        }
    }

    @Test func headOnAStreamSendsHeadersOnlyAndStartsNoProducer() async throws {
        let probe = ProducerProbe()
        var router = Router()
        router.get("/endless") { _ in Response(body: .eventStream(endlessStream(probe))) }
        try await withServer(router: router) { server in
            let connection = try RawConnection(port: server.port)
            try await connection.sendAsync("HEAD /endless HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try await blocking { try connection.readResponse(head: true) }
            #expect(head.header("Content-Type") == "text/event-stream")
            #expect(probe.started == 0)
            #expect(server.openEventStreams == 0)
        }
    }

    @Test func shutdownEndsOpenStreamsAndCompletes() async throws {
        let probe = ProducerProbe()
        var router = Router()
        router.get("/endless") { _ in Response(body: .eventStream(endlessStream(probe))) }
        let server = Server(configuration: testConfiguration(), handler: router.handler())
        try server.start()
        let connections = try (0..<2).map { _ in try RawConnection(port: server.port) }
        for connection in connections {
            try await connection.sendAsync("GET /endless HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try await blocking { () throws -> String in
                _ = try connection.readHead()
                return try connection.readEvents { $0.contains("id: 1\n") }
            }
        }
        #expect(server.openEventStreams == 2)
        let readers = connections.map { connection in
            Task { try await blocking { try connection.readEvents { _ in false } } }
        }
        await server.shutdown(gracePeriod: .seconds(5))
        for reader in readers {
            // The stream ended with the final chunk: a clean end, not a reset.
            _ = try await reader.value
        }
        #expect(server.openEventStreams == 0)
        #expect(await eventually { probe.ended.count == 2 })
    }
}
