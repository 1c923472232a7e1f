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

/// A Google Doc whose link opens nothing, as Notes & Attachments draws it.
@MainActor
struct InvalidDocLinkScreenTests {
    @Test func aGoogleDocWhoseLinkIsNotValidSaysSoAndIsNoButton() async throws {
        let (client, outbox, transport) = try await AccountScreenTests.signedInStack()
        var request = URLRequest(
            url: try #require(
                URL(string: "http://salesforce.test/services/data/v32.0/sobjects/GoogleDoc/098Q000000Demo1IAB")))
        request.httpMethod = "PATCH"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(await client.session?.accessToken ?? "")", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(#"{"Url": "docs/plan"}"#.utf8)
        _ = try await transport.send(request)
        let host = await AccountScreenTests.host(AccountScreenTests.model(client: client, outbox: outbox))

        #expect(host.tree.texts.contains("Link not valid"))
        #expect(!host.tree.texts.contains("docs/plan"))
        #expect(host.tree.first { $0.kind == .button && $0.texts.contains("Icon Swap Challenge") } == nil)
        #expect(host.tree.first { $0.kind == .button && $0.texts.contains("Visit with Dr. Alvarez") } != nil)
        #expect(host.tree.first { !$0.swipeActions.isEmpty && $0.texts.contains("Icon Swap Challenge") } != nil)
    }
}
