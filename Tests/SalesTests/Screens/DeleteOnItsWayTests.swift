import Foundation
import SalesCore
import TestSupport
import Testing

/// A Delete confirmed again while the first is on its way, or while the item's own save is on its way, sends
/// nothing more and tells the truth.
@MainActor
@Suite struct DeleteOnItsWayTests {
    /// An item added offline, its Delete confirmed twice (a double tap): the second found nothing waiting and said
    /// "was sent to Salesforce before it could be taken back", over a delete that worked. It is taken back once, and
    /// the banner says nothing was refused.
    @Test func aWaitingItemDeletedTwiceIsTakenBackOnceAndNotSaidToBeSent() async throws {
        let harness = try await DevServerHarness.make()
        let waiting = WaitingItemTests()
        let (model, outbox, _) = try await waiting.screen(harness)
        harness.wire.isDown = true
        let row = try await waiting.add(.note, "Call back", to: model)
        _ = try await waiting.add(.note, "Kept", to: model)

        model.itemDeleteTapped(id: row.id)
        let question = try #require(model.confirmation?.action)
        let first = Task { await model.confirmTapped(question) }
        let second = Task { await model.confirmTapped(question) }
        await first.value
        await second.value

        #expect(model.banner != .failure(SalesText.waitingItemSent("Call back")))
        #expect(!model.deletionRefused)
        #expect(!model.items.contains { $0.id == row.id })
        #expect(try await outbox.pending().map(\.summary) == ["add the note Kept"])
        #expect(model.pendingEditCount == 1)
        #expect(!model.isBusy)
    }

    /// A sent note, its Delete confirmed twice before Salesforce answered: one DELETE goes, and the second's "not
    /// found" no longer puts a failure over the first one's delete.
    @Test func aSentItemDeletedTwiceSendsOneDelete() async throws {
        let harness = try await DevServerHarness.make()
        let gate = Gate()
        let model = try await AccountScreenSequenceTests.hospital(harness, heldAt: gate)
        await model.appeared()
        let note = try #require(model.details?.notes.first?.id)

        model.itemDeleteTapped(id: note)
        let question = try #require(model.confirmation?.action)
        await gate.close()
        let first = Task { await model.confirmTapped(question) }
        await gate.arrived(await gate.arrivals + 1)
        let second = Task { await model.confirmTapped(question) }
        await Task.yield()
        await gate.open()
        await first.value
        await second.value

        #expect(harness.wire.count("DELETE", pathSuffix: note) == 1)
        #expect(model.banner == nil)
        #expect(!model.items.contains { $0.id == note })
        #expect(!model.isBusy)
    }

    /// A note's Delete confirmed while its editor's Save is on its way: the delete was sent against the version the
    /// save was replacing, and the save then put the row back over it. The delete now waits for nothing and sends
    /// nothing: the save lands, and the row shows it, to be deleted after asking again.
    @Test func aDeleteConfirmedWhileTheItemsSaveIsOnItsWaySendsNothing() async throws {
        let harness = try await DevServerHarness.make()
        let gate = Gate()
        let model = try await AccountScreenSequenceTests.hospital(harness, heldAt: gate)
        await model.appeared()
        let note = try #require(model.details?.notes.first?.id)

        model.itemEditTapped(id: note)
        model.editor?.textEdited("Ask about the new wing.")
        await gate.close()
        let save = Task { await model.editorSaveTapped() }
        await gate.arrived(await gate.arrivals + 1)
        let delete = Task { await model.confirmTapped(.deleteItem(note)) }
        await Task.yield()
        await gate.open()
        await save.value
        await delete.value

        #expect(harness.wire.count("DELETE", pathSuffix: note) == 0)
        #expect(harness.wire.count("PATCH", pathSuffix: note) == 1)
        #expect(model.details?.notes.first { $0.id == note }?.text == "Ask about the new wing.")
        #expect(model.editor == nil)
        #expect(!model.isBusy)
    }
}
