import Foundation
import SalesCore
import Testing

/// A Google Doc's link is whatever was saved in Salesforce, by any client (the web UI, a data load, another app):
/// the row opens it in the viewer only when it is a web page's.
@MainActor
@Suite struct DocLinkTests {
    nonisolated static let notWebPages = [
        "javascript:alert(document.cookie)", "file:///private/var/mobile/Library/Cookies/Cookies.binarycookies",
        "data:text/html,<script>alert(1)</script>", "tel:+15555550100", "proposal", "",
    ]

    @Test(arguments: notWebPages)
    func aDocWhoseLinkIsNoWebPageDoesNotOpenAndSaysSo(link: String) async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        // NB: saved by another tool: this app refuses to write such a link (``DocLinkNotValidTests``).
        let docID = try await DocLinkNotValidTests.savedElsewhere(harness, name: "Plan", link: link)
        let model = try await DevServerHarness.hospitalScreen(client)
        await model.appeared()

        await model.itemTapped(id: docID)

        #expect(model.openedPage == nil)
        #expect(model.openedURL == nil)
        #expect(model.banner == .failure("“Plan” has no web link to open."))
        #expect(model.items.contains { $0.id == docID }, "the row stays: the link can be corrected")
    }

    @Test func aWebLinkOpensAndOneTypedWithoutItsSchemeOpensOverHTTPS() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let bare = try await client.create(
            GoogleDoc(name: "Bare", url: " docs.google.com/document/d/1Bare/edit "),
            accountID: DevServerHarness.hospitalID)
        let model = try await DevServerHarness.hospitalScreen(client)
        await model.appeared()

        await model.itemTapped(id: try #require(bare.id))
        #expect(
            model.openedPage
                == OpenedPage(title: "Bare", url: URL(string: "https://docs.google.com/document/d/1Bare/edit")!))
        #expect(model.banner == nil)
    }
}
