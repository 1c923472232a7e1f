import Foundation
import SalesCore
import Testing

@Suite struct DecodingTests {
    /// The three arrays exactly as the issue quotes them.
    static let retrieveAccount = """
        {"id": "001R0000001rCQ7IAM", "name": "Acme Products", "isHospital": false,
         "notes": [{"text": "Note for Acme Products", "name": "Note for Acme Products", "lastModifiedDate": "2015-01-15T15:24:02.000Z", "id": "002R0000001rCQ7IAM"}],
         "attachments": [{"name": "#1 FF Execute for Approval.pdf", "lastModifiedDate": "2015-02-04T03:26:49.000Z", "id": "00PR0000000uHZGMA2", "description": null, "contentType": "application/pdf", "bodyLength": 703024}],
         "docs": [{"url": "https://docs.google.com/a/appirio.com/document/d/14SCnpf_Zn54QYxMveEfuXuQTda58XsitmxqNDffal7A/edit", "name": "Icon Swap Challenge", "lastModifiedDate": "2015-02-04T03:27:43.000Z", "id": "098R0000000CaZpIAK"}]}
        """

    @Test func decodesTheIssueExampleIntoOneMergedList() throws {
        let details = try JSONDecoder().decode(AccountDetails.self, from: Data(Self.retrieveAccount.utf8))
        #expect(
            details.notes == [
                Note(
                    id: "002R0000001rCQ7IAM", name: "Note for Acme Products",
                    lastModifiedDate: SalesforceDate.parse("2015-01-15T15:24:02.000Z"), text: "Note for Acme Products")
            ])
        #expect(details.attachments.first?.bodyLength == 703_024)
        #expect(details.attachments.first?.description == nil)
        #expect(details.docs.first?.name == "Icon Swap Challenge")
        let items = details.items
        #expect(items.count == 3)
        // Newest first: the doc (03:27:43), the attachment (03:26:49), then the note (January).
        #expect(items.map(\.objectName) == ["GoogleDoc", "Attachment", "Note"])
        #expect(items.map(\.id) == ["098R0000000CaZpIAK", "00PR0000000uHZGMA2", "002R0000001rCQ7IAM"])
    }

    @Test func missingNullAndMistypedFieldsBecomeAbsent() throws {
        let json = """
            {"id": null, "numBeds": "240", "currentCleanRating": "n/a", "isHospital": "true",
             "notes": [{"name": 5}, null, "garbage", {"id": "002", "lastModifiedDate": "not a date"}],
             "attachments": {"not": "an array"}}
            """
        let details = try JSONDecoder().decode(AccountDetails.self, from: Data(json.utf8))
        #expect(details.account.id == nil)
        #expect(details.account.numBeds == 240)
        #expect(details.account.currentCleanRating == nil)
        #expect(details.account.isHospital == true)
        #expect(details.notes.count == 2)
        #expect(details.notes[0].name == "5")
        #expect(details.notes[1].lastModifiedDate == nil)
        #expect(details.attachments.isEmpty)
        #expect(details.docs.isEmpty)
    }

    @Test func anEmptyObjectIsAnAccountWithNothingKnown() throws {
        let details = try JSONDecoder().decode(AccountDetails.self, from: Data("{}".utf8))
        #expect(details.account == Account())
        #expect(details.items.isEmpty)
    }

    @Test func webContentDecodesItsThreeListsAndToleratesMissingOnes() throws {
        let json = """
            {"message": "SUCCESS", "isSuccess": true, "contentsforShow": [],
             "contentsforKnow": [{"Id": "068Q000000Demo1IAA", "Description": "Facts", "ContentDocumentId": "069Q000000Demo1IAA"}]}
            """
        let content = try JSONDecoder().decode(WebContent.self, from: Data(json.utf8))
        #expect(content.isSuccess == true)
        #expect(content.contentsforSay.isEmpty)
        #expect(content.contentsforKnow.first?.contentDocumentID == "069Q000000Demo1IAA")
    }

    @Test func gpoAffiliationsAreAlsoAList() {
        var account = Account(gpoAffiliations: " Premier ,Vizient,, HealthTrust ")
        #expect(account.gpoAffiliationList == ["Premier", "Vizient", "HealthTrust"])
        account.gpoAffiliationList = ["A", "B"]
        #expect(account.gpoAffiliations == "A, B")
        account.gpoAffiliationList = []
        #expect(account.gpoAffiliations == nil)
    }

    @Test func salesforceDatesInBothZoneStyles() {
        let z = SalesforceDate.parse("2015-01-15T15:24:02.000Z")
        #expect(z != nil)
        #expect(SalesforceDate.parse("2015-01-15T15:24:02.000+0000") == z)
        #expect(SalesforceDate.parse("2015-01-15T15:24:02Z") == z)
        #expect(SalesforceDate.parse("yesterday") == nil)
    }

    /// Real Salesforce error arrays (recorded against a dev org) decode into the client's error type.
    @Test(arguments: [
        ("create-invalid-field.400.json", "INVALID_FIELD", [String]()),
        ("create-required-field-missing.400.json", "REQUIRED_FIELD_MISSING", ["Website__c"]),
        ("create-invalid-token.401.json", "INVALID_SESSION_ID", []),
        ("delete-already-deleted.404.json", "ENTITY_IS_DELETED", []),
        ("update-malformed-id.400.json", "MALFORMED_ID", ["Id"]),
    ])
    func realErrorArraysDecode(file: String, code: String, fields: [String]) throws {
        guard let folder = fixturesFolder() else {
            print("skipped: QUARTET_FIXTURES is not set, real Salesforce error arrays not checked")
            return
        }
        let data = try Data(
            contentsOf: folder.appendingPathComponent("sf-fx-runtime-nodejs_response_bodies/\(file)"))
        let errors = try JSONDecoder().decode([SalesforceErrorItem].self, from: data)
        #expect(errors.count == 1)
        #expect(errors.first?.errorCode == code)
        #expect(errors.first?.fields == fields)
        #expect(errors.first?.message.isEmpty == false)
    }
}
