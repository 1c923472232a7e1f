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

/// What Notes & Attachments draws when it has nothing to list.
@MainActor
struct EmptyItemsScreenTests {
    @Test func anAccountWithNoItemsSaysSoAboveItsAddButtons() async throws {
        let host = await AccountScreenTests.host(try await AccountScreenTests.model("001Q000000Demo4IAB"))
        let section = try #require(host.tree.find(.disclosureGroup, "Notes & Attachments"))
        #expect(section.texts.contains("No notes, attachments or Google Docs yet."))
        #expect(section.find(.button, "New Note") != nil)

        let full = await AccountScreenTests.host(try await AccountScreenTests.model())
        #expect(!full.tree.texts.contains("No notes, attachments or Google Docs yet."))
    }
}
