import Foundation
import HTTPServer
import Locking
import TestSupport
import Testing

@testable import APIClient

/// The SSE client end to end: the real server for clean streams, a raw socket for broken ones.
@Suite struct EventSourceClientTests {
    let stream = Endpoint<Void>(method: .get, path: ["events"], response: .none)

    func client(_ url: URL, sleeper: RecordingSleeper, log: ReportLog = ReportLog()) -> APIClient {
        APIClient(
            baseURL: url, transport: sharedLiveTransport, sleeper: sleeper.sleeper, errorReporter: log.reporter,
            timeout: 5)
    }

    func take(_ count: Int, from events: AsyncThrowingStream<ServerEvent, any Error>) async throws
        -> [ServerEvent]
    {
        var taken: [ServerEvent] = []
        for try await event in events {
            taken.append(event)
            if taken.count == count { break }
        }
        return taken
    }

    @Test func serverClosingTheStreamLeadsToAReconnectWithLastEventID() async throws {
        let seenIDs = Locked<[String?]>([])
        var router = Router()
        router.get("/events") { request in
            let isFirst = seenIDs.withLock { ids in
                ids.append(request.lastEventID)
                return ids.count == 1
            }
            let start = (request.lastEventID.flatMap(Int.init) ?? 0) + 1
            return Response(
                body: .eventStream(
                    EventStream { writer in
                        for id in start..<(start + 3) {
                            try await writer.send(
                                ServerSentEvent(id: "\(id)", event: "tick", data: "n\(id)", retry: 40))
                        }
                        // The first connection ends here (a clean close); the second one stays open.
                        if !isFirst { try await Task.sleep(for: .seconds(30)) }
                    }))
        }
        try await withLoopbackServer(router) { url, _ async throws in
            let sleeper = RecordingSleeper()
            let events = try await take(6, from: client(url, sleeper: sleeper).events(stream))
            #expect(events.map(\.data) == ["n1", "n2", "n3", "n4", "n5", "n6"])
            #expect(events.map(\.type) == Array(repeating: "tick", count: 6))
            #expect(events.last?.lastEventID == "6")
            #expect(seenIDs.withLock { $0 } == [nil, "3"])
            // The server's `retry: 40` sets the reconnection delay.
            #expect(sleeper.durations == [.milliseconds(40)])
        }
    }

    @Test func streamBrokenMidEventResumesFromTheLastCompleteEvent() async throws {
        let seenIDs = Locked<[String?]>([])
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n\r\n"
        let server = try RawSocketServer { connection in
            guard let request = connection.readRequest() else { return }
            let lastEventID = request.headers["last-event-id"]
            let isFirst = seenIDs.withLock { ids in
                ids.append(lastEventID)
                return ids.count == 1
            }
            if isFirst {
                // A chunked body whose last chunk never completes: the connection ends mid-event (and mid-chunk).
                // NB: an orderly close, not a reset, so the client surely reads the bytes sent before it.
                let text = "retry: 25\n\n: hello\r\nid: 1\r\ndata: one\r\n\r\nid: 2\ndata: tw"
                let chunked = head.replacingOccurrences(of: "\r\n\r\n", with: "\r\nTransfer-Encoding: chunked\r\n\r\n")
                connection.write(chunked + String(text.utf8.count, radix: 16) + "\r\n" + text + "\r\n100\r\no")
            } else {
                connection.write(head + "id: 2\ndata: two\n\nid: 3\ndata: three\n\n")
                connection.waitForClose()
            }
        }
        defer { server.stop() }
        let sleeper = RecordingSleeper()
        let log = ReportLog()
        let events = try await take(3, from: client(server.url, sleeper: sleeper, log: log).events(stream))
        #expect(
            events == [
                ServerEvent(data: "one", lastEventID: "1"), ServerEvent(data: "two", lastEventID: "2"),
                ServerEvent(data: "three", lastEventID: "3"),
            ])
        #expect(seenIDs.withLock { $0 } == [nil, "1"])
        #expect(sleeper.durations == [.milliseconds(25)])
        #expect(log.reports.isEmpty)
    }

    @Test func reconnectsAreBoundedWithBackoffAndTheFailureIsReported() async throws {
        try await RawSocketServer.withRefusingPort { url in
            let sleeper = RecordingSleeper()
            let log = ReportLog()
            let events = client(url, sleeper: sleeper, log: log).events(
                stream,
                reconnect: ReconnectPolicy(
                    maxAttempts: 3, initialDelay: .milliseconds(100), maxDelay: .milliseconds(300)))
            await #expect(throws: APIError.cannotConnect) { _ = try await take(1, from: events) }
            #expect(sleeper.durations == [.milliseconds(100), .milliseconds(200), .milliseconds(300)])
            #expect(log.reports.map(\.0) == [.cannotConnect])
        }
    }

    @Test func nonStreamStatusEndsTheStreamWithoutReconnecting() async throws {
        var router = Router()
        router.get("/events") { _ in Response(status: HTTPStatus(403)) }
        try await withLoopbackServer(router) { url, _ async throws in
            let sleeper = RecordingSleeper()
            await #expect(throws: APIError.http(status: 403, problem: nil)) {
                _ = try await take(1, from: client(url, sleeper: sleeper).events(stream))
            }
            #expect(sleeper.durations.isEmpty)
        }
    }

    /// A refused stream says why in the server's words, as every other call does: the problem document of its
    /// body is read (so "Register for this event first.", not the status's own sentence).
    @Test func aRefusedStreamCarriesTheServersProblem() async throws {
        var router = Router()
        router.get("/events") { _ in
            HTTPError(HTTPStatus(403), detail: "Register for this event first.").response()
        }
        try await withLoopbackServer(router) { url, _ async throws in
            let sleeper = RecordingSleeper()
            do {
                _ = try await take(1, from: client(url, sleeper: sleeper).events(stream))
                Issue.record("the stream was not refused")
            } catch let error as APIError {
                #expect(error.status == 403)
                #expect(error.message == "Register for this event first.")
            }
            #expect(sleeper.durations.isEmpty)
        }
    }

    @Test func noContentEndsTheStreamCleanly() async throws {
        var router = Router()
        router.get("/events") { _ in .noContent }
        try await withLoopbackServer(router) { url, _ async throws in
            #expect(try await take(1, from: client(url, sleeper: RecordingSleeper()).events(stream)).isEmpty)
        }
    }

    @Test func cancellingTheConsumerClosesTheConnectionWithoutAnError() async throws {
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        var router = Router()
        router.get("/events") { _ in
            Response(
                body: .eventStream(
                    // NB: the server notices a departed client when a heartbeat fails to write.
                    EventStream(heartbeat: .milliseconds(50)) { writer in
                        try await writer.send(ServerSentEvent(id: "1", data: "first"))
                        startedContinuation.yield()
                        try await Task.sleep(for: .seconds(30))
                    }))
        }
        try await withLoopbackServer(router) { url, server in
            let log = ReportLog()
            let events = client(url, sleeper: RecordingSleeper(), log: log).events(stream)
            let consumer = Task {
                var received: [String] = []
                for try await event in events { received.append(event.data) }
                return received
            }
            for await _ in started { break }
            consumer.cancel()
            let received = try await consumer.value
            #expect(received.count <= 1)
            #expect(log.reports.isEmpty)
            // The server sees the client leave. NB: the stream was open (the first event was sent), so none open
            // means it was closed; a 2 s bound on this wait was short for a loaded machine.
            #expect(await eventually { server.openEventStreams == 0 })
        }
    }
}

extension EventSourceClientTests {
    @Test func nonEventStreamContentEndsTheStream() async throws {
        var router = Router()
        router.get("/events") { _ in try .json(["not": "a stream"]) }
        try await withLoopbackServer(router) { url, _ async throws in
            let sleeper = RecordingSleeper()
            let error = await #expect(throws: APIError.self) {
                _ = try await take(1, from: client(url, sleeper: sleeper).events(stream))
            }
            guard case .decoding(_, let message)? = error else {
                Issue.record("expected a decoding error, got \(String(describing: error))")
                return
            }
            #expect(message.contains("application/json"))
            #expect(sleeper.durations.isEmpty)
        }
    }

    @Test func unavailableServerIsRetriedAfterItsRetryAfter() async throws {
        let hits = HitCounter()
        var router = Router()
        router.get("/events") { _ in
            guard hits.hit() > 1 else { return Response(status: HTTPStatus(503), headers: ["Retry-After": "3"]) }
            return Response(
                body: .eventStream(
                    EventStream { writer in
                        try await writer.send(ServerSentEvent(data: "back"))
                        try await Task.sleep(for: .seconds(30))
                    }))
        }
        try await withLoopbackServer(router) { url, _ async throws in
            let sleeper = RecordingSleeper()
            #expect(try await take(1, from: client(url, sleeper: sleeper).events(stream)).map(\.data) == ["back"])
            #expect(sleeper.durations == [.seconds(3)])
        }
    }
}
