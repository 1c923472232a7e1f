import ChangeJarModels
import Foundation
import Localization
import Testing

@testable import ChangeJarCore

/// A list that opens offline with nothing saved on the device is empty with nothing to show: it offers Retry,
/// which reads it again, as Quakes' offline list does.
@MainActor
@Suite("Change Jar: Retry on a list that could not be read")
struct OfflineRetryTests {
    /// Alice signed in on this device before; this run has nothing saved, and starts offline.
    static func offlineWithNothingSaved(_ server: TestServer) async throws -> CoreHarness {
        try await server.create("Walk more", user: "bob")
        let sessions = SessionStore.inMemory()
        await CoreHarness(server: server, sessionStore: sessions).app.settings.providerTapped(.google)
        let harness = CoreHarness(server: server, sessionStore: sessions)
        harness.network.isOffline = true
        return harness
    }

    @Test func everyListOffersRetryAndRetryReadsItAgain() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = try await Self.offlineWithNothingSaved(server)
            let app = harness.app
            #expect(!app.mine.needsSignIn)
            let lists: [(String, any ActionListing)] = [
                ("all", app.all), ("mine", app.mine), ("new", app.new), ("search", app.search),
            ]
            for (name, list) in lists { #expect(!list.canRetry, "\(name) before it was read") }

            await app.all.refreshPulled()
            await app.mine.refreshPulled()
            await app.new.opened()
            app.search.queryChanged("walk")
            await harness.sleeper.untilWaiting(1)
            await harness.sleeper.releaseAll()
            await app.search.activeSearch?.value
            for (name, list) in lists {
                #expect(list.canRetry, "\(name)")
                #expect(list.rows.isEmpty && list.banner?.failure != nil, "\(name)")
            }

            // Still offline: Retry asks again, and is offered again.
            let asked = harness.network.count("GET /changejar/v1/actions")
            await app.all.retryTapped()
            #expect(harness.network.count("GET /changejar/v1/actions") == asked + 1)
            #expect(app.all.canRetry)

            // Back online: each Retry reads its list, and the button goes.
            harness.network.isOffline = false
            for (_, list) in lists { await list.retryTapped() }
            #expect(app.all.rows.map(\.title) == ["Walk more"])
            #expect(app.mine.rows.isEmpty && app.mine.emptyMessage == "You haven't added an action yet.")
            #expect(app.new.rows.map(\.title) == ["Walk more"])
            #expect(app.search.rows.map(\.title) == ["Walk more"])
            // NB: Retry does not wait out the typing pause: nothing was typed.
            #expect(await harness.sleeper.waiting == 0)
            for (name, list) in lists {
                #expect(!list.canRetry, "\(name)")
                #expect(list.banner == nil, "\(name)")
            }
        }
    }

    /// Offline with a saved copy, the list shows it (pull to refresh reads it again): no Retry. A failure that is
    /// not the network's, and a search typed anew, offer none either.
    @Test func noRetryWhereSomethingIsShown() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = try await Self.offlineWithNothingSaved(server)
            let app = harness.app
            harness.network.isOffline = false
            await app.all.refreshPulled()
            harness.network.isOffline = true
            await app.all.refreshPulled()
            #expect(app.all.isShowingSavedCopy && !app.all.canRetry)

            app.search.queryChanged("walk")
            await harness.sleeper.untilWaiting(1)
            await harness.sleeper.releaseAll()
            await app.search.activeSearch?.value
            #expect(app.search.canRetry)
            app.search.queryChanged("")
            #expect(!app.search.canRetry)
            await app.search.retryTapped()
            #expect(app.search.activeSearch == nil && app.search.banner == nil)
        }
    }
}
