import Database
import HTTPServer

/// A database that is busy (SQLite's lock held past the busy timeout, a PostgreSQL serialization conflict, no
/// pooled connection free in time) or unreachable is a passing state, so the client is told to come back:
/// `503 Service Unavailable` with `Retry-After`, rather than the 500 of a fault. A value the engine cannot hold is
/// the request's fault: 422. Every other database error stays a 500 with the generic detail.
extension DatabaseError: HTTPResponseError {
    public var httpError: HTTPError? {
        switch kind {
        case .busy:
            HTTPError(.serviceUnavailable, detail: publicMessage, headers: ["Retry-After": "1"])
        case .connectionLost:
            HTTPError(.serviceUnavailable, detail: publicMessage, headers: ["Retry-After": "5"])
        case .invalidValue:
            // NB: a value one engine cannot hold (NUL in PostgreSQL text) that no rule caught first: the client's
            // request, not a fault. The rules catch the known ones, the same on both engines.
            HTTPError(.unprocessableContent, detail: publicMessage)
        default:
            nil
        }
    }
}
