import Foundation
import HTTPTypes
import SalesCore
import Testing

/// A Google Doc's link that is no web page's address (saved by another tool, or typed): its row says the link is not
/// valid and offers nothing to open, and the app never writes one (refused, in a sentence, before anything is sent).
@MainActor
@Suite struct DocLinkNotValidTests {
    nonisolated static let docID = "098Q000000Demo1IAB"
    nonisolated static let notLinks = ["docs", "ftp://files.example.com/plan.pdf", "javascript:alert(1)", "  "]

    @Test(arguments: notLinks)
    func aRowWithAnInvalidLinkSaysSo(_ link: String) {
        let row = ItemRow(.doc(GoogleDoc(id: Self.docID, name: "Plan", url: link)))
        #expect(row.detail == "Link not valid")
        let valid = ItemRow(.doc(GoogleDoc(id: Self.docID, name: "Plan", url: "https://docs.google.com/d/1")))
        #expect(valid.detail == "docs.google.com/d/1")
    }

    /// A Google Doc on the hospital saved by another tool with `link` (which this app would not write): its id.
    nonisolated static func savedElsewhere(_ harness: DevServerHarness, name: String, link: String) async throws
        -> String
    {
        let body = try JSONEncoder().encode([
            "ParentId": DevServerHarness.hospitalID, "Name": name, "Url": link,
        ])
        let created = try await harness.send(
            .post, "/services/data/v32.0/sobjects/GoogleDoc", body: body, token: try await harness.accessToken())
        let answer = try JSONSerialization.jsonObject(with: created.bodyData) as? [String: Any]
        return try #require(answer?["id"] as? String)
    }

    @Test func aRowWithAnInvalidLinkIsNotOfferedToOpen() async throws {
        let harness = try await DevServerHarness.make()
        let token = try await harness.accessToken()
        let saved = try await harness.send(
            .patch, "/services/data/v32.0/sobjects/GoogleDoc/\(Self.docID)",
            body: Data(#"{"Url": "ftp://files.example.com/plan.pdf"}"#.utf8), token: token)
        #expect(saved.status == .noContent)
        let model = try await DevServerHarness.hospitalScreen(try await harness.client())
        await model.appeared()

        let row = try #require(model.items.first { $0.id == Self.docID })
        #expect(row.detail == "Link not valid")
        #expect(!row.detail!.contains("ftp"))
        #expect(model.rowOpens(id: Self.docID) == false)
        #expect(model.items.filter { $0.id != Self.docID }.allSatisfy { model.rowOpens(id: $0.id) })
    }

    @Test func theEditorSaysALinkIsNotValidRatherThanMissing() async throws {
        let harness = try await DevServerHarness.make()
        let form = ItemEditorModel(
            adding: .doc, accountID: DevServerHarness.hospitalID, client: try await harness.client(),
            shrinker: ImageShrinker(resampler: .unavailable))
        form.nameEdited("Plan")
        #expect(form.saveRefusal == "Give the Google Doc a link (https://…) to save it.")
        form.urlEdited(" ftp://files.example.com/plan.pdf ")
        #expect(form.canSave == false)
        #expect(
            form.saveRefusal
                == "“ftp://files.example.com/plan.pdf” is not a web link. Give the Google Doc’s address (https://…) "
                + "to save it.")
        await form.saveTapped()
        #expect(harness.wire.count("POST", pathSuffix: "/sobjects/GoogleDoc") == 0)
    }

    @Test func theClientRefusesToWriteALinkThatIsNotOneBeforeSendingIt() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        await #expect(
            throws: SalesforceError.invalidInput(
                operation: "add the Google Doc Plan",
                reason: "“javascript:alert(1)” is not a web link; a Google Doc’s link starts with https://")
        ) {
            _ = try await client.create(
                GoogleDoc(name: "Plan", url: "javascript:alert(1)"), accountID: DevServerHarness.hospitalID)
        }
        let doc = try await client.record(GoogleDoc.self, id: Self.docID)
        var edited = doc
        edited.url = "docs"
        await #expect(throws: SalesforceError.self) { try await client.save(edited, changedFrom: doc) }
        #expect(harness.wire.count("POST", pathSuffix: "/sobjects/GoogleDoc") == 0)
        #expect(harness.wire.count("PATCH", pathSuffix: "/sobjects/GoogleDoc/\(Self.docID)") == 0)

        // A save that leaves the link alone is not checked.
        var renamed = doc
        renamed.name = "Plan B"
        try await client.save(renamed, changedFrom: doc)
        #expect(harness.wire.count("PATCH", pathSuffix: "/sobjects/GoogleDoc/\(Self.docID)") == 1)
    }
}
