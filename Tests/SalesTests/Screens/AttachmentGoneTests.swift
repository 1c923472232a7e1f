import Foundation
import SalesCore
import Testing

/// An attachment deleted on Salesforce (by a colleague, or a cleanup) after the rep's list was read: tapping it says
/// so by its name, and the row goes; nothing else on the screen, nor what waits to be sent, is lost.
@MainActor
@Suite struct AttachmentGoneTests {
    @Test func aTappedAttachmentWhoseBodyIsGoneIsNamedAndLeavesTheList() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let kept = try await client.createAttachment(
            name: "Price list.pdf", data: AttachmentViewingTypeTests.pdf, contentType: "application/pdf",
            accountID: DevServerHarness.hospitalID)
        let doomed = try await client.createAttachment(
            name: "Site plan.pdf", data: AttachmentViewingTypeTests.pdf, contentType: "application/pdf",
            accountID: DevServerHarness.hospitalID)
        let doomedID = try #require(doomed.id)
        let cache = AccountCache.inMemory()
        let outbox = try await makeOutbox()
        let model = AccountScreenModel(
            accountID: DevServerHarness.hospitalID, client: client, outbox: outbox, cache: cache,
            locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
        await model.appeared()
        #expect(model.items.contains { $0.id == doomedID })
        let waiting = PendingEdit.adding(
            Note(name: "Visit", text: "Call back Tuesday"), to: DevServerHarness.hospitalID)
        try await outbox.enqueue(waiting)

        try await client.delete(Attachment.self, id: doomedID)
        await model.itemTapped(id: doomedID)

        #expect(model.banner == .failure("“Site plan.pdf” is no longer in Salesforce, so it was taken off the list."))
        #expect(model.openedDocument == nil)
        #expect(!model.items.contains { $0.id == doomedID })
        #expect(model.items.contains { $0.id == kept.id })
        #expect(try await outbox.pending().map(\.id) == [waiting.id])
        let saved = await cache.load(DevServerHarness.hospitalID)
        #expect(saved?.attachments.contains { $0.id == doomedID } == false, "the saved copy no longer lists it")
    }
}
