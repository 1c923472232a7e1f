import AttendeeModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import AttendeeServer

/// Sign-up says when an e-mail already has an account (409), so what it tells is limited per client address: five
/// sign-ups for taken e-mails in fifteen minutes, then 429 for every sign-up from that address until the window
/// ends. Sign-ups that make an account do not count.
///
/// NB: serialized for the reason ``SignInThrottleTests`` is: the suites share the PostgreSQL server's connections.
@Suite(.serialized) struct SignUpThrottleTests {
    static let signUp = "/attendee/v1/auth/signup"

    /// A sign-up for `email` from `address` (the peer's address, or what a trusted proxy forwarded).
    static func attempt(
        _ server: AttendeeTestServer, _ email: String, from address: String = "127.0.0.1",
        forwardedFor: String? = nil
    ) async throws -> Response {
        let body = try JSONEncoder().encode(SignUpRequest(email: email, password: "correct horse", name: "Probe"))
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if let forwardedFor { headers["X-Forwarded-For"] = forwardedFor }
        return try await server.client.send(
            Request(method: .post, path: signUp, headers: headers, body: body, remoteAddress: address))
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func theSixthSignUpForATakenEMailFromOneAddressIsRefusedAndSoIsANewOne(kind: DatabaseKind) async throws {
        try await SignInThrottleTests.with(kind) { server, clock in
            _ = try await server.signUp("Ana Ferreira")
            try await SignInThrottleTests.expectFive(.conflict) {
                try await Self.attempt(server, "ana.ferreira@example.com")
            }
            for email in ["ana.ferreira@example.com", "someone.new@example.com"] {
                SignInThrottleTests.expectRefusedForFifteenMinutes(
                    try await Self.attempt(server, email),
                    "Too many sign-ups for e-mail addresses that have an account. Try again in 15 minutes.")
            }
            clock.advance(by: 899)
            #expect(try await Self.attempt(server, "someone.new@example.com").status == .tooManyRequests)
            clock.advance(by: 1)
            #expect(try await Self.attempt(server, "someone.new@example.com").status == .created)
            #expect(try await Self.attempt(server, "ana.ferreira@example.com").status == .conflict)
        }
    }

    /// A venue's people behind one address: the accounts they make do not count, only sign-ups refused as taken.
    @Test(arguments: DatabaseKind.eachDialect)
    func signUpsThatMakeAnAccountDoNotCount(kind: DatabaseKind) async throws {
        try await SignInThrottleTests.with(kind) { server, _ throws in
            for number in 1...12 {
                #expect(try await Self.attempt(server, "attendee\(number)@example.com").status == .created)
            }
            for _ in 1...5 {
                #expect(try await Self.attempt(server, "attendee1@example.com").status == .conflict)
            }
            #expect(try await Self.attempt(server, "attendee1@example.com").status == .tooManyRequests)
        }
    }

    /// Another address is counted apart, and behind a trusted proxy so is each client it forwards for.
    @Test(arguments: DatabaseKind.eachDialect)
    func eachClientAddressIsCountedApart(kind: DatabaseKind) async throws {
        let proxies = try TrustedProxies(["10.0.0.5"])
        let proxy: @Sendable (inout AttendeeService.Configuration) -> Void = { $0.trustedProxies = proxies }
        try await SignInThrottleTests.with(kind, configure: proxy) { server, _ in
            _ = try await server.signUp("Ana Ferreira")
            let email = "ana.ferreira@example.com"
            for _ in 1...6 { _ = try await Self.attempt(server, email, from: "192.0.2.1") }
            #expect(try await Self.attempt(server, email, from: "192.0.2.1").status == .tooManyRequests)
            #expect(try await Self.attempt(server, email, from: "192.0.2.2").status == .conflict)

            for _ in 1...6 { _ = try await Self.attempt(server, email, from: "10.0.0.5", forwardedFor: "198.51.100.7") }
            #expect(
                try await Self.attempt(server, email, from: "10.0.0.5", forwardedFor: "198.51.100.7").status
                    == .tooManyRequests)
            #expect(
                try await Self.attempt(server, email, from: "10.0.0.5", forwardedFor: "198.51.100.8").status
                    == .conflict)
            // NB: an untrusted peer's header is not believed: it is counted as itself.
            #expect(
                try await Self.attempt(server, email, from: "192.0.2.1", forwardedFor: "198.51.100.9").status
                    == .tooManyRequests)
        }
    }

    /// One IPv6 host holds a whole /64: every address in it is the same client, or each sign-up could come from
    /// a new one.
    @Test(arguments: DatabaseKind.eachDialect)
    func anIPv6ClientIsCountedByItsSlash64(kind: DatabaseKind) async throws {
        try await SignInThrottleTests.with(kind) { server, _ in
            _ = try await server.signUp("Ana Ferreira")
            let email = "ana.ferreira@example.com"
            for host in 1...6 { _ = try await Self.attempt(server, email, from: "2001:db8:1:2::\(host)") }
            #expect(try await Self.attempt(server, email, from: "2001:db8:1:2:ffff::7").status == .tooManyRequests)
            #expect(try await Self.attempt(server, email, from: "2001:db8:1:3::1").status == .conflict)
        }
    }

    /// Sign-ups sent at once are each counted before any account is made: of twenty for a taken e-mail, five are
    /// answered 409 and fifteen refused, on both engines.
    @Test(arguments: DatabaseKind.eachDialect)
    func signUpsSentAtOnceAreCountedEach(kind: DatabaseKind) async throws {
        try await SignInThrottleTests.with(kind, maximumConnections: 4) { server, _ in
            _ = try await server.signUp("Ana Ferreira")
            let statuses = try await SignInThrottleTests.statuses(ofTwentyAtOnce: { try await Self.attempt(server, $0) }
            )
            #expect(statuses.filter { $0 == .conflict }.count == 5)
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 15)
        }
    }

    /// With the throttle off nothing is counted, and every taken e-mail is answered 409.
    @Test func noFailuresAllowedTurnsItOff() async throws {
        let off: @Sendable (inout AttendeeService.Configuration) -> Void = { $0.signInThrottle.allowedFailures = 0 }
        try await SignInThrottleTests.with(.sqliteMemory, configure: off) { server, _ in
            _ = try await server.signUp("Ana Ferreira")
            for _ in 1...8 {
                #expect(try await Self.attempt(server, "ana.ferreira@example.com").status == .conflict)
            }
            let counted = try await server.database.read { db in
                try db.fetchValue(Int.self, "SELECT COUNT(*) FROM attendee_signin_attempt")
            }
            #expect(counted == 0)
        }
    }
}
