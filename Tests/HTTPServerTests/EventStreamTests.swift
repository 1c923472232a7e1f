import Foundation
import TestSupport
import Testing

@testable import HTTPServer

@Suite("Server-Sent Events encoding and in-process collection")
struct EventStreamTests {
    @Test func encodesEveryFieldAndSplitsDataLines() {
        let event = ServerSentEvent(id: "7", event: "quake", data: "line one\nline two\r\nline three", retry: 3000)
        #expect(
            String(decoding: event.encoded, as: UTF8.self)
                == "id: 7\nevent: quake\nretry: 3000\ndata: line one\ndata: line two\ndata: line three\n\n")
    }

    @Test func stripsLineBreaksThatWouldForgeFields() {
        let event = ServerSentEvent(id: "1\ndata: forged", event: "a\rb", data: "x")
        #expect(String(decoding: event.encoded, as: UTF8.self) == "id: 1data: forged\nevent: ab\ndata: x\n\n")
    }

    @Test func splitsDataOnEveryLineEndAndKeepsEveryOtherByte() {
        let event = ServerSentEvent(data: "a\r\rb\r\n\nCafé 🎉\n")
        #expect(
            String(decoding: event.encoded, as: UTF8.self)
                == "data: a\ndata: \ndata: b\ndata: \ndata: Café 🎉\ndata: \n\n")
        #expect(String(decoding: ServerSentEvent(data: "").encoded, as: UTF8.self) == "data: \n\n")
    }

    @Test func anEncodedEventCarriesTheEventsWireFormAndTestWritersSeeTheEvent() async throws {
        let event = ServerSentEvent(id: "9", event: "poll.results", data: #"{"votes":3}"#)
        let encoded = ServerSentEvent.Encoded(event)
        #expect(encoded.event == event)
        #expect(encoded.bytes == event.encoded)
        let seen = try await EventStream { writer in try await writer.send(encoded) }.collect()
        #expect(seen == [event])
    }

    @Test func collectStopsAnEndlessProducerAtTheLimit() async throws {
        let probe = ProducerProbe()
        let events = try await endlessStream(probe, every: .milliseconds(1)).collect(limit: 3)
        #expect(events.map(\.id) == ["1", "2", "3"])
        #expect(await eventually { probe.ended.count == 1 })
    }

    @Test func collectRethrowsWhatTheProducerThrows() async {
        struct Broken: Error {}
        let stream = EventStream { writer in
            try await writer.send(ServerSentEvent(data: "one"))
            throw Broken()
        }
        await #expect(throws: Broken.self) { try await stream.collect() }
    }
}
