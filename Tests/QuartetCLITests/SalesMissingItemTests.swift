import Foundation
import Testing

@testable import QuartetCLI

/// `quartet sales KIND delete ID` for an item this machine never kept, which Salesforce does not have (another
/// device deleted it, or the id was mistyped): it says, in the kind's words and the id typed, that Salesforce has no
/// such item, not Salesforce's NOT_FOUND for a read the person never asked for.
@Suite struct SalesMissingItemTests {
    static let hospital = "001Q000000Demo1IAB"

    @Test(arguments: [
        ("note", "Note", #"{"ParentId": "\#(hospital)", "Title": "Visit"}"#),
        ("attachment", "Attachment", #"{"ParentId": "\#(hospital)", "Name": "plan.pdf", "Body": "JVBERi0xLjQ="}"#),
        ("doc", "GoogleDoc", #"{"ParentId": "\#(hospital)", "Name": "Plan", "Url": "https://docs.google.com/d/1"}"#),
    ])
    func deletingAnItemSalesforceDoesNotHaveSaysSo(kind: String, object: String, json: String) async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        let id = try await cli.createdElsewhere(object, json)
        try await cli.deletedElsewhere(object, id)
        await cli.signIn()

        let deleted = await cli.run([kind, "delete", id])

        #expect(deleted.code == 1)
        #expect(deleted.output.isEmpty)
        let word = ["note": "note", "attachment": "attachment", "doc": "Google Doc"][kind] ?? kind
        #expect(deleted.errors == "quartet: Salesforce has no \(word) \(id)\n")
    }
}
