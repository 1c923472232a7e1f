import APIClient
import Foundation
import SalesCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a change waiting in the outbox was not taken, as "Changes Not Sent" lists it under the change's title: in a
/// sales rep's words (which field, what limit, what to do), never Salesforce's code nor the change's title again.
@Suite struct RefusalReasonTests {
    /// One refusal Salesforce answers a sent change with, and the sentence the row shows for it.
    struct Case: Sendable, CustomTestStringConvertible {
        var code: String
        var object: String
        var fields: [String]
        var message: String
        var expected: String
        var testDescription: String { "\(code) on \(object)" }
    }

    static let cases: [Case] = [
        Case(
            code: "STRING_TOO_LONG", object: "Note", fields: ["Title"],
            message: "Title: data value too large (max length=80)",
            expected: "The title is longer than Salesforce keeps (80 characters at most). Copy what you typed, make "
                + "the change again shorter, then discard this one."),
        Case(
            code: "STRING_TOO_LONG", object: "Account", fields: [AccountField.hcSystemName],
            message: "\(AccountField.hcSystemName): data value too large (max length=255)",
            expected: "Health Care System is longer than Salesforce keeps (255 characters at most). Copy what you "
                + "typed, make the change again shorter, then discard this one."),
        Case(
            code: "REQUIRED_FIELD_MISSING", object: "GoogleDoc", fields: ["Url"],
            message: "Required fields are missing: [Url]",
            expected: "The link cannot be empty in Salesforce. Make the change again with it filled in, then discard "
                + "this one."),
        Case(
            code: "FIELD_CUSTOM_VALIDATION_EXCEPTION", object: "Account", fields: [],
            message: "Bed counts come from the facilities survey; do not change them by hand.",
            expected: "A rule your Salesforce administrator set refused it: “Bed counts come from the facilities "
                + "survey; do not change them by hand.” Make the change again to fit the rule, then discard this one."),
        Case(
            code: "NUMBER_OUTSIDE_VALID_RANGE", object: "Account", fields: [AccountField.numBeds],
            message: "\(AccountField.numBeds): value outside of valid range on numeric field: 1.0E12",
            expected: "Number of Beds is outside the numbers Salesforce takes for it. Make the change again with a "
                + "number in range, then discard this one."),
        Case(
            code: "INVALID_FIELD_FOR_INSERT_UPDATE", object: "Note", fields: ["Body"],
            message: "Unable to create/update fields: Body. Please check the security settings of this field",
            expected: "The text is a field your Salesforce user may not change. Ask your Salesforce administrator for "
                + "access, or discard this change."),
        Case(
            code: "INVALID_CROSS_REFERENCE_KEY", object: "Note", fields: ["ParentId"],
            message: "invalid cross reference id",
            expected: "The account it belongs to is no longer in Salesforce. Copy what you want to keep, then "
                + "discard this change."),
        Case(
            code: "SOME_CODE_NOT_KNOWN_YET", object: "Note", fields: [], message: "apex internal: NullPointer",
            expected: "Salesforce did not take this change. Copy what you want to keep, then discard it."),
    ]

    /// The change `object` stands for, titled with the word `Visit`.
    static func edit(of object: String) -> PendingEdit {
        switch object {
        case "Account":
            PendingEdit(
                change: .update(
                    object: "Account", id: DevServerHarness.hospitalID, fields: [AccountField.numBeds: .number(1)],
                    expectedLastModified: nil),
                summary: "save the account Visit", accountID: DevServerHarness.hospitalID)
        case "GoogleDoc":
            PendingEdit(
                change: .create(
                    object: "GoogleDoc",
                    fields: ItemMapping.docInsert(
                        GoogleDoc(name: "Visit", url: "https://docs.google.com/d/1"),
                        accountID: DevServerHarness.hospitalID)),
                summary: "add the Google Doc Visit", accountID: DevServerHarness.hospitalID)
        default:
            PendingEdit(
                change: .create(
                    object: "Note",
                    fields: ItemMapping.noteInsert(
                        Note(name: "Visit", text: "x"), accountID: DevServerHarness.hospitalID)),
                summary: "add the note Visit", accountID: DevServerHarness.hospitalID)
        }
    }

    @Test(arguments: cases)
    func aRefusalIsWordedForTheRep(_ refusal: Case) async throws {
        let harness = try await DevServerHarness.make()
        let body = try JSONEncoder().encode([
            SalesforceErrorItem(message: refusal.message, errorCode: refusal.code, fields: refusal.fields)
        ])
        let client = try await harness.client { request, standIn in
            guard request.httpMethod == "POST" || request.httpMethod == "PATCH",
                request.url?.path.contains("/sobjects/") == true
            else { return try await standIn.send(request) }
            let response = HTTPURLResponse(
                url: request.url!, statusCode: 400, httpVersion: nil,
                headerFields: ["Content-Type": "application/json;charset=UTF-8"])!
            return (body, response)
        }
        let outbox = try await makeOutbox()
        try await outbox.enqueue(Self.edit(of: refusal.object))
        let report = try await outbox.flush(using: client)
        #expect(report.rejected.count == 1)

        let row = UnsentEditRow(try #require(try await outbox.unsent().first))
        #expect(row.reason == refusal.expected)
        #expect(!row.reason.contains(refusal.code))
        #expect(!row.reason.contains("Visit"), "the row's title already names the change")
    }
}
