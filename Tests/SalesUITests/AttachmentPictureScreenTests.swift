import Foundation
import SalesCore
import SwiftUI
import TestSupport
import Testing

@testable import SalesUI

/// An image attachment opened from its row whose picture does not download: the form says so and offers Retry,
/// instead of showing nothing and saying nothing.
@MainActor
struct AttachmentPictureScreenTests {
    static let offline =
        "The picture could not be loaded: this device has no connection. Retry when the network is back."

    @Test func aPictureThatDidNotLoadSaysSoAndRetries() async throws {
        let (model, _, network, _) = try await WaitingItemScreenTests.screen()
        let host = await AccountScreenTests.host(model)
        let photo = try #require(model.details?.attachments.first { $0.isImage }?.name)

        network.isDown = true
        try host.swipe(photo, action: "Edit")
        try await host.waitUntil("the form saying the picture did not load") {
            $0.topPresentation != nil && $0.texts.contains(Self.offline)
        }
        #expect(host.tree.find(.button, "Retry") != nil)
        #expect(model.editor?.image == nil)

        network.isDown = false
        try host.tap("Retry")
        try await host.waitUntil("the picture") {
            !$0.texts.contains(Self.offline) && $0.find(.button, "Retry") == nil
        }
        #expect(model.editor?.image?.starts(with: [0xFF, 0xD8]) == true)
        #expect(host.tree.topPresentation != nil)
    }

    /// A picture whose file was deleted in Salesforce since the list was read says so, and offers no Retry (which
    /// would only meet the same answer).
    @Test func aPictureNoLongerInSalesforceOffersNoRetry() async throws {
        let (model, _, _, client) = try await WaitingItemScreenTests.screen()
        let host = await AccountScreenTests.host(model)
        let photo = try #require(model.details?.attachments.first { $0.isImage })
        try await client.delete("Attachment", id: try #require(photo.id), operation: "delete")

        try host.swipe(try #require(photo.name), action: "Edit")
        try await host.waitUntil("the form saying the file is gone") {
            $0.topPresentation != nil
                && $0.texts.contains("The file is no longer in Salesforce, so there is no picture to show.")
        }
        #expect(host.tree.find(.button, "Retry") == nil)
    }
}
