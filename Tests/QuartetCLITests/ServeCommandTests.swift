import AttendeeServer
import Database
import Foundation
import HTTPServer
import QuartetServer
import TestSupport
import Testing

@testable import QuartetCLI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Test func serveReadsFlagsAndEnvironmentIntoTheConfiguration() throws {
    let parser = ArgumentParser(root: QuartetTool.root)
    guard
        case .run(_, let parsed) = try parser.parse(
            ["serve", "--port", "0", "--database", "sqlite::memory:", "--quiet"],
            environment: ["QUARTET_HOST": "::1", "HOME": "/h"]
        )
    else {
        Issue.record("serve did not parse")
        return
    }
    let context = CommandContext(arguments: parsed, environment: ["HOME": "/h"], console: CapturedConsole().console)
    let configuration = try ServeCommand.configuration(context)
    #expect(configuration.host == "::1")
    #expect(configuration.port == 0)
    #expect(configuration.databaseURL == "sqlite::memory:")
    #expect(configuration.accessLog == false)
    #expect(configuration.dataDirectory.lastPathComponent == ".quartet")
}

/// `--public-url` (or QUARTET_PUBLIC_URL) is where the links the server hands out point; it must be http(s).
@Test func servePublicURLIsAnHTTPAddressAndReachesTheConfiguration() throws {
    let parser = ArgumentParser(root: QuartetTool.root)
    func configuration(_ arguments: [String], _ environment: [String: String] = [:]) throws -> URL? {
        guard case .run(_, let parsed) = try parser.parse(["serve"] + arguments, environment: environment) else {
            Issue.record("serve did not parse")
            return nil
        }
        let context = CommandContext(arguments: parsed, environment: environment, console: CapturedConsole().console)
        return try ServeCommand.configuration(context).publicURL
    }
    #expect(try configuration([]) == nil)
    #expect(try configuration(["--public-url", "https://quartet.example.org"])?.host == "quartet.example.org")
    #expect(try configuration([], ["QUARTET_PUBLIC_URL": "http://10.0.0.2:8080"])?.port == 8080)
    #expect(throws: (any Error).self) { try configuration(["--public-url", "ftp://quartet.example.org"]) }
    #expect(throws: (any Error).self) { try configuration(["--public-url", "not a url"]) }
}

/// `--attendee-signin-failures` and `--attendee-signin-window` (minutes), or their variables, set the Attendee
/// sign-in throttle; absent, it allows 5 failures in 15 minutes, and 0 failures turns it off.
@Test func serveReadsTheAttendeeSignInThrottle() throws {
    let parser = ArgumentParser(root: QuartetTool.root)
    func throttle(_ arguments: [String], _ environment: [String: String] = [:]) throws -> SignInThrottle? {
        guard case .run(_, let parsed) = try parser.parse(["serve"] + arguments, environment: environment) else {
            Issue.record("serve did not parse")
            return nil
        }
        let context = CommandContext(arguments: parsed, environment: environment, console: CapturedConsole().console)
        return try ServeCommand.configuration(context).attendeeSignIn
    }
    #expect(try throttle([]) == SignInThrottle(allowedFailures: 5, window: 900))
    #expect(
        try throttle(["--attendee-signin-failures", "3", "--attendee-signin-window", "60"])
            == SignInThrottle(allowedFailures: 3, window: 3600))
    #expect(
        try throttle([], ["QUARTET_ATTENDEE_SIGNIN_FAILURES": "0", "QUARTET_ATTENDEE_SIGNIN_WINDOW": "1"])
            == SignInThrottle(allowedFailures: 0, window: 60))
    #expect(throws: (any Error).self) { try throttle(["--attendee-signin-failures", "-1"]) }
    #expect(throws: (any Error).self) { try throttle(["--attendee-signin-failures", "many"]) }
    #expect(throws: (any Error).self) { try throttle(["--attendee-signin-window", "0"]) }
}

/// `quartet serve --port 0 --quiet` on a fresh data folder, the first line it printed (its address) and the folder.
// NB: the wait for the first line runs on a thread of its own (see ``blocking(_:)``): a server migrating on a loaded
// machine takes seconds, and a test that blocks a thread of the two-thread cooperative pool that long holds up others.
private func startServe() async throws -> (server: ChildProcess, line: String, data: URL) {
    try await blocking { try startServeBlocking() }
}

private func startServeBlocking() throws -> (server: ChildProcess, line: String, data: URL) {
    let executable = try #require(BuiltProducts.executable("quartet"), "the quartet executable is built with the tests")
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("quartet-serve-\(UUID().uuidString)")
    let server = try ChildProcess(
        executable, arguments: ["serve", "--port", "0", "--data-dir", data.path, "--quiet"], output: .pipe)
    var firstLine = ""
    let reader = try #require(server.output)
    while !firstLine.contains("\n") {
        let chunk = reader.availableData
        if chunk.isEmpty { break }
        firstLine += String(decoding: chunk, as: UTF8.self)
    }
    guard let line = firstLine.split(separator: "\n").first.map(String.init) else {
        stop(server, data)
        throw ServeDidNotStart(output: firstLine)
    }
    return (server, line, data)
}

/// `quartet serve` ended before it printed its address.
private struct ServeDidNotStart: Error {
    var output: String
}

/// Kills `server` (if it still runs) and removes its data folder.
private func stop(_ server: ChildProcess, _ data: URL) {
    server.send(SIGKILL)
    try? FileManager.default.removeItem(at: data)
}

/// End to end: `quartet serve --port 0` reports its real port first, answers /health, and exits 0 on SIGTERM.
@Test func serveListensOnAFreePortAndStopsGracefullyOnSIGTERM() async throws {
    let (server, line, data) = try await startServe()
    defer { stop(server, data) }
    #expect(line.hasPrefix("Quartet listening on http://127.0.0.1:"))
    let port = try #require(line.split(separator: ":").last.flatMap { Int($0) })
    #expect(port > 0 && port != 8080)

    let url = try #require(URL(string: "http://127.0.0.1:\(port)/health"))
    // NB: asked again while the readiness probe says 503 (for at most a minute): the probe gives the database 5 s,
    // and on a loaded machine the server's first `SELECT 1` can take longer; a server never ready still fails.
    let deadline = ContinuousClock.now.advanced(by: .seconds(60))
    var (body, response) = try await URLSession.shared.data(from: url)
    while (response as? HTTPURLResponse)?.statusCode == 503, ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(50))
        (body, response) = try await URLSession.shared.data(from: url)
    }
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    let health = try JSONDecoder().decode([String: String].self, from: body)
    #expect(health["status"] == "ok")
    #expect(health["version"] == QuartetTool.version)

    server.send(SIGTERM)
    #expect(try await blocking { server.wait() } == .exit(0))
}

/// SIGTERM while a request's body is still arriving: the server stops taking connections, finishes that
/// request (answered, `Connection: close`) and exits 0.
@Test func serveFinishesAnUploadInFlightOnSIGTERMAndExits0() async throws {
    let (server, line, data) = try await startServe()
    defer { stop(server, data) }
    let port = try #require(line.split(separator: ":").last.flatMap { UInt16($0) })

    let upload = try #require(LoopbackSocket(port: port))
    let body = #"{"email":"nobody@example.com","password":"not-the-password"}"#
    let head =
        "POST /attendee/v1/auth/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n\r\n"
    // NB: the engine says "100 Continue" only once the handler has the head: from then on the request is in
    // flight. (A sleep stood here before, and a loaded machine outran it.)
    upload.write(head)
    #expect(upload.readHead().hasPrefix("HTTP/1.1 100"))
    upload.write(String(body.prefix(10)))
    server.send(SIGTERM)
    // NB: on a thread of its own: the server waits 10 s for the rest of the body, and in a parallel run a task
    // polling with Task.sleep can wait longer than that for a turn on the cooperative pool.
    let (refused, answer) = try await blocking {
        var refused = false
        for _ in 0..<3_000 where !refused {
            refused = LoopbackSocket(port: port) == nil
            if !refused { usleep(10_000) }
        }
        upload.write(String(body.dropFirst(10)))
        return (refused, upload.readAll())
    }
    #expect(refused, "new connections are refused once the server is stopping")
    #expect(answer.hasPrefix("HTTP/1.1 4"), "\(answer.prefix(80))")
    #expect(answer.lowercased().contains("connection: close"))
    #expect(try await blocking { server.wait() } == .exit(0))
}

/// SIGTERM while the server is still starting (here its migration waits for a write lock another process
/// holds): the start is abandoned, and the command says it stopped and exits 0 — not ended by the signal, as a
/// supervisor would read a crash.
@Test func aSIGTERMWhileTheServerStartsStopsItAndExits0() async throws {
    let executable = try #require(BuiltProducts.executable("quartet"), "the quartet executable is built with the tests")
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("quartet-serve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: data) }
    let database = try SQLiteDatabase(path: data.appendingPathComponent("quartet.sqlite").path)
    let held = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let holder = Task {
        try await database.write { db in
            try db.executeScript("CREATE TABLE held_by_the_test (x INTEGER)")
            held.signal()
            release.wait()
        }
    }
    try await blocking { held.wait() }
    let port = try #require(freeLoopbackPort())
    let errors = data.appendingPathComponent("serve.err")
    let server = try ChildProcess(
        executable, arguments: ["serve", "--port", String(port), "--data-dir", data.path, "--quiet"],
        errors: .file(errors))
    defer { server.send(SIGKILL) }
    // NB: listening and still starting: /health answers 503 until the migrations are done.
    let starting = try await blocking {
        var answer = ""
        for _ in 0..<3_000 where !answer.hasPrefix("HTTP/1.1 503") {
            if let probe = LoopbackSocket(port: port) {
                probe.write("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                answer = probe.readAll()
            }
            if !answer.hasPrefix("HTTP/1.1 503") { usleep(10_000) }
        }
        return answer
    }
    #expect(starting.hasPrefix("HTTP/1.1 503"), "\(starting.prefix(80))")
    server.send(SIGTERM)
    let ending = try await blocking { server.wait() }
    release.signal()
    try await holder.value
    await database.close()
    #expect(ending == .exit(0))
    let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
    #expect(said.contains("quartet: stopped"), "\(said)")
    #expect(!said.contains("cannot start"), "\(said)")
}

/// A port nothing listens on right now (the kernel's pick for a socket bound to port 0).
private func freeLoopbackPort() -> UInt16? {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
        }
    }
    return bound ? UInt16(bigEndian: address.sin_port) : nil
}

/// A blocking TCP connection to 127.0.0.1, enough to hold a request half sent.
// NB: `@unchecked Sendable` so the test can hand it to ``blocking(_:)``; one closure uses it at a time.
private final class LoopbackSocket: @unchecked Sendable {
    let descriptor: Int32

    init?(port: UInt16) {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        // NB: no close here: the instance is whole, so failing now runs `deinit`, which closes it. A close here
        // too would close the number again, by then perhaps another test's file or socket.
        if connected != 0 { return nil }
    }

    deinit { close(descriptor) }

    func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// One response head, up to and including its blank line (or what came before 30 s of silence).
    func readHead() -> String {
        var received: [UInt8] = []
        var byte: UInt8 = 0
        while !received.suffix(4).elementsEqual("\r\n\r\n".utf8), recv(descriptor, &byte, 1, 0) == 1 {
            received.append(byte)
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Everything until the server closes the connection (or 30 s of silence).
    func readAll() -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}

/// Values the server could only fail on later are refused as the flags are read (exit 2): a database URL of
/// another kind, a feed folder that is not there, a rate too small to count, a public address whose links
/// would be broken or carry a password.
@Test func serveRefusesValuesItCouldOnlyFailOnLater() throws {
    let parser = ArgumentParser(root: QuartetTool.root)
    func configuration(_ arguments: [String]) throws -> ServerConfiguration? {
        guard case .run(_, let parsed) = try parser.parse(["serve"] + arguments, environment: [:]) else {
            Issue.record("serve did not parse")
            return nil
        }
        return try ServeCommand.configuration(
            CommandContext(arguments: parsed, environment: [:], console: CapturedConsole().console))
    }
    for refused in [
        ["--database", "mysql://x"], ["--database", "/var/lib/quartet.sqlite"],
        ["--usgs-feed-dir", "/nonexistent/\(UUID().uuidString)"], ["--usgs-feed-dir", "/etc/hostname"],
        ["--rate-limit", "1e-19"], ["--rate-limit", "-1"], ["--rate-limit", "1e300"],
        ["--public-url", "http://example.com/base?x=1#f"], ["--public-url", "http://user:pass@example.com"],
        ["--public-url", "http://example.com#f"],
        ["--max-connections-per-address", "-1"], ["--max-connections-per-address", "many"],
        ["--trusted-proxy", "proxy.internal"], ["--trusted-proxy", "10.0.0.0/33"],
    ] {
        #expect(throws: UsageError.self, "\(refused)") { try configuration(refused) }
    }
    #expect(try configuration(["--database", "postgres://q@db/q"])?.databaseURL == "postgres://q@db/q")
    #expect(try configuration(["--usgs-feed-dir", "/tmp"])?.usgsFeedDirectory?.path == "/tmp")
    #expect(try configuration(["--rate-limit", "0"])?.rateLimit == 0)
    #expect(try configuration(["--rate-limit", "0.5"])?.rateLimit == 0.5)
    #expect(try configuration(["--public-url", "https://example.com/quartet"])?.publicURL?.path == "/quartet")
    #expect(try configuration([])?.connectionsPerAddress == 1_024)
    #expect(try configuration(["--max-connections-per-address", "0"])?.connectionsPerAddress == 0)
    #expect(try configuration([])?.minimumBodyRate == 500)
    #expect(try configuration(["--min-body-rate", "0"])?.minimumBodyRate == 0)
    #expect(try configuration([])?.trustedProxies == TrustedProxies.none)
    #expect(
        try configuration(["--trusted-proxy", "10.0.0.5, 10.1.0.0/16"])?.trustedProxies
            == (try TrustedProxies(["10.0.0.5", "10.1.0.0/16"])))
}

/// A start that fails says why in the words of what failed, never the apps' generic line, and a port that is
/// taken stops the start before the database is made.
@Test func aStartThatFailsSaysWhyAndATakenPortTouchesNoData() async throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("quartet-serve-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: data) }
    let unreachable = CapturedConsole()
    let code = await QuartetTool.run(
        [
            "serve", "--port", "0", "--quiet", "--data-dir", data.path, "--database",
            "sqlite:///nonexistent/dir/q.sqlite",
        ],
        environment: [:], console: unreachable.console)
    #expect(code == 1)
    #expect(unreachable.errors.hasPrefix("quartet: cannot start the server: "), "\(unreachable.errors)")
    #expect(unreachable.errors.contains("/nonexistent/dir"), "\(unreachable.errors)")
    #expect(!unreachable.errors.contains("on this device"))

    let occupant = Server(configuration: Server.Configuration(port: 0), handler: { _ in .text("occupied") })
    try occupant.start()
    let port = occupant.port
    let taken = CapturedConsole()
    let takenCode = await QuartetTool.run(
        ["serve", "--port", String(port), "--quiet", "--data-dir", data.path],
        environment: [:], console: taken.console)
    await occupant.shutdown()
    #expect(takenCode == 1)
    #expect(
        taken.errors == "quartet: Could not listen on 127.0.0.1:\(port): Address already in use.\n", "\(taken.errors)")
    #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("quartet.sqlite").path))
}
