import APIClient
import Foundation
import HTTPServer
import HTTPTypes
import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPTransport {
    /// A transport that hands each request to a server's handler in process: the app's real client code
    /// against the real server code, with no sockets.
    ///
    /// `intercept` sees every request first; it may record it, or throw (a `URLError`) to play a network that
    /// is down. A `Host` header is added from the URL when the request has none, as a real client would send.
    ///
    /// An event-stream answer streams as the engine sends it: the producer runs while the client reads, each
    /// event arrives as its own chunk of wire bytes, and the client leaving cancels the producer. `streams`
    /// counts the readers waiting for an event, so a test can tell a screen that only listens from one still
    /// loading.
    public static func inProcess(
        _ client: TestClient, streams: InProcessStreams = InProcessStreams(),
        intercept: @escaping @Sendable (URLRequest) throws -> Void = { _ in }
    ) -> HTTPTransport {
        @Sendable func exchange(_ request: URLRequest) async throws -> (Response, HTTPURLResponse) {
            try intercept(request)
            guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            else { throw URLError(.badURL) }
            var headers = HTTPHeaders()
            for (name, value) in request.allHTTPHeaderFields ?? [:] { headers[name] = value }
            if headers["Host"] == nil, let host = url.host {
                headers["Host"] = url.port.map { "\(host):\($0)" } ?? host
            }
            let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            let target = path + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
            let response = try await client.request(
                HTTPMethod(rawValue: request.httpMethod ?? "GET"), target, headers: headers,
                body: request.httpBody ?? Data())
            var fields: [String: String] = [:]
            for field in response.headers { fields[field.name] = field.value }
            if case .eventStream = response.body {
                // NB: as the engine does: these two come from the body's kind, not from the handler.
                fields["Content-Type"] = fields["Content-Type"] ?? "text/event-stream"
                fields["Cache-Control"] = "no-cache"
            }
            guard
                let http = HTTPURLResponse(
                    url: url, statusCode: response.status.rawValue, httpVersion: "HTTP/1.1", headerFields: fields)
            else { throw URLError(.badServerResponse) }
            return (response, http)
        }
        let whole = HTTPTransport { request in
            let (response, head) = try await exchange(request)
            return (response.bodyData, head)
        }
        return HTTPTransport(
            send: whole.send, upload: whole.upload, download: whole.download,
            stream: { request in
                let (response, head) = try await exchange(request)
                guard case .eventStream(let stream) = response.body else {
                    let body = response.bodyData
                    return StreamedResponse(
                        response: head,
                        chunks: AsyncThrowingStream { continuation in
                            continuation.yield(body)
                            continuation.finish()
                        })
                }
                return StreamedResponse(response: head, chunks: streams.open(stream))
            })
    }

    /// A transport over a router, in process (see ``inProcess(_:streams:intercept:)``).
    public static func inProcess(
        _ router: Router, streams: InProcessStreams = InProcessStreams(),
        intercept: @escaping @Sendable (URLRequest) throws -> Void = { _ in }
    ) -> HTTPTransport {
        inProcess(TestClient(router: router), streams: streams, intercept: intercept)
    }
}

/// The event streams an in-process transport has open.
///
/// A screen that follows a live stream never finishes its task; ``waitingReaders`` lets a view test wait for
/// a screen's work without waiting for its listening (`ViewHost(_:listeners:)`).
public final class InProcessStreams: Sendable {
    private let waiting = Locked(0)

    /// Makes a counter with no stream open.
    public init() {}

    /// How many stream readers are waiting for the next event with nothing to read.
    public var waitingReaders: Int { waiting.withLock { $0 } }

    /// Runs `stream`'s producer for one client: its events as chunks of wire bytes. The stream ends when the
    /// producer returns, drops (`URLError(.networkConnectionLost)`) when it throws, and stops the producer
    /// when the reader is cancelled.
    func open(_ stream: EventStream) -> AsyncThrowingStream<Data, any Error> {
        let queue = ChunkQueue(waiting: waiting)
        let producer = Task {
            do {
                try await stream.producer(EventStreamWriter(encoded: { try queue.push($0.bytes) }))
                queue.finish(throwing: nil)
            } catch {
                queue.finish(throwing: URLError(.networkConnectionLost))
            }
        }
        queue.attach(producer)
        return AsyncThrowingStream(unfolding: { try await queue.next() })
    }
}

/// One in-process stream's chunks between its producer and its reader, which waits when there are none.
private final class ChunkQueue: Sendable {
    private struct State {
        var chunks: [Data] = []
        var end: Result<Void, any Error>?
        var reader: CheckedContinuation<Data?, any Error>?
        var closed = false
        var producer: Task<Void, Never>?
    }

    private let state = Locked(State())
    private let waiting: Locked<Int>
    init(waiting: Locked<Int>) { self.waiting = waiting }

    /// The producer to cancel when the reader is (at once, if it already was).
    func attach(_ task: Task<Void, Never>) {
        let closed = state.withLock { state in
            if !state.closed { state.producer = task }
            return state.closed
        }
        if closed { task.cancel() }
    }

    /// The producer's bytes; throws ``EventStreamError/closed`` once the reader has gone, as the engine does.
    func push(_ chunk: Data) throws(EventStreamError) {
        let reader = try state.withLock { state throws(EventStreamError) -> CheckedContinuation<Data?, any Error>? in
            guard !state.closed, state.end == nil else { throw .closed }
            guard state.reader != nil else {
                state.chunks.append(chunk)
                return nil
            }
            return takeReader(&state)
        }
        reader?.resume(returning: chunk)
    }

    /// The producer is done: the reader gets what is queued, then the end.
    func finish(throwing error: (any Error)?) {
        let reader = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
            guard state.end == nil else { return nil }
            state.end = error.map { .failure($0) } ?? .success(())
            return takeReader(&state)
        }
        guard let reader else { return }
        if let error { reader.resume(throwing: error) } else { reader.resume(returning: nil) }
    }

    /// The next chunk, `nil` at the end; waits (counted in `waiting`) while there is none.
    func next() async throws -> Data? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (reader: CheckedContinuation<Data?, any Error>) in
                let ready = state.withLock { state -> Result<Data?, any Error>? in
                    if state.closed { return .failure(CancellationError()) }
                    if !state.chunks.isEmpty { return .success(state.chunks.removeFirst()) }
                    switch state.end {
                    case .success: return .success(nil)
                    case .failure(let error): return .failure(error)
                    case nil:
                        state.reader = reader
                        waiting.withLock { $0 += 1 }
                        return nil
                    }
                }
                if let ready { reader.resume(with: ready) }
            }
        } onCancel: {
            cancel()
        }
    }

    private func cancel() {
        let (reader, producer) = state.withLock { state in
            guard !state.closed else { return (CheckedContinuation<Data?, any Error>?.none, Task<Void, Never>?.none) }
            state.closed = true
            state.chunks = []
            defer { state.producer = nil }
            return (takeReader(&state), state.producer)
        }
        reader?.resume(throwing: CancellationError())
        producer?.cancel()
    }

    /// The waiting reader, no longer counted as waiting. NB: `waiting` changes under `state`'s lock, so it is
    /// never behind a reader's state.
    private func takeReader(_ state: inout State) -> CheckedContinuation<Data?, any Error>? {
        guard let reader = state.reader else { return nil }
        state.reader = nil
        waiting.withLock { $0 -= 1 }
        return reader
    }
}
