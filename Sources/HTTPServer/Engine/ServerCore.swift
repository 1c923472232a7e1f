import CMHDShim
import CMicroHTTPD
import Foundation
import HTTPTypes
import Locking

/// What the MHD callbacks reach: the configuration, the handler, and the registry of requests and event
/// streams in flight (for the request timeout and graceful shutdown).
final class ServerCore: Sendable {
    private struct Registry {
        /// Shutting down: finish streams, serve what is in flight, tell keep-alive clients to go.
        var stopping = false
        /// Past the grace period: no more suspensions; everything still open is forced to end.
        var closing = false
        /// Requests MHD has handed us (headers in) that are not over yet: receiving a body, handled, or sending.
        /// NB: a graceful shutdown waits for these, not just for handlers: an upload still arriving is in flight.
        var requests = 0
        var pending: [ObjectIdentifier: PendingResponse] = [:]
        var streams: [ObjectIdentifier: EventStreamChannel] = [:]
    }

    let configuration: Server.Configuration
    let handler: Handler
    /// Receivers for the routes that take their body piece by piece.
    let receivers: BodyReceiverFactory?
    /// Each route's body limit, when smaller than the server's.
    let limits: BodyLimitLookup?
    /// The rate limiter, asked at the headers of a request with a body (see ``Server/init(configuration:handler:bodyReceivers:bodyLimits:rateLimit:)``).
    let rateLimit: HeaderRateLimit?
    private let registry = Locked(Registry())
    private let inlineExecutor = InlineExecutor()

    /// How much of an oversize body is read and thrown away before the connection is simply closed.
    static let discardBound = 8 << 20

    init(
        configuration: Server.Configuration, handler: @escaping Handler, receivers: BodyReceiverFactory?,
        limits: BodyLimitLookup? = nil, rateLimit: HeaderRateLimit? = nil
    ) {
        self.configuration = configuration
        self.handler = handler
        self.receivers = receivers
        self.limits = limits
        self.rateLimit = rateLimit
    }

    // MARK: - Access handler

    /// MHD's access handler: called once with the headers, once per piece of body, once at the end, and
    /// once more after each resume until a response is queued.
    func access(
        connection: OpaquePointer,
        url: UnsafePointer<CChar>,
        method: UnsafePointer<CChar>,
        version: UnsafePointer<CChar>?,
        uploadData: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>,
        slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let raw = slot.pointee else {
            let context = RequestContext()
            context.isHead = strcmp(method, "HEAD") == 0
            slot.pointee = Unmanaged.passRetained(context).toOpaque()
            registry.withLock { $0.requests += 1 }
            let framing = RequestFraming.Scan(connection)
            if let problem = ServerCore.malformed(
                connection: connection, method: method, version: version, framing: framing)
            {
                return refuse(problem.response(), url: url, context, connection)
            }
            return headersArrived(context, connection: connection, url: url, method: method, framing: framing)
        }
        let context = Unmanaged<RequestContext>.fromOpaque(raw).takeUnretainedValue()
        let size = uploadSize.pointee
        if size > 0 {
            uploadSize.pointee = 0
            if var pace = context.pace, let rule = configuration.minimumBodyRate {
                guard pace.arrived(size, rule: rule) else { return tooSlow(context, url: url, connection: connection) }
                context.pace = pace
            }
            return bodyArrived(context, data: uploadData, size: size)
        }
        switch context.phase {
        case .receiving:
            if context.overflowed {
                return refuse(tooLarge(context.limit), url: url, context, connection)
            }
            if let receiver = context.receiver, var request = context.head {
                context.receiver = nil
                context.head = nil
                receiver.finish()
                request.bodyReceiver = receiver
                return startHandler(context, request: request, connection: connection)
            }
            let body = context.mappedBody?.takeData() ?? context.body
            context.body = Data()
            context.mappedBody = nil
            var request = makeRequest(connection: connection, url: url, method: method, body: body)
            request.rateLimitDecision = context.rateLimitDecision
            return startHandler(context, request: request, connection: connection)
        case .handling:
            return deliver(context, connection: connection)
        case .answered:
            return .YES
        }
    }

    /// Answers a request the engine refuses before any handler (malformed, or a body too large), worded for its path
    /// by ``Server/Configuration/shapeRefusal``, with a line in the access log as libmicrohttpd's own refusals get.
    ///
    /// NB: no middleware sees these requests, so the access log had no line for them: an operator could not tell a
    /// smuggling attempt or a flood of oversize uploads from silence.
    private func refuse(
        _ problem: Response, url: UnsafePointer<CChar>, _ context: RequestContext, _ connection: OpaquePointer
    ) -> MHD_Result {
        let path = ServerCore.path(of: url)
        let response = configuration.shapeRefusal(path, problem)
        context.phase = .answered
        logRefusal(response, path: path, connection)
        return queue(response, context, connection)
    }

    /// The access-log line of a request the engine refused itself.
    private func logRefusal(_ response: Response, path: String, _ connection: OpaquePointer) {
        guard let accessLog = configuration.accessLog else { return }
        let address = ServerCore.remoteAddress(connection)
        var bytes = 0
        if case .bytes(let body) = response.body { bytes = body.count }
        accessLog.record([
            "path": path, "status": String(response.status.rawValue), "bytes": String(bytes),
            "remote": address.isEmpty ? "-" : address, "refused_by": "engine",
        ])
    }

    /// A body slower than ``Server/Configuration/minimumBodyRate``: answered 408 and the connection closed.
    ///
    /// NB: libmicrohttpd 0.9.75 queues no response while a body is arriving, so the 408 is written to the socket here
    /// (nothing of this request's answer has gone out yet; at most a `100 Continue`), and the handler's `MHD_NO` has
    /// MHD close the connection. A client still sending may see the connection reset before it reads the 408.
    private func tooSlow(_ context: RequestContext, url: UnsafePointer<CChar>, connection: OpaquePointer)
        -> MHD_Result
    {
        let path = ServerCore.path(of: url)
        let problem = HTTPError(
            .requestTimeout, detail: "The request body arrived too slowly.", headers: ["Connection": "close"])
        let response = configuration.shapeRefusal(path, problem.response())
        context.phase = .answered
        context.pace = nil
        context.receiver = nil
        context.head = nil
        context.body = Data()
        context.mappedBody = nil
        ServerCore.message(response).withUnsafeBytes { bytes in
            _ = cmhd_send_now(connection, bytes.baseAddress, bytes.count)
        }
        logRefusal(response, path: path, connection)
        return .NO
    }

    /// A response with bytes as it goes on the wire, closing the connection.
    static func message(_ response: Response) -> Data {
        guard case .bytes(let body) = response.body else { return Data() }
        var head =
            "HTTP/1.1 \(response.status.rawValue) \(response.status.reasonPhrase)\r\nDate: \(HTTPDate.string(from: Date()))\r\n"
        for (name, value) in response.headers
        where !engineOwned(name) && !name.caseInsensitiveEquals("Connection") && !name.caseInsensitiveEquals("Date") {
            head += "\(name): \(value)\r\n"
        }
        head += "Connection: close\r\nContent-Length: \(body.count)\r\n\r\n"
        return Data(head.utf8) + body
    }

    private func tooLarge(_ limit: Int) -> Response {
        Router.bodyTooLarge(limit: min(limit, configuration.maxBodySize)).response()
    }

    /// What MHD lets through but HTTP/1.1 forbids, refused before any handler runs: a method that is not a
    /// token, or framing that is ambiguous (see ``RequestFraming``) — MHD would wait for some such bodies' end
    /// until the idle timeout.
    private static func malformed(
        connection: OpaquePointer, method: UnsafePointer<CChar>, version: UnsafePointer<CChar>?,
        framing: RequestFraming.Scan
    ) -> HTTPError? {
        var byte = method
        while byte.pointee != 0 {
            guard isTokenCharacter(UInt8(bitPattern: byte.pointee)) else {
                return HTTPError(
                    .badRequest, detail: "The request method is not valid.", headers: ["Connection": "close"])
            }
            byte += 1
        }
        let http11 = version.map { strcmp($0, "HTTP/1.1") == 0 } ?? false
        return framing.problem(http11: http11) { RequestFraming.Fields(connection) }
    }

    /// The request's path without its query, for a refusal worded before any handler runs.
    static func path(of url: UnsafePointer<CChar>) -> String {
        // NB: made only when a refusal needs it, not for every request; a byte search, no grapheme breaking.
        let length = strcspn(url, "?")
        return String(decoding: UnsafeRawBufferPointer(start: url, count: length), as: UTF8.self)
    }

    /// RFC 9110 `tchar`.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// The first call: decides 413 from `Content-Length` and asks the rate limiter before any body is read, and finds
    /// the body's receiver when the route takes it piece by piece.
    private func headersArrived(
        _ context: RequestContext, connection: OpaquePointer, url: UnsafePointer<CChar>,
        method: UnsafePointer<CChar>, framing: RequestFraming.Scan
    ) -> MHD_Result {
        // NB: the framing pass already found both fields; no lookups through MHD's list again.
        let declared = framing.firstContentLength.flatMap(ServerCore.declaredLength)
        context.limit = configuration.maxBodySize
        if let declared, declared > context.limit {
            return refuse(tooLarge(context.limit), url: url, context, connection)
        }
        let hasBody = (declared ?? 0) > 0 || framing.hasTransferEncoding
        if hasBody, let rule = configuration.minimumBodyRate { context.pace = BodyPace(rule) }
        if hasBody, receivers != nil || limits != nil || rateLimit != nil {
            var head = makeRequest(connection: connection, url: url, method: method, body: Data())
            if let routeLimit = limits?(head), routeLimit < context.limit {
                // NB: refused before a byte of the body is read: a form's route no longer takes 40 MiB into memory
                // (a thousand connections of one address could hold 40 GiB) only to refuse it once it is all in.
                context.limit = routeLimit
                if let declared, declared > routeLimit {
                    return refuse(tooLarge(routeLimit), url: url, context, connection)
                }
            }
            if let decision = rateLimit?(head) {
                head.rateLimitDecision = decision
                // NB: a client over its rate is answered now, through the handler (the limiter in its chain throws the
                // same 429, with its access-log line), and its body is never read: before, a 25 MB upload was taken
                // whole only to be refused. A request that may go on carries the decision, so it is counted once.
                if !decision.admitted { return startHandler(context, request: head, connection: connection) }
                context.rateLimitDecision = decision
            }
            if let receiver = receivers?(head) {
                context.head = head
                context.receiver = receiver
                return .YES
            }
        }
        guard let length = declared else { return .YES }
        // NB: reserving the declared length (already capped by maxBodySize) spares the doubling copies of a
        // growing buffer — a 35 MB upload otherwise peaks near 64 MB. A large body gets pages of its own (see
        // MappedBody); a liar costs little either way, as pages are committed only when bytes arrive.
        if length >= MappedBody.threshold, let mapped = MappedBody(capacity: length) {
            context.mappedBody = mapped
        } else {
            context.body.reserveCapacity(length)
        }
        return .YES
    }

    /// A `Content-Length` value as a number: `Int.max` for one too large for an `Int`, which is larger than any limit.
    ///
    /// NB: libmicrohttpd takes lengths up to 2^64 - 2 and waits for that many bytes, so a length past `Int.max` read
    /// as no length at all was not refused at the headers: the body was gathered up to the limit and the client
    /// waited, unanswered, until the idle timeout. The framing check has let through digits only (and whitespace
    /// MHD leaves after them).
    static func declaredLength(_ text: UnsafePointer<CChar>) -> Int? {
        let value = String(cString: text)
        if let length = Int(value) { return length }
        let digits = value.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(digits) ?? .max
    }

    /// A piece of body: kept while under the limit; past it the rest is discarded and the answer is 413.
    private func bodyArrived(_ context: RequestContext, data: UnsafePointer<CChar>?, size: Int) -> MHD_Result {
        if !context.overflowed, let data {
            if let receiver = context.receiver {
                // NB: only a chunked body can pass the limit here; a declared one was refused at the headers.
                if context.received + size <= context.limit {
                    context.received += size
                    receiver.receive(UnsafeRawBufferPointer(start: data, count: size))
                    return .YES
                }
                context.receiver = nil
                context.head = nil
            } else if let mapped = context.mappedBody {
                // NB: MHD delivers exactly the declared Content-Length, which is the mapping's size.
                if mapped.append(data, size: size) { return .YES }
            } else if context.body.count + size <= context.limit {
                data.withMemoryRebound(to: UInt8.self, capacity: size) { context.body.append($0, count: size) }
                return .YES
            }
            context.overflowed = true
            context.discarded = context.body.count + (context.mappedBody?.count ?? 0) + context.received
            context.body = Data()
            context.mappedBody = nil
        }
        context.discarded += size
        // NB: MHD cannot queue a response while body data is still arriving, so an oversize chunked body
        // is read and thrown away up to a bound and then answered 413; past the bound the connection is
        // closed, so a client streaming without end gets no more of our time.
        return context.discarded - ServerCore.discardBound > context.limit ? MHD_Result.NO : MHD_Result.YES
    }

    /// The body is complete: suspend the connection and run the handler in a task.
    private func startHandler(_ context: RequestContext, request: Request, connection: OpaquePointer)
        -> MHD_Result
    {
        let deadline = configuration.requestTimeout.map { ContinuousClock.now.advanced(by: $0) }
        let pending = PendingResponse(
            connection: ConnectionHandle(pointer: connection), path: request.path, deadline: deadline)
        let admitted = registry.withLock { registry in
            guard !registry.closing else { return false }
            registry.pending[ObjectIdentifier(pending)] = pending
            return true
        }
        guard admitted else {
            context.phase = .answered
            return queue(
                configuration.shapeRefusal(request.path, ErrorMapping.shuttingDown.response()), context, connection)
        }
        context.pending = pending
        context.phase = .handling
        // The task runs right here until it first waits; a handler that never waits has answered by the
        // time runInline returns, and the connection is never suspended.
        let task = inlineExecutor.runInline { [self] in
            let response = await respond(to: request)
            pending.complete(response)
        }
        pending.attach(task)
        if !pending.suspendUnlessCompleted() {
            return deliver(context, connection: connection)
        }
        return .YES
    }

    /// Runs the handler, mapping what it throws exactly as ``TestClient`` does.
    func respond(to request: Request) async -> Response {
        do {
            return try await handler(request)
        } catch {
            return ErrorMapping.response(for: error, request: request, log: configuration.log)
        }
    }

    /// Called again after a resume: queue the response the task stored.
    private func deliver(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        guard let pending = context.pending else { return .NO }
        var response = pending.takeResponse()
        if response == nil {
            // Called before the task finished: wait once more, unless it finished in the meantime.
            if pending.suspendUnlessCompleted() { return .YES }
            response = pending.takeResponse()
        }
        guard let response else { return .NO }
        context.phase = .answered
        return queue(response, context, connection)
    }

    // MARK: - Responses

    /// Builds the MHD response (bytes, or an event stream read through a callback) and queues it.
    private func queue(_ response: Response, _ context: RequestContext, _ connection: OpaquePointer) -> MHD_Result {
        var headers = response.headers
        var channel: EventStreamChannel?
        let made: OpaquePointer?
        switch response.body {
        case .bytes(let data):
            made = ResponseBuffer.makeResponse(data)
        case .file(let file) where file.segments != nil:
            // NB: several stretches and bytes of their own (multipart/byteranges): read from disk a buffer at a
            // time as the client takes them; the body is released (and the file closed) with the response.
            // NB: MHD calls the release callback only for a response it made; without one we release (and close).
            let retained = Unmanaged.passRetained(file)
            made = MHD_create_response_from_callback(
                UInt64(file.count), 64 << 10, ServerCore.readFile, retained.toOpaque(), ServerCore.releaseFile)
            if made == nil { retained.release() }
        case .file(let file):
            // NB: MHD closes the descriptor when it destroys the response; if it makes none, we close it.
            made = file.take().flatMap { descriptor in
                let response = MHD_create_response_from_fd_at_offset64(
                    UInt64(file.count), descriptor, UInt64(file.offset))
                if response == nil { close(descriptor) }
                return response
            }
        case .eventStream(let stream):
            if headers["Content-Type"] == nil { headers["Content-Type"] = "text/event-stream" }
            headers["Cache-Control"] = "no-cache"
            if context.isHead {
                made = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
            } else {
                let opened = openStream(stream, connection: connection)
                channel = opened
                let retained = Unmanaged.passRetained(opened)
                made = MHD_create_response_from_callback(
                    UInt64.max, 16 << 10, ServerCore.readStream, retained.toOpaque(), ServerCore.releaseStream)
                if made == nil { retained.release() }
            }
        }
        guard let made else {
            channel?.close()
            return .NO
        }
        if registry.withLock({ $0.stopping }) { headers["Connection"] = "close" }
        for (name, value) in headers where !ServerCore.engineOwned(name) {
            MHD_add_response_header(made, name, value)
        }
        // NB: through the shim, which tells our responses from the engine's own refusals (see engineRefused).
        let result = cmhd_queue_response(connection, UInt32(clamping: response.status.rawValue), made)
        MHD_destroy_response(made)
        if let channel, case .eventStream(let stream) = response.body {
            context.channel = channel
            if result == MHD_Result.YES { startProducing(stream, on: channel) } else { channel.close() }
        }
        return result
    }

    /// Headers MHD writes itself from the body it is given.
    private static func engineOwned(_ name: String) -> Bool {
        name.caseInsensitiveEquals("Content-Length") || name.caseInsensitiveEquals("Transfer-Encoding")
    }

    // MARK: - The engine's own refusals

    /// A refusal libmicrohttpd makes itself, before any handler runs (CMHDShim hands it here in place of MHD's
    /// HTML page): the problem response every other refusal is, worded for its path by
    /// ``Server/Configuration/shapeRefusal``, and a line in the access log. `path` is `nil` when MHD refused
    /// before it had parsed the request line (a 414).
    func engineRefused(status code: Int, path: String?, connection: OpaquePointer) -> OpaquePointer? {
        let status = HTTPStatus(code)
        let problem = HTTPError(
            status, detail: ServerCore.engineRefusalDetail(status), headers: ["Connection": "close"]
        ).response()
        let response = configuration.shapeRefusal(path ?? "", problem)
        guard case .bytes(let body) = response.body, let made = ResponseBuffer.makeResponse(body) else { return nil }
        for (name, value) in response.headers where !ServerCore.engineOwned(name) {
            MHD_add_response_header(made, name, value)
        }
        if let accessLog = configuration.accessLog {
            let address = ServerCore.remoteAddress(connection)
            accessLog.record([
                "path": path ?? "-",
                "status": String(response.status.rawValue),
                "bytes": String(body.count),
                "remote": address.isEmpty ? "-" : address,
                "refused_by": "engine",
            ])
        }
        return made
    }

    /// What a client learns of a refusal the engine made: what was wrong, in words that name no library.
    static func engineRefusalDetail(_ status: HTTPStatus) -> String {
        switch status.rawValue {
        case 400: "The request is malformed: a header line, Content-Length or chunk could not be read."
        case 413: "A chunk of the request body is larger than this server accepts."
        case 414: "The request target is longer than this server accepts."
        case 431: "The request's header fields are larger than this server accepts."
        case 505: "This server speaks HTTP/1.0 and HTTP/1.1 only."
        case 500...: ErrorMapping.genericDetail
        default: status.reasonPhrase
        }
    }

    // MARK: - Event streams

    private func openStream(_ stream: EventStream, connection: OpaquePointer) -> EventStreamChannel {
        let channel = EventStreamChannel(
            connection: ConnectionHandle(pointer: connection), maxQueuedBytes: stream.maxQueuedBytes
        ) { [weak self] in self?.forget(stream: $0) }
        let state = registry.withLock { registry -> (stopping: Bool, closing: Bool) in
            registry.streams[ObjectIdentifier(channel)] = channel
            return (registry.stopping, registry.closing)
        }
        if state.closing {
            channel.drop()
        } else if state.stopping {
            channel.finish()
        }
        return channel
    }

    private func startProducing(_ stream: EventStream, on channel: EventStreamChannel) {
        guard channel.phase == .open else { return }
        let producer = Task {
            let writer = EventStreamWriter(encoded: { event in try channel.write(event.bytes) })
            do {
                try await stream.producer(writer)
            } catch {
                // The stream ends either way; a client that left or lagged is not an error to log.
            }
            channel.finish()
        }
        channel.attach(producer)
        let interval = stream.heartbeat ?? configuration.eventStreamHeartbeat
        let heartbeat = Task {
            let comment = Data(": keep-alive\n\n".utf8)
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: interval)
                    try channel.write(comment)
                } catch {
                    return
                }
            }
        }
        channel.attach(heartbeat)
    }

    private func forget(stream channel: EventStreamChannel) {
        registry.withLock { _ = $0.streams.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    // MARK: - Request completed

    /// MHD's completed callback: the request is over (answered, failed or the client left).
    func completed(_ context: RequestContext) {
        registry.withLock { registry in
            registry.requests -= 1
            if let pending = context.pending { registry.pending.removeValue(forKey: ObjectIdentifier(pending)) }
        }
        context.pending?.cancel()
        context.channel?.close()
    }

    // MARK: - Timeouts and shutdown

    /// Answers 503 for every handler past its deadline and cancels its task.
    func expireOverdue(now: ContinuousClock.Instant = .now) {
        let overdue = registry.withLock { registry in
            registry.pending.values.filter { pending in
                guard let deadline = pending.deadline else { return false }
                return deadline <= now
            }
        }
        for pending in overdue {
            pending.complete(
                configuration.shapeRefusal(pending.path, ErrorMapping.timeout.response()), cancelTask: true)
        }
    }

    /// Starts a graceful shutdown: finish every event stream, mark new responses `Connection: close`.
    func beginStopping() {
        let streams = registry.withLock { registry in
            registry.stopping = true
            return Array(registry.streams.values)
        }
        for stream in streams { stream.finish() }
    }

    /// Requests (from their headers to their last byte sent, a handler's wait included) and streams not finished
    /// yet.
    var inFlight: Int { registry.withLock { max($0.requests, $0.pending.count) + $0.streams.count } }

    var openStreams: Int { registry.withLock { $0.streams.count } }

    /// Whether a graceful shutdown has begun (new responses say `Connection: close`).
    var isStopping: Bool { registry.withLock { $0.stopping } }

    /// Past the grace period: answer every waiting request 503, drop every stream, and let nothing
    /// suspend again, so that MHD_stop_daemon finds no suspended connection.
    func forceClose() {
        let (pending, streams) = registry.withLock { registry in
            registry.stopping = true
            registry.closing = true
            return (Array(registry.pending.values), Array(registry.streams.values))
        }
        for request in pending {
            request.complete(
                configuration.shapeRefusal(request.path, ErrorMapping.shuttingDown.response()), cancelTask: true)
        }
        for stream in streams { stream.drop() }
    }

    // MARK: - C callbacks

    static let accessHandler: MHD_AccessHandlerCallback = {
        cls, connection, url, method, version, uploadData, uploadSize, slot in
        guard let cls, let connection, let url, let method, let uploadSize, let slot else { return .NO }
        let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
        return core.access(
            connection: connection, url: url, method: method, version: version, uploadData: uploadData,
            uploadSize: uploadSize, slot: slot)
    }

    static let requestCompleted: MHD_RequestCompletedCallback = { cls, _, slot, _ in
        guard let cls, let slot, let raw = slot.pointee else { return }
        slot.pointee = nil
        let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
        core.completed(Unmanaged<RequestContext>.fromOpaque(raw).takeRetainedValue())
    }

    static let engineRefusal: cmhd_refusal_callback = { cls, connection, status, path in
        guard let cls, let connection else { return nil }
        let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
        return core.engineRefused(
            status: Int(status), path: path.map { String(cString: $0) }, connection: connection)
    }

    static let readStream: MHD_ContentReaderCallback = { cls, _, buffer, capacity in
        guard let cls, let buffer else { return cmhd_reader_end_with_error() }
        let channel = Unmanaged<EventStreamChannel>.fromOpaque(cls).takeUnretainedValue()
        return channel.read(into: buffer, capacity: capacity)
    }

    static let readFile: MHD_ContentReaderCallback = { cls, position, buffer, capacity in
        guard let cls, let buffer else { return cmhd_reader_end_with_error() }
        let file = Unmanaged<FileBody>.fromOpaque(cls).takeUnretainedValue()
        guard
            let read = try? file.read(
                at: Int(position), into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity)),
            read > 0
        else { return cmhd_reader_end_with_error() }
        return read
    }

    static let releaseFile: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        Unmanaged<FileBody>.fromOpaque(cls).release()
    }

    static let releaseStream: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        Unmanaged<EventStreamChannel>.fromOpaque(cls).takeRetainedValue().close()
    }
}
