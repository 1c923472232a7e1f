import APIClient
import Foundation
import Locking
import SalesCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Calls sent with the same expired token whose 401s come back at different times: the one answered late must not
/// refresh again with a session another call has already renewed (or one Salesforce has already refused).
@Suite struct LateRefusalTests {
    /// A transport that lets the Know · Say · Show request through to the server at once, and holds its answer
    /// until ``release()``.
    final class HeldAnswer: Sendable {
        private let sent = LockedFlag()
        private let released = LockedFlag()
        let transport: HTTPTransport

        init(_ inner: HTTPTransport) {
            let (sent, released) = (sent, released)
            transport = HTTPTransport { request in
                let answer = try await inner.send(request)
                if request.url?.path.contains("/WebContent/") == true, !sent.isSet {
                    sent.isSet = true
                    while !released.isSet { try await Task.sleep(for: .milliseconds(1)) }
                }
                return answer
            }
        }

        /// Waits until the held request reached the server.
        func waitUntilSent() async throws {
            while !sent.isSet { try await Task.sleep(for: .milliseconds(1)) }
        }

        func release() { released.isSet = true }
    }

    /// Both calls went out with the expired token; the account's 401 came first and its refresh is done when the
    /// content's 401 arrives. The content call retries under the renewed session: one refresh, not two (with
    /// Salesforce's refresh-token rotation, the second would present a spent token and sign the rep out).
    @Test func aLateRefusalUsesTheSessionAlreadyRenewed() async throws {
        let harness = try await DevServerHarness.make(tokenLifetime: 60)
        let held = HeldAnswer(harness.transport)
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: DevServerHarness.instance), transport: held.transport,
            sessions: .inMemory(), notificationCenter: NotificationCenter())
        try await client.signIn(username: DevServerHarness.username, password: DevServerHarness.password)
        harness.clock.advance(by: 120)

        async let content = client.webContent(accountID: DevServerHarness.hospitalID)
        try await held.waitUntilSent()
        let renewed = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        #expect(renewed.account.isHospital == true)
        let token = await client.session?.accessToken
        held.release()

        #expect(try await content.isSuccess == true)
        #expect(harness.wire.count("POST", pathSuffix: "/services/oauth2/token") == 2)
        #expect(await client.session?.accessToken == token)
    }

    /// The account's refresh was refused and signed the rep out before the content's 401 arrived: the content call
    /// is signed out too, without sending the refused refresh token again.
    @Test func aLateRefusalAfterARefusedRefreshSendsNothingMore() async throws {
        let harness = try await DevServerHarness.make(tokenLifetime: 60)
        let held = HeldAnswer(harness.transport)
        let ended = Locked(0)
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: DevServerHarness.instance), transport: held.transport,
            sessions: .inMemory(), notificationCenter: NotificationCenter(),
            onSignedOut: { ended.withLock { $0 += 1 } })
        try await client.signIn(username: DevServerHarness.username, password: DevServerHarness.password)
        try await harness.revokeElsewhereAndExpire(client)

        async let content = client.webContent(accountID: DevServerHarness.hospitalID)
        try await held.waitUntilSent()
        await #expect(
            throws: SalesforceError.signedOut(
                operation: "load the account \(DevServerHarness.hospitalID)", sessionEnded: true)
        ) {
            _ = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        }
        held.release()

        var late: SalesforceError?
        do { _ = try await content } catch { late = error as? SalesforceError }
        #expect(
            late
                == .signedOut(
                    operation: "load Know · Say · Show for \(DevServerHarness.hospitalID)", sessionEnded: true))
        #expect(harness.wire.count("POST", pathSuffix: "/services/oauth2/token") == 2)
        #expect(ended.withLock { $0 } == 1)
        #expect(await client.session == nil)
    }
}
