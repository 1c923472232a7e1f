import Foundation
import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the delegate does with one task's callbacks.
private enum TaskState {
    /// Gathers the body and resumes `continuation` when the task completes.
    case collecting(Collector)
    /// Hands the head to `head`, then every chunk to `chunks`.
    case streaming(
        head: CheckedContinuation<HTTPURLResponse, any Error>?,
        chunks: AsyncThrowingStream<Data, any Error>.Continuation)
}

private struct Collector {
    var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>
    var sent: ProgressHandler?
    var received: ProgressHandler?
    var response: HTTPURLResponse?
    /// NB: a reference, so each chunk appends in place; a `Data` inside the dictionary's enum value would be
    /// copied whole on every append (quadratic for a large download).
    let body = BodyBuffer()
}

/// The bytes of a response body received so far; only touched under the delegate's lock.
private final class BodyBuffer {
    var bytes = Data()
}

/// Routes `URLSession` delegate callbacks to the task that asked for them.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let tasks = Locked<[Int: TaskState]>([:])

    fileprivate func register(_ task: URLSessionTask, _ state: TaskState) {
        tasks.withLock { $0[task.taskIdentifier] = state }
    }

    fileprivate func remove(_ task: URLSessionTask) -> TaskState? {
        tasks.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return
        }
        let report: (ProgressHandler, Int64?)? = tasks.withLock { tasks in
            switch tasks[dataTask.taskIdentifier] {
            case .collecting(var collector):
                collector.response = http
                tasks[dataTask.taskIdentifier] = .collecting(collector)
                return collector.received.map { ($0, http.bodyLength) }
            case .streaming(let head?, let chunks):
                head.resume(returning: http)
                tasks[dataTask.taskIdentifier] = .streaming(head: nil, chunks: chunks)
                return nil
            case .streaming(nil, _), nil:
                return nil
            }
        }
        if let (handler, total) = report { handler(TransferProgress(completed: 0, total: total)) }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let report: (ProgressHandler, TransferProgress)? = tasks.withLock { tasks in
            switch tasks[dataTask.taskIdentifier] {
            case .collecting(let collector):
                collector.body.bytes.append(data)
                guard let handler = collector.received else { return nil }
                let progress = TransferProgress(
                    completed: Int64(collector.body.bytes.count), total: collector.response?.bodyLength)
                return (handler, progress)
            case .streaming(let head, let chunks):
                // NB: should the head callback not have run (a delegate signature mismatch on some SDK),
                // the task's own response still lets the stream start.
                if let head, let http = dataTask.response as? HTTPURLResponse {
                    head.resume(returning: http)
                    tasks[dataTask.taskIdentifier] = .streaming(head: nil, chunks: chunks)
                }
                chunks.yield(data)
                return nil
            case nil:
                return nil
            }
        }
        if let (handler, progress) = report { handler(progress) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        let handler: ProgressHandler? = tasks.withLock { tasks in
            if case .collecting(let collector) = tasks[task.taskIdentifier] { return collector.sent }
            return nil
        }
        let total = totalBytesExpectedToSend >= 0 ? totalBytesExpectedToSend : nil
        handler?(TransferProgress(completed: totalBytesSent, total: total))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let response = task.response as? HTTPURLResponse
        switch remove(task) {
        case .collecting(let collector):
            let response = collector.response ?? response
            if let error {
                collector.continuation.resume(throwing: Self.midBody(error, started: response != nil))
            } else if let response {
                collector.continuation.resume(returning: (collector.body.bytes, response))
            } else {
                collector.continuation.resume(throwing: URLError(.badServerResponse))
            }
        case .streaming(let head, let chunks):
            if let error {
                head?.resume(throwing: error)
                chunks.finish(throwing: Self.midBody(error, started: head == nil))
            } else if let head {
                // A body that ended before the head was handed over (e.g. an empty 204).
                if let response {
                    head.resume(returning: response)
                } else {
                    head.resume(throwing: URLError(.badServerResponse))
                }
                chunks.finish()
            } else {
                chunks.finish()
            }
        case nil:
            break
        }
    }
}

extension SessionDelegate {
    /// NB: on Linux a body cut short ("transfer closed with N bytes remaining") arrives as `URLError(.unknown)`;
    /// once the head has arrived, any failure but cancellation or timeout means the connection was lost.
    static func midBody(_ error: any Error, started: Bool) -> any Error {
        guard started, let urlError = error as? URLError, ![.cancelled, .timedOut].contains(urlError.code) else {
            return error
        }
        return URLError(.networkConnectionLost)
    }
}

/// The live operations behind ``HTTPTransport/live(configuration:)``.
struct LiveTransport: Sendable {
    let session: URLSession
    let delegate: SessionDelegate

    /// Runs a task to completion, gathering its body; cancelling the Swift task cancels the URL task.
    func collect(
        _ request: URLRequest, body: Data?, progress sent: ProgressHandler?, received: ProgressHandler?
    ) async throws -> (Data, HTTPURLResponse) {
        let task: URLSessionTask =
            if let body { session.uploadTask(with: request, from: body) } else { session.dataTask(with: request) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.register(
                    task, .collecting(Collector(continuation: continuation, sent: sent, received: received)))
                start(task)
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// Opens a task whose body is delivered chunk by chunk; ending the chunk stream early cancels the task.
    func stream(_ request: URLRequest) async throws -> StreamedResponse {
        let task = session.dataTask(with: request)
        let (chunks, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        continuation.onTermination = { _ in task.cancel() }
        let head = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (head: CheckedContinuation<HTTPURLResponse, any Error>) in
                delegate.register(task, .streaming(head: head, chunks: continuation))
                start(task)
            }
        } onCancel: {
            task.cancel()
        }
        return StreamedResponse(response: head, chunks: chunks)
    }

    private func start(_ task: URLSessionTask) {
        // NB: a Swift task cancelled before the URL task started would never see `onCancel` take effect.
        if Task.isCancelled {
            task.cancel()
            delegate.urlSession(session, task: task, didCompleteWithError: URLError(.cancelled))
        } else {
            task.resume()
        }
    }
}

extension HTTPURLResponse {
    /// How many bytes the body has once received, as progress counts them; `nil` when the server did not say, or
    /// said only how long its compressed form is (`Content-Encoding: gzip`), which the session decodes as it
    /// arrives, so more bytes than `Content-Length` come out.
    var bodyLength: Int64? {
        guard expectedContentLength >= 0 else { return nil }
        let coding = value(forHTTPHeaderField: "Content-Encoding")?.trimmingCharacters(in: .whitespaces).lowercased()
        guard coding == nil || coding == "" || coding == "identity" else { return nil }
        return expectedContentLength
    }
}
