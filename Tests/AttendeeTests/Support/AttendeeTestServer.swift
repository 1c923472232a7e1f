import AttendeeModels
import AttendeeServer
import AttendeeTestSupport
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

/// A migrated, seeded Attendee service on a fresh database, driven through the router without sockets.
struct AttendeeTestServer: Sendable {
    let service: AttendeeService
    let client: TestClient
    let database: any SQLDatabase

    /// The demo conference's id.
    let eventID: String

    /// Migrates `database`, loads the demo conference, and routes to the service configured by `configure`.
    private static func make(
        _ database: any SQLDatabase, log: LogSink, configure: (inout AttendeeService.Configuration) -> Void
    ) async throws -> AttendeeTestServer {
        let (service, router) = try await seededAttendee(database, configure: configure)
        let client = TestClient(router: router, log: log)
        let events = try await client.get("/attendee/v1/events").decode([Event].self)
        let eventID = try #require(events.first?.id)
        return AttendeeTestServer(
            service: service, client: client, database: database, eventID: eventID)
    }

    /// Runs `body` with a fresh server on a fresh database of `kind`, removed afterwards; `configure` sets what
    /// the test needs (a clock, the sign-in throttle), `maximumConnections` the PostgreSQL pool's size, `log`
    /// where unexpected errors are written.
    static func with(
        _ kind: DatabaseKind = .sqliteFile, maximumConnections: Int = 8, isolation: isolated (any Actor)? = #isolation,
        log: LogSink = .discard,
        configure: (inout AttendeeService.Configuration) -> Void = { _ in },
        _ body: (AttendeeTestServer) async throws -> Void
    ) async throws {
        try await withTestDatabase(kind, maximumConnections: maximumConnections) { test in
            try await body(try await make(test.database, log: log, configure: configure))
        }
    }

    // MARK: - Helpers

    /// Signs up a new person and returns their token.
    func signUp(_ name: String, email: String? = nil) async throws -> String {
        // NB: an address is printable ASCII (`EmailAddress.isPlausible`), so "Inês" signs up as "ines".
        let address =
            email
            ?? name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
            .replacingOccurrences(of: " ", with: ".") + "@example.com"
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
