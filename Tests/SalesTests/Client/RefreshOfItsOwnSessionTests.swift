import APIClient
import Foundation
import SalesCore
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A 401's refresh serves only the calls of the session it renews: a call made after the person signed out and in
/// again, meeting its own 401 while the old session's refresh is still on its way, renews the new session and is
/// answered, instead of sharing the old refresh's outcome (no session: "Sign in to see your accounts.").
@Suite struct RefreshOfItsOwnSessionTests {
    @Test func aCallAfterANewSignInDoesNotJoinTheOldSessionsRefresh() async throws {
        let harness = try await DevServerHarness.make(tokenLifetime: 60)
        let oldRefresh = Gate(isOpen: false)
        let unauthorized = Gate()
        let refreshes = Gate()
        let inner = harness.transport
        let transport = HTTPTransport { request in
            let body = request.httpBody.map { String(decoding: $0, as: UTF8.self) } ?? ""
            if body.contains("grant_type=refresh_token") {
                // NB: only the first refresh (the old session's) is held.
                await refreshes.pass()
                if await refreshes.arrivals == 1 { await oldRefresh.pass() }
                return try await inner.send(request)
            }
            let answer = try await inner.send(request)
            if answer.1.statusCode == 401 { await unauthorized.pass() }
            return answer
        }
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: DevServerHarness.instance), transport: transport,
            sessions: .inMemory(), notificationCenter: NotificationCenter())
        let id = DevServerHarness.hospitalID
        try await client.signIn(username: DevServerHarness.username, password: DevServerHarness.password)
        harness.clock.advance(by: 120)

        let old = Task { () -> SalesforceError? in
            do { _ = try await client.retrieveAccount(id: id) } catch { return error as? SalesforceError }
            return nil
        }
        await oldRefresh.arrived(1)
        await client.signOut()
        let signedIn = try await client.signIn(
            username: DevServerHarness.username, password: DevServerHarness.password)
        harness.clock.advance(by: 120)

        let new = Task { () -> Result<String?, SalesforceError> in
            do { return .success(try await client.retrieveAccount(id: id).account.name) } catch {
                return .failure(error as? SalesforceError ?? .invalidInput(operation: "", reason: "\(error)"))
            }
        }
        // NB: the new call has met its 401; whichever the client takes up first, its refresh or the old one's answer,
        // the new call is answered under the new session.
        await unauthorized.arrived(2)
        await oldRefresh.open()

        let loaded = try await new.value.get()
        #expect(loaded != nil)
        #expect(await old.value == .signedOut(operation: "load the account \(id)", sessionEnded: false))
        let kept = try #require(await client.session)
        #expect(kept.accessToken != signedIn.accessToken, "renewed for the new session")
    }
}
