import Foundation
import SalesCore
import Testing

/// Ids reach URL paths only once they are Salesforce record ids, so `../Account/001…` cannot name another record.
@Suite struct RecordIDTests {
    /// A path, a slash, nothing, and one character more than a 15-character id.
    static let notIDs = ["../Account/001Q000000Demo4IAB", "a/b", "", "002Q000000Demo1I"]

    /// Every call that puts an id in a path, with that id.
    static func calls(_ id: String) -> [(String, @Sendable (SalesforceClient) async throws -> Void)] {
        [
            ("delete", { try await $0.delete(Note.self, id: id) }),
            ("delete object", { try await $0.delete("Note", id: id, operation: "delete") }),
            ("record", { _ = try await $0.record(Note.self, id: id) }),
            ("record object", { _ = try await $0.record("Account", id: id) }),
            (
                "update",
                {
                    try await $0.update(
                        "Note", id: id, fields: ["Title": .string("x")], expectedLastModified: nil, operation: "save")
                }
            ),
            (
                "update checked",
                {
                    try await $0.update(
                        "Note", id: id, fields: ["Title": .string("x")], expectedLastModified: Date(), operation: "save"
                    )
                }
            ),
            ("last modified", { _ = try await $0.serverLastModified("Note", id: id, operation: "read") }),
            ("save", { try await $0.save(Note(id: id, name: "Visit", text: "")) }),
            ("save account", { try await $0.saveAccount(Account(id: id, name: "St. Mary's")) }),
            ("retrieve account", { _ = try await $0.retrieveAccount(id: id) }),
            ("download attachment", { _ = try await $0.downloadAttachment(id: id) }),
            ("web content", { _ = try await $0.webContent(accountID: id) }),
            ("download content", { _ = try await $0.downloadContent(contentDocumentID: id) }),
        ]
    }

    @Test(arguments: notIDs)
    func everyCallWithAnIDRefusesOneThatIsNotARecordIDBeforeARequest(id: String) async throws {
        let harness = try await DevServerHarness.make()
        let center = NotificationCenter()
        let messages = ErrorMessages(center)
        let client = try await harness.client(center: center)
        let signIn = harness.wire.requests.count
        for (name, call) in Self.calls(id) {
            do {
                try await call(client)
                Issue.record("\(name) accepted \(id)")
            } catch let error as SalesforceError {
                guard case .invalidInput(_, let reason) = error else {
                    Issue.record("\(name): \(error)")
                    continue
                }
                // NB: an item with an empty id is one not saved yet, and said so.
                let expected =
                    id.isEmpty && name == "save"
                    ? "the record has not been saved yet" : "'\(id)' is not a record id (15 or 18 letters and digits)"
                #expect(reason == expected, "\(name)")
            }
        }
        #expect(harness.wire.requests.count == signIn)
        // Each refusal is posted too (but the conflict check's own read, which its caller reports).
        #expect(messages.all.count == Self.calls(id).count - 1)
        #expect(messages.all.allSatisfy { $0.hasPrefix("Could not ") })
    }

    @Test func aNoteDeleteCannotReachAnAccountThroughItsID() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        await #expect(throws: SalesforceError.self) {
            try await client.delete(Note.self, id: "../Account/\(DevServerHarness.nonHospitalID)")
        }
        #expect(try await client.retrieveAccount(id: DevServerHarness.nonHospitalID).account.id != nil)
        #expect(harness.wire.count("DELETE", pathSuffix: DevServerHarness.nonHospitalID) == 0)
    }

    @Test(arguments: ["002Q000000Demo1", "002Q000000Demo1IAB"])
    func fifteenAndEighteenCharacterIDsReachTheServer(id: String) async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        _ = try? await client.record(Note.self, id: id)
        #expect(harness.wire.count("GET", pathSuffix: "/Note/\(id)") == 1)
    }
}
