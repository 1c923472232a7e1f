import DynamicJSON
import Foundation
import Testing
import TokenVerifier

@Suite("CognitoIdentityClaims")
struct CognitoIdentityClaimsTests {
    /// The providers an identity pool might accept: the caller names them, as Change Jar does its three.
    static let pool: Set<String> = ["graph.facebook.com", "api.twitter.com", "accounts.google.com"]

    private func identity(
        amr: JSONValue?, subject: JSONValue? = .string(Cognito.identityID), providers: Set<String> = pool
    ) async throws -> CognitoIdentityClaims {
        let harness = try Harness()
        var claims = Cognito.claims()
        claims["amr"] = amr
        claims["sub"] = subject
        return try CognitoIdentityClaims(try await harness.verifier.verify(harness.token(claims)), providers: providers)
    }

    @Test(
        "reads each provider and its user id from amr",
        arguments: [
            ("graph.facebook.com", "10157439851234567"),
            ("api.twitter.com", "783214"),
            ("accounts.google.com", "117301844921938472561"),
        ])
    func providers(_ provider: String, _ userID: String) async throws {
        let amr: JSONValue = [
            "authenticated", .string(provider), .string("\(provider):\(Cognito.poolID):\(userID)"),
        ]
        let identity = try await identity(amr: amr)
        #expect(identity.providerKey == provider)
        #expect(identity.providerUserID == userID)
        #expect(identity.identityID == Cognito.identityID)
    }

    @Test(
        "refuses amr without authenticated, without a known provider, or without a matching provider entry",
        arguments: [
            ["unauthenticated"],
            ["graph.facebook.com", "graph.facebook.com:eu-west-1:pool:1015"],
            ["authenticated", "unauthenticated", "graph.facebook.com", "graph.facebook.com:eu-west-1:pool:1015"],
            ["authenticated", "www.amazon.com", "www.amazon.com:eu-west-1:pool:amzn1"],
            ["authenticated", "graph.facebook.com"],
            ["authenticated", "graph.facebook.com", "accounts.google.com:eu-west-1:pool:1015"],
            ["authenticated", "graph.facebook.com", "graph.facebook.com:1015"],
            ["authenticated", "graph.facebook.com", "graph.facebook.com:eu-west-1:pool:"],
            ["authenticated", "graph.facebook.com", "graph.facebook.comx:eu-west-1:pool:1015"],
            ["authenticated", "graph.facebook.com", "graph.facebook.com:pool:1015", "graph.facebook.com:pool:2020"],
            ["authenticated", "graph.facebook.com:eu-west-1:pool:1015"],
            [],
            "authenticated",
            nil,
        ] as [JSONValue?])
    func refusesUnauthenticated(_ amr: JSONValue?) async throws {
        await #expect(throws: TokenError.unauthenticated) { try await identity(amr: amr) }
    }

    @Test("uses the first provider, in amr order, that has a matching entry")
    func firstMatchingProvider() async throws {
        let identity = try await identity(amr: [
            "authenticated", "api.twitter.com", "accounts.google.com", "accounts.google.com:eu-west-1:pool:g-1",
        ])
        #expect(identity.providerKey == "accounts.google.com")
        #expect(identity.providerUserID == "g-1")
    }

    @Test("reads only the providers the caller accepts, in amr order")
    func onlyTheCallersProviders() async throws {
        let amr: JSONValue = [
            "authenticated", "graph.facebook.com", "graph.facebook.com:eu-west-1:pool:f-1", "accounts.google.com",
            "accounts.google.com:eu-west-1:pool:g-1",
        ]
        #expect(try await identity(amr: amr).providerKey == "graph.facebook.com")
        let googleOnly = try await identity(amr: amr, providers: ["accounts.google.com"])
        #expect((googleOnly.providerKey, googleOnly.providerUserID) == ("accounts.google.com", "g-1"))
        await #expect(throws: TokenError.unauthenticated) {
            try await identity(amr: amr, providers: ["www.amazon.com"])
        }
        await #expect(throws: TokenError.unauthenticated) { try await identity(amr: amr, providers: []) }
    }

    @Test("refuses a token without a subject")
    func requiresSubject() async throws {
        await #expect(throws: TokenError.malformed(.claims)) {
            try await identity(amr: ["authenticated", "api.twitter.com", "api.twitter.com:p:1"], subject: nil)
        }
    }
}
