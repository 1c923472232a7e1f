import DynamicJSON
import Foundation
import HTTPServer
import HTTPTypes
import SalesforceDevServer
import Testing

/// The stand-in refuses what Salesforce refuses, so that the app meets those refusals before a real org does: a
/// Note's Title over 80 characters, and a note, attachment or Google Doc whose parent is not an account.
@Suite struct FieldRulesTests {
    static let base = "/services/data/\(SalesforceDevService.apiVersion)/sobjects"

    private func post(_ object: String, _ fields: JSONValue, _ harness: DevServerHarness, token: String)
        async throws -> (HTTPStatus, [[String: JSONValue]])
    {
        let response = try await harness.send(
            .post, "\(Self.base)/\(object)", body: try JSONEncoder().encode(fields), token: token)
        let errors = (try? JSONDecoder().decode([[String: JSONValue]].self, from: response.bodyData)) ?? []
        return (response.status, errors)
    }

    @Test func aNoteTitleIsAtMostEightyCharacters() async throws {
        let harness = try await DevServerHarness.make()
        let token = try await harness.accessToken()
        let parent = JSONValue.string(DevServerHarness.hospitalID)
        let (tooLong, errors) = try await post(
            "Note", ["ParentId": parent, "Title": .string(String(repeating: "é", count: 81))], harness, token: token)
        #expect(tooLong == .badRequest)
        #expect(errors.first?["errorCode"] == "STRING_TOO_LONG")
        #expect(errors.first?["fields"] == ["Title"])
        let (fits, _) = try await post(
            "Note", ["ParentId": parent, "Title": .string(String(repeating: "é", count: 80))], harness, token: token)
        #expect(fits == .created)
    }

    @Test func aNotesParentMustBeAnAccount() async throws {
        let harness = try await DevServerHarness.make()
        let token = try await harness.accessToken()
        let (created, _) = try await post(
            "Note", ["ParentId": .string(DevServerHarness.hospitalID), "Title": "On the account"], harness,
            token: token)
        #expect(created == .created)
        let details = try await harness.send(
            .get, "/services/apexrest/Account/RetrieveAccount/\(DevServerHarness.hospitalID)", token: token)
        let account = try JSONDecoder().decode([String: JSONValue].self, from: details.bodyData)
        guard case .array(let notes)? = account["notes"], case .object(let first)? = notes.first,
            case .string(let noteID)? = first["Id"] ?? first["id"]
        else {
            Issue.record("the account has no note to point at: \(String(decoding: details.bodyData, as: UTF8.self))")
            return
        }
        for (object, nameField) in [("Note", "Title"), ("GoogleDoc", "Name")] {
            let (status, errors) = try await post(
                object, ["ParentId": .string(noteID), .init(nameField): "Orphan"], harness, token: token)
            #expect(status == .badRequest, "\(object)")
            #expect(errors.first?["errorCode"] == "FIELD_INTEGRITY_EXCEPTION", "\(object)")
        }
    }
}
