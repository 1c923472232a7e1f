import Foundation

/// One Server-Sent Event.
public struct ServerSentEvent: Sendable, Equatable {
    public var id: String?
    public var event: String?
    public var data: String
    public var retry: Int?

    public init(id: String? = nil, event: String? = nil, data: String, retry: Int? = nil) {
        self.id = id
        self.event = event
        self.data = data
        self.retry = retry
    }

    /// The wire form: `id:`, `event:`, one `data:` line per line of data, a blank line.
    public var encoded: Data {
        var text = ""
        if let id { text += "id: \(id)\n" }
        if let event { text += "event: \(event)\n" }
        if let retry { text += "retry: \(retry)\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line)\n"
        }
        text += "\n"
        return Data(text.utf8)
    }
}

/// A Server-Sent Events body: the handler's producer writes events until it returns or the client leaves.
///
/// Placeholder shape; the engine issue fills in delivery, heartbeats and back-pressure.
public struct EventStream: Sendable {
    public typealias Producer = @Sendable (EventStreamWriter) async throws -> Void
    public var producer: Producer

    public init(_ producer: @escaping Producer) {
        self.producer = producer
    }
}

/// What a producer writes events into.
public struct EventStreamWriter: Sendable {
    public var send: @Sendable (ServerSentEvent) async throws -> Void
    public init(send: @escaping @Sendable (ServerSentEvent) async throws -> Void) { self.send = send }
}
