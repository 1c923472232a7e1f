/// Turns what a handler threw into the response the client sees; shared by ``Server``, ``TestClient`` and
/// ``ErrorMiddleware`` so all three answer alike.
enum ErrorMapping {
    /// The only thing a client learns about an unexpected error.
    static let genericDetail = "The server could not complete the request."

    /// An ``HTTPError`` becomes its problem response; anything else a 500 with a generic detail, and the
    /// real error goes to `log` (never to the wire: it may hold SQL, paths or type names).
    static func response(for error: any Error, request: Request, log: LogSink) -> Response {
        let instance = request.requestID.isEmpty ? nil : request.requestID
        if let error = error as? HTTPError {
            return error.response(instance: instance)
        }
        if let known = error as? any HTTPResponseError, let answer = known.httpError {
            // NB: a 500 is a failure someone must look into (a disk that refused a write), not a passing reason.
            let failed = answer.status == .internalServerError
            log.record([
                "level": failed ? "error" : "warn",
                "msg": failed ? "request failed" : "request refused for a passing reason",
                "method": request.method.rawValue,
                "path": request.path,
                "request_id": request.requestID,
                "status": String(answer.status.rawValue),
                "error": String(reflecting: error),
            ])
            return answer.response(instance: instance)
        }
        if error is CancellationError {
            return HTTPError(.serviceUnavailable, detail: "The request was cancelled.").response(instance: instance)
        }
        log.record([
            "level": "error",
            "msg": "unhandled error",
            "method": request.method.rawValue,
            "path": request.path,
            "request_id": request.requestID,
            "error": String(reflecting: error),
        ])
        return HTTPError(.internalServerError, detail: genericDetail).response(instance: instance)
    }

    /// The answer when a handler runs past the request timeout.
    static let timeout = HTTPError(.serviceUnavailable, detail: "The server took too long to answer; try again.")

    /// The answer to a request that arrives while the server is stopping.
    static let shuttingDown = HTTPError(
        .serviceUnavailable, detail: "The server is shutting down.", headers: ["Connection": "close"])
}
