import Foundation
import Testing
import TokenVerifier

@Suite("JWKSFetcher")
struct JWKSFetcherTests {
    @Test("the live fetcher's connection failure surfaces as keysUnavailable")
    func liveFailure() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:1/.well-known/jwks.json"))
        let keys = try TestKeys.get()
        let verifier = TokenVerifier(
            configuration: .init(audience: Cognito.poolID), fetcher: .live(url: url, timeout: 2),
            now: { Cognito.epoch })
        let token = try JWTSigner(key: keys.current, keyID: Cognito.currentKeyID).sign(Cognito.claims())
        await #expect(throws: TokenError.keysUnavailable) { try await verifier.verify(token) }
    }
}
