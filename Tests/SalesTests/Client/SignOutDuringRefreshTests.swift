import APIClient
import Foundation
import SalesCore
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A rep taps Sign Out while a call's 401 is being answered with a refresh: whatever the refresh meets (refused with
/// the token the sign-out revoked, or renewed just before), the person sees the plain signed-out state, never "Your
/// session ended", and stays signed out.
@MainActor
@Suite struct SignOutDuringRefreshTests {
    /// The stand-in's transport with two gates: `refresh` holds a refresh grant (before it reaches the server with
    /// `beforeSending`, else its answer), `revoke` holds the answer to the sign-out's revoke.
    struct Gated {
        let refresh = Gate(isOpen: false)
        let revoke = Gate(isOpen: false)
        let beforeSending: Bool

        func transport(_ harness: DevServerHarness) -> HTTPTransport {
            let inner = harness.transport
            let (refresh, revoke, beforeSending) = (refresh, revoke, beforeSending)
            return HTTPTransport { request in
                let body = request.httpBody.map { String(decoding: $0, as: UTF8.self) } ?? ""
                if body.contains("grant_type=refresh_token") {
                    if beforeSending { await refresh.pass() }
                    let answer = try await inner.send(request)
                    if !beforeSending { await refresh.pass() }
                    return answer
                }
                let answer = try await inner.send(request)
                if request.url?.path.hasSuffix("/oauth2/revoke") == true { await revoke.pass() }
                return answer
            }
        }
    }

    /// The refresh reaches Salesforce after the revoke did, and is refused, while the sign-out still waits for the
    /// revoke's answer: the refusal is the sign-out's doing, not a session that ended.
    @Test func aRefreshRefusedBecauseOfTheSignOutSaysNothingOfASessionEnding() async throws {
        let gated = Gated(beforeSending: true)
        let device = try await SalesDevice.signedIn(transport: gated.transport)
        let screen = try #require(device.app.account)
        await screen.appeared()
        device.harness.clock.advance(by: 120)

        let reloading = Task { await screen.refreshPulled() }
        await gated.refresh.arrived(1)
        let signingOut = Task { await device.app.signOutTapped() }
        await gated.revoke.arrived(1)
        await gated.refresh.open()
        await reloading.value
        await gated.revoke.open()
        await signingOut.value

        #expect(device.app.banner == nil)
        #expect(device.app.account == nil)
        #expect(await device.client.session == nil)
        #expect(screen.phase == .signedOut)
        #expect(screen.banner == .failure("Sign in to see your accounts."))
    }

    /// The refresh was answered with a new session after the sign-out was done: the person stays signed out.
    @Test func aRefreshAnsweredAfterTheSignOutDoesNotSignThePersonBackIn() async throws {
        let gated = Gated(beforeSending: false)
        await gated.revoke.open()
        let device = try await SalesDevice.signedIn(transport: gated.transport)
        let screen = try #require(device.app.account)
        await screen.appeared()
        device.harness.clock.advance(by: 120)

        let reloading = Task { await screen.refreshPulled() }
        await gated.refresh.arrived(1)
        await device.app.signOutTapped()
        await gated.refresh.open()
        await reloading.value

        #expect(device.app.banner == nil)
        #expect(device.app.account == nil)
        #expect(await device.client.session == nil)
        #expect(screen.phase == .signedOut)
        #expect(screen.banner == .failure("Sign in to see your accounts."))
        await device.app.launched()
        #expect(device.app.account == nil)
    }
}
