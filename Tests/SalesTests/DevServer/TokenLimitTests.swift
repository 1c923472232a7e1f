import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import SalesforceDevServer
import Testing

/// The stand-in keeps what Salesforce keeps of a user's sessions: refresh tokens up to the limits, access tokens
/// until their expiry and the hourly prune.
@Suite struct TokenLimitTests {
    static let form: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
    static let account = "/services/data/v32.0/sobjects/Account/\(DevServerHarness.hospitalID)"

    /// Signs the rep in with the password grant for `client`; answers the access and refresh tokens.
    static func signIn(_ harness: DevServerHarness, client: String) async throws -> (access: String, refresh: String) {
        let body = "grant_type=password&client_id=\(client)&username=rep%40quartet.dev&password=quartet-sales"
        let response = try await harness.send(.post, "/services/oauth2/token", body: Data(body.utf8), headers: form)
        let tokens = try JSONDecoder().decode([String: String].self, from: response.bodyData)
        return (try #require(tokens["access_token"]), try #require(tokens["refresh_token"]))
    }

    static func refreshes(_ harness: DevServerHarness, _ refresh: String, client: String) async throws -> Bool {
        let body = "grant_type=refresh_token&client_id=\(client)&refresh_token=\(refresh)"
        return try await harness.send(.post, "/services/oauth2/token", body: Data(body.utf8), headers: form).status
            == .ok
    }

    static func count(_ database: any SQLDatabase, kind: String) async throws -> Int {
        try await database.read { db in
            try db.fetchValue(Int.self, "SELECT COUNT(*) FROM salesforce_token WHERE kind = \(kind)") ?? 0
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func aSignInPastTheAppsLimitRevokesTheOldestRefreshTokenAndItsSession(kind: DatabaseKind) async throws {
        try await DevServerHarness.withMigratedStore(kind) { store, test in
            let harness = try await DevServerHarness.make(store: store)
            var sessions: [(access: String, refresh: String)] = []
            for _ in 0..<(IssuedToken.refreshTokensPerApp + 2) {
                sessions.append(try await Self.signIn(harness, client: "sales"))
            }
            for (index, session) in sessions.enumerated() {
                let kept = index >= 2
                #expect(try await Self.refreshes(harness, session.refresh, client: "sales") == kept)
                let status = try await harness.send(.get, Self.account, token: session.access).status
                #expect(status == (kept ? .ok : .unauthorized))
            }
            #expect(try await Self.count(test.database, kind: "refresh") == IssuedToken.refreshTokensPerApp)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func signInsNamingEverNewAppsKeepAtMostTheUsersLimit(kind: DatabaseKind) async throws {
        try await DevServerHarness.withMigratedStore(kind) { store, test in
            let harness = try await DevServerHarness.make(store: store)
            var sessions: [(access: String, refresh: String)] = []
            for app in 0..<(IssuedToken.refreshTokensPerUser + 3) {
                sessions.append(try await Self.signIn(harness, client: "app\(app)"))
            }
            #expect(try await Self.count(test.database, kind: "refresh") == IssuedToken.refreshTokensPerUser)
            #expect(try await !Self.refreshes(harness, sessions[2].refresh, client: "app2"))
            #expect(try await Self.refreshes(harness, sessions[3].refresh, client: "app3"))
        }
    }

    @Test func theInMemoryStoreKeepsTheSameLimits() async throws {
        let harness = try await DevServerHarness.make(store: try .inMemory())
        var sessions: [(access: String, refresh: String)] = []
        for _ in 0..<(IssuedToken.refreshTokensPerApp + 1) {
            sessions.append(try await Self.signIn(harness, client: "sales"))
        }
        #expect(try await !Self.refreshes(harness, sessions[0].refresh, client: "sales"))
        #expect(try await harness.send(.get, Self.account, token: sessions[0].access).status == .unauthorized)
        #expect(try await Self.refreshes(harness, sessions[1].refresh, client: "sales"))
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func theHourlyPruneRemovesExpiredAccessTokensAndKeepsLiveOnes(kind: DatabaseKind) async throws {
        try await DevServerHarness.withMigratedStore(kind) { store, test in
            let harness = try await DevServerHarness.make(tokenLifetime: 60, store: store)
            let old = try await Self.signIn(harness, client: "sales")
            harness.clock.advance(by: 61)
            let young = try await Self.signIn(harness, client: "sales")
            #expect(try await Self.count(test.database, kind: "access") == 2)

            #expect(try await harness.service.pruneTokens() == 1)
            #expect(try await Self.count(test.database, kind: "access") == 1)
            #expect(try await Self.count(test.database, kind: "refresh") == 2)
            #expect(try await harness.send(.get, Self.account, token: young.access).status == .ok)
            #expect(try await harness.send(.get, Self.account, token: old.access).status == .unauthorized)
            // The expired session's refresh token still opens a new one, as the Sales client does.
            #expect(try await Self.refreshes(harness, old.refresh, client: "sales"))
        }
    }

    /// The in-memory store (tests, `--database :memory:` runs of the stand-in alone) is pruned as the database is.
    @Test func theInMemoryStorePrunesExpiredAccessTokensAndKeepsLiveOnes() async throws {
        let harness = try await DevServerHarness.make(tokenLifetime: 60, store: try .inMemory())
        let old = try await Self.signIn(harness, client: "sales")
        harness.clock.advance(by: 61)
        let young = try await Self.signIn(harness, client: "sales")

        #expect(try await harness.service.pruneTokens() == 1)
        #expect(try await harness.service.store.token(old.access) == nil)
        #expect(try await harness.service.store.token(young.access) != nil)
        #expect(try await harness.service.store.token(old.refresh) != nil)
        #expect(try await harness.service.pruneTokens() == 0)
        #expect(try await harness.send(.get, Self.account, token: young.access).status == .ok)
        #expect(try await Self.refreshes(harness, old.refresh, client: "sales"))
    }

    @Test func theCleanupPrunesTokensWhileTheServerRuns() async throws {
        try await DevServerHarness.withMigratedStore(.sqliteMemory) { store, test in
            let harness = try await DevServerHarness.make(tokenLifetime: 60, store: store)
            _ = try await Self.signIn(harness, client: "sales")
            harness.clock.advance(by: 61)
            let cleanup = harness.service.startCleanup(every: .milliseconds(5))
            defer { cleanup.cancel() }
            var tries = 0
            while try await Self.count(test.database, kind: "access") > 0, tries < 2_000 {
                try await Task.sleep(for: .milliseconds(5))
                tries += 1
            }
            #expect(try await Self.count(test.database, kind: "access") == 0)
        }
    }
}
