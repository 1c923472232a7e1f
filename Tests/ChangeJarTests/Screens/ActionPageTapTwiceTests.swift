import ChangeJarModels
import Foundation
import Locking
import TestSupport
import Testing

@testable import ChangeJarCore

/// One's own action's page with a call held on its way: a second Delete or Save tapped meanwhile sends nothing.
/// Only the first call waits at the gate, so a second one sent without the guard answers at once and is counted.
@MainActor
@Suite("Change Jar action page tapped twice")
struct ActionPageTapTwiceTests {
    /// Delete confirmed again while the first deletion was on its way was sent a second time, and its "not found"
    /// put a failure over the first one's "deleted".
    @Test func deleteConfirmedAgainWhileTheFirstIsOnItsWaySendsOnce() async {
        let gate = Gate(isOpen: false)
        let deletions = Locked(0)
        var actions = InFlightStateTests.actions()
        actions.action = { _, _ in InFlightStateTests.mine }
        actions.delete = { _, _ in
            if deletions.withLock({ count in
                count += 1
                return count
            }) == 1 {
                await gate.pass()
            }
        }
        let page = await InFlightStateTests.ownPage(actions)
        #expect(page.canChange)

        page.deleteTapped()
        let first = Task { await page.confirmTapped(InFlightStateTests.sample.id) }
        await gate.arrived(1)
        #expect(!page.canChange, "Edit and Delete are off while the deletion is on its way")
        page.deleteTapped()
        #expect(page.confirmation == nil, "no second question")
        let second = Task { await page.confirmTapped(InFlightStateTests.sample.id) }
        await second.value
        await gate.open()
        await first.value

        #expect(deletions.withLock { $0 } == 1, "one deletion sent")
        #expect(page.banner == .confirmation("Deleted “Recycle”."))
        #expect(page.detail == nil)
    }

    /// The edit form's Save tapped again while the first save was on its way sent the edit twice and told every list
    /// twice.
    @Test func saveTappedAgainWhileTheFirstIsOnItsWaySendsOnce() async throws {
        let gate = Gate(isOpen: false)
        let edits = Locked(0)
        var actions = InFlightStateTests.actions()
        actions.action = { _, _ in InFlightStateTests.mine }
        actions.edit = { _, _, edit in
            if edits.withLock({ count in
                count += 1
                return count
            }) == 1 {
                await gate.pass()
            }
            var saved = InFlightStateTests.sample
            saved.title = edit.title
            saved.isMine = true
            return saved
        }
        let page = await InFlightStateTests.ownPage(actions)
        page.editTapped()
        let editor = try #require(page.editor)
        editor.title = "Recycle more"

        let first = Task { await page.saveTapped() }
        await gate.arrived(1)
        #expect(editor.isBusy)
        let second = Task { await page.saveTapped() }
        await second.value
        await gate.open()
        await first.value

        #expect(edits.withLock { $0 } == 1, "one edit sent")
        #expect(page.editor == nil)
        #expect(page.detail?.title == "Recycle more")
    }
}
