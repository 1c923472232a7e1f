import APIClient
import Foundation
import SalesCore
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A call that reaches the client once another call's refresh was refused finds no session kept, as a call after a
/// sign-out does; it must still say that Salesforce ended the session ("Your session ended. Sign in again."), not
/// that the person is signed out ("Sign in to see your accounts."), until someone signs in or out.
@MainActor
@Suite struct CallAfterRefusalTests {
    /// A client whose refused session holds `onSignedOut` at `gate` (where the device's data is wiped), its session
    /// revoked on the server and expired.
    static func refusedClient(_ harness: DevServerHarness, gate: Gate) async throws -> SalesforceClient {
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: DevServerHarness.instance),
            transport: harness.transport, sessions: .inMemory(), notificationCenter: NotificationCenter(),
            onSignedOut: { await gate.pass() })
        try await client.signIn(username: DevServerHarness.username, password: DevServerHarness.password)
        try await harness.revokeElsewhereAndExpire(client)
        return client
    }

    /// The account's refresh was refused and the client is still wiping the device's data when the content is
    /// asked for: the content call sends nothing and says the session ended.
    @Test func aCallStartedWhileARefusalIsHandledSaysTheSessionEnded() async throws {
        let harness = try await DevServerHarness.make(tokenLifetime: 60)
        let gate = Gate(isOpen: false)
        let client = try await Self.refusedClient(harness, gate: gate)
        let id = DevServerHarness.hospitalID

        let account = Task { () -> SalesforceError? in
            do { _ = try await client.retrieveAccount(id: id) } catch { return error as? SalesforceError }
            return nil
        }
        await gate.arrived(1)
        #expect(await client.session == nil)
        let sent = harness.wire.count("GET", pathSuffix: "/WebContent/\(id)")

        var late: SalesforceError?
        do { _ = try await client.webContent(accountID: id) } catch { late = error as? SalesforceError }
        await gate.open()

        #expect(await account.value == .signedOut(operation: "load the account \(id)", sessionEnded: true))
        #expect(late == .signedOut(operation: "load Know · Say · Show for \(id)", sessionEnded: true))
        #expect(harness.wire.count("GET", pathSuffix: "/WebContent/\(id)") == sent)
    }

    /// A screen opened just after the session ended says so, in the sentence the sign-in form says it with.
    @Test func aScreenOpenedJustAfterTheRefusalSaysTheSessionEnded() async throws {
        let harness = try await DevServerHarness.make(tokenLifetime: 60)
        let gate = Gate()
        let client = try await Self.refusedClient(harness, gate: gate)
        await #expect(throws: SalesforceError.self) {
            _ = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        }

        let screen = try await DevServerHarness.hospitalScreen(client)
        await screen.appeared()

        #expect(screen.phase == .signedOut)
        #expect(screen.banner == .failure("Your session ended. Sign in again."))
    }

    /// Once the person signs out, nothing ended on them: a call says they are signed out.
    @Test func aSignOutAfterTheRefusalIsAPlainSignedOut() async throws {
        let harness = try await DevServerHarness.make(tokenLifetime: 60)
        let client = try await Self.refusedClient(harness, gate: Gate())
        await #expect(throws: SalesforceError.self) {
            _ = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        }
        await client.signOut()

        await #expect(
            throws: SalesforceError.signedOut(
                operation: "load the account \(DevServerHarness.hospitalID)", sessionEnded: false)
        ) {
            _ = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        }
    }
}
