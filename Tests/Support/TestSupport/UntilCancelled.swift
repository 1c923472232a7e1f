/// Waits until the calling task is cancelled, and returns only then.
///
/// For a handler that must never answer on its own, so that a test of a request timeout or a forced shutdown
/// sees the server's answer and not the handler's, however long a starved machine takes to get there. A handler
/// that slept "long enough" instead (30 s) was answered 200 on a loaded two-core machine: the server's timer ran
/// after the sleep had ended.
///
/// ```swift
/// router.get("/stuck") { _ in
///     await untilCancelled()
///     throw CancellationError()
/// }
/// ```
public func untilCancelled() async {
    let (never, end) = AsyncStream<Never>.makeStream()
    await withTaskCancellationHandler {
        for await _ in never {}
    } onCancel: {
        end.finish()
    }
}
