/// Turns thrown errors into RFC 9457 problem responses.
///
/// An ``HTTPError`` becomes its problem document with `instance` set to the request id. Any other error
/// becomes a 500 whose detail is a fixed generic sentence: the real error (which may name SQL, file paths
/// or Swift types) goes to the log only, with the request id to find it by.
public struct ErrorMiddleware: Middleware {
    private let log: LogSink

    /// Makes the middleware; unexpected errors are written to `log`.
    public init(log: LogSink = .standardError) { self.log = log }

    /// Runs the rest, mapping what it throws.
    public func handle(_ request: Request, next: Handler) async throws -> Response {
        do {
            return try await next(request)
        } catch {
            return ErrorMapping.response(for: error, request: request, log: log)
        }
    }
}
