import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// Opens a Server-Sent Events stream and keeps it open.
    ///
    /// After a dropped connection (or a clean close by the server) it reconnects with `Last-Event-ID`, waiting
    /// per `reconnect` (through ``sleeper``); it gives up with ``APIError`` after `reconnect.maxAttempts`
    /// reconnections that brought no event. A status other than 200 ends the stream with
    /// ``APIError/http(status:problem:retryAfter:)`` with the problem document its body carries (204 ends it cleanly, as the
    /// spec says), except 429/502/503/504, which
    /// count as a drop (waiting as `Retry-After` says, up to `reconnect.maxDelay`); a 200 that is not `text/event-stream` ends it
    /// with ``APIError/decoding(path:message:)``. Cancelling the consuming task closes the connection and finishes the stream without an
    /// error or a report.
    ///
    /// ```swift
    /// for try await event in client.events(Endpoint(method: .get, path: ["live"], response: .none)) {
    ///     handle(event.type, event.data)
    /// }
    /// ```
    public func events(
        _ endpoint: Endpoint<Void>, lastEventID: String? = nil, reconnect: ReconnectPolicy = .standard
    ) -> AsyncThrowingStream<ServerEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<ServerEvent, any Error>.makeStream()
        let task = Task {
            do throws(APIError) {
                try await pump(endpoint, lastEventID: lastEventID, reconnect: reconnect, into: continuation)
                continuation.finish()
            } catch .cancelled {
                continuation.finish()
            } catch {
                let target = (try? url(for: endpoint).absoluteString) ?? endpoint.path.joined(separator: "/")
                errorReporter.report(error, "\(endpoint.method.rawValue) \(target)")
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// How long one stream connection may stay open on Linux before it is renewed (a day).
    static let streamTimeout: TimeInterval = 86_400

    /// The most of a refusal's body read for its problem document; a problem is a few hundred bytes.
    static let problemBodyLimit = 64 * 1024

    /// The problem document a refused stream's body carries, as every other call reads it; `nil` when the body is
    /// not one, is longer than ``problemBodyLimit`` or breaks off.
    static func problem(in chunks: AsyncThrowingStream<Data, any Error>) async -> ProblemDetails? {
        var body = Data()
        do {
            for try await chunk in chunks {
                body.append(chunk)
                if body.count > problemBodyLimit { return nil }
            }
        } catch {
            return nil
        }
        return ProblemDetails.parse(body)
    }

    private func pump(
        _ endpoint: Endpoint<Void>, lastEventID: String?, reconnect: ReconnectPolicy,
        into continuation: AsyncThrowingStream<ServerEvent, any Error>.Continuation
    ) async throws(APIError) {
        var parser = EventSourceParser(lastEventID: lastEventID ?? "")
        var failures = 0
        var refreshed = false
        while true {
            if Task.isCancelled { throw .cancelled }
            var request = try urlRequest(for: endpoint)
            request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
            request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")
            // NB: on Linux the timeout covers the whole request, which for a stream means its whole life.
            request.timeoutInterval = max(timeout, Self.streamTimeout)
            if !parser.lastEventID.isEmpty { request.setValue(parser.lastEventID, forHTTPHeaderField: "Last-Event-ID") }
            var carriesCredentials = false
            if let tokenProvider {
                do {
                    for (name, value) in try await tokenProvider.credentials() {
                        request.setValue(value, forHTTPHeaderField: name)
                        carriesCredentials = true
                    }
                } catch {
                    throw Task.isCancelled ? .cancelled : .signedOut
                }
            }
            var drop: APIError
            var serverDelay: Duration?
            do {
                let streamed = try await transport.stream(request)
                let status = streamed.response.statusCode
                if status == 401, let tokenProvider {
                    // NB: as for any call: refused for want of a sign-in, not for an expired one.
                    guard carriesCredentials else { throw APIError.notSignedIn }
                    if refreshed { throw APIError.signedOut }
                    refreshed = true
                    do { try await tokenProvider.refresh() } catch { throw APIError.signedOut }
                    continue
                }
                if status == 204 { return }
                if status != 200 {
                    guard [429, 502, 503, 504].contains(status) else {
                        throw APIError.http(status: status, problem: await Self.problem(in: streamed.chunks))
                    }
                    drop = .http(status: status, problem: nil)
                    serverDelay = RetryPolicy.retryAfter(
                        streamed.response.value(forHTTPHeaderField: "Retry-After"), now: sleeper.now()
                    ).map { min($0, reconnect.maxDelay) }
                } else {
                    let type = streamed.response.value(forHTTPHeaderField: "Content-Type") ?? ""
                    guard type.lowercased().hasPrefix("text/event-stream") else {
                        throw APIError.decoding(path: "", message: "expected text/event-stream, got \"\(type)\"")
                    }
                    refreshed = false
                    parser.reset()
                    for try await chunk in streamed.chunks {
                        let events = parser.feed(chunk)
                        if !events.isEmpty { failures = 0 }
                        for event in events { continuation.yield(event) }
                    }
                    drop = .connectionLost
                }
            } catch {
                let failure = Task.isCancelled ? APIError.cancelled : APIError(transportError: error)
                guard failure.isUnreachable else { throw failure }
                drop = failure
            }
            // NB: a consumer that stopped listening ends the chunk loop too; that is not a drop to recover from.
            if Task.isCancelled { throw .cancelled }
            failures += 1
            if failures > reconnect.maxAttempts { throw drop }
            let delay =
                serverDelay
                ?? reconnect.delay(
                    attempt: failures, serverDelay: parser.reconnectionTime.map { .milliseconds($0) })
            do {
                try await sleeper.sleep(delay)
            } catch {
                throw .cancelled
            }
        }
    }
}
