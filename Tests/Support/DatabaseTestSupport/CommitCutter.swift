import Database
import DatabasePostgres
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback relay in front of the test PostgreSQL server that, once armed, cuts a client's connection right
/// after passing on its `COMMIT`: the server commits, and the client never hears the answer, as when a network
/// drops between the two at that moment.
///
/// ```swift
/// let cutter = try CommitCutter()
/// defer { cutter.stop() }
/// let database = try PostgresDatabase(url: cutter.url)   // connections go through the relay
/// cutter.arm()                                            // the next COMMIT is committed, its answer lost
/// ```
///
/// NB: the server's side of a cut connection is closed for writing after the `COMMIT`, never reset, so the server
/// reads the whole statement before it sees the end.
public final class CommitCutter: @unchecked Sendable {
    /// The relay's URL: the test server's, with the relay's port.
    public let url: String
    private let listener: Int32
    private let upstreamPort: UInt16
    private let lock = NSLock()
    private var isArmed = false
    private var cuts = 0
    /// How many cut connections the server has ended since (it read the `COMMIT`, answered, then saw the end).
    private var cutsEnded = 0

    /// Listens on a free loopback port in front of `QUARTET_TEST_POSTGRES_URL`'s server; cancels the test when
    /// no server is configured.
    public init() throws {
        let target = try DatabaseKind.requirePostgresURL()
        guard let components = URLComponents(string: target), let port = components.port else {
            throw CommitCutterError("no port in \(target)")
        }
        upstreamPort = UInt16(port)
        listener = try Self.openListener()
        var relayed = components
        relayed.port = Int(try Self.port(of: listener))
        guard let relayedURL = relayed.string else { throw CommitCutterError("cannot build the relay's URL") }
        url = relayedURL
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "quartet.test.commit-cutter"
        thread.start()
    }

    /// A database on `test`'s PostgreSQL schema whose connections go through this relay (one by default, so
    /// the cut one is the one the next write uses).
    public func database(on test: TestDatabase, maximumConnections: Int = 1) throws -> PostgresDatabase {
        var configuration = PostgresDatabase.Configuration(url: url)
        configuration.searchPath = test.location
        configuration.maximumConnections = maximumConnections
        return try PostgresDatabase(configuration)
    }

    /// Cuts the next connection that sends a `COMMIT`, once.
    public func arm() {
        lock.withLock { isArmed = true }
    }

    /// How many connections were cut.
    public var cutCount: Int { lock.withLock { cuts } }

    /// Returns once the server has ended every cut connection, so a read on another connection sees what its
    /// `COMMIT` committed. The client hears of the cut at once, while the server may still be reading the
    /// statement; it closes its side only after it has committed and answered (under load, well after the client
    /// moved on). Gives up after two minutes, leaving the test's own expectations to fail.
    public func serverEndedCutConnections() async {
        for _ in 0..<24_000 where lock.withLock({ cutsEnded < cuts }) {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Stops accepting connections (those relayed already end with their client or server).
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }

    deinit {
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            guard let upstream = try? Self.connectUpstream(port: upstreamPort) else {
                close(client)
                continue
            }
            let connection = RelayedConnection(client: client, upstream: upstream)
            let toServer = Thread { [self] in relayToServer(connection) }
            let toClient = Thread { [self] in relayToClient(connection) }
            toServer.start()
            toClient.start()
        }
    }

    /// Client to server; passes a `COMMIT` on and then cuts, when armed.
    private func relayToServer(_ connection: RelayedConnection) {
        defer { connection.finishedOneWay() }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        let commit = Array("COMMIT\0".utf8)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(connection.client, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                shutdown(connection.upstream, Int32(SHUT_WR))
                return
            }
            let piece = Array(buffer[0..<count])
            let cut = lock.withLock { () -> Bool in
                guard isArmed, Self.contains(piece, commit) else { return false }
                isArmed = false
                cuts += 1
                return true
            }
            // NB: marked before the COMMIT goes on, so the server's answer cannot slip through to the client.
            if cut { connection.markCut() }
            guard Self.sendAll(piece, to: connection.upstream) else { return }
            if cut {
                shutdown(connection.upstream, Int32(SHUT_WR))
                shutdown(connection.client, Int32(SHUT_RDWR))
                return
            }
        }
    }

    /// Server to client; after a cut, the server's answer is read and dropped.
    private func relayToClient(_ connection: RelayedConnection) {
        defer { connection.finishedOneWay() }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(connection.upstream, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                shutdown(connection.client, Int32(SHUT_RDWR))
                if connection.isCut { lock.withLock { cutsEnded += 1 } }
                return
            }
            if connection.isCut { continue }
            if !Self.sendAll(Array(buffer[0..<count]), to: connection.client) { continue }
        }
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }

    private static func sendAll(_ bytes: [UInt8], to socket: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            // NB: MSG_NOSIGNAL: a peer that left must not raise SIGPIPE in the test process.
            let sent = bytes.withUnsafeBytes {
                send(socket, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port.bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private static func newSocket() throws -> Int32 {
        #if os(Linux)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw CommitCutterError("socket: errno \(errno)") }
        return descriptor
    }

    private static func openListener() throws -> Int32 {
        let descriptor = try newSocket()
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw CommitCutterError("cannot listen on loopback: errno \(errno)")
        }
        return descriptor
    }

    private static func port(of descriptor: Int32) throws -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw CommitCutterError("getsockname: errno \(errno)") }
        return UInt16(bigEndian: address.sin_port)
    }

    private static func connectUpstream(port: UInt16) throws -> Int32 {
        let descriptor = try newSocket()
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw CommitCutterError("cannot reach the server: errno \(errno)")
        }
        return descriptor
    }
}

/// Why a ``CommitCutter`` could not start.
public struct CommitCutterError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// The two sockets of one relayed connection, closed once both directions are done.
private final class RelayedConnection: @unchecked Sendable {
    let client: Int32
    let upstream: Int32
    private let lock = NSLock()
    private var cut = false
    private var finished = 0

    init(client: Int32, upstream: Int32) {
        self.client = client
        self.upstream = upstream
    }

    var isCut: Bool { lock.withLock { cut } }

    func markCut() { lock.withLock { cut = true } }

    func finishedOneWay() {
        let both = lock.withLock { () -> Bool in
            finished += 1
            return finished == 2
        }
        if both {
            close(client)
            close(upstream)
        }
    }
}
