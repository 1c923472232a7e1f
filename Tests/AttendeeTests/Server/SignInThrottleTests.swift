import AttendeeModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import AttendeeServer

/// The per-account sign-in throttle: five failures in fifteen minutes for one e-mail, then 429 until the window
/// ends, whatever the password, whoever (if anyone) has the e-mail.
///
/// NB: serialized, and the race on a small pool: the whole package's tests share the PostgreSQL server's 200
/// connections, and a suite of concurrent cases holding a pool each took the last of them from another suite.
@Suite(.serialized) struct SignInThrottleTests {
    static let signIn = "/attendee/v1/auth/signin"

    /// A server whose clock the test moves, with the default throttle (5 failures in 15 minutes) and what
    /// `configure` changes.
    static func with(
        _ kind: DatabaseKind, maximumConnections: Int = 2,
        configure: @escaping @Sendable (inout AttendeeService.Configuration) -> Void = { _ in },
        _ body: (AttendeeTestServer, TestClock) async throws -> Void
    ) async throws {
        let clock = TestClock()
        let onTheClock: (inout AttendeeService.Configuration) -> Void = {
            $0.now = clock.closure
            configure(&$0)
        }
        try await AttendeeTestServer.with(kind, maximumConnections: maximumConnections, configure: onTheClock) {
            server in try await body(server, clock)
        }
    }

    static func attempt(
        _ server: AttendeeTestServer, _ email: String, _ password: String = "wrong horse"
    ) async throws -> Response {
        try await server.client.post(signIn, json: SignInRequest(email: email, password: password))
    }

    /// The statuses of twenty requests `send` makes at once for Ana's e-mail.
    static func statuses(ofTwentyAtOnce send: @escaping @Sendable (String) async throws -> Response) async throws
        -> [HTTPStatus]
    {
        try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
            for _ in 1...20 { group.addTask { try await send("ana.ferreira@example.com").status } }
            return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func theFifthFailureIsStill401AndTheNextIs429WithRetryAfter(kind: DatabaseKind) async throws {
        try await Self.with(kind) { server, _ in
            _ = try await server.signUp("Ana Ferreira")
            try await Self.expectFive(.unauthorized) { try await Self.attempt(server, "ana.ferreira@example.com") }
            Self.expectRefusedForFifteenMinutes(
                try await Self.attempt(server, "ana.ferreira@example.com"),
                "Too many failed sign-ins for this e-mail address. Try again in 15 minutes.")
        }
    }

    /// Five answers of `send` with `status` and no `Retry-After`: the attempts the throttle allows.
    static func expectFive(_ status: HTTPStatus, _ send: () async throws -> Response) async throws {
        for _ in 1...5 {
            let answer = try await send()
            #expect(answer.status == status)
            #expect(answer.headers["Retry-After"] == nil)
        }
    }

    /// `refused` is the throttle's 429 at the start of its window: the whole 15 minutes to wait, and `detail`.
    static func expectRefusedForFifteenMinutes(_ refused: Response, _ detail: String) {
        #expect(refused.status == .tooManyRequests)
        #expect(refused.headers["Retry-After"] == "900")
        #expect(refused.headers["Content-Type"] == "application/problem+json")
        #expect(refused.problem["type"] == SignInRefusal.tooManyAttempts.rawValue)
        #expect(refused.problem["detail"] == detail)
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func theRightPasswordIsRefusedWhileThrottled(kind: DatabaseKind) async throws {
        try await Self.with(kind) { server, clock in
            _ = try await server.signUp("Ana Ferreira")
            for _ in 1...5 { _ = try await Self.attempt(server, "ana.ferreira@example.com") }
            clock.advance(by: 5 * 60)
            let right = try await Self.attempt(server, "ana.ferreira@example.com", "correct horse")
            #expect(right.status == .tooManyRequests)
            #expect(right.headers["Retry-After"] == "600")
            #expect(right.problem["detail"]?.hasSuffix("Try again in 10 minutes.") == true)
            #expect((try? right.decode(AuthSession.self)) == nil)
            // The address as typed differently is the same account.
            let shouted = try await Self.attempt(server, "  ANA.Ferreira@Example.COM ", "correct horse")
            #expect(shouted.status == .tooManyRequests)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func theCountStartsAgainOnceTheWindowHasPassed(kind: DatabaseKind) async throws {
        try await Self.with(kind) { server, clock in
            _ = try await server.signUp("Ana Ferreira")
            for _ in 1...5 { _ = try await Self.attempt(server, "ana.ferreira@example.com") }
            clock.advance(by: 899.5)
            let late = try await Self.attempt(server, "ana.ferreira@example.com", "correct horse")
            #expect(late.status == .tooManyRequests)
            #expect(late.headers["Retry-After"] == "1")
            #expect(late.problem["detail"]?.hasSuffix("Try again in 1 minute.") == true)
            clock.advance(by: 0.5)
            for _ in 1...5 {
                #expect(try await Self.attempt(server, "ana.ferreira@example.com").status == .unauthorized)
            }
            #expect(try await Self.attempt(server, "ana.ferreira@example.com").status == .tooManyRequests)
            clock.advance(by: 900)
            #expect(try await Self.attempt(server, "ana.ferreira@example.com", "correct horse").status == .ok)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func aGoodSignInClearsTheCount(kind: DatabaseKind) async throws {
        try await Self.with(kind) { server, _ in
            _ = try await server.signUp("Ana Ferreira")
            for _ in 1...4 { _ = try await Self.attempt(server, "ana.ferreira@example.com") }
            #expect(try await Self.attempt(server, "ana.ferreira@example.com", "correct horse").status == .ok)
            for _ in 1...5 {
                #expect(try await Self.attempt(server, "ana.ferreira@example.com").status == .unauthorized)
            }
            #expect(try await Self.attempt(server, "ana.ferreira@example.com").status == .tooManyRequests)
        }
    }

    /// An e-mail with no account fails, and is then refused, exactly as one with an account: status, headers and
    /// body say nothing of which it is.
    @Test(arguments: DatabaseKind.eachDialect)
    func anUnknownEMailIsThrottledAlike(kind: DatabaseKind) async throws {
        try await Self.with(kind) { server, _ in
            _ = try await server.signUp("Ana Ferreira")
            var known: [Response] = []
            var unknown: [Response] = []
            for _ in 1...6 {
                known.append(try await Self.attempt(server, "ana.ferreira@example.com"))
                unknown.append(try await Self.attempt(server, "nobody@example.com"))
            }
            #expect(unknown.map(\.status) == Array(repeating: .unauthorized, count: 5) + [.tooManyRequests])
            for (account, stranger) in zip(known, unknown) {
                #expect(account.status == stranger.status)
                #expect(account.headers["Retry-After"] == stranger.headers["Retry-After"])
                #expect(account.headers["Content-Type"] == stranger.headers["Content-Type"])
                #expect(account.bodyData == stranger.bodyData)
            }
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func anotherAccountIsUnaffected(kind: DatabaseKind) async throws {
        try await Self.with(kind) { server, _ in
            _ = try await server.signUp("Ana Ferreira")
            _ = try await server.signUp("Bo Lindqvist")
            for _ in 1...6 { _ = try await Self.attempt(server, "ana.ferreira@example.com") }
            #expect(
                try await Self.attempt(server, "ana.ferreira@example.com", "correct horse").status == .tooManyRequests)
            #expect(try await Self.attempt(server, "bo.lindqvist@example.com").status == .unauthorized)
            #expect(try await Self.attempt(server, "bo.lindqvist@example.com", "correct horse").status == .ok)
        }
    }

    /// Guesses sent at once are each counted before any password is checked: of twenty, five are checked (and
    /// fail) and fifteen are refused, on both engines (on PostgreSQL, four transactions at a time).
    @Test(arguments: DatabaseKind.eachDialect)
    func guessesSentAtOnceAreCountedEach(kind: DatabaseKind) async throws {
        try await Self.with(kind, maximumConnections: 4) { server, _ in
            _ = try await server.signUp("Ana Ferreira")
            let statuses = try await Self.statuses(ofTwentyAtOnce: { try await Self.attempt(server, $0) })
            #expect(statuses.filter { $0 == .unauthorized }.count == 5)
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 15)
        }
    }

    /// The table holds no address as typed, and the cleanup forgets a count once its window has passed.
    @Test(arguments: DatabaseKind.eachDialect)
    func countsKeepNoAddressAndArePrunedAfterTheirWindow(kind: DatabaseKind) async throws {
        try await Self.with(kind) { server, clock in
            _ = try await Self.attempt(server, "ana.ferreira@example.com")
            clock.advance(by: 600)
            _ = try await Self.attempt(server, "nobody@example.com")
            func keys() async throws -> [String] {
                try await server.database.read { db in
                    try db.fetchColumn(String.self, "SELECT email_key FROM attendee_signin_attempt ORDER BY email_key")
                }
            }
            #expect(try await keys().count == 2)
            #expect(try await keys().allSatisfy { !$0.contains("example") && !$0.contains("@") })
            clock.advance(by: 300)
            #expect(try await server.service.pruneSignInAttempts() == 1)
            #expect(try await keys().count == 1)
        }
    }

    /// With no failures allowed the throttle is off: nothing is counted, nothing refused.
    @Test func noFailuresAllowedTurnsTheThrottleOff() async throws {
        let off: (inout AttendeeService.Configuration) -> Void = { $0.signInThrottle.allowedFailures = 0 }
        try await AttendeeTestServer.with(configure: off) { server in
            _ = try await server.signUp("Ana Ferreira")
            for _ in 1...8 {
                #expect(try await Self.attempt(server, "ana.ferreira@example.com").status == .unauthorized)
            }
            #expect(try await Self.attempt(server, "ana.ferreira@example.com", "correct horse").status == .ok)
            let counted = try await server.database.read { db in
                try db.fetchValue(Int.self, "SELECT COUNT(*) FROM attendee_signin_attempt")
            }
            #expect(counted == 0)
        }
    }

    /// A server configured for three failures an hour refuses the fourth and asks for the hour.
    @Test func theLimitAndTheWindowAreTheConfiguration() async throws {
        let clock = TestClock()
        let threeAnHour: (inout AttendeeService.Configuration) -> Void = {
            $0.now = clock.closure
            $0.signInThrottle = SignInThrottle(allowedFailures: 3, window: 3600)
        }
        try await AttendeeTestServer.with(configure: threeAnHour) { server in
            for _ in 1...3 {
                #expect(try await Self.attempt(server, "ana.ferreira@example.com").status == .unauthorized)
            }
            let refused = try await Self.attempt(server, "ana.ferreira@example.com")
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers["Retry-After"] == "3600")
            #expect(refused.problem["detail"]?.hasSuffix("Try again in 60 minutes.") == true)
            clock.advance(by: 3599)
            #expect(try await Self.attempt(server, "ana.ferreira@example.com").status == .tooManyRequests)
            clock.advance(by: 1)
            #expect(try await Self.attempt(server, "ana.ferreira@example.com").status == .unauthorized)
        }
    }
}
