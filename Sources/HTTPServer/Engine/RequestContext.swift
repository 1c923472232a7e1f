import Foundation

/// Per-request state MHD keeps for us in `con_cls` between access-handler calls.
///
/// Only the MHD thread that owns the connection touches it (MHD never runs one connection on two threads
/// at once); what crosses to Swift tasks lives in ``PendingResponse`` and ``EventStreamChannel``.
final class RequestContext {
    enum Phase {
        /// Gathering the body.
        case receiving
        /// The handler task runs; the connection is suspended until it completes.
        case handling
        /// A response is queued; nothing more to do until the request completes.
        case answered
    }

    var phase = Phase.receiving
    var body = Data()
    /// The body of a request that declared a large `Content-Length` (instead of `body`).
    var mappedBody: MappedBody?
    /// The receiver taking the body piece by piece (instead of `body`), for a route that asked for one.
    var receiver: (any BodyReceiver)?
    /// The request without its body, made for the receiver's route when the headers arrived.
    var head: Request?
    /// Body bytes handed to `receiver` so far.
    var received = 0
    /// The largest body this request may bring: the server's `maxBodySize`, or its route's limit when smaller.
    var limit = Int.max
    /// The body passed `limit` (a chunked upload, or one that lied about its length).
    var overflowed = false
    /// Body bytes read and thrown away after the overflow.
    var discarded = 0
    /// HEAD: the response goes out without its body (MHD leaves it out; event streams are not started).
    var isHead = false
    /// How fast the body arrives, for a request with one when the server holds bodies to a minimum rate.
    var pace: BodyPace?
    /// The rate limiter's decision taken at the headers, handed to the request the handler gets.
    var rateLimitDecision: RateLimitDecision?
    var pending: PendingResponse?
    var channel: EventStreamChannel?
}
