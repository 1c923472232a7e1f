import APIClient
import Database
import Foundation
import HTTPServer
import LocalStore
import SalesCore
import SalesforceDevServer
import SwiftUI
import TestSupport
import Testing
import WebKit

@testable import SalesUI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Sales Account screen driven through its views, against the Salesforce stand-in in process.
@MainActor
struct AccountScreenTests {
    static let hospitalID = "001Q000000Demo1IAB"
    static let nonHospitalID = "001Q000000Demo3IAB"

    /// A signed-in screen model for `accountID` over a freshly seeded stand-in.
    static func model(_ accountID: String = hospitalID) async throws -> AccountScreenModel {
        let (client, outbox) = try await signedInClient()
        return model(accountID, client: client, outbox: outbox)
    }

    /// A screen model for `accountID` over `client` and `outbox`, in English and UTC.
    static func model(_ accountID: String = hospitalID, client: SalesforceClient, outbox: SalesOutbox)
        -> AccountScreenModel
    {
        AccountScreenModel(
            accountID: accountID, client: client, outbox: outbox, cache: .inMemory(),
            locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
    }

    /// A client signed in to a freshly seeded stand-in, and an empty outbox.
    static func signedInClient() async throws -> (SalesforceClient, SalesOutbox) {
        let (client, outbox, _) = try await signedInStack()
        return (client, outbox)
    }

    /// A client signed in to a freshly seeded stand-in, an empty outbox, and the transport to the stand-in
    /// (`intercept` sees each request first, and may throw as a network that is down would).
    static func signedInStack(
        intercept: @escaping @Sendable (URLRequest) throws -> Void = { _ in }
    ) async throws -> (SalesforceClient, SalesOutbox, HTTPTransport) {
        let database = try SQLiteDatabase(url: "sqlite::memory:")
        var migrator = Migrator()
        SalesforceDevService.registerMigrations(&migrator)
        try await migrator.migrate(database)
        let instance = try #require(URL(string: "http://salesforce.test"))
        let service = try await SalesforceDevService.start(
            store: .database(database, bodies: try .temporary()), configuration: .init(instanceURL: instance))
        var router = Router()
        service.register(on: &router)
        let transport = HTTPTransport.inProcess(TestClient(router: router), intercept: intercept)
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: instance), transport: transport, sessions: .inMemory())
        try await client.signIn(username: "rep@quartet.dev", password: "quartet-sales")
        let store = try await LocalStore(database: SQLiteDatabase(url: "sqlite::memory:"))
        return (client, SalesOutbox(store: store), transport)
    }

    static func host(_ model: AccountScreenModel) async -> ViewHost<some View> {
        let host = ViewHost(NavigationStack { AccountScreen(model: model) })
        await host.settle()
        return host
    }

    @Test func aHospitalShowsItsInfoAndHealthCareSection() async throws {
        let host = await Self.host(try await Self.model())
        #expect(host.tree.visibleNavigationTitle == "St. Mary's Regional Medical Center")
        #expect(host.tree.find(.labeledContent, "Phone")?.value?.isEmpty == false)
        let healthCare = try #require(
            host.tree.all(.section).first { $0.header.first?.texts.contains("Health Care Info") == true })
        #expect(healthCare.rows.contains { $0.text == "Number of Beds" })
    }

    /// Offline with nothing saved, the page is titled Account, draws no empty Notes & Attachments, and its banner
    /// runs the width of the page.
    @Test func anAccountNotYetShownIsTitledAndDrawsNoEmptySection() async throws {
        let model = try await Self.model()
        let host = ViewHost(NavigationStack { AccountScreen(model: model) })
        await host.settle()
        #expect(host.tree.visibleNavigationTitle == "St. Mary's Regional Medical Center")
        #expect(host.tree.find("Notes & Attachments") != nil)

        let (client, outbox) = try await Self.signedInClient()
        await client.signOut()
        let signedOut = ViewHost(
            NavigationStack {
                AccountScreen(
                    model: AccountScreenModel(
                        accountID: Self.hospitalID, client: client, outbox: outbox, cache: .inMemory()))
            })
        await signedOut.settle()
        #expect(signedOut.tree.visibleNavigationTitle == "Account")
        #expect(signedOut.tree.find("Notes & Attachments") == nil)
        #expect(signedOut.tree.texts.contains("Sign in to see your accounts."))
        let banner = try #require(
            signedOut.tree.first { node in
                node.style.maxWidth == .infinity
                    && node.first { $0.text == "Sign in to see your accounts." } != nil
            })
        #expect(banner.first { $0.text == "Dismiss" || $0.accessibilityLabel == "Dismiss" } != nil)
    }

    @Test func anAccountThatIsNoHospitalHasNoHealthCareSection() async throws {
        let host = await Self.host(try await Self.model(Self.nonHospitalID))
        #expect(!host.tree.texts.contains("Health Care Info"))
        #expect(host.tree.find("Notes & Attachments") != nil)
    }

    @Test func aNoteOpensItsEditorAndSavingUpdatesTheList() async throws {
        let host = await Self.host(try await Self.model())
        let accordion = try #require(
            host.tree.first { $0.kind == .disclosureGroup && $0.text == "Notes & Attachments" })
        let note = try #require(accordion.children.first { $0.first { $0.systemImage == "note.text" } != nil })
        let title = try #require(note.texts.first)
        try host.tap(title)
        try await host.waitUntil("the editor") { $0.topPresentation != nil }
        #expect(host.tree.topPresentation?.visibleNavigationTitle == "Note")
        try host.type("Renamed visit", into: "Name")
        try host.tap("Save")
        try await host.waitUntil("the saved row") { $0.topPresentation == nil && $0.texts.contains("Renamed visit") }
        #expect(!host.tree.texts.contains(title))
    }

    /// A note saved after a colleague changed it keeps the typing and offers Send Mine under the error, which saves
    /// it over the newer version and closes the editor.
    @Test func aConflictedNoteIsSentOverFromItsEditor() async throws {
        let (client, outbox) = try await Self.signedInClient()
        let model = Self.model(client: client, outbox: outbox)
        let host = await Self.host(model)
        let note = try #require(model.details?.notes.first)
        model.itemEditTapped(id: try #require(note.id))
        await host.settle()
        try await Task.sleep(for: .milliseconds(5))
        var theirs = note
        theirs.name = "Renamed by a colleague"
        _ = try await client.save(theirs, changedFrom: note)
        try host.type("What the buyer said", into: "Note")
        try await host.tapAndSettle("Save")
        let editor = try #require(host.tree.topPresentation)
        #expect(editor.first { $0.text?.contains("changed on the server since it was read") == true } != nil)
        try host.tap("Send Mine")
        try await host.waitUntil("the editor to close") { $0.topPresentation == nil }
        #expect(try await client.record("Note", id: note.id ?? "")["Body"] == .string("What the buyer said"))
    }

    /// Cancel on a note being written asks before it throws the text away: Keep Editing goes back to it as it
    /// was, Discard closes the editor with nothing added. An editor with nothing typed closes at once.
    @Test func cancellingANoteWithTextInItAsksFirst() async throws {
        let host = await Self.host(try await Self.model())
        try host.tap("New Note")
        try await host.waitUntil("the editor") { $0.topPresentation != nil }
        try host.tap("Cancel")
        #expect(host.tree.topPresentation == nil)

        try host.tap("New Note")
        try await host.waitUntil("the editor") { $0.topPresentation != nil }
        try host.type("Call back Dr. Alvarez", into: "Name")
        try host.tap("Cancel")
        let question = try #require(host.tree.topPresentation)
        #expect(question.kind == .confirmationDialog)
        #expect(question.text == "Discard This Note?")
        #expect(question.texts.contains("What you typed or picked is not saved, and cannot be had back."))
        try host.tap("Keep Editing")
        #expect(host.tree.topPresentation?.kind == .sheet)
        #expect(host.tree.topPresentation?.find(.textField, "Name")?.value == "Call back Dr. Alvarez")

        // NB: with something typed, a swipe down leaves the sheet where it is (it springs back on a device): only
        // Cancel, which asks, closes it.
        try host.dismiss()
        #expect(host.tree.topPresentation?.kind == .sheet)
        #expect(host.tree.topPresentation?.find(.textField, "Name")?.value == "Call back Dr. Alvarez")
        try host.tap("Cancel")
        #expect(host.tree.topPresentation?.text == "Discard This Note?")
        try host.tap("Discard")
        try await host.waitUntil("the editor to close") { $0.topPresentation == nil }
        #expect(!host.tree.texts.contains("Call back Dr. Alvarez"))
    }

    @Test func addingAGoogleDocNeedsANameAndALink() async throws {
        let host = await Self.host(try await Self.model())
        try host.tap("New Google Doc")
        #expect(host.tree.topPresentation?.visibleNavigationTitle == "New Google Doc")
        #expect(host.tree.find(.button, "Save")?.isEnabled == false)
        try host.type("Pricing sheet", into: "Name")
        try host.type("https://docs.google.com/document/d/42/edit", into: "URL")
        #expect(host.tree.find(.button, "Save")?.isEnabled == true)
        try host.tap("Save")
        try await host.waitUntil("the new row") { $0.topPresentation == nil && $0.texts.contains("Pricing sheet") }
    }

    /// "+ File" opens the Files picker; the chosen file names the attachment and Save uploads it. A file that
    /// cannot be read says so and leaves Save off.
    @Test func anAttachmentIsAddedFromTheFilesPicker() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Proposal.pdf")
        try Data("%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n".utf8).write(to: file)
        let host = await Self.host(try await Self.model())

        try host.tap("New Attachment")
        try host.tap("Choose File…")
        #expect(host.tree.topPresentation?.kind == .fileImporter)
        try host.chooseFile(folder.appendingPathComponent("Missing.pdf"))
        #expect(host.tree.topPresentation?.visibleNavigationTitle == "New Attachment")
        #expect(host.tree.texts.contains("Missing.pdf could not be read."))
        #expect(host.tree.find(.button, "Save")?.isEnabled == false)

        try host.tap("Choose File…")
        try host.chooseFile(file)
        #expect(host.tree.find(.textField, "Name")?.value == "Proposal.pdf")
        #expect(!host.tree.texts.contains("Missing.pdf could not be read."))
        try host.tap("Save")
        try await host.waitUntil("the new row") { $0.topPresentation == nil && $0.texts.contains("Proposal.pdf") }
    }

    @Test func aGoogleDocOpensInTheWebView() async throws {
        let host = await Self.host(try await Self.model())
        let doc = try #require(
            host.tree.first { $0.kind == .button && $0.first { $0.systemImage == "doc.richtext" } != nil })
        try host.tap(try #require(doc.texts.first))
        try await host.waitUntil("the web view") { $0.topPresentation != nil }
        let web = try #require(
            host.tree.topPresentation?.first { $0.kind == .platformView }?.platformObject as? WKWebView)
        #expect(web.loadedURL?.host == "docs.google.com")
        #expect(host.tree.topPresentation?.visibleNavigationTitle == doc.texts.first)
        try host.dismiss()
        #expect(host.tree.topPresentation == nil)
    }

    @Test func anAttachmentDownloadsAndShowsInTheWebView() async throws {
        let host = await Self.host(try await Self.model())
        let attachment = try #require(
            host.tree.first { $0.kind == .button && $0.first { $0.systemImage == "paperclip" } != nil })
        try host.tap(try #require(attachment.texts.first))
        try await host.waitUntil("the document") { $0.topPresentation != nil }
        let web = try #require(
            host.tree.topPresentation?.first { $0.kind == .platformView }?.platformObject as? WKWebView)
        #expect((web.loaded?.data.count ?? 0) > 0)
    }

    /// The swipe's Delete asks first: Cancel keeps the row, the dialog's Delete deletes it.
    @Test func swipingAsksThenDeletesARow() async throws {
        let host = await Self.host(try await Self.model())
        let doc = try #require(
            host.tree.first { $0.kind == .button && $0.first { $0.systemImage == "doc.richtext" } != nil })
        let title = try #require(doc.texts.first)
        try host.swipe(title, action: "Delete")
        let dialog = try #require(host.tree.topPresentation)
        #expect(dialog.toolbar.map(\.text) == ["Delete", "Cancel"])
        try host.dismiss()
        try await host.swipeAsksThenRemoves(title, question: "Delete “\(title)”?")
    }

    /// Edits the server did not take when the screen sent the outbox: a conflicted one offers Send Mine (and it
    /// is written over the server's version), a refused one only Discard Mine.
    @Test func changesNotSentAreListedWithWhatCanBeDoneAboutThem() async throws {
        let (client, outbox) = try await Self.signedInClient()
        var account = try await client.retrieveAccount(id: Self.hospitalID).account
        account.numBeds = 42
        try await outbox.enqueue(
            .saving(account, id: Self.hospitalID, basedOn: Date(timeIntervalSince1970: 0)))
        try await outbox.enqueue(
            PendingEdit(
                change: .create(object: "Note", fields: ["ParentId": .string("001Q000000Demo9IAB")]),
                summary: "add an orphan note"))
        let model = Self.model(client: client, outbox: outbox)
        let host = await Self.host(model)

        let section = try #require(
            host.tree.all(.section).first { $0.header.first?.texts.contains("Changes Not Sent") == true })
        #expect(section.texts.contains("Changed on the server after you made this change; nothing was overwritten."))
        #expect(
            host.tree.texts.contains("2 changes were not sent; choose what to do with them under “Changes Not Sent”."))
        #expect(section.all(.button).map(\.text) == ["Send Mine", "Discard Mine", "Discard Mine"])
        try host.tap("Send Mine")
        try await host.waitUntil("the account to show the change") {
            $0.find(.labeledContent, "Number of Beds")?.value == "42"
        }
        #expect(!host.tree.texts.contains("Send Mine"))
        // Discard Mine asks first; Cancel keeps the change.
        try host.tap("Discard Mine")
        let question = try #require(host.tree.topPresentation)
        #expect(question.kind == .confirmationDialog)
        #expect(question.text == "Discard “Add an orphan note”?")
        #expect(question.toolbar.map(\.text) == ["Discard", "Cancel"])
        try host.tap("Cancel")
        #expect(host.tree.topPresentation == nil)
        #expect(try await outbox.unsent().count == 1)
        try host.tap("Discard Mine")
        try host.tap("Discard")
        try await host.waitUntil("the section to go") { !$0.texts.contains("Changes Not Sent") }
        #expect(try await outbox.unsent().isEmpty)
    }

    /// A refused note's text, kept to be copied before it is let go, shows a few lines, so the row's buttons and the
    /// rest of the account stay in reach; the whole text goes to the share sheet, whose Copy keeps it.
    @Test func aLongTextNotSentShowsAFewLinesAndSharesWhole() async throws {
        let (client, outbox) = try await Self.signedInClient()
        let text = String(repeating: "Beds, wards and the new wing. ", count: 1000)
        try await outbox.enqueue(
            PendingEdit(
                change: .create(
                    object: "Note", fields: ["ParentId": .string("001Q000000Demo9IAB"), "Body": .string(text)]),
                summary: "add an orphan note"))
        let model = Self.model(client: client, outbox: outbox)
        let host = await Self.host(model)

        let section = try #require(
            host.tree.all(.section).first { $0.header.first?.texts.contains("Changes Not Sent") == true })
        let shown = try #require(section.first { $0.kind == .text && $0.text == text })
        #expect(shown.style.lineLimit == UnsentEditRow.textLines)
        let share = try #require(section.find(.shareLink, "Share Text"))
        #expect(share.value?.hasSuffix(text) == true)
        #expect(section.all(.button).map(\.text) == ["Discard Mine"])
    }

    /// The hospital's form with 41 beds typed and saved after someone else saved 999: the save meets a newer
    /// version (the stand-in keeps milliseconds; the sleep makes the versions differ).
    static func formSavedOverANewerVersion() async throws -> ViewHost<some View> {
        let (client, outbox) = try await Self.signedInClient()
        let model = Self.model(client: client, outbox: outbox)
        let host = await Self.host(model)
        try host.tap("Edit")
        try host.type("41", into: "Number of Beds")
        try await Task.sleep(for: .milliseconds(5))
        var theirs = try await client.retrieveAccount(id: Self.hospitalID).account
        theirs.numBeds = 999
        try await client.saveAccount(theirs)
        try await host.tapAndSettle("Save")
        return host
    }

    /// The form's Discard Mine after a conflict asks over the form; Cancel keeps what was typed, Discard closes
    /// the form on the server's version.
    @Test func aConflictedSaveIsDiscardedFromTheFormAfterAsking() async throws {
        let host = try await Self.formSavedOverANewerVersion()
        try host.tap("Discard Mine")
        let question = try #require(host.tree.topPresentation)
        #expect(question.kind == .confirmationDialog)
        #expect(question.text == "Discard Changes?")
        try host.tap("Cancel")
        #expect(host.tree.topPresentation?.find(.textField, "Number of Beds")?.value == "41")
        try host.tap("Discard Mine")
        try host.tap("Discard")
        try await host.waitUntil("the form to close on theirs") {
            $0.topPresentation == nil && $0.find(.labeledContent, "Number of Beds")?.value == "999"
        }
    }

    /// A save that meets a newer version on the server says so in the form, which offers Send Mine.
    @Test func aConflictedSaveIsSentOverFromTheForm() async throws {
        let host = try await Self.formSavedOverANewerVersion()
        let form = try #require(host.tree.topPresentation)
        let conflict = try #require(
            form.first { $0.text?.contains("changed on the server since you opened it") == true })
        #expect(conflict.kind == .label && conflict.systemImage == "exclamationmark.triangle")
        #expect(conflict.style.iconForeground?.name == "red")
        try host.tap("Send Mine")
        try await host.waitUntil("the form to close") { $0.topPresentation == nil }
        try await host.waitUntil("the account to show mine") {
            $0.find(.labeledContent, "Number of Beds")?.value == "41"
        }
    }

    @Test func healthCareEditRefusesWhatIsNotANumber() async throws {
        let host = await Self.host(try await Self.model())
        try host.tap("Edit")
        #expect(host.tree.topPresentation?.visibleNavigationTitle == "Health Care Info")
        try host.type("12x", into: "Number of Beds")
        #expect(host.tree.texts.contains { $0.hasPrefix("'12x' is not a number.") })
        #expect(host.tree.find(.button, "Save")?.isEnabled == false)
        try host.tap("Cancel")
        try host.tap("Discard")
        try await host.waitUntil("the form to close") { $0.topPresentation == nil }
    }

    /// Cancel on the health-care form closes it at once when nothing was edited; with a field edited it asks
    /// first (and a swipe down does nothing), Keep Editing goes back to what was typed, and Discard closes on the
    /// account as it was.
    @Test func cancellingAnEditedHealthCareFormAsksFirst() async throws {
        let host = await Self.host(try await Self.model())
        try host.tap("Edit")
        try host.tap("Cancel")
        #expect(host.tree.topPresentation == nil)

        try host.tap("Edit")
        try host.type("300", into: "Number of Beds")
        try host.tap("Cancel")
        let question = try #require(host.tree.topPresentation)
        #expect(question.kind == .confirmationDialog)
        #expect(question.text == "Discard Changes?")
        #expect(question.texts.contains("What you typed is not saved; Health Care Info stays as it was."))
        try host.tap("Keep Editing")
        #expect(host.tree.topPresentation?.find(.textField, "Number of Beds")?.value == "300")
        // NB: with a field edited, a swipe down leaves the form where it is (it springs back on a device).
        try host.dismiss()
        #expect(host.tree.topPresentation?.find(.textField, "Number of Beds")?.value == "300")
        try host.tap("Cancel")
        try host.tap("Discard")
        try await host.waitUntil("the form to close") { $0.topPresentation == nil }
        #expect(host.tree.find(.labeledContent, "Number of Beds")?.value == "240")
    }

    @Test func knowSayShowSectionsOpenAndTheirRowsAreTallEnough() async throws {
        let host = await Self.host(try await Self.model())
        let know = try #require(host.tree.first { $0.kind == .disclosureGroup && $0.text == "Know" })
        if know.value == "collapsed" { try host.tap("Know") }
        let opened = try #require(host.tree.first { $0.kind == .disclosureGroup && $0.text == "Know" })
        #expect(opened.value == "expanded")
        #expect(!opened.children.isEmpty)
        #expect(opened.children.allSatisfy { ($0.style.minHeight ?? 0) >= 44 })
    }
}

/// The Sales app from its sign-in form to the Account screen and back.
@MainActor
struct SalesRootViewTests {
    @Test func signingInOpensTheAccountAndSigningOutReturnsToTheForm() async throws {
        let (client, outbox) = try await AccountScreenTests.signedInClient()
        await client.signOut()
        let app = SalesAppModel(client: client) {
            AccountScreenModel(
                accountID: AccountScreenTests.hospitalID, client: client, outbox: outbox, cache: .inMemory())
        }
        let host = ViewHost(SalesRootView(app: app))
        await host.settle()
        #expect(host.tree.visibleNavigationTitle == "Sign In to Salesforce")
        #expect(host.tree.find(.button, "Sign In")?.isEnabled == false)
        try host.type("rep@quartet.dev", into: "Username")
        try host.type("wrong", into: "Password")
        try await host.tapAndSettle("Sign In")
        try await host.waitUntil("the refusal") {
            $0.all(.label).contains {
                $0.systemImage == "exclamationmark.triangle" && $0.style.iconForeground?.name == "red"
            }
        }
        try host.type("quartet-sales", into: "Password")
        try await host.tapAndSettle("Sign In")
        try await host.waitUntil("the account") { $0.visibleNavigationTitle == "St. Mary's Regional Medical Center" }
        try await host.tapAndSettle("Sign Out")
        try await host.waitUntil("the form") { $0.visibleNavigationTitle == "Sign In to Salesforce" }
    }

    /// While Salesforce has not answered a sign-in, the form says it is signing in (the button alone only greys
    /// out); the spinner goes when the answer comes, here a failure the form then shows.
    @Test func signingInShowsThatItIsUnderWayUntilSalesforceAnswers() async throws {
        let gate = Gate(isOpen: false)
        let transport = HTTPTransport { _ in
            await gate.pass()
            throw URLError(.notConnectedToInternet)
        }
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: URL(string: "http://salesforce.test")!),
            transport: transport, sessions: .inMemory())
        let (_, outbox) = try await AccountScreenTests.signedInClient()
        let app = SalesAppModel(client: client) {
            AccountScreenModel(
                accountID: AccountScreenTests.hospitalID, client: client, outbox: outbox, cache: .inMemory())
        }
        let host = ViewHost(SalesRootView(app: app))
        await host.settle()
        #expect(host.tree.find(.progress, "Signing in…") == nil)
        try host.type("rep@quartet.dev", into: "Username")
        try host.type("quartet-sales", into: "Password")
        try host.tap("Sign In")
        try await host.waitUntil("the spinner") { $0.find(.progress, "Signing in…") != nil }
        #expect(host.tree.find(.button, "Sign In")?.isEnabled == false)
        await gate.open()
        try await host.waitUntil("the failure") { $0.find(.progress, "Signing in…") == nil && $0.all(.label).count > 0 }
        #expect(host.tree.visibleNavigationTitle == "Sign In to Salesforce")
    }

    /// Edits of the rep's wait on the device for their next sign-in: the sign-in form says so, and that someone
    /// else's sign-in discards them.
    @Test func theSignInFormSaysTheRepsEditsWait() async throws {
        let (client, outbox) = try await AccountScreenTests.signedInClient()
        await client.signOut()
        try await outbox.signedIn(as: "00DQ000000Demo1/005Q000000Rep01")
        let note = Note(name: "Visit", text: "Two pages")
        let offline: @Sendable () async throws -> Note = {
            throw SalesforceError.offline(operation: "add the note Visit", reason: "offline")
        }
        _ = try await outbox.send(PendingEdit.adding(note, to: AccountScreenTests.hospitalID), offline)
        let app = SalesAppModel(client: client, outbox: outbox) {
            AccountScreenModel(
                accountID: AccountScreenTests.hospitalID, client: client, outbox: outbox, cache: .inMemory())
        }
        let host = ViewHost(SalesRootView(app: app))
        await host.settle()
        let said = try #require(SalesText.waitingForSignIn(1))
        try await host.waitUntil("the waiting edit") { $0.texts.contains(said) }
        #expect(host.tree.visibleNavigationTitle == "Sign In to Salesforce")
    }

    /// Salesforce stops taking the session (revoked on another device): the next pull ends on the sign-in form,
    /// which says why, and signing in again opens the account.
    @Test func anEndedSessionReturnsToTheSignInFormWhichSaysWhy() async throws {
        let (client, outbox, transport) = try await AccountScreenTests.signedInStack()
        let app = SalesAppModel(client: client) {
            AccountScreenModel(
                accountID: AccountScreenTests.hospitalID, client: client, outbox: outbox, cache: .inMemory())
        }
        let host = ViewHost(SalesRootView(app: app))
        await host.settle()
        try await host.waitUntil("the account") { $0.visibleNavigationTitle == "St. Mary's Regional Medical Center" }

        var revoke = URLRequest(url: URL(string: "http://salesforce.test/services/oauth2/revoke")!)
        revoke.httpMethod = "POST"
        revoke.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        revoke.httpBody = Data("token=\(try #require(await client.session?.refreshToken))".utf8)
        _ = try await transport.send(revoke)
        try await host.pullToRefresh()
        try await host.waitUntil("the form") { $0.visibleNavigationTitle == "Sign In to Salesforce" }
        #expect(host.tree.texts.contains("Your session ended. Sign in again."))

        try host.type("rep@quartet.dev", into: "Username")
        try host.type("quartet-sales", into: "Password")
        try await host.tapAndSettle("Sign In")
        try await host.waitUntil("the account") { $0.visibleNavigationTitle == "St. Mary's Regional Medical Center" }
        #expect(!host.tree.texts.contains("Your session ended. Sign in again."))
    }
}

/// Know · Say · Show rows open their document in the web view.
@MainActor
struct KnowSayShowTests {
    @Test func aContentRowOpensItsDocument() async throws {
        let host = await AccountScreenTests.host(try await AccountScreenTests.model())
        for title in ["Know", "Say", "Show"] where host.tree.first(where: { $0.text == title })?.value == "collapsed" {
            try host.tap(title)
        }
        let group = try #require(
            host.tree.all(.disclosureGroup).first {
                ["Know", "Say", "Show"].contains($0.text ?? "") && !$0.children.isEmpty
            })
        let row = try #require(group.children.first?.text)
        try host.tap(row)
        try await host.waitUntil("the document") { $0.topPresentation != nil }
        #expect(host.tree.topPresentation?.visibleNavigationTitle == row)
    }
}
