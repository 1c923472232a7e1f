import Foundation
import PublicInit

/// One Server-Sent Event.
@PublicInit
public struct ServerSentEvent: Sendable, Equatable {
    /// The event id a reconnecting client sends back as `Last-Event-ID`.
    public var id: String?
    /// The event type (`message` when absent).
    public var event: String?
    /// The payload; each line becomes one `data:` line.
    public var data: String
    /// The reconnection delay the client should use, in milliseconds.
    public var retry: Int?

    /// The wire form: `id:`, `event:`, `retry:`, one `data:` line per line of data, a blank line.
    ///
    /// Line breaks inside `id` and `event` are removed (they would end the field and forge another).
    public var encoded: Data {
        let data = Array(self.data.utf8)
        var wire: [UInt8] = []
        wire.reserveCapacity(data.count + (id?.utf8.count ?? 0) + (event?.utf8.count ?? 0) + 48)
        func field(_ name: String, _ value: some Collection<UInt8>) {
            wire.append(contentsOf: name.utf8)
            wire.append(contentsOf: ": ".utf8)
            wire.append(contentsOf: value)
            wire.append(UInt8(ascii: "\n"))
        }
        if let id { field("id", Self.singleLine(id).utf8) }
        if let event { field("event", Self.singleLine(event).utf8) }
        if let retry { field("retry", String(retry).utf8) }
        for line in Self.lines(data) { field("data", line) }
        wire.append(UInt8(ascii: "\n"))
        return Data(wire)
    }

    /// Splits on CRLF, CR or LF, the three line ends the SSE grammar accepts.
    static func lines(_ text: [UInt8]) -> [ArraySlice<UInt8>] {
        // NB: over UTF-8 bytes, not `Character`s: grapheme breaking made encoding the largest cost of a fan-out
        // (a line end is always a grapheme boundary, so the lines are the same).
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < text.count {
            let byte = text[index]
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                index += 1
                continue
            }
            lines.append(text[start..<index])
            let crlf = byte == UInt8(ascii: "\r") && index + 1 < text.count && text[index + 1] == UInt8(ascii: "\n")
            index += crlf ? 2 : 1
            start = index
        }
        lines.append(text[start...])
        return lines
    }

    static func singleLine(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0 != "\n" && $0 != "\r" && $0 != "\0" })
    }
}

extension ServerSentEvent {
    /// An event with its wire form, encoded once: what a producer hands to many streams at once.
    ///
    /// A fan-out to a thousand streams otherwise encodes the same event a thousand times. The bytes are
    /// immutable and shared (copy-on-write `Data`), so every stream that sends the event sends these bytes.
    ///
    /// ```swift
    /// let encoded = ServerSentEvent.Encoded(ServerSentEvent(id: "42", event: "poll.results", data: json))
    /// for writer in writers { try await writer.send(encoded) }
    /// ```
    public struct Encoded: Sendable, Equatable {
        /// The event.
        public let event: ServerSentEvent
        /// `event.encoded`, made once.
        public let bytes: Data

        /// Encodes `event`.
        public init(_ event: ServerSentEvent) {
            self.event = event
            self.bytes = event.encoded
        }
    }
}

/// A Server-Sent Events body: the handler's producer writes events until it returns or the client leaves.
///
/// The response is sent as `text/event-stream` with `Cache-Control: no-cache`; a comment line
/// (`: keep-alive`) goes out every ``heartbeat`` (the server's default when `nil`) so proxies keep the
/// connection open and a client that left is noticed. When the client disconnects, the producer's task is
/// cancelled and ``EventStreamWriter/send`` throws ``EventStreamError/closed``.
///
/// **Slow clients.** Each stream queues at most ``maxQueuedBytes`` of encoded events that the socket has
/// not taken yet. A producer that writes past the cap gets the connection *dropped*: `send` throws
/// ``EventStreamError/slowConsumer`` and the socket is closed without the final chunk, so the client sees a
/// broken stream and reconnects with `Last-Event-ID`. Dropping the connection, rather than old events,
/// means a client never silently misses events: it either has them all or knows to ask again.
///
/// ```swift
/// router.get("/quakes/stream") { request in
///     let after = request.headers["Last-Event-ID"]
///     return Response(body: .eventStream(EventStream { writer in
///         for try await quake in feed.updates(after: after) {
///             try await writer.send(ServerSentEvent(id: quake.id, event: "quake", data: quake.json))
///         }
///     }))
/// }
/// ```
public struct EventStream: Sendable {
    /// Writes events until it returns (the stream ends) or throws (the stream ends too).
    public typealias Producer = @Sendable (EventStreamWriter) async throws -> Void
    /// The code that writes the events.
    public var producer: Producer
    /// How often a `: keep-alive` comment is sent; `nil` uses the server's configured default.
    public var heartbeat: Duration?
    /// The most encoded bytes queued for a slow client before its connection is dropped.
    public var maxQueuedBytes: Int

    /// Makes a stream whose events come from `producer`.
    public init(
        heartbeat: Duration? = nil,
        maxQueuedBytes: Int = 1 << 20,
        _ producer: @escaping Producer
    ) {
        self.producer = producer
        self.heartbeat = heartbeat
        self.maxQueuedBytes = maxQueuedBytes
    }

    /// Runs the producer in-process and returns the first `limit` events it writes (for tests).
    ///
    /// Stops the producer (cancelling it, as a departing client would) once `limit` events arrived;
    /// rethrows what the producer throws otherwise.
    public func collect(limit: Int = .max) async throws -> [ServerSentEvent] {
        let (events, continuation) = AsyncStream.makeStream(of: ServerSentEvent.self)
        let producer = self.producer
        let task = Task {
            defer { continuation.finish() }
            try await producer(
                EventStreamWriter { event in
                    if case .terminated = continuation.yield(event) { throw EventStreamError.closed }
                })
        }
        return try await withTaskCancellationHandler {
            var collected: [ServerSentEvent] = []
            for await event in events {
                collected.append(event)
                if collected.count >= limit { break }
            }
            if collected.count >= limit {
                task.cancel()
                continuation.finish()
                return collected
            }
            try await task.value
            return collected
        } onCancel: {
            task.cancel()
        }
    }
}

/// What a producer writes events into.
///
/// The engine's writer queues an event's bytes for the socket; a test's writer (``init(send:)``) sees the
/// events themselves.
public struct EventStreamWriter: Sendable {
    private let write: @Sendable (ServerSentEvent.Encoded) async throws -> Void

    /// Makes a writer that is handed each event with its encoded bytes (the engine's).
    public init(encoded write: @escaping @Sendable (ServerSentEvent.Encoded) async throws -> Void) {
        self.write = write
    }

    /// Makes a writer from a closure that takes the events (a test's).
    public init(send: @escaping @Sendable (ServerSentEvent) async throws -> Void) {
        self.write = { try await send($0.event) }
    }

    /// Queues one event for the client; throws ``EventStreamError`` once the stream is over.
    public func send(_ event: ServerSentEvent) async throws { try await write(ServerSentEvent.Encoded(event)) }

    /// Queues one event encoded beforehand (the same bytes may go to many streams).
    public func send(_ event: ServerSentEvent.Encoded) async throws { try await write(event) }
}

/// Why a write to an event stream failed.
public enum EventStreamError: Error, Sendable, Equatable {
    /// The client left or the server is shutting down.
    case closed
    /// The client fell more than `maxQueuedBytes` behind and its connection was dropped.
    case slowConsumer
}

extension Request {
    /// The `Last-Event-ID` a reconnecting event-stream client sent, if any.
    public var lastEventID: String? { headers["Last-Event-ID"] }
}
