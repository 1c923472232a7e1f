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

    private func patchAccount(_ fields: JSONValue, _ harness: DevServerHarness, token: String) async throws
        -> (HTTPStatus, [[String: JSONValue]])
    {
        let response = try await harness.send(
            .patch, "\(Self.base)/Account/\(DevServerHarness.hospitalID)", body: try JSONEncoder().encode(fields),
            token: token)
        let errors = (try? JSONDecoder().decode([[String: JSONValue]].self, from: response.bodyData)) ?? []
        return (response.status, errors)
    }

    /// A number field holds 18 digits; a text field at most 255 characters (a city 40); "NaN" is no number. The
    /// stand-in stored all of these (and answered 500 to "NaN") where an org refuses them.
    @Test func numbersAndTextsAreRefusedWhereAnOrgRefusesThem() async throws {
        let harness = try await DevServerHarness.make()
        let token = try await harness.accessToken()
        let cases: [(JSONValue, String, String)] = [
            (
                ["texcellency__DefHC_NumBeds__c": .number(1e30)], "NUMBER_OUTSIDE_VALID_RANGE",
                "texcellency__DefHC_NumBeds__c"
            ),
            (
                ["texcellency__DefHC_OperatingIncome__c": "123456789012345678901234567890"],
                "NUMBER_OUTSIDE_VALID_RANGE", "texcellency__DefHC_OperatingIncome__c"
            ),
            (["texcellency__DefHC_NumBeds__c": "NaN"], "JSON_PARSER_ERROR", "texcellency__DefHC_NumBeds__c"),
            (["texcellency__DefHC_NumBeds__c": "1e400"], "JSON_PARSER_ERROR", "texcellency__DefHC_NumBeds__c"),
            (
                ["texcellency__DefHC_Hospital_Type__c": .string(String(repeating: "x", count: 256))],
                "STRING_TOO_LONG", "texcellency__DefHC_Hospital_Type__c"
            ),
            (["BillingCity": .string(String(repeating: "x", count: 41))], "STRING_TOO_LONG", "BillingCity"),
        ]
        for (fields, code, field) in cases {
            let (status, errors) = try await patchAccount(fields, harness, token: token)
            #expect(status == .badRequest, "\(fields)")
            #expect(errors.first?["errorCode"] == .string(code), "\(fields)")
            #expect(errors.first?["fields"] == [.string(field)], "\(fields)")
        }
        let (fits, _) = try await patchAccount(
            [
                "texcellency__DefHC_NumBeds__c": 250,
                "texcellency__DefHC_OperatingIncome__c": .number(999_999_999_999.99),
                "texcellency__DefHC_Hospital_Type__c": .string(String(repeating: "x", count: 255)),
            ], harness, token: token)
        #expect(fits == .noContent)
    }

    /// An account's notes, attachments and Google Docs go with it, as in Salesforce; they stayed readable by id.
    @Test func anAccountsItemsGoWithIt() async throws {
        let harness = try await DevServerHarness.make()
        let token = try await harness.accessToken()
        let created = try await harness.send(
            .post, "\(Self.base)/Note",
            body: try JSONEncoder().encode(
                ["ParentId": .string(DevServerHarness.hospitalID), "Title": "Goes with it"] as JSONValue),
            token: token)
        let note = try JSONDecoder().decode([String: JSONValue].self, from: created.bodyData)
        guard case .string(let noteID)? = note["id"] else {
            Issue.record("no note: \(String(decoding: created.bodyData, as: UTF8.self))")
            return
        }
        #expect(try await harness.send(.get, "\(Self.base)/Note/\(noteID)", token: token).status == .ok)
        let deleted = try await harness.send(
            .delete, "\(Self.base)/Account/\(DevServerHarness.hospitalID)", token: token)
        #expect(deleted.status == .noContent)
        #expect(try await harness.send(.get, "\(Self.base)/Note/\(noteID)", token: token).status == .notFound)
    }

    /// `If-Unmodified-Since` on a PATCH: 412 when the record changed after the date, so a save that lands between
    /// the app's check and its write is not written over; 400 for a value that is no HTTP date.
    @Test func aPatchBasedOnAnOlderVersionIsRefused() async throws {
        let harness = try await DevServerHarness.make()
        let token = try await harness.accessToken()
        let path = "\(Self.base)/Account/\(DevServerHarness.hospitalID)"
        let body = try JSONEncoder().encode(["texcellency__DefHC_NumBeds__c": 261] as JSONValue)
        func patch(_ since: String) async throws -> HTTPStatus {
            try await harness.send(.patch, path, body: body, token: token, headers: ["If-Unmodified-Since": since])
                .status
        }
        #expect(try await patch("Sun, 06 Nov 1994 08:49:37 GMT") == .preconditionFailed)
        #expect(try await patch("yesterday") == .badRequest)
        let tomorrow = HTTPDate.string(from: Date().addingTimeInterval(86_400))
        #expect(try await patch(tomorrow) == .noContent)
    }
}
