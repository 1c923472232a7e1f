import APIClient
import Foundation
import SalesCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A change Salesforce refuses while the rep is online is said at once, where it was made (the item editor's error
/// line, the account screen's banner), in the rep's words: which field, what limit, what to do now. Never
/// Salesforce's error code nor its own English, except a validation rule's message, which is the administrator's.
@MainActor
@Suite struct RefusedAtOnceTests {
    /// A client whose writes (`POST`, `PATCH`, `DELETE` under `/sobjects/`) Salesforce answers with `status` and
    /// `errors`; reads go to the stand-in.
    static func refusing(_ harness: DevServerHarness, status: Int = 400, _ errors: [SalesforceErrorItem]) async throws
        -> SalesforceClient
    {
        let body = try JSONEncoder().encode(errors)
        return try await harness.client { request, standIn in
            guard request.httpMethod != "GET", request.url?.path.contains("/sobjects/") == true else {
                return try await standIn.send(request)
            }
            let response = HTTPURLResponse(
                url: request.url!, statusCode: status, httpVersion: nil,
                headerFields: ["Content-Type": "application/json;charset=UTF-8"])!
            return (body, response)
        }
    }

    /// A note's title refused as too long: the editor names the title and Salesforce's limit, not the code.
    @Test func theEditorNamesTheFieldAndItsLimit() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await Self.refusing(
            harness,
            [
                SalesforceErrorItem(
                    message: "Title: data value too large: Visit (max length=80)", errorCode: "STRING_TOO_LONG",
                    fields: ["Title"])
            ])
        let model = try await DevServerHarness.hospitalScreen(client)
        await model.appeared()
        model.addTapped(.note)
        let editor = try #require(model.editor)
        editor.nameEdited("Visit")
        editor.textEdited("What the buyer said")
        await model.editorSaveTapped()

        #expect(
            editor.errorMessage
                == "Could not add the note Visit. The title is longer than Salesforce keeps (80 characters at most). "
                + "Shorten it, then try again.")
        #expect(model.editor === editor, "the form stays open")
    }

    /// A validation rule's refusal keeps the administrator's own sentence, and only it.
    @Test func theEditorKeepsAValidationRulesOwnWords() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await Self.refusing(
            harness,
            [
                SalesforceErrorItem(
                    message: "Visit notes need the buyer's name.", errorCode: "FIELD_CUSTOM_VALIDATION_EXCEPTION",
                    fields: [])
            ])
        let model = try await DevServerHarness.hospitalScreen(client)
        await model.appeared()
        model.addTapped(.doc)
        let editor = try #require(model.editor)
        editor.nameEdited("Plan")
        editor.urlEdited("https://docs.google.com/d/1")
        await model.editorSaveTapped()

        #expect(
            editor.errorMessage
                == "Could not add the Google Doc Plan. A rule your Salesforce administrator set refused it: “Visit "
                + "notes need the buyer's name.” Change it to fit the rule, then try again.")
    }

    /// The health-care form's save refused: the banner names the field by its label.
    @Test func theAccountBannerNamesTheField() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await Self.refusing(
            harness,
            [
                SalesforceErrorItem(
                    message:
                        "Unable to create/update fields: \(AccountField.numBeds). Please check the security settings "
                        + "of this field and verify that it is read/write for your profile or permission set.",
                    errorCode: "INVALID_FIELD_FOR_INSERT_UPDATE", fields: [AccountField.numBeds])
            ])
        let model = try await DevServerHarness.hospitalScreen(client)
        await model.appeared()
        let name = try #require(model.details?.account.name)
        model.editTapped()
        model.fieldEdited(.numBeds, text: "300")
        await model.saveTapped()

        #expect(
            model.banner
                == .failure(
                    "Could not save the account \(name). Number of Beds is a field your Salesforce user may not "
                        + "change. Ask your Salesforce administrator for access."))
        #expect(model.pendingEditCount == 0)
    }

    /// A deletion refused for want of access: said in the rep's words, with no code and no Salesforce English.
    @Test func theAccountBannerSaysADeletionIsNotTheRepsToMake() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await Self.refusing(
            harness,
            [
                SalesforceErrorItem(
                    message: "insufficient access rights on object id", errorCode: "INSUFFICIENT_ACCESS_OR_READONLY",
                    fields: [])
            ])
        let model = try await DevServerHarness.hospitalScreen(client)
        await model.appeared()
        let note = try #require(model.items.first { $0.kind == .note })
        model.itemDeleteTapped(id: note.id)
        await model.confirmTapped(.deleteItem(note.id))

        let text = try #require(model.banner?.failure)
        #expect(
            text.hasSuffix(
                ". Your Salesforce user may not make this change. Ask your Salesforce administrator for access."))
        #expect(!text.contains("INSUFFICIENT_ACCESS"))
        #expect(!text.contains("insufficient access rights"))
    }
}
