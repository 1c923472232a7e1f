import APIClient
import Foundation
import SalesCore
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@MainActor
@Suite struct AccountScreenSequenceTests {
    /// What a person sees while the screen loads: idle, then a spinner with nothing yet, then the account.
    @Test func loadingShowsBusyThenTheAccount() async throws {
        let harness = try await DevServerHarness.make()
        let gate = Gate()
        let inner = harness.transport
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: DevServerHarness.instance),
            transport: HTTPTransport { request in
                await gate.pass()
                return try await inner.send(request)
            },
            sessions: .inMemory(), notificationCenter: NotificationCenter())
        try await client.signIn(username: DevServerHarness.username, password: DevServerHarness.password)
        let model = AccountScreenModel(
            accountID: DevServerHarness.hospitalID, client: client, outbox: try await makeOutbox(), cache: .inMemory(),
            locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)

        var seen: [(AccountScreenModel.Phase, Bool, Int)] = [(model.phase, model.isBusy, model.items.count)]
        await gate.close()
        let loading = Task { await model.appeared() }
        await gate.arrived(2)  // sign-in, then the first load request is held
        seen.append((model.phase, model.isBusy, model.items.count))
        await gate.open()
        await loading.value
        seen.append((model.phase, model.isBusy, model.items.count))

        #expect(seen.map(\.0) == [.idle, .loading, .loaded])
        #expect(seen.map(\.1) == [false, true, false])
        #expect(seen.map(\.2) == [0, 0, 5])
    }

    /// A failing refresh keeps what was shown and says what failed; the banner goes when dismissed.
    @Test func aFailedRefreshKeepsTheAccountAndShowsABanner() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let model = AccountScreenModel(
            accountID: DevServerHarness.hospitalID, client: client, outbox: try await makeOutbox(), cache: .inMemory())
        await model.appeared()
        #expect(model.banner == nil)
        harness.wire.isDown = true
        await model.refreshPulled()
        #expect(model.phase == .loaded)
        #expect(model.items.count == 5)
        #expect(
            model.banner
                == .notice(
                    "You're offline. Showing the copy saved on this device; changes are sent when the network returns.")
        )
        #expect(!model.isBusy)
        model.bannerDismissed()
        #expect(model.banner == nil)
    }
}
