import AttendeeModels
import AttendeeServer
import Database
import DatabasePostgres
import Foundation
import HTTPServer
import Testing
import TokenVerifier

/// The engines server tests run on.
enum Engine: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    static var postgresURL: String? {
        ProcessInfo.processInfo.environment["QUARTET_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// A migrated, seeded Attendee service on a fresh database, driven through the router without sockets.
struct AttendeeTestServer: Sendable {
    let service: AttendeeService
    let client: TestClient
    let database: any SQLDatabase
    private let cleanup: @Sendable () async -> Void

    /// The demo conference's id.
    let eventID: String

    static func make(_ engine: Engine = .sqlite) async throws -> AttendeeTestServer {
        let (database, cleanup) = try await open(engine)
        var migrator = Migrator()
        AttendeeService.registerMigrations(in: &migrator)
        try await migrator.migrate(database)
        let service = try AttendeeService(
            database: database,
            configuration: .init(passwordHasher: PasswordHasher(algorithm: .pbkdf2SHA256(iterations: 1000))))
        try await service.loadSeedIfNeeded()
        var router = Router()
        service.register(on: &router)
        let client = TestClient(router: router)
        let events = try await client.get("/attendee/v1/events").decode([Event].self)
        let eventID = try #require(events.first?.id)
        return AttendeeTestServer(
            service: service, client: client, database: database, cleanup: cleanup, eventID: eventID)
    }

    private static func open(_ engine: Engine) async throws -> (any SQLDatabase, @Sendable () async -> Void) {
        switch engine {
        case .sqlite:
            let directory = NSTemporaryDirectory() + "quartet-attendee-" + UUID().uuidString.prefix(8).lowercased()
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let database = try SQLiteDatabase(path: directory + "/attendee.sqlite")
            return (
                database,
                {
                    await database.close()
                    try? FileManager.default.removeItem(atPath: directory)
                }
            )
        case .postgres:
            guard let url = Engine.postgresURL else {
                FileHandle.standardError.write(
                    Data("AttendeeTests: QUARTET_TEST_POSTGRES_URL is not set; PostgreSQL case did NOT run\n".utf8))
                try Test.cancel("PostgreSQL not configured: run under scripts/with-postgres")
            }
            let schema = "attendee_" + UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "")
            let admin = try PostgresDatabase(PostgresDatabase.Configuration(url: url))
            try await admin.write { db in try db.executeScript("CREATE SCHEMA \(schema)") }
            var configuration = PostgresDatabase.Configuration(url: url)
            configuration.searchPath = schema
            configuration.maximumConnections = 8
            let database = try PostgresDatabase(configuration)
            return (
                database,
                {
                    await database.close()
                    _ = try? await admin.write { db in try db.executeScript("DROP SCHEMA \(schema) CASCADE") }
                    await admin.close()
                }
            )
        }
    }

    func close() async { await cleanup() }

    /// Runs `body` with a fresh server, closing it afterwards.
    static func with(
        _ engine: Engine = .sqlite, isolation: isolated (any Actor)? = #isolation,
        _ body: (AttendeeTestServer) async throws -> Void
    ) async throws {
        let server = try await make(engine)
        do {
            try await body(server)
        } catch {
            await server.close()
            throw error
        }
        await server.close()
    }

    // MARK: - Helpers

    /// Signs up a new person and returns their token.
    func signUp(_ name: String, email: String? = nil) async throws -> String {
        let address = email ?? name.lowercased().replacingOccurrences(of: " ", with: ".") + "@example.com"
        let response = try await client.post(
            "/attendee/v1/auth/signup", json: SignUpRequest(email: address, password: "correct horse", name: name))
        try #require(response.status == .created, "\(response.bodyText)")
        return try response.decode(AuthSession.self).token
    }

    /// Signs up and registers for the demo event.
    func registeredAttendee(_ name: String) async throws -> String {
        let token = try await signUp(name)
        let response = try await client.request(
            .post, "/attendee/v1/events/\(eventID)/registration", headers: Self.auth(token))
        try #require(response.status == .created)
        return token
    }

    static func auth(_ token: String) -> HTTPHeaders {
        ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
    }

    func agenda(_ token: String? = nil) async throws -> [Session] {
        try await client.get(
            "/attendee/v1/events/\(eventID)/agenda", headers: token.map(Self.auth) ?? [:]
        ).decode([Session].self)
    }

    func attend(_ sessionID: String, _ token: String, waitlist: Bool = false) async throws -> Response {
        try await client.request(
            .post, "/attendee/v1/sessions/\(sessionID)/attendance", headers: Self.auth(token),
            body: Response.jsonEncoder.encode(AttendRequest(joinWaitlistIfFull: waitlist)))
    }

    /// Sets a session's capacity directly (tests need a small, known number of seats).
    func setCapacity(_ sessionID: String, _ capacity: Int?) async throws {
        _ = try await database.write { db in
            try db.execute("UPDATE attendee_session SET capacity = \(capacity) WHERE id = \(sessionID)")
        }
    }
}

extension Response {
    /// The problem document's string members.
    var problem: [String: String] {
        guard let object = try? JSONSerialization.jsonObject(with: bodyData) as? [String: Any] else { return [:] }
        return object.compactMapValues { $0 as? String }
    }
}
