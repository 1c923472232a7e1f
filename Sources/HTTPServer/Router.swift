import Foundation
import HTTPTypes
import Locking

/// Handles one request.
public typealias Handler = @Sendable (Request) async throws -> Response

/// The largest body the route a request's head is for takes, in bytes, or `nil` for the server's own limit (see
/// ``Router/bodyLimits()``). The request has its head only; it runs on an engine thread.
public typealias BodyLimitLookup = @Sendable (Request) -> Int?

/// Wraps a handler: request id, logging, limits, authentication, error mapping.
///
/// ```swift
/// struct Timing: Middleware {
///     func handle(_ request: Request, next: Handler) async throws -> Response {
///         let response = try await next(request)
///         return response
///     }
/// }
/// ```
public protocol Middleware: Sendable {
    func handle(_ request: Request, next: Handler) async throws -> Response
}

/// Maps method + path to handlers, with `:name` path parameters, groups and middleware.
///
/// Unknown paths answer 404; a known path with another method answers 405 with `Allow`.
/// `HEAD` is served by the `GET` route when none is registered for it.
///
/// ```swift
/// var router = Router()
/// router.get("/health") { _ in try .json(["status": "ok"]) }
/// router.group("/events/:eventID") { events in
///     events.get("/sessions/:id") { request in … }
/// }
/// ```
public struct Router: Sendable {
    struct Entry: Sendable {
        var method: HTTPMethod
        var segments: [Segment]
        var handler: Handler
        /// Set for a route that takes its body piece by piece.
        var makeReceiver: BodyReceiverFactory?
        /// The largest body this route takes; `nil` for the router's ``Router/bodyLimit``.
        var bodyLimit: Int?
    }

    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        /// `*` matches the rest of the path (for file trees).
        case rest(String)
    }

    private(set) var routes: [Entry] = []
    private var prefix: [Segment] = []
    private var middleware: [any Middleware] = []

    /// The largest request body, in bytes, a route takes unless it was registered with a limit of its own (and a
    /// request no route takes may carry); `nil` for no limit but the server's.
    ///
    /// A body over its route's limit is refused 413 before the handler runs; a ``Server`` given ``bodyLimits()``
    /// refuses it as soon as the headers are in (a `Content-Length` over the limit) or as soon as the limit is
    /// passed (a chunked body), and keeps none of it. Routes that take their bodies piece by piece
    /// (``on(_:_:receiving:handler:)``) are held to the server's limit only: their receivers count for themselves.
    ///
    /// ```swift
    /// var router = Router()
    /// router.bodyLimit = Request.jsonBodyLimit
    /// router.on(.post, "/import", bodyLimit: 8 << 20) { request in … }
    /// ```
    public var bodyLimit: Int?

    /// An empty router: every path answers 404.
    public init() {}

    /// Registers a handler for a method and a path pattern such as `/events/:eventID/sessions/:id`.
    public mutating func on(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Handler) {
        on(method, pattern, bodyLimit: nil, handler)
    }

    /// Registers a handler whose route takes bodies of up to `bodyLimit` bytes instead of the router's
    /// ``bodyLimit`` (`nil`: the router's).
    public mutating func on(_ method: HTTPMethod, _ pattern: String, bodyLimit: Int?, _ handler: @escaping Handler) {
        let wrapped = Router.chain(middleware, handler)
        routes.append(
            Entry(method: method, segments: prefix + Router.segments(pattern), handler: wrapped, bodyLimit: bodyLimit))
    }

    /// Registers a handler for a shared ``Route`` (its method and pattern).
    public mutating func on(_ route: HTTPTypes.Route, _ handler: @escaping Handler) {
        on(route.method, route.pattern, handler)
    }

    /// Registers a handler for a shared ``Route`` that takes bodies of up to `bodyLimit` bytes.
    public mutating func on(_ route: HTTPTypes.Route, bodyLimit: Int?, _ handler: @escaping Handler) {
        on(route.method, route.pattern, bodyLimit: bodyLimit, handler)
    }

    /// Registers a handler whose request body goes to a receiver piece by piece as it arrives (see
    /// ``BodyReceiver``); the handler gets the finished receiver.
    ///
    /// On a ``Server`` given ``bodyReceivers()`` the receiver is made when the headers arrive; anywhere else
    /// (``TestClient``, ``respond(to:)``) it is made when the handler runs and given the gathered body, so the
    /// handler behaves the same either way.
    public mutating func on<Receiver: BodyReceiver>(
        _ method: HTTPMethod, _ pattern: String, receiving makeReceiver: @escaping @Sendable (Request) -> Receiver,
        handler: @escaping @Sendable (Request, Receiver) async throws -> Response
    ) {
        let receiving: Handler = { request in
            if let receiver = request.bodyReceiver as? Receiver { return try await handler(request, receiver) }
            let receiver = makeReceiver(request)
            await Router.feed(receiver, request.body)
            var request = request
            request.body = Data()
            return try await handler(request, receiver)
        }
        routes.append(
            Entry(
                method: method, segments: prefix + Router.segments(pattern),
                handler: Router.chain(middleware, receiving), makeReceiver: { makeReceiver($0) }, bodyLimit: .max))
    }

    /// Registers a `GET` route (also answering `HEAD`).
    public mutating func get(_ pattern: String, _ handler: @escaping Handler) { on(.get, pattern, handler) }
    /// Registers a `HEAD` route.
    public mutating func head(_ pattern: String, _ handler: @escaping Handler) { on(.head, pattern, handler) }
    /// Registers a `POST` route.
    public mutating func post(_ pattern: String, _ handler: @escaping Handler) { on(.post, pattern, handler) }
    /// Registers a `PUT` route.
    public mutating func put(_ pattern: String, _ handler: @escaping Handler) { on(.put, pattern, handler) }
    /// Registers a `PATCH` route.
    public mutating func patch(_ pattern: String, _ handler: @escaping Handler) { on(.patch, pattern, handler) }
    /// Registers a `DELETE` route.
    public mutating func delete(_ pattern: String, _ handler: @escaping Handler) { on(.delete, pattern, handler) }

    /// Registers routes under a shared prefix, wrapped in extra middleware (outermost first).
    public mutating func group(
        _ pattern: String,
        middleware extra: [any Middleware] = [],
        _ build: (inout Router) -> Void
    ) {
        var child = Router()
        child.prefix = prefix + Router.segments(pattern)
        child.middleware = middleware + extra
        child.bodyLimit = bodyLimit
        build(&child)
        routes += child.routes
    }

    /// Finds the handler for a request, filling in path parameters, or throws 404 / 405.
    ///
    /// A path is the resource of the most specific patterns that match it (a literal segment beats a
    /// parameter at the first place they differ), so `PUT /actions/mine` is 405 when only `GET /actions/mine`
    /// names that path, not an update of an action whose id is "mine"; among those patterns the first with
    /// the request's method wins.
    public func resolve(_ request: Request) throws -> (Handler, Request) {
        let candidates = Router.candidates(routes, for: Router.parts(of: request))
        var allowed: [HTTPMethod] = []
        var headFallback: (Handler, [String: String])?
        for (route, parameters) in candidates {
            if route.method == request.method {
                try Router.checkBody(request, limit: route.bodyLimit ?? bodyLimit)
                var request = request
                request.parameters = parameters
                return (route.handler, request)
            }
            if request.method == .head, route.method == .get, headFallback == nil {
                headFallback = (route.handler, parameters)
            }
            if !allowed.contains(route.method) { allowed.append(route.method) }
        }
        try Router.checkBody(request, limit: bodyLimit)
        if let (handler, parameters) = headFallback {
            var request = request
            request.parameters = parameters
            return (handler, request)
        }
        if allowed.isEmpty {
            throw HTTPError(.notFound, detail: "No resource at this path.")
        }
        if allowed.contains(.get), !allowed.contains(.head) { allowed.append(.head) }
        throw HTTPError(
            .methodNotAllowed,
            detail: "\(request.method) is not allowed here.",
            headers: ["Allow": allowed.map(\.rawValue).joined(separator: ", ")]
        )
    }

    /// A 413 for a gathered body over `limit` (the engine refuses it earlier; this holds every other way in).
    private static func checkBody(_ request: Request, limit: Int?) throws {
        guard let limit, request.body.count > limit else { return }
        throw Router.bodyTooLarge(limit: limit)
    }

    /// The refusal of a body over `limit` bytes: what the router and the engine both answer.
    static func bodyTooLarge(limit: Int) -> HTTPError {
        HTTPError(
            .contentTooLarge, detail: "The request body is larger than \(limit) bytes.",
            headers: ["Connection": "close"])
    }

    /// The routes of the most specific patterns matching `parts`, in registration order, with their parameters.
    private static func candidates(_ routes: [Entry], for parts: [String]) -> [(
        route: Entry, parameters: [String: String]
    )] {
        var candidates: [(route: Entry, parameters: [String: String])] = []
        var best: [Bool] = []
        for route in routes {
            guard let parameters = Router.match(route.segments, parts) else { continue }
            let rank = route.segments.map { if case .literal = $0 { true } else { false } }
            if candidates.isEmpty || Router.isMoreSpecific(rank, than: best) {
                candidates = [(route, parameters)]
                best = rank
            } else if rank == best {
                candidates.append((route, parameters))
            }
        }
        return candidates
    }

    /// Whether a pattern whose segments are literal where `rank` is `true` is more specific than one ranked
    /// `other`: at the first place they differ, it has the literal. A longer pattern wins a tie.
    static func isMoreSpecific(_ rank: [Bool], than other: [Bool]) -> Bool {
        for (mine, theirs) in zip(rank, other) where mine != theirs { return mine }
        return rank.count > other.count
    }

    /// Runs the matching route; routing failures become their problem responses.
    public func respond(to request: Request) async throws -> Response {
        let (handler, matched) = try resolve(request)
        return try await handler(matched)
    }

    /// Feeds a gathered body to a receiver on a thread of its own, as the engine would, and waits.
    ///
    /// NB: a receiver may block while it works (a `PipelinedReceiver` waits for its queue). On Swift's
    /// cooperative pool, whose few threads every task shares (and, on Linux, Dispatch's global queues with
    /// them), that stalled unrelated requests and tests for seconds; a thread of its own blocks nobody.
    private static func feed<Receiver: BodyReceiver>(_ receiver: Receiver, _ body: Data) async {
        // NB: the thread lets go of the receiver before it resumes the handler. Its closure used to hold it until
        // the thread ended, a moment after the answer: a receiver the handler never took (a request refused first,
        // as a 401) then outlived its request, and what it releases in `deinit` (a staged upload) was still on disk
        // when the answer arrived.
        let handed = Locked<Receiver?>(receiver)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                handed.withLock { $0.take() }?.receiveWhole(body)
                done.resume()
            }.start()
        }
    }

    /// The receivers of the routes registered with ``on(_:_:receiving:handler:)``, for ``Server``: the engine asks
    /// it when a request's headers arrive.
    public func bodyReceivers() -> BodyReceiverFactory {
        let routes = routes
        let methods = Set(routes.filter { $0.makeReceiver != nil }.map(\.method))
        return { request in
            guard methods.contains(request.method) else { return nil }
            // The route `resolve(_:)` would choose decides.
            for (route, parameters) in Router.candidates(routes, for: Router.parts(of: request))
            where route.method == request.method {
                guard let make = route.makeReceiver else { return nil }
                var request = request
                request.parameters = parameters
                return make(request)
            }
            return nil
        }
    }

    /// The body limit of the route each request's head is for, for ``Server``: the engine asks it when the headers of
    /// a request with a body arrive, and refuses (or stops keeping) a body past it. A request no route takes is held
    /// to ``bodyLimit``.
    public func bodyLimits() -> BodyLimitLookup {
        let routes = routes
        let fallback = bodyLimit
        return { request in
            for (route, _) in Router.candidates(routes, for: Router.parts(of: request))
            where route.method == request.method {
                return route.bodyLimit ?? fallback
            }
            return fallback
        }
    }

    /// The request's path segments, each percent-decoded on its own.
    private static func parts(of request: Request) -> [String] {
        Router.split(request.rawPath).map { segment in
            segment.utf8.contains(UInt8(ascii: "%")) ? (segment.removingPercentEncoding ?? segment) : segment
        }
    }

    static func chain(_ middleware: [any Middleware], _ handler: @escaping Handler) -> Handler {
        middleware.reversed().reduce(handler) { next, layer in
            { request in try await layer.handle(request, next: next) }
        }
    }

    static func segments(_ pattern: String) -> [Segment] {
        split(pattern).map { part in
            if part.hasPrefix(":") { return .parameter(String(part.dropFirst())) }
            if part.hasPrefix("*") { return .rest(String(part.dropFirst())) }
            return .literal(part)
        }
    }

    /// The path's segments. NB: split on scalars, not characters: a prepended mark (U+0600) joins the "/" after
    /// it into one character, which would keep two segments as one.
    static func split(_ path: String) -> [String] {
        path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: true).map {
            String(String.UnicodeScalarView($0))
        }
    }

    static func match(_ segments: [Segment], _ parts: [String]) -> [String: String]? {
        var parameters: [String: String] = [:]
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .rest(let name):
                parameters[name] = parts.dropFirst(index).joined(separator: "/")
                return parameters
            case .literal(let literal):
                guard index < parts.count, parts[index] == literal else { return nil }
            case .parameter(let name):
                guard index < parts.count else { return nil }
                parameters[name] = parts[index]
            }
        }
        return segments.count == parts.count ? parameters : nil
    }
}

extension Router {
    /// This router as one handler wrapped in `middleware` (outermost first), ready for ``Server``.
    ///
    /// Routing failures (404, 405) are thrown as ``HTTPError`` so the middleware sees and maps them.
    public func handler(middleware: [any Middleware] = []) -> Handler {
        let router = self
        return Router.chain(middleware) { request in
            // NB: a request refused at its headers has no body; should no limiter in the chain answer it, no route does.
            if let seconds = request.rateLimitDecision?.retryAfter {
                throw RateLimitMiddleware.refusal(retryAfter: seconds)
            }
            return try await router.respond(to: request)
        }
    }
}
