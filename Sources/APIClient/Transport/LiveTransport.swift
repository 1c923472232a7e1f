import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the delegate does with one task's callbacks.
private enum TaskState {
    /// Gathers the body and resumes `continuation` when the task completes.
    case collecting(Collector)
    /// Hands the head to `head`, then every chunk to `chunks`.
    case streaming(head: CheckedContinuation<StreamedResponse, any Error>?, chunks: AsyncThrowingStream<Data, any Error>.Continuation)
}

private struct Collector {
    var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>
    var sent: ProgressHandler?
    var received: ProgressHandler?
    var response: HTTPURLResponse?
    var body = Data()
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
                let total = http.expectedContentLength >= 0 ? http.expectedContentLength : nil
                return collector.received.map { ($0, total) }
            case .streaming(let head?, let chunks):
                head.resume(returning: StreamedResponse(response: http, chunks: AsyncThrowingStream { _ in }))
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
            case .collecting(var collector):
                collector.body.append(data)
                tasks[dataTask.taskIdentifier] = .collecting(collector)
                guard let handler = collector.received else { return nil }
                let expected = collector.response?.expectedContentLength ?? -1
                let progress = TransferProgress(
                    completed: Int64(collector.body.count), total: expected >= 0 ? expected : nil)
                return (handler, progress)
            case .streaming(_, let chunks):
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
        switch remove(task) {
        case .collecting(let collector):
            if let error {
                collector.continuation.resume(throwing: error)
            } else if let response = collector.response {
                collector.continuation.resume(returning: (collector.body, response))
            } else {
                collector.continuation.resume(throwing: URLError(.badServerResponse))
            }
        case .streaming(let head, let chunks):
            let failure = error ?? (head == nil ? nil : URLError(.badServerResponse))
            head?.resume(throwing: failure ?? URLError(.badServerResponse))
            chunks.finish(throwing: failure)
        case nil:
            break
        }
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
            try await withCheckedThrowingContinuation { head in
                delegate.register(task, .streaming(head: head, chunks: continuation))
                start(task)
            }
        } onCancel: {
            task.cancel()
        }
        return StreamedResponse(response: head.response, chunks: chunks)
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
