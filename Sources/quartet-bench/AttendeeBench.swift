import AttendeeModels
import AttendeeServer
import Database
import Foundation
import HTTPServer
import TokenVerifier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `quartet-bench attendee serve PORT PAYLOAD_FILE [SESSIONS] [CACHE_SECONDS]`: serves a generated event of
/// SESSIONS (300) sessions and writes its anonymous agenda's exact bytes to PAYLOAD_FILE, for wrk beside nginx. The
/// encoded agenda is reused for CACHE_SECONDS (the server's default, 1) — instructions.sh gives a day, because under
/// callgrind a request is ~50 times slower and a one-second cache would be encoded again every few dozen requests,
/// by how fast the machine happens to be, where at full speed it is once every ~15,000.
/// `quartet-bench attendee seats [REQUESTS] [SEATS]`: REQUESTS (200) people ask at once, over loopback HTTP, for a
/// session of SEATS (50) seats; prints how many succeeded and how long it took.
enum AttendeeBench {
    struct BenchError: Error, CustomStringConvertible {
        var description: String
    }

    static func run(_ arguments: [String]) async throws {
        switch arguments.first {
        case "serve":
            guard arguments.count >= 3, let port = UInt16(arguments[1]) else { throw usage }
            try await serve(
                port: port, payload: arguments[2], sessions: arguments.count > 3 ? Int(arguments[3]) ?? 300 : 300,
                cacheLifetime: arguments.count > 4 ? TimeInterval(arguments[4]) : nil)
        case "seats":
            let requests = arguments.count > 1 ? Int(arguments[1]) ?? 200 : 200
            let seats = arguments.count > 2 ? Int(arguments[2]) ?? 50 : 50
            try await race(requests: requests, seats: seats)
        default:
            throw usage
        }
    }

    static let usage = BenchError(
        description:
            "usage: quartet-bench attendee serve PORT PAYLOAD_FILE [SESSIONS] [CACHE_SECONDS]"
            + " | attendee seats [REQUESTS] [SEATS]")

    /// A fresh database in a temporary folder with the Attendee schema, and a service over it (its encoded agenda
    /// reused for `cacheLifetime` seconds, the server's default when `nil`).
    static func makeService(cacheLifetime: TimeInterval? = nil) async throws
        -> (AttendeeService, SQLiteDatabase, String)
    {
        let directory = NSTemporaryDirectory() + "quartet-bench-attendee-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let database = try SQLiteDatabase(path: directory + "/attendee.sqlite")
        var migrator = Migrator()
        AttendeeService.registerMigrations(in: &migrator)
        try await migrator.migrate(database)
        // NB: a cheap hash only because the race signs up hundreds of people first; the contest is for seats.
        var configuration = AttendeeService.Configuration(
            passwordHasher: PasswordHasher(algorithm: .pbkdf2SHA256(iterations: 1000)))
        if let cacheLifetime { configuration.agendaCacheLifetime = cacheLifetime }
        let service = try AttendeeService(database: database, configuration: configuration)
        return (service, database, directory)
    }

    /// A synthetic programme: `count` sessions in 10 rooms over 3 days, two speakers each.
    static func programme(sessions count: Int) -> ConferenceProgramme {
        let start = Date(timeIntervalSince1970: 1_805_000_000)
        let speakers = (0..<60).map {
            ProgrammeSpeaker(externalID: "bench:p\($0)", name: "Speaker \($0)", company: "Company \($0 % 7)")
        }
        let sessions = (0..<count).map { index -> ProgrammeSession in
            let day = index / max(1, count / 3)
            let slot = (index / 10) % 10
            let begins = start.addingTimeInterval(TimeInterval(day * 86_400 + slot * 3_600))
            return ProgrammeSession(
                externalID: "bench:s\(index)", title: "Session \(index): making apps fast",
                abstract: String(repeating: "A practical look at performance. ", count: 4),
                kind: index % 10 == 9 ? .workshop : .talk, track: "Track \(index % 4)", room: "Room \(index % 10)",
                startsAt: begins, endsAt: begins.addingTimeInterval(2_700), capacity: index % 10 == 9 ? 30 : nil,
                speakerIDs: ["bench:p\(index % 60)", "bench:p\((index + 7) % 60)"])
        }
        return ConferenceProgramme(
            event: ProgrammeEvent(
                externalID: "bench:event", name: "Bench Conf", startsAt: start,
                // NB: the sessions past a whole third of `count` fall on a fourth day; the event must hold them.
                endsAt: max(start.addingTimeInterval(3 * 86_400), sessions.map(\.endsAt).max() ?? start),
                timeZone: "Europe/Lisbon", venue: Venue(name: "Hall")),
            speakers: speakers, sessions: sessions)
    }

    static func importProgramme(_ programme: ConferenceProgramme, into router: Router) async throws -> String {
        let organizer = try await signUp("organizer@bench.test", router: router)
        let response = try await router.respond(
            to: Request(
                method: .post, target: "/attendee/v1/import", headers: bearer(organizer),
                body: AttendeeCoding.encoder().encode(programme)))
        guard response.status == .created else { throw BenchError(description: "import answered \(response.status)") }
        return try Request.jsonDecoder.decode(ImportSummary.self, from: response.bodyData).eventID
    }

    static func signUp(_ email: String, router: Router) async throws -> String {
        let response = try await router.respond(
            to: Request(
                method: .post, target: "/attendee/v1/auth/signup", headers: ["Content-Type": "application/json"],
                body: Response.jsonEncoder.encode(SignUpRequest(email: email, password: "bench password", name: email)))
        )
        return try Request.jsonDecoder.decode(AuthSession.self, from: response.bodyData).token
    }

    static func bearer(_ token: String) -> HTTPHeaders {
        ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
    }

    static func serve(port: UInt16, payload: String, sessions: Int, cacheLifetime: TimeInterval?) async throws {
        let (service, _, _) = try await makeService(cacheLifetime: cacheLifetime)
        var router = Router()
        service.register(on: &router)
        let eventID = try await importProgramme(programme(sessions: sessions), into: router)
        let agenda = try await router.respond(
            to: Request(method: .get, target: "/attendee/v1/events/\(eventID)/agenda"))
        try agenda.bodyData.write(to: URL(fileURLWithPath: payload))
        // NB: gzip as the Quartet server answers a client that accepts it (attendee.sh measures both).
        let server = Server(
            configuration: Server.Configuration(port: port, requestTimeout: nil),
            handler: router.handler(middleware: [CompressionMiddleware()]))
        try server.start()
        FileHandle.standardError.write(
            Data("attendee bench: /attendee/v1/events/\(eventID)/agenda on 127.0.0.1:\(server.port)\n".utf8))
        print(eventID)
        fflush(nil)
        await server.runUntilSignal(gracePeriod: .seconds(1))
    }

    static func race(requests: Int, seats: Int) async throws {
        let (service, database, directory) = try await makeService()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var router = Router()
        service.register(on: &router)
        let eventID = try await importProgramme(programme(sessions: 10), into: router)
        let external = "bench:s0"
        let sessionID = try await database.read { db in
            try db.fetchValue(String.self, "SELECT id FROM attendee_session WHERE external_id = \(external)")
        }
        guard let sessionID else { throw BenchError(description: "no session") }
        _ = try await database.write { db in
            try db.execute("UPDATE attendee_session SET capacity = \(seats) WHERE id = \(sessionID)")
        }
        var tokens: [String] = []
        for index in 0..<requests {
            let token = try await signUp("person\(index)@bench.test", router: router)
            _ = try await router.respond(
                to: Request(
                    method: .post, target: "/attendee/v1/events/\(eventID)/registration", headers: bearer(token)))
            tokens.append(token)
        }
        let server = Server(
            // NB: every client is 127.0.0.1: no limit per address.
            configuration: Server.Configuration(
                port: 0, connectionLimit: 4 * requests, connectionsPerAddress: 0, requestTimeout: nil),
            handler: router.handler())
        try server.start()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = requests
        configuration.timeoutIntervalForRequest = 60
        let session = URLSession(configuration: configuration)
        guard let url = URL(string: "http://127.0.0.1:\(server.port)/attendee/v1/sessions/\(sessionID)/attendance")
        else { throw BenchError(description: "bad URL") }
        let clock = ContinuousClock()
        let began = clock.now
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for token in tokens {
                group.addTask {
                    var request = URLRequest(url: url)
                    request.httpMethod = "POST"
                    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
                    let (_, response) = try await session.data(for: request)
                    return (response as? HTTPURLResponse)?.statusCode ?? 0
                }
            }
            var all: [Int] = []
            for try await status in group { all.append(status) }
            return all
        }
        let elapsed = clock.now - began
        await server.shutdown(gracePeriod: .seconds(1))
        let stored = try await database.read { db in
            try db.fetchValue(
                Int.self,
                "SELECT COUNT(*) FROM attendee_attendance WHERE session_id = \(sessionID) AND state = 'attending'")
        }
        await database.close()
        let succeeded = statuses.filter { $0 == 200 }.count
        let refused = statuses.filter { $0 == 409 }.count
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        print("\(requests) \(seats) \(succeeded) \(refused) \(stored ?? -1) \(String(format: "%.1f", milliseconds))")
        guard succeeded == seats, refused == requests - seats, stored == seats else {
            throw BenchError(
                description:
                    "expected \(seats) seats taken, got \(succeeded) successes, \(refused) refusals, \(stored ?? -1) stored"
            )
        }
    }
}
