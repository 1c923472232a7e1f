import Database
import Foundation
import LocalStore
import SalesCore
import Testing

@MainActor
@Suite struct AccountScreenModelTests {
    let en = Locale(identifier: "en_US")
    let utc = TimeZone(identifier: "UTC")!

    func makeModel(
        _ harness: DevServerHarness, accountID: String = DevServerHarness.hospitalID, cache: AccountCache = .inMemory()
    )
        async throws -> (AccountScreenModel, SalesOutbox, SalesforceClient)
    {
        let client = try await harness.client(cache: cache)
        let outbox = try await makeOutbox()
        let model = AccountScreenModel(
            accountID: accountID, client: client, outbox: outbox, cache: cache, locale: en, timeZone: utc)
        return (model, outbox, client)
    }

    /// The hospital's screen, loaded, over an outbox whose table was then dropped (a store that fails on the device).
    func modelWithBrokenOutbox(_ harness: DevServerHarness) async throws -> AccountScreenModel {
        let database = try SQLiteDatabase(url: "sqlite::memory:")
        let model = AccountScreenModel(
            accountID: DevServerHarness.hospitalID, client: try await harness.client(),
            outbox: SalesOutbox(store: try await LocalStore(database: database)), cache: .inMemory(), locale: en,
            timeZone: utc)
        await model.appeared()
        try await database.write { db in try db.execute("DROP TABLE localstore_outbox") }
        return model
    }

    @Test func appearingLoadsTheHospitalWithItsSectionItemsAndContent() async throws {
        let harness = try await DevServerHarness.make()
        let (model, _, _) = try await makeModel(harness)
        #expect(model.phase == .idle)
        await model.appeared()
        #expect(model.phase == .loaded)
        #expect(!model.isBusy)
        #expect(model.title == "St. Mary's Regional Medical Center")
        #expect(model.healthCare?.rows.first { $0.label == "Number of Beds" }?.value == "240")
        #expect(
            model.items.map(\.title) == [
                "Icon Swap Challenge", "#1 FF Execute for Approval.pdf", "Loading dock.jpg", "Purchasing contact",
                "Visit with Dr. Alvarez",
            ])
        #expect(model.items.first?.date == "Feb 4, 2015")
        #expect(model.items.contains { $0.detail == "PDF" })
        #expect(model.contentSections.map(\.kind) == [.know, .say, .show])
        #expect(model.contentSections.first?.isExpanded == true)
        #expect(model.banner == nil)
    }

    /// Before the account's name is known (loading, offline with nothing saved, signed out) the page is titled
    /// Account and draws no Notes & Attachments.
    @Test func thePageIsTitledAccountUntilItsNameIsKnown() async throws {
        let harness = try await DevServerHarness.make(tokenLifetime: 60)
        let (model, _, client) = try await makeModel(harness)
        #expect(model.title == "Account")
        #expect(!model.showsItems)
        harness.wire.isDown = true
        await model.appeared()
        #expect(model.phase == .failed("You're offline, and this account has not been opened on this device before."))
        #expect(model.title == "Account")
        #expect(!model.showsItems)
        harness.wire.isDown = false
        await model.refreshPulled()
        #expect(model.title == "St. Mary's Regional Medical Center")
        #expect(model.showsItems)
        try await harness.revokeElsewhereAndExpire(client)
        await model.refreshPulled()
        #expect(model.phase == .signedOut)
        #expect(model.title == "Account")
        #expect(!model.showsItems)
    }

    @Test func aNonHospitalHasNoHealthCareSection() async throws {
        let harness = try await DevServerHarness.make()
        let (model, _, _) = try await makeModel(harness, accountID: DevServerHarness.nonHospitalID)
        await model.appeared()
        #expect(model.phase == .loaded)
        #expect(model.healthCare == nil)
        #expect(model.title == "Acme Products")
    }

    /// Edit is on the Health Care Info section, which a non-hospital's screen does not have: the tap opens no form,
    /// so nothing can be typed into fields the screen never shows.
    @Test func editOnANonHospitalOpensNoForm() async throws {
        let harness = try await DevServerHarness.make()
        let (model, _, _) = try await makeModel(harness, accountID: DevServerHarness.nonHospitalID)
        await model.appeared()
        model.editTapped()
        #expect(model.form == nil)
        model.fieldEdited(.numBeds, text: "10")
        let before = harness.wire.requests.count
        await model.saveTapped()
        #expect(harness.wire.requests.count == before)
        #expect(model.details?.account.numBeds == nil)
    }

    @Test func invalidCleanRatingIsRefusedWithAMessageAndNothingIsSent() async throws {
        let harness = try await DevServerHarness.make()
        let (model, _, _) = try await makeModel(harness)
        await model.appeared()
        model.editTapped()
        #expect(model.form?.text[.currentCleanRating] == "71.5")
        model.fieldEdited(.currentCleanRating, text: "71,5")
        #expect(model.form?.errors[.currentCleanRating]?.contains("is not a number") == true)
        let before = harness.wire.requests.count
        await model.saveTapped()
        #expect(harness.wire.requests.count == before)
        #expect(model.banner?.failure?.contains("is not a number") == true)
        #expect(model.form != nil)
    }

    @Test func savingSendsTheEditAndShowsTheReloadedAccount() async throws {
        let harness = try await DevServerHarness.make()
        let (model, _, _) = try await makeModel(harness)
        await model.appeared()
        model.editTapped()
        model.fieldEdited(.numBeds, text: "1,250")
        model.fieldEdited(.currentCleanRating, text: "74.25")
        await model.saveTapped()
        #expect(model.form == nil)
        #expect(model.banner == nil)
        #expect(model.details?.account.numBeds == 1250)
        #expect(model.healthCare?.rows.first { $0.label == "Room/Bathroom Clean Rating (Current)" }?.value == "74.25")
    }

    @Test func savingOfflineQueuesTheEditAndReconnectSendsItOnce() async throws {
        let harness = try await DevServerHarness.make()
        let (model, outbox, _) = try await makeModel(harness)
        await model.appeared()
        model.editTapped()
        model.fieldEdited(.numBeds, text: "300")
        harness.wire.isDown = true
        await model.saveTapped()
        #expect(model.banner == .notice("Saved offline; it will be sent when the network returns."))
        #expect(model.pendingEditCount == 1)
        #expect(model.pendingEditsText == "1 change waiting to be sent")
        model.bannerDismissed()
        #expect(model.pendingEditsText == "1 change waiting to be sent")
        #expect(model.details?.account.numBeds == 300)
        #expect(try await outbox.pending().count == 1)

        harness.wire.isDown = false
        await model.networkReturned()
        await model.networkReturned()
        #expect(model.pendingEditCount == 0)
        #expect(model.pendingEditsText == nil)
        #expect(harness.wire.count("PATCH", pathSuffix: "/sobjects/Account/\(DevServerHarness.hospitalID)") == 1)
        #expect(model.details?.account.numBeds == 300)
    }

    /// An edit made offline is kept on the device with the account, so the screen opened again before the network
    /// returns (the app relaunched) shows it, not the copy from before the edit.
    @Test func whatWasChangedOfflineIsWhatTheScreenShowsWhenOpenedAgainOffline() async throws {
        let harness = try await DevServerHarness.make()
        let cache = AccountCache.inMemory()
        let (model, outbox, client) = try await makeModel(harness, cache: cache)
        await model.appeared()
        let note = try #require(model.items.first { $0.kind == .note })
        harness.wire.isDown = true
        model.editTapped()
        model.fieldEdited(.numBeds, text: "300")
        await model.saveTapped()
        for name in ["Call back", "Send the brochure"] {
            model.addTapped(.note)
            model.editor?.nameEdited(name)
            await model.editorSaveTapped()
        }
        model.itemDeleteTapped(id: note.id)
        await model.confirmTapped(.deleteItem(note.id))
        #expect(try await outbox.pending().count == 4)
        // Neither note has an id until it is sent, and the second does not take the first's place.
        #expect(model.items.contains { $0.title == "Call back" })
        #expect(model.items.contains { $0.title == "Send the brochure" })

        let reopened = AccountScreenModel(
            accountID: DevServerHarness.hospitalID, client: client, outbox: outbox, cache: cache, locale: en,
            timeZone: utc)
        await reopened.appeared()
        #expect(reopened.phase == .loaded)
        #expect(reopened.details?.account.numBeds == 300)
        #expect(reopened.items.contains { $0.title == "Call back" })
        #expect(reopened.items.contains { $0.title == "Send the brochure" })
        #expect(!reopened.items.contains { $0.id == note.id })
    }

    /// Nothing in the app watches the network, so the screen sends what waits whenever it loads: when it opens
    /// (an edit kept from before a relaunch) and when it is pulled. Each edit goes once.
    @Test func waitingEditsAreSentWhenTheScreenOpensOrIsPulled() async throws {
        let harness = try await DevServerHarness.make()
        let cache = AccountCache.inMemory()
        let (model, outbox, client) = try await makeModel(harness, cache: cache)
        await model.appeared()
        harness.wire.isDown = true
        model.editTapped()
        model.fieldEdited(.numBeds, text: "300")
        await model.saveTapped()
        #expect(model.pendingEditCount == 1)

        harness.wire.isDown = false
        await model.refreshPulled()
        await model.refreshPulled()
        #expect(model.pendingEditCount == 0)
        // Sent and reloaded: the banner that said it waited is gone.
        #expect(model.banner == nil)
        let path = "/sobjects/Account/\(DevServerHarness.hospitalID)"
        #expect(harness.wire.count("PATCH", pathSuffix: path) == 1)

        harness.wire.isDown = true
        model.editTapped()
        model.fieldEdited(.numBeds, text: "310")
        await model.saveTapped()
        harness.wire.isDown = false
        let relaunched = AccountScreenModel(
            accountID: DevServerHarness.hospitalID, client: client, outbox: outbox, cache: cache, locale: en,
            timeZone: utc)
        await relaunched.appeared()
        #expect(relaunched.pendingEditCount == 0)
        #expect(relaunched.details?.account.numBeds == 310)
        #expect(harness.wire.count("PATCH", pathSuffix: path) == 2)
    }

    @Test func aNoteAddedOrEditedOfflineWaitsAndIsSentOnceWhenTheNetworkReturns() async throws {
        let harness = try await DevServerHarness.make()
        let (model, outbox, _) = try await makeModel(harness)
        await model.appeared()
        let note = try #require(model.items.first { $0.title == "Purchasing contact" })
        harness.wire.isDown = true

        model.addTapped(.note)
        model.editor?.nameEdited("Call back")
        model.editor?.textEdited("Ask about the new wing.")
        await model.editorSaveTapped()
        #expect(model.editor == nil)
        #expect(model.banner == .notice("Saved offline; it will be sent when the network returns."))
        let waiting = try #require(model.items.first { $0.title == "Call back" })
        #expect(waiting.waiting == "Not sent yet")
        #expect(waiting.date.isEmpty)

        model.itemEditTapped(id: note.id)
        model.editor?.nameEdited("Purchasing contacts")
        await model.editorSaveTapped()
        #expect(model.items.contains { $0.title == "Purchasing contacts" })
        #expect(model.items.filter { $0.waiting != nil }.map(\.title) == ["Call back"])
        #expect(model.pendingEditCount == 2)
        #expect(model.pendingEditsText == "2 changes waiting to be sent")
        #expect(
            try await outbox.pending().map(\.summary) == [
                "add the note Call back", "save the note Purchasing contacts",
            ])

        harness.wire.isDown = false
        await model.networkReturned()
        await model.networkReturned()
        #expect(model.pendingEditCount == 0)
        #expect(harness.wire.count("POST", pathSuffix: "/sobjects/Note") == 1)
        #expect(harness.wire.count("PATCH", pathSuffix: "/sobjects/Note/\(note.id)") == 1)
        let added = try #require(model.details?.notes.first { $0.name == "Call back" })
        #expect(added.id?.hasPrefix("002") == true)
        #expect(model.items.filter { $0.title == "Call back" }.count == 1)
        #expect(model.items.allSatisfy { $0.waiting == nil })
    }

    /// A file attached in a hospital's basement waits with its bytes, as a note does, and goes up once when the
    /// network returns, whole.
    @Test func anAttachmentAddedOfflineWaitsWithItsBytesAndIsUploadedOnce() async throws {
        let harness = try await DevServerHarness.make()
        let (model, outbox, _) = try await makeModel(harness)
        await model.appeared()
        harness.wire.isDown = true

        let bytes = Data("Minutes of the visit: the wing opens in May.".utf8)
        model.addTapped(.attachment)
        model.editor?.filePicked(name: "minutes.txt", data: bytes)
        await model.editorSaveTapped()
        #expect(model.editor == nil)
        #expect(model.banner == .notice("Saved offline; it will be sent when the network returns."))
        let waiting = try #require(model.items.first { $0.title == "minutes.txt" })
        #expect(waiting.waiting == "Not sent yet")
        #expect(try await outbox.pending().map(\.summary) == ["upload the attachment minutes.txt"])
        #expect(harness.wire.count("POST", pathSuffix: "/sobjects/Attachment") == 0)

        harness.wire.isDown = false
        await model.networkReturned()
        await model.networkReturned()
        #expect(model.pendingEditCount == 0)
        #expect(harness.wire.count("POST", pathSuffix: "/sobjects/Attachment") == 1)
        let sent = try #require(model.details?.attachments.first { $0.name == "minutes.txt" })
        let id = try #require(sent.id)
        #expect(model.items.filter { $0.title == "minutes.txt" }.map(\.waiting) == [nil])
        let client = try await harness.client()
        #expect(try await client.downloadAttachment(id: id, contentType: sent.contentType).data == bytes)
    }

    @Test func anOfflineEditThatCannotBeKeptIsNotCalledSaved() async throws {
        let harness = try await DevServerHarness.make()
        let model = try await modelWithBrokenOutbox(harness)
        harness.wire.isDown = true
        model.editTapped()
        model.fieldEdited(.numBeds, text: "300")
        await model.saveTapped()
        #expect(model.banner == .failure("Something went wrong on this device. Try again."))
        #expect(model.form != nil)
        #expect(model.details?.account.numBeds == 240)
    }

    @Test func aBrokenStoreOnTheDeviceIsToldWithoutItsSQL() async throws {
        let harness = try await DevServerHarness.make()
        let model = try await modelWithBrokenOutbox(harness)
        await model.networkReturned()
        #expect(model.banner == .failure("Something went wrong on this device. Try again."))
    }

    @Test func aConflictIsReportedAndTheServerVersionKept() async throws {
        let harness = try await DevServerHarness.make()
        let (model, _, _) = try await makeModel(harness)
        await model.appeared()
        harness.clock.advance(by: 10)
        let other = try await harness.client()
        var theirs = try #require(model.details?.account)
        theirs.numBeds = 999
        try await other.saveAccount(theirs)

        model.editTapped()
        model.fieldEdited(.numBeds, text: "5")
        await model.saveTapped()
        #expect(model.conflict != nil)
        #expect(model.banner?.failure?.contains("changed on the server since you opened it") == true)
        await model.refreshPulled()
        #expect(model.conflict == nil)
        #expect(model.details?.account.numBeds == 999)
    }

    /// After a conflict the form stays open with its values: Send Mine writes them over the server's version,
    /// Discard Mine closes the form on the server's.
    @Test func aConflictedSaveIsSentOverOrDiscardedFromTheForm() async throws {
        let harness = try await DevServerHarness.make()
        let (model, _, _) = try await makeModel(harness)
        let other = try await harness.client()
        await model.appeared()
        func conflictingSave(mine: String, theirs: Double) async throws {
            harness.clock.advance(by: 10)
            var account = try await other.retrieveAccount(id: DevServerHarness.hospitalID).account
            account.numBeds = theirs
            try await other.saveAccount(account)
            model.editTapped()
            model.fieldEdited(.numBeds, text: mine)
            await model.saveTapped()
            #expect(model.conflict != nil)
            #expect(model.form?.text[.numBeds] == mine)
        }

        await model.sendMineTapped()  // no conflict yet: nothing happens
        #expect(model.details?.account.numBeds == 240)
        try await conflictingSave(mine: "5", theirs: 999)
        await model.sendMineTapped()
        #expect(model.conflict == nil)
        #expect(model.form == nil)
        #expect(model.banner == nil)
        #expect(model.details?.account.numBeds == 5)
        #expect(try await other.retrieveAccount(id: DevServerHarness.hospitalID).account.numBeds == 5)

        try await conflictingSave(mine: "6", theirs: 777)
        // Discard Mine asks first: Cancel keeps the form with what was typed.
        model.discardMineTapped()
        let question = try #require(model.confirmation)
        #expect(question.action == .discardForm)
        #expect(question.title == "Discard Changes?")
        #expect(
            question.message
                == "What you typed is lost; St. Mary's Regional Medical Center shows as Salesforce has it now.")
        #expect(question.confirmTitle == "Discard")
        #expect(question.cancelTitle == "Cancel")
        #expect(model.formConfirmation == question)
        #expect(model.pageConfirmation == nil)
        model.confirmationDismissed()
        #expect(model.form?.text[.numBeds] == "6")
        #expect(model.conflict != nil)
        model.discardMineTapped()
        await model.confirmTapped(try #require(model.confirmation).action)
        #expect(model.confirmation == nil)
        #expect(model.form == nil)
        #expect(model.conflict == nil)
        #expect(model.details?.account.numBeds == 777)
    }

    /// An edit made offline over a record someone else changed meanwhile is listed under "Changes Not Sent" when
    /// the network returns; the person sends theirs over the server's version, or lets it go.
    @Test func anOfflineEditThatConflictsIsListedAndSentOverOrDiscarded() async throws {
        let harness = try await DevServerHarness.make()
        let (model, outbox, _) = try await makeModel(harness)
        let other = try await harness.client()
        await model.appeared()
        #expect(model.unsentEdits.isEmpty)

        func editOfflineOverTheirs(beds: String, theirs: Double) async throws {
            model.editTapped()
            model.fieldEdited(.numBeds, text: beds)
            harness.wire.isDown = true
            await model.saveTapped()
            harness.clock.advance(by: 10)
            harness.wire.isDown = false
            var account = try await other.retrieveAccount(id: DevServerHarness.hospitalID).account
            account.numBeds = theirs
            try await other.saveAccount(account)
            await model.networkReturned()
        }

        try await editOfflineOverTheirs(beds: "5", theirs: 999)
        #expect(
            model.banner == .failure("A change was not sent; choose what to do with it under “Changes Not Sent”."))
        #expect(model.pendingEditCount == 0)
        let row = try #require(model.unsentEdits.first)
        #expect(model.unsentEdits.count == 1)
        #expect(row.title == "Save the account St. Mary's Regional Medical Center")
        #expect(row.reason == "Changed on the server after you made this change; nothing was overwritten.")
        #expect(row.canSendOver)
        #expect(model.details?.account.numBeds == 999)

        await model.sendOverTapped(id: row.id)
        #expect(model.unsentEdits.isEmpty)
        #expect(model.details?.account.numBeds == 5)
        #expect(harness.wire.count("PATCH", pathSuffix: "/sobjects/Account/\(DevServerHarness.hospitalID)") == 2)

        try await editOfflineOverTheirs(beds: "7", theirs: 888)
        let second = try #require(model.unsentEdits.first)
        // Discard Mine asks first: Cancel keeps the change.
        model.discardTapped(id: second.id)
        let question = try #require(model.pageConfirmation)
        #expect(question.action == .discardUnsent(second.id))
        #expect(question.title == "Discard “Save the account St. Mary's Regional Medical Center”?")
        #expect(
            question.message == "Your change is not sent, and the version in Salesforce stays. This cannot be undone.")
        #expect(question.confirmTitle == "Discard")
        model.confirmationDismissed()
        #expect(model.unsentEdits.map(\.id) == [second.id])
        #expect(try await outbox.unsent().count == 1)
        model.discardTapped(id: second.id)
        await model.confirmTapped(question.action)
        #expect(model.confirmation == nil)
        #expect(model.unsentEdits.isEmpty)
        #expect(try await outbox.unsent().isEmpty)
        #expect(model.details?.account.numBeds == 888)
        #expect(harness.wire.count("PATCH", pathSuffix: "/sobjects/Account/\(DevServerHarness.hospitalID)") == 3)
    }

    /// Two accounts' refused changes wait on one device: each screen lists its own, and its buttons do nothing
    /// to the other's.
    @Test func changesNotSentAreTheShownAccountsOnly() async throws {
        let harness = try await DevServerHarness.make()
        let (model, outbox, client) = try await makeModel(harness)
        func refused(_ accountID: String, _ name: String) -> PendingEdit {
            PendingEdit(
                change: .update(
                    object: "Account", id: accountID, fields: ["NoSuchField__c": .string("x")],
                    expectedLastModified: nil),
                summary: "save the account \(name)", accountID: accountID)
        }
        let mine = refused(DevServerHarness.hospitalID, "St. Mary's")
        let theirs = refused(DevServerHarness.nonHospitalID, "Clinic")
        try await outbox.enqueue(mine)
        try await outbox.enqueue(theirs)
        await model.appeared()
        #expect(model.unsentEdits.map(\.id) == [mine.id])
        // The banner counts what the section lists: this account's change, not the other's.
        #expect(
            model.banner == .failure("A change was not sent; choose what to do with it under “Changes Not Sent”."))
        #expect(try await outbox.unsent().count == 2)

        model.discardTapped(id: theirs.id)
        #expect(model.confirmation == nil)
        await model.confirmTapped(.discardUnsent(theirs.id))
        await model.sendOverTapped(id: theirs.id)
        #expect(try await outbox.unsent().map(\.id) == [mine.id, theirs.id])

        let clinic = AccountScreenModel(
            accountID: DevServerHarness.nonHospitalID, client: client, outbox: outbox, cache: .inMemory(),
            locale: en, timeZone: utc)
        await clinic.appeared()
        #expect(clinic.unsentEdits.map(\.id) == [theirs.id])
    }

    /// When only another account's change is refused as this screen sends the outbox, this screen says nothing
    /// about it; that account's screen lists it when it opens.
    @Test func anotherAccountsChangeNotSentIsListedOnItsScreenNotAnnouncedHere() async throws {
        let harness = try await DevServerHarness.make()
        let (model, outbox, client) = try await makeModel(harness)
        let theirs = PendingEdit(
            change: .update(
                object: "Account", id: DevServerHarness.nonHospitalID, fields: ["NoSuchField__c": .string("x")],
                expectedLastModified: nil),
            summary: "save the account Acme", accountID: DevServerHarness.nonHospitalID)
        try await outbox.enqueue(theirs)
        await model.appeared()
        #expect(model.banner == nil)
        #expect(model.unsentEdits.isEmpty)

        let acme = AccountScreenModel(
            accountID: DevServerHarness.nonHospitalID, client: client, outbox: outbox, cache: .inMemory(),
            locale: en, timeZone: utc)
        await acme.appeared()
        #expect(acme.unsentEdits.map(\.id) == [theirs.id])
        acme.discardTapped(id: theirs.id)
        await acme.confirmTapped(try #require(acme.confirmation).action)
        #expect(acme.unsentEdits.isEmpty)
        #expect(try await outbox.unsent().isEmpty)
    }

    /// A swipe down on the editor is its Cancel: gone at once when nothing was typed, asked first when something
    /// was; on a document it is Done.
    @Test func swipingThePresentationAwayIsTheEditorsCancelOrTheDocumentsDone() async throws {
        let harness = try await DevServerHarness.make()
        let (model, _, _) = try await makeModel(harness)
        await model.appeared()
        model.addTapped(.note)
        model.presentationDismissed()
        #expect(model.editor == nil && model.confirmation == nil)

        model.addTapped(.note)
        try #require(model.editor).textEdited("Call back Dr. Alvarez")
        model.presentationDismissed()
        #expect(model.editor != nil)
        #expect(model.editorConfirmation?.action == .discardEditor)

        model.confirmationDismissed()
        model.editorDismissed()
        let pdf = try #require(model.items.first { $0.detail == "PDF" })
        await model.itemTapped(id: pdf.id)
        #expect(model.openedDocument != nil)
        model.presentationDismissed()
        #expect(model.presented == nil)
    }

    @Test func tappingAnAttachmentOpensItsBytesAndADocOpensItsURL() async throws {
        let harness = try await DevServerHarness.make()
        let (model, _, _) = try await makeModel(harness)
        await model.appeared()
        let pdf = try #require(model.items.first { $0.detail == "PDF" })
        await model.itemTapped(id: pdf.id)
        #expect(model.openedDocument?.contentType == "application/pdf")
        #expect(model.openedDocument?.data.starts(with: Data("%PDF".utf8)) == true)
        model.documentDismissed()
        #expect(model.openedDocument == nil)
        let doc = try #require(model.items.first { $0.kind == .doc })
        await model.itemTapped(id: doc.id)
        #expect(model.openedURL?.host == "docs.google.com")
        // The viewer is titled with the document's name, not the link's host.
        #expect(model.openedPage?.title == doc.title)
        guard case .webPage(let page)? = model.presented else {
            Issue.record("no web page presented: \(String(describing: model.presented))")
            return
        }
        #expect(page.title == doc.title)
    }

    @Test func tappingContentDownloadsItsDocument() async throws {
        let harness = try await DevServerHarness.make()
        let (model, _, _) = try await makeModel(harness)
        await model.appeared()
        model.contentSectionToggled(.show)
        #expect(model.contentSections.last?.isExpanded == true)
        let row = try #require(model.contentSections.first { $0.kind == .know }?.rows.first)
        await model.contentRowTapped(id: row.id)
        #expect(model.openedDocument?.title == row.text)
        #expect(model.openedDocument?.data.isEmpty == false)
    }

    @Test func deletingARowAsksFirstThenRemovesItOnTheServer() async throws {
        let harness = try await DevServerHarness.make()
        let (model, _, _) = try await makeModel(harness)
        await model.appeared()
        let note = try #require(model.items.first { $0.kind == .note })

        // The swipe asks; nothing is deleted until the person confirms, and Cancel keeps the note.
        model.itemDeleteTapped(id: note.id)
        let question = try #require(model.confirmation)
        #expect(question.action == .deleteItem(note.id))
        #expect(question.title == "Delete “\(note.title)”?")
        #expect(question.confirmTitle == "Delete")
        #expect(question.cancelTitle == "Cancel")
        #expect(question.message.contains("Recycle Bin for 15 days"))
        model.confirmationDismissed()
        #expect(model.confirmation == nil)
        await model.refreshPulled()
        #expect(model.items.contains { $0.id == note.id })

        model.itemDeleteTapped(id: note.id)
        await model.confirmTapped(try #require(model.confirmation).action)
        #expect(model.confirmation == nil)
        #expect(!model.items.contains { $0.id == note.id })
        await model.refreshPulled()
        #expect(!model.items.contains { $0.id == note.id })
    }

    @Test func aFailedRefreshSignsOutAndClearsWhatWasShown() async throws {
        let harness = try await DevServerHarness.make(tokenLifetime: 60)
        let cache = AccountCache.inMemory()
        let (model, _, client) = try await makeModel(harness, cache: cache)
        await model.appeared()
        #expect(await cache.load(DevServerHarness.hospitalID) != nil)
        try await harness.revokeElsewhereAndExpire(client)
        await model.refreshPulled()
        #expect(model.phase == .signedOut)
        #expect(model.items.isEmpty)
        #expect(model.healthCare == nil)
        #expect(model.banner == .failure("Your session ended. Sign in again."))
        #expect(await cache.load(DevServerHarness.hospitalID) == nil)
    }

    /// Someone who signed out themselves had no session "end": the screen asks them to sign in, and keeps "Your
    /// session ended" for a session Salesforce no longer takes.
    @Test func aScreenOpenedAfterASignOutAsksToSignInWithoutSayingTheSessionEnded() async throws {
        let harness = try await DevServerHarness.make()
        let (model, _, client) = try await makeModel(harness)
        await client.signOut()
        await model.appeared()
        #expect(model.phase == .signedOut)
        #expect(model.banner == .failure("Sign in to see your accounts."))
        await model.refreshPulled()
        #expect(model.banner == .failure("Sign in to see your accounts."))
    }

    @Test func offlineAtLaunchShowsTheCachedCopyAndSaysWhy() async throws {
        let harness = try await DevServerHarness.make()
        let cache = AccountCache.inMemory()
        let (model, _, client) = try await makeModel(harness, cache: cache)
        await cache.save(try await client.retrieveAccount(id: DevServerHarness.hospitalID))
        harness.wire.isDown = true
        await model.appeared()
        #expect(model.phase == .loaded)
        #expect(model.title == "St. Mary's Regional Medical Center")
        #expect(
            model.banner
                == .notice(
                    "You're offline. Showing the copy saved on this device; changes are sent when the network returns.")
        )
        // Back online, a pull shows the server's copy and no longer says the screen is offline.
        harness.wire.isDown = false
        await model.refreshPulled()
        #expect(model.banner == nil)
    }

    /// Know · Say · Show is kept with the account: opened offline, the screen shows the saved copy; with none
    /// saved, it says so in place of the sections.
    @Test func offlineTheContentIsTheSavedCopyOrTheScreenSaysNoneIsSaved() async throws {
        let harness = try await DevServerHarness.make()
        let cache = AccountCache.inMemory()
        let (online, _, client) = try await makeModel(harness, cache: cache)
        let (offline, _, _) = try await makeModel(harness, cache: cache)
        let (bare, _, _) = try await makeModel(harness, accountID: DevServerHarness.nonHospitalID, cache: cache)
        await online.appeared()
        #expect(online.contentUnavailable == nil)
        // An account kept with no content beside it (as a copy saved before content was kept).
        await cache.save(try await client.retrieveAccount(id: DevServerHarness.nonHospitalID))
        harness.wire.isDown = true

        await offline.appeared()
        #expect(offline.contentSections == online.contentSections)
        #expect(offline.contentUnavailable == nil)

        await bare.appeared()
        #expect(bare.phase == .loaded)
        #expect(bare.contentSections.isEmpty)
        #expect(
            bare.contentUnavailable
                == "No Know · Say · Show content for this account is saved on this device yet.")
        harness.wire.isDown = false
        await bare.refreshPulled()
        #expect(bare.contentUnavailable == nil)
        #expect(bare.contentSections.map(\.kind) == [.know, .say, .show])
    }

    /// An account deleted in Salesforce since this device kept it: the saved copy shows first, then the screen says
    /// the account no longer exists and the copy goes (offline, the screen has nothing to show).
    @Test func anAccountDeletedOnTheServerIsDroppedFromTheDevice() async throws {
        let harness = try await DevServerHarness.make()
        let cache = AccountCache.inMemory()
        let (first, _, client) = try await makeModel(harness, cache: cache)
        await first.appeared()
        #expect(await cache.load(DevServerHarness.hospitalID) != nil)
        try await client.delete("Account", id: DevServerHarness.hospitalID, operation: "delete the account")

        let (model, _, _) = try await makeModel(harness, cache: cache)
        #expect(model.phase == .idle)
        await model.appeared()
        let gone =
            "St. Mary's Regional Medical Center no longer exists in Salesforce; the copy saved on this device was removed."
        #expect(model.phase == .failed(gone))
        #expect(model.banner == .failure(gone))
        #expect(model.title == "Account")
        #expect(model.details == nil)
        #expect(model.items.isEmpty)
        #expect(model.healthCare == nil)
        #expect(model.contentSections.isEmpty)
        #expect(!model.showsItems)
        #expect(await cache.load(DevServerHarness.hospitalID) == nil)
        #expect(await cache.loadContent(DevServerHarness.hospitalID) == nil)
        #expect(await !cache.accountIDs().contains(DevServerHarness.hospitalID))

        let (offline, _, _) = try await makeModel(harness, cache: cache)
        harness.wire.isDown = true
        await offline.appeared()
        #expect(offline.phase == .failed("You're offline, and this account has not been opened on this device before."))
    }

    @Test func aMissingAccountFailsWithTheMessage() async throws {
        let harness = try await DevServerHarness.make()
        let (model, _, _) = try await makeModel(harness, accountID: "001Q000000Demo9IAB")
        await model.appeared()
        #expect(
            model.phase
                == .failed(
                    "Could not load the account 001Q000000Demo9IAB. Salesforce does not have it; it may have been deleted."
                )
        )
    }
}
