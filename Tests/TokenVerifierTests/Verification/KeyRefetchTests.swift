import Foundation
import Testing
import TokenVerifier

@Suite("TokenVerifier: key set caching and rate-limited refetch")
struct KeyRefetchTests {
    @Test("the key set is fetched once and then served from the cache")
    func caches() async throws {
        let harness = try Harness()
        for _ in 0..<5 {
            _ = try await harness.verifier.verify(harness.token())
            harness.clock.advance(by: 30)
        }
        #expect(harness.server.fetchCount == 1)
    }

    @Test("an unknown kid triggers at most one refetch per 10 seconds, and a rotated-in key verifies after it")
    func unknownKidRateLimit() async throws {
        let harness = try Harness()
        let rotated = try JWTSigner(key: harness.keys.next, keyID: Cognito.nextKeyID).sign(Cognito.claims())
        _ = try await harness.verifier.verify(harness.token())
        #expect(harness.server.fetchCount == 1)

        // The pool rotates its key; the first token under the new kid refetches at once (10 s since the last fetch).
        harness.clock.advance(by: 10)
        harness.server.publish(
            try Cognito.jwks([(Cognito.currentKeyID, harness.keys.current), (Cognito.nextKeyID, harness.keys.next)]))
        _ = try await harness.verifier.verify(rotated)
        #expect(harness.server.fetchCount == 2)

        // A flood of tokens under an unknown kid: one refetch, then nothing until 10 s have passed.
        harness.clock.advance(by: 10)
        var unknown = Cognito.claims()
        unknown["sub"] = "flood"
        let flood = try JWTSigner(key: harness.keys.attacker, keyID: "eu-west-1-9").sign(unknown)
        for second in 0..<25 {
            await #expect(throws: TokenError.unknownKey) { try await harness.verifier.verify(flood) }
            #expect(harness.server.fetchCount == 2 + 1 + second / 10)
            harness.clock.advance(by: 1)
        }
        _ = try await harness.verifier.verify(rotated)
        _ = try await harness.verifier.verify(harness.token())
        #expect(harness.server.fetchCount == 5)
    }

    @Test("a kid that appears within 10 s of the last fetch waits for the next allowed refetch")
    func rotationWithinInterval() async throws {
        let harness = try Harness()
        let rotated = try JWTSigner(key: harness.keys.next, keyID: Cognito.nextKeyID).sign(Cognito.claims())
        _ = try await harness.verifier.verify(harness.token())
        harness.server.publish(try Cognito.jwks([(Cognito.nextKeyID, harness.keys.next)]))
        harness.clock.advance(by: 9)
        await #expect(throws: TokenError.unknownKey) { try await harness.verifier.verify(rotated) }
        #expect(harness.server.fetchCount == 1)
        harness.clock.advance(by: 1)
        _ = try await harness.verifier.verify(rotated)
        #expect(harness.server.fetchCount == 2)
    }

    @Test("concurrent verifications that need keys share one fetch")
    func concurrentShareOneFetch() async throws {
        let harness = try Harness(fetchDelay: .milliseconds(50))
        let token = try harness.token()
        let verifier = harness.verifier
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 {
                group.addTask { (try? await verifier.verify(token)) != nil }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes == Array(repeating: true, count: 20))
        #expect(harness.server.fetchCount == 1)
    }

    @Test("an unreachable key set is keysUnavailable, and is not retried for 10 seconds")
    func outage() async throws {
        let harness = try Harness()
        harness.server.setDown(true)
        await #expect(throws: TokenError.keysUnavailable) { try await harness.verifier.verify(harness.token()) }
        harness.clock.advance(by: 5)
        await #expect(throws: TokenError.keysUnavailable) { try await harness.verifier.verify(harness.token()) }
        #expect(harness.server.fetchCount == 1)
        harness.server.setDown(false)
        harness.clock.advance(by: 5)
        _ = try await harness.verifier.verify(harness.token(Cognito.claims(issuedAt: harness.clock.now)))
        #expect(harness.server.fetchCount == 2)
    }

    @Test("a document that is not a JWKS, or is too large, is treated as unavailable")
    func badDocuments() async throws {
        let harness = try Harness()
        for document in [Data("<html>".utf8), Data(count: 2 * 1024 * 1024)] {
            harness.server.publish(document)
            harness.clock.advance(by: 10)
            await #expect(throws: TokenError.keysUnavailable) {
                try await harness.verifier.verify(harness.token(Cognito.claims(issuedAt: harness.clock.now)))
            }
        }
        #expect(harness.server.fetchCount == 2)
    }

    @Test("a stale key set is refreshed after its lifetime; a removed key stops verifying; an outage keeps stale keys")
    func lifetime() async throws {
        let harness = try Harness { $0.keySetLifetime = 600 }
        _ = try await harness.verifier.verify(harness.token())

        // Lifetime passes while the endpoint is down: the cached key still verifies.
        harness.server.setDown(true)
        harness.clock.advance(by: 600)
        _ = try await harness.verifier.verify(harness.token(Cognito.claims(issuedAt: harness.clock.now)))
        #expect(harness.server.fetchCount == 2)

        // The endpoint returns without the key: it is revoked.
        harness.server.setDown(false)
        harness.server.publish(try Cognito.jwks([(Cognito.nextKeyID, harness.keys.next)]))
        harness.clock.advance(by: 10)
        await #expect(throws: TokenError.unknownKey) {
            try await harness.verifier.verify(harness.token(Cognito.claims(issuedAt: harness.clock.now)))
        }
        #expect(harness.server.fetchCount == 3)
    }
}
