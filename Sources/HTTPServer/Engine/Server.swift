import CMHDShim
import CMicroHTTPD
import Foundation
import Locking

/// An HTTP/1.1 server on libmicrohttpd: a thread pool of epoll loops that hands each complete request to
/// a Swift ``Handler`` running in a task.
///
/// ```swift
/// var router = Router()
/// router.get("/health") { _ in try .json(["status": "ok"]) }
/// let server = Server(
///     configuration: .init(port: 8080),
///     handler: router.handler(middleware: [RequestIDMiddleware(), AccessLogMiddleware(), ErrorMiddleware()]),
///     bodyReceivers: router.bodyReceivers(), bodyLimits: router.bodyLimits())
/// try server.start()
/// await server.runUntilSignal()
/// ```
///
/// A request's body is gathered across MHD's access-handler calls — or, for a route registered with
/// ``Router/on(_:_:receiving:handler:)``, handed piece by piece to its ``BodyReceiver`` (pass
/// ``Router/bodyReceivers()`` as `bodyReceivers`). The handler then runs in a `Task`
/// that starts inline on the MHD thread (see `InlineExecutor`): if it answers without waiting, the
/// response is queued at once. If it waits, the connection is suspended, the task finishes on the global
/// executor, its response lands in a locked slot, the connection is resumed and the response queued on
/// the next access-handler call. Event-stream bodies are pulled by MHD through a content reader that
/// suspends the connection while the producer has nothing to say.
public final class Server: Sendable {
    /// How the server listens and what it allows.
    public struct Configuration: Sendable {
        /// The address to bind: an IPv4 or IPv6 literal, or `localhost`.
        public var host: String
        /// The port; 0 picks a free one (read it back from ``Server/port``).
        public var port: UInt16
        /// Event-loop threads (each an epoll loop that also runs MHD's callbacks).
        public var threadPoolSize: Int
        /// Most connections open at once; further ones wait in the listen backlog until one closes.
        /// NB: MHD splits the limit evenly across the pool's threads. The server raises its open-file limit
        /// to the hard limit on start and keeps this below it (a descriptor per connection, plus headroom
        /// for the database, files being sent and event streams' pipes).
        public var connectionLimit: Int
        /// Most connections open at once from one client address; 0 for no limit. Further ones are closed as
        /// soon as they are accepted, unanswered, so one client cannot take every slot of ``connectionLimit``.
        ///
        /// The default, 1,024, is far more than one person needs (a browser opens at most six to a host, an app
        /// one or two plus an event stream) and leaves room for a few hundred people behind one NAT (an office,
        /// a venue's Wi-Fi), while a single address can hold at most a sixteenth of the default connection
        /// limit. NB: behind a reverse proxy every connection comes from the proxy's address: raise this to
        /// ``connectionLimit`` (or 0) there, and limit connections per client at the proxy. Load tests and soaks
        /// that open thousands of connections from 127.0.0.1 must raise it too.
        public var connectionsPerAddress: Int
        /// How long a connection may sit idle (no request in progress) before it is closed.
        public var idleTimeout: Duration
        /// How long a client may take to send a request's headers (slowloris-style drips are cut off);
        /// `nil` for no limit. MHD's idle timeout counts only silence, so a byte every few seconds would
        /// otherwise hold a connection for ever.
        public var headerTimeout: Duration?
        /// How long a handler may take before the client gets a 503 problem; `nil` for no limit.
        public var requestTimeout: Duration?
        /// The largest request body accepted; larger ones are answered 413.
        public var maxBodySize: Int
        /// MHD's per-connection memory pool (request line, headers, read and write buffers).
        /// MHD's default is 32 KiB; raised to 64 KiB so long headers (cookies, several JWTs) fit.
        /// NB: MHD zeroes the whole pool between keep-alive requests, so a bigger pool costs time on
        /// every request, not just memory.
        public var connectionMemoryLimit: Int
        /// How often open event streams send a `: keep-alive` comment (unless the stream says otherwise).
        public var eventStreamHeartbeat: Duration
        /// Where the engine logs errors no middleware handled.
        public var log: LogSink
        /// Where the engine writes an access-log line for a request it refused itself, which no middleware sees
        /// (header fields too large, a target too long, an unsupported HTTP version, a malformed header);
        /// `nil` for none.
        public var accessLog: LogSink? = nil
        /// Rewords a refusal the engine makes before (or instead of) any handler, given the request's path: 413 for
        /// a body over ``maxBodySize``, 400 or 501 for a request HTTP/1.1 forbids, libmicrohttpd's own 414, 431,
        /// 505 and 400s, and the 503s of the request timeout and of a shutdown. A domain that speaks another
        /// service's wire (the Salesforce stand-in) answers them in that service's shape. The path is empty when
        /// the engine refused before it could read one (a request target too long). By default the problem
        /// response is kept.
        public var shapeRefusal: @Sendable (_ path: String, _ refusal: Response) -> Response = { $1 }
        /// The slowest a request body may arrive before the client gets 408 and the connection is closed (see
        /// ``Server/MinimumBodyRate``); `nil` for no limit.
        public var minimumBodyRate: MinimumBodyRate? = MinimumBodyRate()

        /// A configuration; every value has a production default.
        public init(
            host: String = "127.0.0.1",
            port: UInt16 = 0,
            threadPoolSize: Int = ProcessInfo.processInfo.activeProcessorCount,
            connectionLimit: Int = 16_384,
            connectionsPerAddress: Int = Configuration.defaultConnectionsPerAddress,
            idleTimeout: Duration = .seconds(60),
            headerTimeout: Duration? = .seconds(30),
            requestTimeout: Duration? = .seconds(30),
            maxBodySize: Int = 32 << 20,
            connectionMemoryLimit: Int = 64 << 10,
            eventStreamHeartbeat: Duration = .seconds(15),
            log: LogSink = .standardError
        ) {
            self.host = host
            self.port = port
            self.threadPoolSize = threadPoolSize
            self.connectionLimit = connectionLimit
            self.connectionsPerAddress = connectionsPerAddress
            self.idleTimeout = idleTimeout
            self.headerTimeout = headerTimeout
            self.requestTimeout = requestTimeout
            self.maxBodySize = maxBodySize
            self.connectionMemoryLimit = connectionMemoryLimit
            self.eventStreamHeartbeat = eventStreamHeartbeat
            self.log = log
        }

        /// The default of ``connectionsPerAddress``.
        public static let defaultConnectionsPerAddress = 1_024
    }

    private enum Lifecycle {
        case idle
        case running(daemon: DaemonHandle, port: UInt16, sweeper: Task<Void, Never>?)
        case stopping(daemon: DaemonHandle, port: UInt16)
        case stopped
    }

    /// The configuration the server was made with.
    public let configuration: Configuration
    private let core: ServerCore
    private let lifecycle = Locked(Lifecycle.idle)

    /// Makes a server that answers every request with `handler` (usually ``Router/handler(middleware:)``).
    ///
    /// `bodyReceivers` (usually ``Router/bodyReceivers()``) lets routes registered with
    /// ``Router/on(_:_:receiving:handler:)`` take their bodies as they arrive; without it they get them whole.
    /// `bodyLimits` (usually ``Router/bodyLimits()``) holds each body to its route's limit from the moment the headers
    /// are in (413 at once for a `Content-Length` over it, nothing kept of a chunked body past it); without it every
    /// body may reach ``Configuration/maxBodySize`` before a handler sees it. `rateLimit` (usually
    /// ``RateLimitMiddleware/decide(_:)`` of the limiter in `handler`'s chain) is asked when the headers of a request
    /// with a body are in: a client over its rate gets the chain's 429 at once, its body unread; without it the limiter
    /// answers only once the whole body has arrived.
    public init(
        configuration: Configuration = Configuration(), handler: @escaping Handler,
        bodyReceivers: BodyReceiverFactory? = nil, bodyLimits: BodyLimitLookup? = nil,
        rateLimit: HeaderRateLimit? = nil
    ) {
        self.configuration = configuration
        self.core = ServerCore(
            configuration: configuration, handler: handler, receivers: bodyReceivers, limits: bodyLimits,
            rateLimit: rateLimit)
    }

    deinit {
        if case .running(let daemon, _, let sweeper) = lifecycle.withLock({ $0 }) {
            sweeper?.cancel()
            core.forceClose()
            Server.stop(daemon, core: core)
        }
    }

    /// Binds and starts serving; throws ``ServerError`` when the address is bad or the bind fails.
    public func start() throws(ServerError) {
        try lifecycle.withLock { lifecycle throws(ServerError) in
            guard case .idle = lifecycle else { throw ServerError.alreadyStarted }
            let daemon = try startDaemon()
            let port = cmhd_bound_port(daemon.pointer)
            lifecycle = .running(daemon: daemon, port: port, sweeper: startSweeper())
        }
    }

    /// The port the server listens on (the real one when configured with 0); 0 before ``start()``.
    public var port: UInt16 {
        switch lifecycle.withLock({ $0 }) {
        case .running(_, let port, _), .stopping(_, let port): port
        case .idle, .stopped: 0
        }
    }

    /// Connections cut off so far for taking longer than ``Configuration/headerTimeout`` over a request's
    /// headers.
    public var connectionsCutOffForSlowHeaders: Int {
        lifecycle.withLock { lifecycle in
            switch lifecycle {
            case .running(let daemon, _, _), .stopping(let daemon, _): Int(cmhd_guard_expired(daemon.headerGuard))
            case .idle, .stopped: 0
            }
        }
    }

    /// Requests not finished yet (a body arriving, a handler running, a response or stream being sent).
    var requestsInFlight: Int { core.inFlight }

    /// Whether a graceful shutdown has begun: responses made from now on close their connections.
    var isStopping: Bool { core.isStopping }

    /// Event streams currently open (each one's producer is running or draining).
    public var openEventStreams: Int { core.openStreams }

    /// Connections currently open.
    public var openConnections: Int {
        // NB: asked under the lock, so shutdown cannot stop the daemon while MHD answers.
        lifecycle.withLock { lifecycle in
            switch lifecycle {
            case .running(let daemon, _, _), .stopping(let daemon, _): Int(cmhd_current_connections(daemon.pointer))
            case .idle, .stopped: 0
            }
        }
    }

    /// Stops gracefully: stop accepting, end event streams, let requests in flight finish within
    /// `gracePeriod`, answer the rest 503, then close every connection. A second call while a shutdown
    /// runs returns at once.
    public func shutdown(gracePeriod: Duration = .seconds(10)) async {
        let running = lifecycle.withLock { lifecycle -> (DaemonHandle, Task<Void, Never>?)? in
            guard case .running(let daemon, let port, let sweeper) = lifecycle else { return nil }
            lifecycle = .stopping(daemon: daemon, port: port)
            return (daemon, sweeper)
        }
        guard let (daemon, sweeper) = running else { return }
        let listener = MHD_quiesce_daemon(daemon.pointer)
        // NB: quiesced, MHD no longer accepts, but the kernel still would: a client connecting during the drain
        // would sit in the backlog unanswered and be reset at the end. Shut down, a listening socket stops
        // listening (new clients are refused at once and try another instance) while its descriptor stays ours
        // until MHD_stop_daemon, as MHD requires.
        if listener >= 0 { stopListening(listener) }
        core.beginStopping()
        let deadline = ContinuousClock.now.advanced(by: gracePeriod)
        while core.inFlight > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        sweeper?.cancel()
        core.forceClose()
        // Give the forced 503s and dropped streams a moment to reach their sockets.
        let settle = ContinuousClock.now.advanced(by: .milliseconds(250))
        while core.inFlight > 0, ContinuousClock.now < settle {
            try? await Task.sleep(for: .milliseconds(5))
        }
        lifecycle.withLock { $0 = .stopped }
        // NB: MHD_stop_daemon joins MHD's threads: run it on a thread of its own, not on the cooperative
        // pool (nor on Dispatch's global queues, which share that pool's threads on Linux).
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread { [core] in
                Server.stop(daemon, core: core)
                continuation.resume()
            }.start()
        }
        // NB: MHD hands the quiesced listening socket to us, to close only after MHD_stop_daemon.
        if listener >= 0 { close(listener) }
    }

    /// Serves until SIGINT or SIGTERM arrives, then shuts down gracefully and returns.
    ///
    /// `onReady` runs once the signals are watched: announce the server there, so that a supervisor which
    /// reads the announcement and then sends SIGTERM can never catch the process before it listens for it.
    public func runUntilSignal(gracePeriod: Duration = .seconds(10), onReady: @Sendable () -> Void = {}) async {
        await runUntilSignal(gracePeriod: gracePeriod, signals: [SIGINT, SIGTERM], onReady: onReady)
    }

    /// ``runUntilSignal(gracePeriod:)`` with the signals and a hook that runs once they are watched.
    func runUntilSignal(gracePeriod: Duration, signals: [Int32], onReady: @Sendable () -> Void) async {
        let watch = await SignalWatch.start(signals)
        onReady()
        await run(until: watch, gracePeriod: gracePeriod)
    }

    /// Serves until `watch` sees a signal (returns at once if it already has), stops watching, then shuts down
    /// gracefully: for a server that watched signals before it was ready to serve (see ``SignalWatch``).
    public func run(until watch: SignalWatch, gracePeriod: Duration = .seconds(10)) async {
        _ = await watch.wait()
        watch.stop()
        await shutdown(gracePeriod: gracePeriod)
    }

    // MARK: - Daemon

    private func startDaemon() throws(ServerError) -> DaemonHandle {
        var address = try Server.socketAddress(host: configuration.host, port: configuration.port)
        // NB: no MHD_USE_TURBO: it skips shutdown() on close, and a connection closed by the server (a
        // dropped slow event-stream client) then lingers until the worker thread's next event.
        var flags =
            MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
            | MHD_USE_ITC.rawValue
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let idleSeconds = max(1, Int(configuration.idleTimeout.components.seconds))
        let headerSeconds = configuration.headerTimeout.map { max(1, Int($0.components.seconds)) } ?? 0
        var failure: Int32 = 0
        var guardPointer: OpaquePointer?
        let pointer = address.withSocketAddress { socketAddress in
            var options = cmhd_options(
                flags: flags,
                address: socketAddress,
                port: configuration.port,
                thread_pool_size: UInt32(clamping: max(1, configuration.threadPoolSize)),
                connection_limit: UInt32(clamping: Server.usableConnectionLimit(configuration.connectionLimit)),
                per_ip_connection_limit: UInt32(clamping: max(0, configuration.connectionsPerAddress)),
                connection_timeout_seconds: UInt32(clamping: idleSeconds),
                connection_memory_limit: max(32 << 10, configuration.connectionMemoryLimit),
                listen_backlog: 1024,
                keep_url_encoded: 1,
                header_timeout_seconds: UInt32(clamping: headerSeconds),
                refusal: ServerCore.engineRefusal,
                refusal_context: Unmanaged.passUnretained(core).toOpaque()
            )
            return cmhd_start(
                &options, nil, nil,
                ServerCore.accessHandler, Unmanaged.passUnretained(core).toOpaque(),
                ServerCore.requestCompleted, Unmanaged.passUnretained(core).toOpaque(),
                &guardPointer, &failure)
        }
        guard let pointer else {
            throw ServerError.bindFailed(
                host: configuration.host, port: configuration.port,
                reason: failure == 0 ? nil : String(cString: strerror(failure)))
        }
        return DaemonHandle(pointer: pointer, headerGuard: guardPointer)
    }

    /// Descriptors kept free of connections: the database, files being sent, event streams' pipes, logs.
    static let descriptorHeadroom = 256

    /// Raises the soft open-file limit to the hard one and answers the most connections that fit under it.
    static func usableConnectionLimit(_ wanted: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return max(1, wanted) }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        let available = Int(clamping: limit.rlim_cur) - descriptorHeadroom
        return max(1, min(wanted, available))
    }

    /// Checks request deadlines a few times per timeout period.
    private func startSweeper() -> Task<Void, Never>? {
        guard let timeout = configuration.requestTimeout else { return nil }
        let period = min(max(timeout / 8, .milliseconds(10)), .milliseconds(250))
        return Task { [core] in
            while !Task.isCancelled {
                do { try await Task.sleep(for: period) } catch { return }
                core.expireOverdue()
            }
        }
    }

    private static func stop(_ daemon: DaemonHandle, core: ServerCore) {
        withExtendedLifetime(core) { MHD_stop_daemon(daemon.pointer) }
        cmhd_guard_release(daemon.headerGuard)
    }
}

/// Shuts a listening socket down (a file-level function: inside ``Server``, `shutdown` names its method).
private func stopListening(_ descriptor: Int32) {
    _ = shutdown(descriptor, Int32(SHUT_RDWR))
}
