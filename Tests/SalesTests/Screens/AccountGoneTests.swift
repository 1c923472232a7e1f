import Database
import Foundation
import LocalStore
import SalesCore
import Testing

/// An account Salesforce does not have (never had, or another rep deleted it) while changes made to it are held on
/// the device: the screen says the account is gone and lists those changes, with what was typed, to be let go.
@MainActor
@Suite struct AccountGoneTests {
    let missing = "001Q000000Demo9IAB"
    let hint =
        "Your changes to it cannot be sent: copy what you want to keep from “Changes Not Sent”, then discard them."

    func makeModel(_ harness: DevServerHarness, accountID: String, cache: AccountCache = .inMemory()) async throws
        -> (AccountScreenModel, SalesOutbox, SalesforceClient)
    {
        let client = try await harness.client(cache: cache)
        let outbox = try await makeOutbox()
        let model = AccountScreenModel(
            accountID: accountID, client: client, outbox: outbox, cache: cache, locale: Locale(identifier: "en_US"),
            timeZone: TimeZone(identifier: "UTC")!)
        return (model, outbox, client)
    }

    @Test func aNoteForAnAccountSalesforceNeverHadIsListedWithItsTextAndLetGo() async throws {
        let harness = try await DevServerHarness.make()
        let (model, outbox, _) = try await makeModel(harness, accountID: missing)
        let edit = PendingEdit.adding(Note(name: "typo", text: "Call back Tuesday"), to: missing)
        try await outbox.enqueue(edit)

        await model.appeared()
        let gone = "Salesforce has no account \(missing). " + hint
        #expect(model.phase == .failed(gone))
        #expect(model.banner == .failure(gone))
        #expect(model.accountIsGone)
        #expect(model.unsentEdits.map(\.title) == ["Add the note typo"])
        #expect(model.unsentEdits.map(\.text) == ["Call back Tuesday"])
        #expect(model.unsentEdits.map(\.id) == [edit.id])

        model.discardTapped(id: edit.id)
        let question = try #require(model.confirmation)
        await model.confirmTapped(question.action)
        #expect(model.unsentEdits.isEmpty)
        #expect(try await outbox.unsent().isEmpty)
        #expect(model.phase == .failed("Salesforce has no account \(missing)."))
    }

    /// Another rep deleted the account while this device held an edit of it: the saved copy goes, and the edit
    /// stays listed, to be let go.
    @Test func anEditOfAnAccountDeletedMeanwhileStaysListed() async throws {
        let harness = try await DevServerHarness.make()
        let cache = AccountCache.inMemory()
        let (first, outbox, client) = try await makeModel(harness, accountID: DevServerHarness.hospitalID, cache: cache)
        await first.appeared()
        var account = try #require(first.details?.account)
        account.numBeds = 260
        let edit = PendingEdit.saving(
            account, fields: [.numBeds], id: DevServerHarness.hospitalID, basedOn: account.lastModifiedDate)
        try await outbox.enqueue(edit)
        try await client.delete("Account", id: DevServerHarness.hospitalID, operation: "delete the account")

        let model = AccountScreenModel(
            accountID: DevServerHarness.hospitalID, client: client, outbox: outbox, cache: cache,
            locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
        await model.appeared()
        let gone =
            "St. Mary's Regional Medical Center no longer exists in Salesforce; the copy saved on this device was "
            + "removed. " + hint
        #expect(model.phase == .failed(gone))
        #expect(model.accountIsGone)
        #expect(model.unsentEdits.map(\.id) == [edit.id])
        #expect(model.unsentEdits.map(\.title) == ["Save the account St. Mary's Regional Medical Center"])
        #expect(model.unsentEdits.first?.text == nil)
        #expect(await cache.load(DevServerHarness.hospitalID) == nil)
    }
}
