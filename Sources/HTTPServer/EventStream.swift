import Foundation

/// One Server-Sent Event.
public struct ServerSentEvent: Sendable, Equatable {
    /// The event id a reconnecting client sends back as `Last-Event-ID`.
    public var id: String?
    /// The event type (`message` when absent).
    public var event: String?
    /// The payload; each line becomes one `data:` line.
    public var data: String
    /// The reconnection delay the client should use, in milliseconds.
    public var retry: Int?

    /// Makes an event.
    public init(id: String? = nil, event: String? = nil, data: String, retry: Int? = nil) {
        self.id = id
        self.event = event
        self.data = data
        self.retry = retry
    }

    /// The wire form: `id:`, `event:`, `retry:`, one `data:` line per line of data, a blank line.
    ///
    /// Line breaks inside `id` and `event` are removed (they would end the field and forge another).
    public var encoded: Data {
        var text = ""
        if let id { text += "id: \(Self.singleLine(id))\n" }
        if let event { text += "event: \(Self.singleLine(event))\n" }
        if let retry { text += "retry: \(retry)\n" }
        for line in Self.lines(data) {
            text += "data: \(line)\n"
        }
        text += "\n"
        return Data(text.utf8)
    }

    /// Splits on CRLF, CR or LF, the three line ends the SSE grammar accepts.
    static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    }

    static func singleLine(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0 != "\n" && $0 != "\r" && $0 != "\0" })
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
public struct EventStreamWriter: Sendable {
    /// Queues one event for the client; throws ``EventStreamError`` once the stream is over.
    public var send: @Sendable (ServerSentEvent) async throws -> Void

    /// Makes a writer from a closure (the engine's, or a test's).
    public init(send: @escaping @Sendable (ServerSentEvent) async throws -> Void) { self.send = send }
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
