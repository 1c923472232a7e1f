import DynamicJSON
import Foundation
import Testing
import TokenVerifier

@Suite("CognitoIdentityClaims")
struct CognitoIdentityClaimsTests {
    private func identity(amr: JSONValue?, subject: JSONValue? = .string(Cognito.identityID)) async throws
        -> CognitoIdentityClaims
    {
        let harness = try Harness()
        var claims = Cognito.claims()
        claims["amr"] = amr
        claims["sub"] = subject
        return try CognitoIdentityClaims(try await harness.verifier.verify(harness.token(claims)))
    }

    @Test(
        "reads each provider and its user id from amr",
        arguments: [
            (CognitoIdentityClaims.Provider.facebook, "10157439851234567"),
            (.twitter, "783214"),
            (.google, "117301844921938472561"),
        ])
    func providers(_ provider: CognitoIdentityClaims.Provider, _ userID: String) async throws {
        let amr: JSONValue = [
            "authenticated", .string(provider.key), .string("\(provider.key):\(Cognito.poolID):\(userID)"),
        ]
        let identity = try await identity(amr: amr)
        #expect(identity.provider == provider)
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
        #expect(identity.provider == .google)
        #expect(identity.providerUserID == "g-1")
    }

    @Test("refuses a token without a subject")
    func requiresSubject() async throws {
        await #expect(throws: TokenError.malformed(.claims)) {
            try await identity(amr: ["authenticated", "api.twitter.com", "api.twitter.com:p:1"], subject: nil)
        }
    }
}
