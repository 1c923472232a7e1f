import Foundation
import SalesCore
import TestSupport
import Testing

/// A section with nothing in it says so in a line of its own, once there is an account to list things for: never
/// while the account loads, and never after a load that failed (which has its own sentence).
@MainActor
@Suite struct EmptySectionTests {
    /// Northside Surgical Supply: no note, attachment or Google Doc.
    static let emptyAccountID = "001Q000000Demo4IAB"

    func screen(_ client: SalesforceClient, _ accountID: String = emptyAccountID) async throws -> AccountScreenModel {
        AccountScreenModel(
            accountID: accountID, client: client, outbox: try await makeOutbox(), cache: .inMemory(),
            locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
    }

    @Test func anAccountWithNoItemsSaysSoOnceLoadedAndNotWhileLoading() async throws {
        let harness = try await DevServerHarness.make()
        let gate = Gate()
        let client = try await harness.client { request, standIn in
            await gate.pass()
            return try await standIn.send(request)
        }
        let model = try await screen(client)
        #expect(model.itemsEmptyText == nil)

        await gate.close()
        let arrived = await gate.arrivals
        let loading = Task { await model.appeared() }
        await gate.arrived(arrived + 1)
        #expect(model.phase == .loading)
        #expect(model.itemsEmptyText == nil)
        await gate.open()
        await loading.value

        #expect(model.phase == .loaded)
        #expect(model.items.isEmpty)
        #expect(model.itemsEmptyText == "No notes, attachments or Google Docs yet.")
        #expect(model.addableKinds == [.note, .attachment, .doc])
    }

    @Test func aFailedLoadSaysWhyAndNotThatTheListIsEmpty() async throws {
        let harness = try await DevServerHarness.make()
        let model = try await screen(try await harness.client())
        harness.wire.isDown = true
        await model.appeared()
        #expect(model.phase == .failed("You're offline, and this account has not been opened on this device before."))
        #expect(model.itemsEmptyText == nil)

        harness.wire.isDown = false
        await model.refreshPulled()
        #expect(model.itemsEmptyText == "No notes, attachments or Google Docs yet.")
    }

    @Test func anAccountWithItemsSaysNothingOfAnEmptyList() async throws {
        let harness = try await DevServerHarness.make()
        let model = try await screen(try await harness.client(), DevServerHarness.hospitalID)
        await model.appeared()
        #expect(!model.items.isEmpty)
        #expect(model.itemsEmptyText == nil)
    }

    @Test func anEmptyKnowSayShowSectionSaysSo() {
        let sections = KnowSayShowSection.sections(
            WebContent(contentsforSay: [ContentVersion(id: "068Q000000Demo3IAB", description: "Open with the gowns")]))
        #expect(sections.map(\.emptyText) == ["Nothing here yet.", nil, "Nothing here yet."])
    }
}
