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
    @Test func aPictureThatDidNotLoadSaysSoAndRetries() async throws {
        let (model, _, network, _) = try await WaitingItemScreenTests.screen()
        let host = await AccountScreenTests.host(model)
        let photo = try #require(model.details?.attachments.first { $0.isImage }?.name)

        network.isDown = true
        try host.swipe(photo, action: "Edit")
        try await host.waitUntil("the form saying the picture did not load") {
            $0.topPresentation != nil && $0.texts.contains("The picture could not be loaded.")
        }
        #expect(host.tree.find(.button, "Retry") != nil)
        #expect(model.editor?.image == nil)

        network.isDown = false
        try host.tap("Retry")
        try await host.waitUntil("the picture") {
            !$0.texts.contains("The picture could not be loaded.") && $0.find(.button, "Retry") == nil
        }
        #expect(model.editor?.image?.starts(with: [0xFF, 0xD8]) == true)
        #expect(host.tree.topPresentation != nil)
    }
}
