import Foundation
import Testing
import TokenVerifier

@Suite("JWKSFetcher")
struct JWKSFetcherTests {
    @Test("the live fetcher reads the key set over HTTP, and the verifier uses it")
    func liveFetch() async throws {
        let keys = try TestKeys.get()
        let server = try LoopbackHTTPServer(
            status: "200 OK", body: Cognito.jwks([(Cognito.currentKeyID, keys.current)]))
        defer { server.close() }
        let verifier = TokenVerifier(
            configuration: .init(audience: Cognito.poolID), fetcher: .live(url: try #require(server.url("/jwks"))),
            now: { Cognito.epoch })
        let token = try JWTSigner(key: keys.current, keyID: Cognito.currentKeyID).sign(Cognito.claims())
        #expect(try await verifier.verify(token).subject == Cognito.identityID)
    }

    @Test("the live fetcher refuses a response other than 200, even with a key set in the body")
    func liveRefusesErrorStatus() async throws {
        let keys = try TestKeys.get()
        let server = try LoopbackHTTPServer(
            status: "404 Not Found", body: Cognito.jwks([(Cognito.currentKeyID, keys.current)]))
        defer { server.close() }
        let fetcher = JWKSFetcher.live(url: try #require(server.url("/jwks")))
        await #expect(throws: URLError.self) { try await fetcher.fetch() }
    }

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
