import APIClient
import Foundation
import HTTPServer
import Locking
import TestSupport
import Testing

@testable import AttendeeServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The in-process transport streams an event stream as the engine does: the view tests' live updates rest on it.
@Suite struct InProcessStreamTests {
    @Test func theTransportStreamsTheHubsEventsWhileTheClientReadsAndStopsTheProducerWhenItLeaves() async throws {
        try await AttendeeTestServer.with(.sqliteFile) { server in
            let token = try await server.registeredAttendee("Ada Lovelace")
            let streams = InProcessStreams()
            let transport = HTTPTransport.inProcess(server.client, streams: streams)
            let url = try #require(URL(string: "http://attendee.test/attendee/v1/events/\(server.eventID)/live"))
            var request = URLRequest(url: url)
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            let streamed = try await transport.stream(request)
            #expect(streamed.response.statusCode == 200)
            #expect(streamed.response.value(forHTTPHeaderField: "Content-Type") == "text/event-stream")

            let heard = Recorded<String>()
            let reader = Task {
                var parser = EventSourceParser()
                for try await chunk in streamed.chunks {
                    heard.append(contentsOf: parser.feed(chunk).map(\.type))
                }
            }
            // `ready` is read, then the reader waits for news: it counts as waiting, with nothing buffered.
            try await Self.eventually("the reader waits") {
                heard.values == ["ready"] && streams.waitingReaders == 1
            }
            for kind in ["test.first", "test.second"] {
                server.service.live.publish(try await server.commit(.event(server.eventID), kind: kind))
            }
            try await Self.eventually("both events") { heard.values.count == 3 }
            #expect(heard.values == ["ready", "test.first", "test.second"])

            // Cancelling the reader, as a client closing the connection, ends the producer: the hub forgets it.
            reader.cancel()
            _ = await reader.result
            try await Self.eventually("the hub forgets the stream") { server.service.live.subscriberCount == 0 }
            #expect(streams.waitingReaders == 0)
        }
    }

    @Test func aResponseThatIsNotAStreamArrivesAsOneChunk() async throws {
        try await AttendeeTestServer.with(.sqliteFile) { server in
            let transport = HTTPTransport.inProcess(server.client)
            let url = try #require(URL(string: "http://attendee.test/attendee/v1/events/\(server.eventID)/live"))
            let streamed = try await transport.stream(URLRequest(url: url))
            #expect(streamed.response.statusCode == 401)
            var body = Data()
            for try await chunk in streamed.chunks { body += chunk }
            #expect(!body.isEmpty)
        }
    }

    /// Waits (at most a minute) until `condition` holds; fails with `what` when it never does.
    ///
    /// NB: it returns as soon as the condition holds; the long bound only matters when the whole suite shares
    /// two loaded cores.
    static func eventually(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out waiting until \(what)")
                throw EventStreamError.closed
            }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}

/// Values a test's tasks record, in the order they came.
final class Recorded<Value: Sendable>: Sendable {
    private let recorded = Locked<[Value]>([])

    /// What was recorded so far.
    var values: [Value] { recorded.withLock { $0 } }

    /// Records `values`.
    func append(contentsOf values: [Value]) { recorded.withLock { $0 += values } }
}
