import AttendeeModels
import AttendeeServer
import Database
import Foundation
import HTTPServer

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// `quartet-bench fanout serve PORT`: an Attendee server with one open poll, printing
/// `EVENT POLL LISTENER_TOKEN VOTER_TOKEN` once it listens.
/// `quartet-bench fanout clients PORT EVENT POLL LISTENER_TOKEN VOTER_TOKEN [CLIENTS] [ROUNDS]`: opens CLIENTS
/// (1,000) event streams over raw loopback sockets, then ROUNDS (20) times posts an answer and times how long
/// each client takes to receive its `poll.results`; prints `p50_ms p99_ms clients rounds` once every client
/// has every event. It pauses after connecting (a line `connected` on standard error, then it waits for a line
/// on standard input) so the script can read the server's memory with every stream open.
enum FanoutBench {
    static func run(_ arguments: [String]) async throws {
        raiseDescriptorLimit()
        switch arguments.first {
        case "serve":
            guard arguments.count >= 2, let port = UInt16(arguments[1]) else { throw usage }
            try await serve(port: port)
        case "clients":
            guard arguments.count >= 6, let port = UInt16(arguments[1]) else { throw usage }
            let clients = arguments.count > 6 ? Int(arguments[6]) ?? 1_000 : 1_000
            let rounds = arguments.count > 7 ? Int(arguments[7]) ?? 20 : 20
            try await measure(
                port: port, eventID: arguments[2], pollID: arguments[3], listener: arguments[4], voter: arguments[5],
                clients: clients, rounds: rounds)
        default:
            throw usage
        }
    }

    static let usage = AttendeeBench.BenchError(
        description:
            "usage: quartet-bench fanout serve PORT | fanout clients PORT EVENT POLL LISTENER VOTER [N] [ROUNDS]")

    /// Lifts the soft limit on open descriptors to the hard limit (each stream is a socket on both ends).
    static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    static func serve(port: UInt16) async throws {
        let (service, _, _) = try await AttendeeBench.makeService()
        var router = Router()
        service.register(on: &router)
        let eventID = try await AttendeeBench.importProgramme(AttendeeBench.programme(sessions: 10), into: router)
        let organizer = try await signIn("organizer@bench.test", router: router)
        let listener = try await AttendeeBench.signUp("listener@bench.test", router: router)
        let voter = try await AttendeeBench.signUp("voter@bench.test", router: router)
        for token in [listener, voter] {
            _ = try await router.respond(
                to: Request(
                    method: .post, target: "/attendee/v1/events/\(eventID)/registration",
                    headers: AttendeeBench.bearer(token)))
        }
        let draft = PollDraft(questions: [PollQuestionDraft(text: "Fan-out?", options: ["Yes", "No"])])
        let created = try await router.respond(
            to: Request(
                method: .post, target: "/attendee/v1/events/\(eventID)/polls", headers: AttendeeBench.bearer(organizer),
                body: Response.jsonEncoder.encode(draft)))
        let poll = try Request.jsonDecoder.decode(Poll.self, from: created.bodyData)
        _ = try await router.respond(
            to: Request(
                method: .post, target: "/attendee/v1/polls/\(poll.id)/open", headers: AttendeeBench.bearer(organizer)))
        let server = Server(
            // NB: the thousand listeners all come from 127.0.0.1: no limit per address.
            configuration: Server.Configuration(
                port: port, connectionLimit: 8_192, connectionsPerAddress: 0, requestTimeout: nil),
            handler: router.handler())
        try server.start()
        print("\(eventID) \(poll.id) \(listener) \(voter)")
        fflush(nil)
        await server.runUntilSignal(gracePeriod: .seconds(1))
    }

    static func signIn(_ email: String, router: Router) async throws -> String {
        let response = try await router.respond(
            to: Request(
                method: .post, target: "/attendee/v1/auth/signin", headers: ["Content-Type": "application/json"],
                body: Response.jsonEncoder.encode(SignInRequest(email: email, password: "bench password"))))
        return try Request.jsonDecoder.decode(AuthSession.self, from: response.bodyData).token
    }

    /// One stream's socket and how many `poll.results` events it has read.
    struct Stream {
        var descriptor: Int32
        var heard = 0
        var ready = false
        var tail: [UInt8] = []
    }

    static func measure(
        port: UInt16, eventID: String, pollID: String, listener: String, voter: String, clients: Int, rounds: Int
    ) async throws {
        let request = Array(
            ("GET /attendee/v1/events/\(eventID)/live HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
                + "Authorization: Bearer \(listener)\r\n\r\n").utf8)
        var streams: [Stream] = []
        for _ in 0..<clients {
            let descriptor = try connect(port: port)
            try sendAll(descriptor, request)
            streams.append(Stream(descriptor: descriptor))
        }
        // Every stream says `ready` before the first answer, so none can miss it.
        try pump(&streams, until: { $0.allSatisfy(\.ready) }, timeout: 60)
        FileHandle.standardError.write(Data("connected \(clients)\n".utf8))
        _ = readLine()
        var latencies: [Double] = []
        let clock = ContinuousClock()
        let options = ["1-1", "1-2"]
        for round in 1...rounds {
            let body = try Response.jsonEncoder.encode(PollAnswer(choices: ["1": [options[round % 2]]]))
            let answer =
                Array(
                    ("PUT /attendee/v1/polls/\(pollID)/answer HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                        + "Authorization: Bearer \(voter)\r\nContent-Type: application/json\r\n"
                        + "Content-Length: \(body.count)\r\n\r\n").utf8) + Array(body)
            let voterSocket = try connect(port: port)
            let began = clock.now
            try sendAll(voterSocket, answer)
            var arrived = [Double?](repeating: nil, count: clients)
            try pump(
                &streams,
                until: { streams in
                    for (index, stream) in streams.enumerated() where arrived[index] == nil && stream.heard >= round {
                        let elapsed = clock.now - began
                        arrived[index] =
                            Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
                    }
                    return arrived.allSatisfy { $0 != nil }
                }, timeout: 30)
            close(voterSocket)
            latencies += arrived.compactMap { $0 }
        }
        for stream in streams { close(stream.descriptor) }
        latencies.sort()
        func percentile(_ p: Double) -> Double {
            latencies[min(latencies.count - 1, Int((Double(latencies.count) * p).rounded(.up)) - 1)]
        }
        print(String(format: "%.2f %.2f %d %d", percentile(0.50), percentile(0.99), clients, rounds))
    }

    /// Reads every readable stream until `done` says so; fails after `timeout` seconds without it.
    static func pump(_ streams: inout [Stream], until done: ([Stream]) -> Bool, timeout: Int) throws {
        let marker = Array("event: poll.results".utf8)
        let readyMarker = Array("event: ready".utf8)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = ContinuousClock.now + .seconds(timeout)
        while !done(streams) {
            guard ContinuousClock.now < deadline else {
                throw AttendeeBench.BenchError(description: "streams did not all hear the event in time")
            }
            var descriptors = streams.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), 100)
            guard ready > 0 else { continue }
            for index in descriptors.indices where descriptors[index].revents != 0 {
                let count = read(streams[index].descriptor, &buffer, buffer.count)
                guard count > 0 else {
                    throw AttendeeBench.BenchError(description: "a stream closed (\(count))")
                }
                let bytes = streams[index].tail + buffer[0..<count]
                streams[index].heard += occurrences(marker, in: bytes)
                if !streams[index].ready, occurrences(readyMarker, in: bytes) > 0 { streams[index].ready = true }
                streams[index].tail = Array(bytes.suffix(marker.count - 1))
            }
        }
    }

    static func occurrences(_ needle: [UInt8], in haystack: [UInt8]) -> Int {
        guard haystack.count >= needle.count else { return 0 }
        var found = 0
        var index = 0
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], Array(haystack[index..<index + needle.count]) == needle {
                found += 1
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }

    static func connect(port: UInt16) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw AttendeeBench.BenchError(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                systemConnect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw AttendeeBench.BenchError(description: "connect: errno \(errno)")
        }
        return descriptor
    }

    static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, noSignal) }
            guard count > 0 else { throw AttendeeBench.BenchError(description: "send: errno \(errno)") }
            sent += count
        }
    }
}

#if canImport(Darwin)
    private let systemConnect = Darwin.connect
    private let noSignal: Int32 = 0
#else
    private let systemConnect = Glibc.connect
    /// A send to a client the server dropped fails with EPIPE instead of ending the bench by SIGPIPE.
    private let noSignal = Int32(MSG_NOSIGNAL)
#endif
