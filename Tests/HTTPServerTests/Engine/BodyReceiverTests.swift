import Foundation
import Locking
import TestSupport
import Testing

@testable import HTTPServer

/// Counts and checksums what it is given, and records how it was called and when it went away.
final class Tally: BodyReceiver, @unchecked Sendable {
    // NB: written by one engine thread, then read by the handler after the hand-over; `Released` is locked.
    final class Released: Sendable {
        private let flag = Locked(false)
        var value: Bool { flag.withLock { $0 } }
        func set() { flag.withLock { $0 = true } }
    }

    private(set) var bytes = Data()
    private(set) var pieces = 0
    private(set) var finished = 0
    let released: Released
    let fed: Released

    init(released: Released = Released(), fed: Released = Released()) {
        self.released = released
        self.fed = fed
    }
    deinit { released.set() }

    func receive(_ piece: UnsafeRawBufferPointer) {
        pieces += 1
        bytes.append(contentsOf: piece)
        fed.set()
    }

    func finish() { finished += 1 }
}

/// Routes that take their bodies piece by piece, over real sockets and in process.
@Suite("Body receivers")
struct BodyReceiverTests {
    static func router(released: Tally.Released = .init(), fed: Tally.Released = .init()) -> Router {
        var router = Router()
        router.on(
            .post, "/tally/:name", receiving: { _ in Tally(released: released, fed: fed) },
            handler: { request, tally in
                .text(
                    "\(try request.parameter("name")) \(tally.bytes.count) \(checksum(tally.bytes)) "
                        + "finished=\(tally.finished) body=\(request.body.count) pieces>0=\(tally.pieces > 0) "
                        + "engine=\(request.bodyReceiver === tally)")
            })
        router.post("/plain") { request in .text("plain \(request.body.count)") }
        return router
    }

    // NB: kept as an array: LeakSanitizer cannot follow the Swift-tagged pointer of a global `Data`.
    static let bytes = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 151) }
    static var body: Data { Data(bytes) }

    @Test func aDeclaredBodyArrivesInPiecesBeforeTheHandlerRuns() async throws {
        try await withServer(router: Self.router()) { server in
            let connection = try RawConnection(port: server.port, timeoutSeconds: 30)
            try await connection.sendAsync(
                "POST /tally/one HTTP/1.1\r\nHost: x\r\nContent-Length: \(Self.body.count)\r\n\r\n")
            try await connection.sendAsync(Self.body)
            let reply = try await blocking { try connection.readResponse() }
            #expect(reply.status == 200)
            #expect(
                reply.text
                    == "one \(Self.body.count) \(checksum(Self.body)) finished=1 body=0 pieces>0=true engine=true")
        }
    }

    @Test func aChunkedBodyArrivesWholeAndInOrder() async throws {
        try await withServer(router: Self.router()) { server in
            let connection = try RawConnection(port: server.port, timeoutSeconds: 30)
            var wire = Data("POST /tally/chunked HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
            let parts = [Self.body.prefix(1000), Self.body.dropFirst(1000)]
            for part in parts {
                wire.append(Data(String(part.count, radix: 16).utf8) + Data("\r\n".utf8))
                wire.append(part)
                wire.append(Data("\r\n".utf8))
            }
            wire.append(Data("0\r\n\r\n".utf8))
            try await connection.sendAsync(wire)
            let reply = try await blocking { try connection.readResponse() }
            #expect(reply.text.hasPrefix("chunked \(Self.body.count) \(checksum(Self.body)) finished=1 body=0"))
            #expect(reply.text.hasSuffix("engine=true"))
        }
    }

    @Test func otherRoutesStillGatherTheirBodies() async throws {
        try await withServer(router: Self.router()) { server in
            let connection = try RawConnection(port: server.port, timeoutSeconds: 30)
            try await connection.sendAsync("POST /plain HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
            #expect(try await blocking { try connection.readResponse() }.text == "plain 5")
        }
    }

    @Test func aChunkedBodyOverTheLimitIsRefusedAndItsReceiverReleased() async throws {
        let released = Tally.Released()
        try await withServer(testConfiguration(maxBodySize: 1 << 20), router: Self.router(released: released)) {
            server in
            let connection = try RawConnection(port: server.port, timeoutSeconds: 30)
            var wire = Data("POST /tally/big HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
            let part = Self.body.prefix(1 << 20)
            for _ in 0..<2 {
                wire.append(Data(String(part.count, radix: 16).utf8) + Data("\r\n".utf8))
                wire.append(part)
                wire.append(Data("\r\n".utf8))
            }
            wire.append(Data("0\r\n\r\n".utf8))
            try await connection.sendAsync(wire)
            #expect(try await blocking { try connection.readResponse() }.status == 413)
            #expect(await eventually { released.value })
        }
    }

    /// A client gone mid-body: dropped (reset), its receiver goes at once; half-closed (a FIN, which may mean
    /// "done sending, waiting for the answer"), it goes with the idle timeout at the latest.
    @Test(arguments: [true, false])
    func aClientThatLeavesMidBodyReleasesTheReceiver(reset: Bool) async throws {
        let released = Tally.Released()
        let fed = Tally.Released()
        // NB: short enough that the half-closed case ends soon, long enough that a server slowed by ThreadSanitizer
        // on two busy cores is not timed out while the first megabyte is still arriving (a reset client then
        // saw a broken pipe on its own send).
        let configuration = testConfiguration(idleTimeout: .seconds(5))
        try await withServer(configuration, router: Self.router(released: released, fed: fed)) { server in
            try await Self.leaveMidBody(
                server, path: "/tally/gone", sending: 1 << 20, reset: reset, fed: fed, released: released)
        }
    }

    /// Sends the head of an 8 MB POST to `path` and the first `sent` bytes of its body, waits for the receiver's
    /// first piece, leaves (a reset, or a FIN), waits for the receiver to be released, and asks `/plain` again.
    static func leaveMidBody(
        _ server: Server, path: String, sending sent: Int, reset: Bool, fed: Tally.Released,
        released: Tally.Released
    ) async throws {
        let connection = try RawConnection(port: server.port, timeoutSeconds: 30)
        // NB: one write, so the short idle timeout cannot run out between the headers and the body.
        let head = Data("POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: \(8 << 20)\r\n\r\n".utf8)
        try await connection.sendAsync(head + body.prefix(sent))
        // NB: a client gone before MHD read its headers never makes a receiver; wait for the first piece.
        #expect(await eventually { fed.value })
        if reset { connection.reset() } else { connection.close() }
        #expect(await eventually { released.value })
        // The server still answers.
        let next = try RawConnection(port: server.port, timeoutSeconds: 30)
        try await next.sendAsync("POST /plain HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nok")
        #expect(try await blocking { try next.readResponse() }.text == "plain 2")
    }

    @Test func inProcessTheReceiverGetsTheGatheredBody() async throws {
        let client = TestClient(router: Self.router())
        let response = try await client.post("/tally/local", body: Self.body)
        #expect(
            String(decoding: response.bodyData, as: UTF8.self)
                == "local \(Self.body.count) \(checksum(Self.body)) finished=1 body=0 pieces>0=true engine=false")
    }

    /// In process, a receiver the handler never took (the request was refused first, as a 401 is) goes with the
    /// request: what it releases in `deinit` (a staged upload) is gone by the time the answer arrives. The thread
    /// that fed it used to hold it until it ended, a moment after the answer, which now and then left an upload's
    /// staged file on disk after its 401. Many requests, as that moment is short.
    @Test func inProcessAReceiverTheHandlerDidNotTakeIsReleasedWithTheAnswer() async throws {
        for _ in 0..<200 {
            let released = Tally.Released()
            var router = Router()
            router.on(
                .post, "/refused", receiving: { _ in Tally(released: released) },
                handler: { _, _ in .text("no", status: .unauthorized) })
            let response = try await router.respond(
                to: Request(method: .post, target: "/refused", headers: [:], body: Data("abc".utf8)))
            #expect(response.status == .unauthorized)
            #expect(released.value, "the receiver went with its request")
            if !released.value { break }
        }
    }

    @Test func theFirstMatchingRouteDecidesWhetherABodyIsReceived() {
        var router = Router()
        router.post("/items/special") { _ in .text("plain") }
        router.on(.post, "/items/:id", receiving: { _ in Tally() }, handler: { _, _ in .text("tally") })
        router.on(.put, "/items/:id", receiving: { _ in Tally() }, handler: { _, _ in .text("tally") })
        let receivers = router.bodyReceivers()
        #expect(receivers(Request(method: .post, path: "/items/special")) == nil)
        #expect(receivers(Request(method: .post, path: "/items/7")) is Tally)
        #expect(receivers(Request(method: .put, path: "/items/7")) is Tally)
        #expect(receivers(Request(method: .patch, path: "/items/7")) == nil)
        #expect(receivers(Request(method: .post, path: "/elsewhere")) == nil)
        #expect(Router().bodyReceivers()(Request(method: .post, path: "/items/7")) == nil)
    }
}

/// Files sent from the page cache.
@Suite("File bodies")
struct FileBodyTests {
    static func file(_ data: Data) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("filebody-\(UUID().uuidString)").path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// How many descriptors of this process refer to `path` (other tests open and close files meanwhile, so
    /// only descriptors of this very file count).
    static func descriptors(of path: String) -> Int {
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return open.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path
        }
        .count
    }

    @Test func aFileIsSentWholeWithItsLengthAndClosedAfter() async throws {
        let data = BodyReceiverTests.body
        let path = try Self.file(data)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var router = Router()
        router.get("/file") { _ in
            Response(headers: ["Content-Type": "application/pdf"], body: .file(try FileBody(path: path)))
        }
        try await withServer(router: router) { server in
            let connection = try RawConnection(port: server.port, timeoutSeconds: 30)
            for _ in 0..<3 {
                try await connection.sendAsync("GET /file HTTP/1.1\r\nHost: x\r\n\r\n")
                let reply = try await blocking { try connection.readResponse() }
                #expect(reply.status == 200)
                #expect(reply.header("Content-Length") == "\(data.count)")
                #expect(reply.header("Content-Type") == "application/pdf")
                #expect(checksum(reply.body) == checksum(data))
            }
            try await connection.sendAsync("HEAD /file HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try await blocking { try connection.readResponse(head: true) }
            #expect(head.header("Content-Length") == "\(data.count)")
            #expect(head.body.isEmpty)
            connection.close()
            #expect(await eventually { Self.descriptors(of: path) == 0 })
        }
    }

    @Test func aMissingFileIsTheHandlersError() {
        #expect(throws: FileBody.OpenError.self) { try FileBody(path: "/nonexistent/quartet-\(UUID().uuidString)") }
    }

    @Test func inProcessTheFileIsReadWhole() async throws {
        let path = try Self.file(Data("file body".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let response = Response(body: .file(try FileBody(path: path)))
        #expect(response.bodyData == Data("file body".utf8))
        #expect(response.bodyData == Data("file body".utf8))
    }
}

/// Work handed to another thread, in order, with the engine's thread held back when it runs ahead.
@Suite("Pipelined receivers")
struct PipelinedReceiverTests {
    // NB: feeding blocks while the queue catches up, so it runs on a thread of its own, as the engine's are.
    @Test(arguments: [1, 7, 4096, 1 << 20])
    func theWrappedReceiverGetsEveryByteInOrderBeforeFinishReturns(chunkSize: Int) async throws {
        let body = BodyReceiverTests.body.prefix(chunkSize == 1 ? 5_003 : 100_003)
        let pipelined = PipelinedReceiver(Tally(), chunkSize: chunkSize, chunks: 2)
        try await blocking { pipelined.receiveWhole(body, pieceSize: 1000) }
        #expect(pipelined.wrapped.finished == 1)
        #expect(pipelined.wrapped.bytes == body)
        #expect(pipelined.wrapped.pieces == (body.count + chunkSize - 1) / chunkSize)
    }

    @Test func aBodyThatFitsOneChunkGoesStraightThrough() {
        let pipelined = PipelinedReceiver(Tally(), expectedLength: 100, chunkSize: 4096)
        let body = BodyReceiverTests.body.prefix(100)
        // No queue in between: the wrapped receiver has every piece as soon as it is given.
        body.withUnsafeBytes { pipelined.receive($0) }
        #expect(pipelined.wrapped.bytes == body)
        pipelined.finish()
        #expect(pipelined.wrapped.finished == 1)
    }

    @Test func anEmptyBodyStillFinishes() async throws {
        let pipelined = PipelinedReceiver(Tally())
        try await blocking { pipelined.finish() }
        #expect(pipelined.wrapped.finished == 1)
        #expect(pipelined.wrapped.pieces == 0)
    }

    /// A body cut off midway never reaches `finish()`: the receiver still goes away cleanly, with the chunk it
    /// was filling (before the fix, Dispatch ended the process: a semaphore released while "in use").
    @Test func aReceiverLeftMidBodyGoesAwayQuietly() async throws {
        let released = Tally.Released()
        try await blocking {
            let pipelined = PipelinedReceiver(Tally(released: released), chunkSize: 4096, chunks: 2)
            // Two chunks and a half: two handed to the queue, the third still being filled.
            BodyReceiverTests.body.prefix(2 * 4096 + 100).withUnsafeBytes { pipelined.receive($0) }
        }
        #expect(await eventually { released.value })
    }

    /// Over real sockets: a client that leaves midway through a pipelined upload costs the server nothing but
    /// that request.
    @Test(arguments: [true, false])
    func aClientThatLeavesAPipelinedUploadMidwayDoesNotStopTheServer(reset: Bool) async throws {
        let released = Tally.Released()
        let fed = Tally.Released()
        var router = Router()
        router.on(
            .post, "/pipelined",
            receiving: { _ in PipelinedReceiver(Tally(released: released, fed: fed), chunkSize: 64 << 10) },
            handler: { _, pipelined in .text("\(pipelined.wrapped.bytes.count)") })
        router.post("/plain") { request in .text("plain \(request.body.count)") }
        try await withServer(testConfiguration(idleTimeout: .seconds(5)), router: router) { server in
            // NB: 1 MB and 100 bytes of 8 MB: sixteen chunks go to the queue and the seventeenth is half filled.
            try await BodyReceiverTests.leaveMidBody(
                server, path: "/pipelined", sending: (1 << 20) + 100, reset: reset, fed: fed, released: released)
        }
    }

    @Test func overRealSocketsTheHandlerFindsTheWorkDone() async throws {
        var router = Router()
        router.on(
            .post, "/pipelined", receiving: { _ in PipelinedReceiver(Tally(), chunkSize: 64 << 10) },
            handler: { _, pipelined in
                .text(
                    "\(pipelined.wrapped.bytes.count) \(checksum(pipelined.wrapped.bytes)) \(pipelined.wrapped.finished)"
                )
            })
        try await withServer(router: router) { server in
            let connection = try RawConnection(port: server.port, timeoutSeconds: 30)
            let body = BodyReceiverTests.body
            try await connection.sendAsync(
                "POST /pipelined HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n")
            try await connection.sendAsync(body)
            #expect(try await blocking { try connection.readResponse() }.text == "\(body.count) \(checksum(body)) 1")
        }
    }
}

/// Upload buffers: mapped pages, handed on to the next owner of the same size.
@Suite("Page buffers")
struct PageBufferTests {
    @Test func aRecycledBufferIsReusedBySize() {
        // An odd size of its own, so buffers recycled by tests running meanwhile do not interfere.
        let size = 3 * 4096 + 17
        let first = PageBuffer.reusable(count: size)
        first.base.storeBytes(of: 42, as: UInt8.self)
        first.recycle()
        let second = PageBuffer.reusable(count: size)
        #expect(second === first)
        #expect(PageBuffer.reusable(count: size) !== first)
        #expect(PageBuffer.reusable(count: size + 1).count == size + 1)
    }

    @Test func onlyAFewIdleBuffersOfASizeAreKept() {
        let size = 5 * 4096 + 3
        let buffers = (0..<(PageBuffer.idleLimit + 3)).map { _ in PageBuffer(count: size) }
        for buffer in buffers { buffer.recycle() }
        let reused = (0..<(PageBuffer.idleLimit + 3)).map { _ in PageBuffer.reusable(count: size) }
        let kept = reused.filter { candidate in buffers.contains { $0 === candidate } }
        #expect(kept.count == PageBuffer.idleLimit)
    }
}
