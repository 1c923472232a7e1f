import Foundation
import SalesCore
import Testing

/// The edits the command line and screens queue: the exact Salesforce fields, the conflict base, the summary.
@Suite struct PendingEditItemsTests {
    static let seen = Date(timeIntervalSince1970: 1_423_020_409)

    @Test func addingANoteInsertsWithTheParentAndNoId() {
        let edit = PendingEdit.adding(Note(name: "Visit", text: "Bring samples"), to: "001R0000001rCQ7IAM")
        #expect(
            edit.change
                == .create(
                    object: "Note",
                    fields: [
                        "ParentId": .string("001R0000001rCQ7IAM"), "Title": .string("Visit"),
                        "Body": .string("Bring samples"),
                    ]
                ))
        #expect(edit.summary == "add the note Visit")
    }

    @Test func savingANoteUpdatesByIdWithoutTheParentAndChecksItsVersion() {
        let note = Note(id: "002R0000001rCQ7IAM", name: "Visit", lastModifiedDate: Self.seen, text: "Moved to Friday")
        let edit = PendingEdit.saving(note, id: "002R0000001rCQ7IAM", on: "001R0000001rCQ7IAM")
        guard case .update(let object, let id, let fields, let expected) = edit.change else {
            Issue.record("expected an update, got \(edit.change)")
            return
        }
        #expect(object == "Note")
        #expect(id == "002R0000001rCQ7IAM")
        #expect(fields["ParentId"] == nil)
        #expect(fields["Title"] == .string("Visit"))
        #expect(fields["Body"] == .string("Moved to Friday"))
        #expect(expected == Self.seen)
        #expect(edit.summary == "save the note Visit")
    }

    @Test func renamingAnAttachmentSendsOnlyItsName() {
        let attachment = Attachment(id: "00PR0000000uHZGMA2", name: "Contract v2.pdf", lastModifiedDate: Self.seen)
        let edit = PendingEdit.saving(attachment, id: "00PR0000000uHZGMA2", on: nil)
        guard case .update(let object, _, let fields, let expected) = edit.change else {
            Issue.record("expected an update, got \(edit.change)")
            return
        }
        #expect(object == "Attachment")
        #expect(fields["Body"] == nil)
        #expect(fields["ParentId"] == nil)
        #expect(fields["Name"] == .string("Contract v2.pdf"))
        #expect(expected == Self.seen)
        #expect(edit.summary == "rename the attachment Contract v2.pdf")
    }

    @Test func googleDocsAreAddedWithTheirLinkAndSavedById() {
        let doc = GoogleDoc(name: "Icon Swap", url: "https://docs.google.com/document/d/14SC/edit")
        let added = PendingEdit.adding(doc, to: "001R0000001rCQ7IAM")
        guard case .create("GoogleDoc", let fields) = added.change else {
            Issue.record("expected a GoogleDoc create, got \(added.change)")
            return
        }
        #expect(fields["ParentId"] == .string("001R0000001rCQ7IAM"))
        #expect(fields["Url"] == .string("https://docs.google.com/document/d/14SC/edit"))
        #expect(added.summary == "add the Google Doc Icon Swap")
        let saved = PendingEdit.saving(doc, id: "098R0000000CaZpIAK", on: "001R0000001rCQ7IAM")
        #expect(saved.summary == "save the Google Doc Icon Swap")
    }

    @Test func savingAnAccountSendsTheMappedFieldsAgainstTheVersionItWasBasedOn() {
        let account = Account(id: "001Q000000Demo1IAB", name: "St. Mary's", numBeds: 240)
        let edit = PendingEdit.saving(account, id: "001Q000000Demo1IAB", basedOn: Self.seen)
        #expect(
            edit.change
                == .update(
                    object: "Account", id: "001Q000000Demo1IAB", fields: accountToUpdateParams(account),
                    expectedLastModified: Self.seen))
        #expect(edit.summary == "save the account St. Mary's")
    }

    @Test func deletingNamesTheKind() {
        let edit = PendingEdit.deleting("GoogleDoc", id: "098R0000000CaZpIAK", on: "001R0000001rCQ7IAM")
        #expect(edit.change == .delete(object: "GoogleDoc", id: "098R0000000CaZpIAK"))
        #expect(edit.summary == "delete the Google Doc 098R0000000CaZpIAK")
    }
}
