import Foundation
import SalesCore
import Testing

@Suite struct AccountMappingTests {
    static let nineNames: Set<String> = [
        "texcellency__DefHC_NumBeds__c", "texcellency__DefHC_Hospital_Type__c",
        "texcellency__DefHC_AffiliationsGPO__c", "texcellency__DefHC_Network_Name__c",
        "texcellency__DefHC_OperatingIncome__c", "DefHC_Room_Bathroom_Clean_Rating_2014__c",
        "DefHC_Room_Bathroom_Clean_Rating_2012__c", "DefHC_Room_Bathroom_Clean_Rate_Natnl_Avg__c",
        "DefHC_Room_Bathroom_Clean_Rate_State_Avg__c",
    ]

    static let hospital = Account(
        id: "001Q000000Demo1IAB", name: "St. Mary's", hospitalType: "Short Term Acute Care", numBeds: 240,
        gpoAffiliations: "Premier, Vizient", hcSystemName: "Dignity Health", operatingIncome: 18_250_000.5,
        currentCleanRating: 71.5, previousCleanRating: 68, cleanRatingNationalAvg: 73.8, cleanRatingStateAvg: 70.2)

    @Test func mapsEachModelFieldToItsSalesforceName() {
        let params = accountToUpdateParams(Self.hospital)
        #expect(Set(params.keys) == Self.nineNames)
        #expect(params["texcellency__DefHC_NumBeds__c"] == .number(240))
        #expect(params["texcellency__DefHC_Hospital_Type__c"] == .string("Short Term Acute Care"))
        #expect(params["texcellency__DefHC_AffiliationsGPO__c"] == .string("Premier, Vizient"))
        #expect(params["texcellency__DefHC_Network_Name__c"] == .string("Dignity Health"))
        #expect(params["texcellency__DefHC_OperatingIncome__c"] == .number(18_250_000.5))
        #expect(params["DefHC_Room_Bathroom_Clean_Rating_2014__c"] == .number(71.5))
        #expect(params["DefHC_Room_Bathroom_Clean_Rating_2012__c"] == .number(68))
        #expect(params["DefHC_Room_Bathroom_Clean_Rate_Natnl_Avg__c"] == .number(73.8))
        #expect(params["DefHC_Room_Bathroom_Clean_Rate_State_Avg__c"] == .number(70.2))
    }

    @Test func absentFieldsAreSentAsNullToClearThem() {
        let params = accountToUpdateParams(Account(id: "001Q000000Demo1IAB", numBeds: 12))
        #expect(params["texcellency__DefHC_NumBeds__c"] == .number(12))
        #expect(params["DefHC_Room_Bathroom_Clean_Rating_2014__c"] == .null)
        #expect(params.count == 9)
    }

    @Test func theSavedAccountSendsExactlyTheNineFieldsAsJSON() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let details = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        var account = details.account
        account.numBeds = 250
        account.currentCleanRating = 72.25
        try await client.saveAccount(account)

        let patches = harness.wire.bodies("PATCH", path: "/sobjects/Account/")
        #expect(patches.count == 1)
        let sent = try #require(patches.first)
        #expect(Set(sent.keys) == Self.nineNames)
        #expect(sent["texcellency__DefHC_NumBeds__c"] == .number(250))
        #expect(sent["DefHC_Room_Bathroom_Clean_Rating_2014__c"] == .number(72.25))

        let reloaded = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        #expect(reloaded.account.numBeds == 250)
        #expect(reloaded.account.currentCleanRating == 72.25)
        #expect(reloaded.account.hcSystemName == "Dignity Health")
        #expect(try #require(reloaded.account.lastModifiedDate) > details.account.lastModifiedDate!)
    }
}

@Suite struct ItemMappingTests {
    @Test func noteInsertHasParentIdTitleBodyAndNoId() {
        let fields = ItemMapping.noteInsert(Note(name: "Visit", text: "Went well"), accountID: "001Q000000Demo1IAB")
        #expect(
            fields == [
                "ParentId": .string("001Q000000Demo1IAB"), "Title": .string("Visit"), "Body": .string("Went well"),
            ])
    }

    @Test func noteUpdateHasIdTitleBodyAndNoParentId() {
        let fields = ItemMapping.noteUpdate(Note(id: "x", name: "Visit", text: "Later"), id: "002Q000000Demo1IAA")
        #expect(fields == ["Id": .string("002Q000000Demo1IAA"), "Title": .string("Visit"), "Body": .string("Later")])
    }

    @Test func attachmentUpdateIsARenameOnly() {
        let fields = ItemMapping.attachmentUpdate(
            Attachment(id: "a", name: "New name.pdf", description: "d", contentType: "application/pdf", bodyLength: 3),
            id: "00PQ000000Demo1IAA")
        #expect(fields == ["Id": .string("00PQ000000Demo1IAA"), "Name": .string("New name.pdf")])
    }

    @Test func attachmentInsertCarriesTheBodyAsBase64AndTheContentTypeWhenKnown() {
        let untyped = ItemMapping.attachmentInsert(
            name: "a.bin", body: Data([0, 1, 2, 250]), contentType: nil, accountID: "001")
        #expect(untyped == ["ParentId": .string("001"), "Name": .string("a.bin"), "Body": .string("AAEC+g==")])
        let typed = ItemMapping.attachmentInsert(
            name: "a.jpg", body: Data([0xFF, 0xD8]), contentType: "image/jpeg", accountID: "001")
        #expect(typed["ContentType"] == .string("image/jpeg"))
    }

    @Test func docInsertAndUpdate() {
        let doc = GoogleDoc(name: "Plan", url: "https://docs.google.com/d/1")
        #expect(
            ItemMapping.docInsert(doc, accountID: "001")
                == ["ParentId": .string("001"), "Name": .string("Plan"), "Url": .string("https://docs.google.com/d/1")])
        #expect(
            ItemMapping.docUpdate(doc, id: "098")
                == ["Id": .string("098"), "Name": .string("Plan"), "Url": .string("https://docs.google.com/d/1")])
    }

    @Test func aRecordReadBackIsTheItemAnEditStartsFrom() {
        let date = "2015-01-15T15:24:02.000Z"
        let note = Note(
            id: "002",
            fields: ["Title": .string("Visit"), "Body": .string("Went well"), "LastModifiedDate": .string(date)])
        #expect(
            note == Note(id: "002", name: "Visit", lastModifiedDate: SalesforceDate.parse(date), text: "Went well"))
        let attachment = Attachment(
            id: "00P",
            fields: [
                "Name": .string("a.pdf"), "Description": .null, "ContentType": .string("application/pdf"),
                "BodyLength": .number(309), "LastModifiedDate": .number(1),
            ])
        #expect(attachment == Attachment(id: "00P", name: "a.pdf", contentType: "application/pdf", bodyLength: 309))
        let doc = GoogleDoc(
            id: "098", fields: ["Name": .string("Plan"), "Url": .string("https://docs.google.com/d/1")])
        #expect(doc == GoogleDoc(id: "098", name: "Plan", url: "https://docs.google.com/d/1"))
    }

    /// Through the client and the dev server: exactly what reaches the wire, and the returned id usable at once.
    @Test func notesOnTheWireAndTheNewIdIsUsableAtOnce() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let created = try await client.create(
            Note(name: "Visit", text: "Went well"), accountID: DevServerHarness.hospitalID)
        let id = try #require(created.id)
        #expect(id.hasPrefix("002") && id.count == 18)

        var edited = created
        edited.text = "Went very well"
        try await client.save(edited)
        try await client.delete(Note.self, id: id)
        // Deleted already (in the Recycle Bin), or never there: either way what the person asked for is so.
        try await client.delete(Note.self, id: id)
        try await client.delete(Note.self, id: "002Q000000Gone1IAB")
        try await client.delete("Note", id: "002Q000000Gone1IAB", expectedLastModified: Date(), operation: "delete")

        let inserts = harness.wire.bodies("POST", path: "/sobjects/Note")
        #expect(inserts.map { Set($0.keys) } == [["ParentId", "Title", "Body"]])
        let updates = harness.wire.bodies("PATCH", path: "/sobjects/Note/")
        #expect(updates.map { Set($0.keys) } == [["Id", "Title", "Body"]])
        #expect(updates.first?["Id"] == .string(id))
        #expect(harness.wire.count("DELETE", pathSuffix: "/sobjects/Note/\(id)") == 2, "deleted, then asked again")
        let details = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        #expect(!details.notes.contains { $0.id == id })
    }

    @Test func attachmentsOnTheWireUploadRenameDownloadDelete() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let bytes = Data([0x25, 0x50, 0x44, 0x46, 0x2D, 0x31, 0x2E, 0x34, 0x0A] + Array(repeating: 7, count: 300))
        var attachment = try await client.createAttachment(
            name: "quote.pdf", data: bytes, contentType: "application/pdf", accountID: DevServerHarness.hospitalID)
        let id = try #require(attachment.id)
        #expect(id.hasPrefix("00P"))
        attachment.name = "quote (signed).pdf"
        try await client.save(attachment)

        let inserts = harness.wire.bodies("POST", path: "/sobjects/Attachment")
        #expect(inserts.map { Set($0.keys) } == [["ParentId", "Name", "Body", "ContentType"]])
        #expect(inserts.first?["ContentType"] == .string("application/pdf"))
        #expect(inserts.first?["Body"] == .string(bytes.base64EncodedString()))
        let renames = harness.wire.bodies("PATCH", path: "/sobjects/Attachment/")
        #expect(renames == [["Id": .string(id), "Name": .string("quote (signed).pdf")]])

        let downloaded = try await client.downloadAttachment(id: id)
        #expect(downloaded.data == bytes)
        #expect(downloaded.contentType == "application/pdf")
        let listed = try await client.retrieveAccount(id: DevServerHarness.hospitalID).attachments
        #expect(listed.first { $0.id == id }?.name == "quote (signed).pdf")
        #expect(listed.first { $0.id == id }?.bodyLength == bytes.count)

        try await client.delete(Attachment.self, id: id)
        #expect(harness.wire.count("DELETE", pathSuffix: "/Attachment/\(id)") == 1)
    }

    @Test func googleDocsOnTheWire() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        var doc = try await client.create(
            GoogleDoc(name: "Plan", url: "https://docs.google.com/document/d/1/edit"),
            accountID: DevServerHarness.nonHospitalID)
        let id = try #require(doc.id)
        #expect(id.hasPrefix("098"))
        doc.url = "https://docs.google.com/document/d/2/edit"
        try await client.save(doc)
        try await client.delete(GoogleDoc.self, id: id)
        #expect(
            harness.wire.bodies("POST", path: "/sobjects/GoogleDoc").map { Set($0.keys) } == [
                ["ParentId", "Name", "Url"]
            ])
        #expect(
            harness.wire.bodies("PATCH", path: "/sobjects/GoogleDoc/").map { Set($0.keys) } == [["Id", "Name", "Url"]])
    }

    @Test func oversizeAttachmentIsRefusedBeforeAnyCallAndReported() async throws {
        let harness = try await DevServerHarness.make()
        let center = NotificationCenter()
        let messages = ErrorMessages(center)
        let client = try await harness.client(center: center)
        let before = harness.wire.requests.count
        await #expect(throws: SalesforceError.self) {
            _ = try await client.createAttachment(
                name: "huge.jpg", data: Data(count: SalesforceClient.maximumAttachmentBytes + 1),
                contentType: "image/jpeg", accountID: DevServerHarness.hospitalID)
        }
        #expect(harness.wire.requests.count == before)
        #expect(messages.all.count == 1)
        #expect(messages.all.first?.hasPrefix("Could not upload the attachment huge.jpg") == true)
    }

    @Test func anEmptyAttachmentIsRefusedBeforeAnyCall() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let before = harness.wire.requests.count
        await #expect(
            throws: SalesforceError.invalidInput(
                operation: "upload the attachment blank.txt", reason: "the file is empty")
        ) {
            _ = try await client.createAttachment(
                name: "blank.txt", data: Data(), contentType: "text/plain", accountID: DevServerHarness.hospitalID)
        }
        #expect(harness.wire.requests.count == before)
    }
}
