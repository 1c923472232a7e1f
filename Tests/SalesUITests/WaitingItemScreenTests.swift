import APIClient
import Foundation
import SalesCore
import SwiftUI
import TestSupport
import Testing

@testable import SalesUI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A network the test switches off and on.
final class NetworkSwitch: @unchecked Sendable {
    // NB: @unchecked for the flag, which the lock guards.
    private let lock = NSLock()
    private var down = false

    var isDown: Bool {
        get { lock.withLock { down } }
        set { lock.withLock { down = newValue } }
    }
}

/// Items added offline, tapped through the Account screen: a waiting attachment renamed, a waiting item deleted
/// after asking, and Retry on the page that opened offline with nothing saved.
@MainActor
struct WaitingItemScreenTests {
    /// The hospital's screen over a freshly seeded stand-in behind a network the test switches, an empty outbox,
    /// and the client (to look at what Salesforce has).
    static func screen() async throws -> (AccountScreenModel, SalesOutbox, NetworkSwitch, SalesforceClient) {
        let network = NetworkSwitch()
        let (client, outbox, _) = try await AccountScreenTests.signedInStack { _ in
            if network.isDown { throw URLError(.notConnectedToInternet) }
        }
        let model = AccountScreenModel(
            accountID: AccountScreenTests.hospitalID, client: client, outbox: outbox, cache: .inMemory(),
            locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
        return (model, outbox, network, client)
    }

    /// Adds an attachment through New Attachment and the Files picker, as a person would.
    static func attach(_ name: String, _ host: ViewHost<some View>) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try Data("The wing opens in May.".utf8).write(to: file)
        try host.tap("New Attachment")
        try host.tap("Choose File…")
        try host.chooseFile(file)
        try host.tap("Save")
        try await host.waitUntil("the waiting row") { $0.topPresentation == nil && $0.texts.contains(name) }
    }

    /// An attachment added offline is renamed from its row's Edit; the sync uploads it once, under the new name.
    @Test func aWaitingAttachmentIsRenamedFromItsRow() async throws {
        let (model, outbox, network, client) = try await Self.screen()
        let host = await AccountScreenTests.host(model)
        network.isDown = true
        try await Self.attach("minutes.txt", host)
        #expect(host.tree.texts.contains("Not sent yet"))

        try host.swipe("minutes.txt", action: "Edit")
        try await host.waitUntil("the editor") { $0.topPresentation != nil }
        #expect(host.tree.find(.button, "Save")?.isEnabled == true)
        try host.type("", into: "Name")
        #expect(host.tree.find(.button, "Save")?.isEnabled == false)
        #expect(host.tree.texts.contains("Give it a name to save it."))
        try host.type("Visit minutes.txt", into: "Name")
        try host.tap("Save")
        try await host.waitUntil("the renamed row") {
            $0.topPresentation == nil && $0.texts.contains("Visit minutes.txt")
        }
        #expect(!host.tree.texts.contains("minutes.txt"))
        #expect(try await outbox.pending().map(\.summary) == ["upload the attachment Visit minutes.txt"])

        network.isDown = false
        try await host.pullToRefresh()
        try await host.waitUntil("the sent row") { !$0.texts.contains("Not sent yet") }
        let names = try await client.retrieveAccount(id: AccountScreenTests.hospitalID).attachments.compactMap(\.name)
        #expect(names.filter { $0.hasSuffix("minutes.txt") } == ["Visit minutes.txt"])
    }

    /// A note added offline is swiped away after the question, which says it was never sent; nothing is sent.
    @Test func aWaitingNoteIsDeletedAfterAsking() async throws {
        let (model, outbox, network, client) = try await Self.screen()
        let host = await AccountScreenTests.host(model)
        network.isDown = true
        try host.tap("New Note")
        try host.type("Call back", into: "Name")
        try host.tap("Save")
        try await host.waitUntil("the waiting row") { $0.topPresentation == nil && $0.texts.contains("Call back") }

        try host.swipe("Call back", action: "Delete")
        let dialog = try #require(host.tree.topPresentation)
        #expect(
            dialog.texts.contains(
                "It was never sent to Salesforce: it goes from this device, and is not sent. This cannot be undone."))
        try host.dismiss()
        try await host.swipeAsksThenRemoves("Call back", question: "Delete “Call back”?")
        #expect(try await outbox.pending().isEmpty)
        #expect(!host.tree.texts.contains("1 change waiting to be sent"))

        network.isDown = false
        try await host.pullToRefresh()
        let notes = try await client.retrieveAccount(id: AccountScreenTests.hospitalID).notes.compactMap(\.name)
        #expect(!notes.contains("Call back"))
        #expect(!host.tree.texts.contains("Call back"))
    }

    /// Offline with nothing saved, the page offers Retry; a tap still offline keeps it, a tap online loads the
    /// account, and Retry goes.
    @Test func theEmptyOfflinePageRetries() async throws {
        let (model, _, network, _) = try await Self.screen()
        network.isDown = true
        let host = await AccountScreenTests.host(model)
        #expect(host.tree.visibleNavigationTitle == "Account")
        #expect(host.tree.texts.contains("You're offline, and this account has not been opened on this device before."))
        try host.tap("Dismiss")
        #expect(host.tree.find(.button, "Retry") != nil)

        try await host.tapAndSettle("Retry")
        #expect(host.tree.find(.button, "Retry") != nil)
        #expect(host.tree.visibleNavigationTitle == "Account")

        network.isDown = false
        try host.tap("Retry")
        try await host.waitUntil("the account") {
            $0.visibleNavigationTitle == "St. Mary's Regional Medical Center"
        }
        #expect(host.tree.find(.button, "Retry") == nil)
        #expect(host.tree.find("Notes & Attachments") != nil)
    }
}
