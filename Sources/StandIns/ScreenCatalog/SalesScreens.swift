import APIClient
import Database
import Foundation
import HTTPServer
import LocalStore
import Locking
import SalesCore
import SalesUI
import SalesforceDevServer
import SwiftUI
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Sales Account screen on an iPad, against the Salesforce stand-in in process (as `AccountScreenTests` builds
/// it): `SalesforceDevService` with its seed, a `TestClient` over its router, `HTTPTransport.inProcess`.
enum SalesScreens {
    static let app = CatalogApp(slug: "sales", name: "Sales", device: .iPad11)
    static let hospitalID = "001Q000000Demo1IAB"
    static let nonHospitalID = "001Q000000Demo3IAB"
    /// Northside Surgical Supply: no note, attachment or Google Doc.
    static let emptyAccountID = "001Q000000Demo4IAB"

    /// Writes `json` to the record at `path` (`GoogleDoc/098…`) straight to the stand-in, as another tool would:
    /// what this app would not write itself.
    static func saveElsewhere(
        _ json: String, to path: String, client: SalesforceClient, transport: HTTPTransport
    ) async throws {
        guard let url = URL(string: "http://salesforce.test/services/data/v32.0/sobjects/\(path)") else { return }
        var request = URLRequest(url: url)
        request.httpMethod = "PATCH"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(await client.session?.accessToken ?? "")", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(json.utf8)
        _ = try await transport.send(request)
    }

    /// What the network does once the rep is signed in.
    enum Network: Sendable {
        case up
        case down
        case silent
    }

    /// A screen model for `accountID` over a freshly seeded stand-in; the network turns `network` after sign-in.
    /// With `unsent`, the outbox holds two edits of this account the server will not take when the screen sends
    /// them: a save over a newer version of the account, and a note whose text is too long for Salesforce.
    @MainActor
    static func model(
        _ accountID: String = hospitalID, network: Network = .up, signedIn: Bool = true, unsent: Bool = false
    ) async throws -> AccountScreenModel {
        let (client, outbox, _) = try await stack(network: network, signedIn: signedIn)
        if unsent {
            var account = try await client.retrieveAccount(id: accountID).account
            account.numBeds = 260
            try await outbox.enqueue(.saving(account, id: accountID, basedOn: Date(timeIntervalSince1970: 0)))
            // NB: a note written offline whose text Salesforce refuses as longer than a Note's Body (32,000).
            let note = Note(name: "Site visit", text: String(repeating: "Beds, wards and the new wing. ", count: 1200))
            try await outbox.enqueue(.adding(note, to: accountID))
        }
        return screenModel(accountID, client: client, outbox: outbox)
    }

    @MainActor
    static func screenModel(_ accountID: String, client: SalesforceClient, outbox: SalesOutbox)
        -> AccountScreenModel
    {
        AccountScreenModel(
            accountID: accountID, client: client, outbox: outbox, cache: .inMemory(), locale: catalogLocale,
            timeZone: catalogTimeZone)
    }

    /// A client over a freshly seeded stand-in (the network turning `network` after sign-in), an empty outbox,
    /// and the transport to the stand-in itself.
    @MainActor
    static func stack(network: Network = .up, signedIn: Bool = true) async throws
        -> (SalesforceClient, SalesOutbox, HTTPTransport)
    {
        let database = try SQLiteDatabase(url: "sqlite::memory:")
        var migrator = Migrator()
        SalesforceDevService.registerMigrations(&migrator)
        try await migrator.migrate(database)
        let instance = URL(string: "http://salesforce.test")!
        let service = try await SalesforceDevService.start(
            store: .database(database, bodies: try .temporary()),
            configuration: .init(instanceURL: instance, now: { catalogNow }))
        var router = Router()
        service.register(on: &router)
        let inProcess = HTTPTransport.inProcess(TestClient(router: router))
        let state = Locked(Network.up)
        let transport = HTTPTransport { request in
            switch state.withLock({ $0 }) {
            case .up: return try await inProcess.send(request)
            case .down: throw URLError(.notConnectedToInternet)
            case .silent: return try await neverAnswers()
            }
        }
        let store = try await LocalStore(database: SQLiteDatabase(url: "sqlite::memory:"))
        let outbox = SalesOutbox(store: store)
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: instance), transport: transport, sessions: .inMemory(),
            cache: .inMemory(), outbox: outbox)
        if signedIn { try await client.signIn(username: "rep@quartet.dev", password: "quartet-sales") }
        state.withLock { $0 = network }
        return (client, outbox, inProcess)
    }

    /// The app as the iPad shows it: signed in on the hospital, then Salesforce refuses the session (revoked on
    /// another device) and the next pull ends on the sign-in form, which says why.
    @MainActor
    static func sessionEnded() async throws -> ViewNode {
        let (client, outbox, transport) = try await stack()
        let app = SalesAppModel(client: client, outbox: outbox) {
            screenModel(hospitalID, client: client, outbox: outbox)
        }
        let host = ViewHost(SalesRootView(app: app))
        _ = try await host.settled("the account") { $0.find(.disclosureGroup, SalesText.itemsTitle) != nil }
        var revoke = URLRequest(url: URL(string: "http://salesforce.test/services/oauth2/revoke")!)
        revoke.httpMethod = "POST"
        revoke.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        revoke.httpBody = Data("token=\(await client.session?.refreshToken ?? "")".utf8)
        _ = try await transport.send(revoke)
        try await host.pullToRefresh()
        return try await host.settled("the sign-in form") { $0.find(.textField, app.usernameLabel) != nil }
    }

    /// The Account screen in its navigation stack, as the app shows it.
    struct Screen: View {
        let model: AccountScreenModel
        var body: some View { NavigationStack { AccountScreen(model: model) } }
    }

    @MainActor
    static func loaded(_ accountID: String = hospitalID) async throws -> ViewHost<Screen> {
        let host = ViewHost(Screen(model: try await model(accountID)))
        _ = try await host.settled("the account") { $0.find(.disclosureGroup, SalesText.itemsTitle) != nil }
        return host
    }

    /// Taps the first row of Notes & Attachments drawn with `symbol` (`note.text`, `doc.richtext`, `paperclip`).
    @MainActor
    static func open(_ symbol: String, in host: ViewHost<Screen>) async throws -> ViewNode {
        guard
            let row = host.tree.first(where: { $0.kind == .button && $0.first { $0.systemImage == symbol } != nil }),
            let title = row.texts.first
        else { throw CatalogError(description: "no \(symbol) row in\n\(host.tree.outline)") }
        try host.tap(title)
        return try await host.settled("what \(title) opens") { $0.topPresentation != nil }
    }

    static var entries: [ScreenEntry] {
        let numeric = HealthCareField.allCases.first { $0.isNumeric }!
        return [
            ScreenEntry(app, screen: "account", state: "loading", summary: "The account before Salesforce answers") {
                let host = ViewHost(Screen(model: try await model(network: .silent)))
                return try await host.poll("the spinner") { $0.first { $0.kind == .progress } != nil }
            },
            ScreenEntry(
                app, screen: "account", state: "hospital", summary: "A hospital: info, Health Care Info, items, content"
            ) {
                try await loaded().tree
            },
            ScreenEntry(
                app, screen: "account", state: "hospital-full-length",
                summary: "The same hospital from top to bottom: every section below the fold too",
                device: app.device.fullLength
            ) {
                try await loaded().tree
            },
            ScreenEntry(
                app, screen: "account", state: "non-hospital",
                summary: "An account that is no hospital: no health-care section"
            ) {
                try await loaded(nonHospitalID).tree
            },
            ScreenEntry(
                app, screen: "account", state: "no-items",
                summary: "An account with no notes, attachments or Google Docs: the section says so above its buttons"
            ) {
                try await loaded(emptyAccountID).tree
            },
            ScreenEntry(
                app, screen: "account", state: "doc-link-not-valid",
                summary:
                    "A Google Doc saved elsewhere with a link that is no web address: its row says so, opens nothing"
            ) {
                let (client, outbox, transport) = try await stack()
                try await saveElsewhere(
                    #"{"Url": "docs/plan"}"#, to: "GoogleDoc/098Q000000Demo1IAB", client: client, transport: transport)
                let host = ViewHost(Screen(model: screenModel(hospitalID, client: client, outbox: outbox)))
                return try await host.settled("the account") {
                    $0.find(.disclosureGroup, SalesText.itemsTitle) != nil
                }
            },
            ScreenEntry(
                app, screen: "account", state: "changes-not-sent",
                summary: "Edits the server did not take: one conflicted (Send Mine or Discard Mine), one refused"
            ) {
                let host = ViewHost(Screen(model: try await model(unsent: true)))
                return try await host.settled("the changes not sent") { $0.find(SalesText.unsentTitle) != nil }
            },
            ScreenEntry(
                app, screen: "account", state: "discard-asked",
                summary: "Discard Mine on a change not sent asks before the change goes"
            ) {
                let host = ViewHost(Screen(model: try await model(unsent: true)))
                _ = try await host.settled("the changes not sent") { $0.find(SalesText.unsentTitle) != nil }
                try host.tap(SalesText.discardMine)
                return try await host.settled("the question") { $0.topPresentation != nil }
            },
            ScreenEntry(
                app, screen: "account", state: "delete-asked", summary: "A row swiped to Delete asks before it goes"
            ) {
                let host = try await loaded()
                let row = try await host.settled("the items") { !$0.swipeRows.isEmpty }.swipeRows[0]
                try host.swipe(row, action: SalesText.delete)
                return try await host.settled("the question") { $0.topPresentation != nil }
            },
            ScreenEntry(
                app, screen: "account", state: "attachment-gone",
                summary: "An attachment deleted in Salesforce meanwhile, tapped: the banner names it and its row goes"
            ) {
                let (client, outbox, _) = try await stack()
                let model = screenModel(hospitalID, client: client, outbox: outbox)
                let host = ViewHost(Screen(model: model))
                _ = try await host.settled("the account") { $0.find(.disclosureGroup, SalesText.itemsTitle) != nil }
                guard let row = model.items.first(where: { $0.kind == .attachment }) else {
                    throw CatalogError(description: "no attachment row in\n\(host.tree.outline)")
                }
                // NB: as another rep (or Salesforce's own UI) would, behind this screen's back.
                try await client.delete(Attachment.self, id: row.id)
                try host.tap(row.title)
                return try await host.settled("the banner") { $0.texts.contains(SalesText.attachmentGone(row.title)) }
            },
            ScreenEntry(app, screen: "account", state: "offline", summary: "No network and nothing cached") {
                let host = ViewHost(Screen(model: try await model(network: .down)))
                return try await host.settled("the banner")
            },
            ScreenEntry(
                app, screen: "account", state: "offline-saved",
                summary: "No network, the account saved on the device but not its Know · Say · Show content"
            ) {
                // NB: the copy a visit made earlier: every stand-in is seeded alike. An account with no items, so
                // that the line in place of the content shows without scrolling.
                let cache = AccountCache.inMemory()
                await cache.save(try await stack().0.retrieveAccount(id: emptyAccountID))
                let (client, outbox, _) = try await stack(network: .down)
                let model = AccountScreenModel(
                    accountID: emptyAccountID, client: client, outbox: outbox, cache: cache, locale: catalogLocale,
                    timeZone: catalogTimeZone)
                let host = ViewHost(Screen(model: model))
                return try await host.settled("the saved copy") { $0.texts.contains(SalesText.offlineNoContent) }
            },
            ScreenEntry(app, screen: "account", state: "signed-out", summary: "No Salesforce session") {
                let host = ViewHost(Screen(model: try await model(signedIn: false)))
                return try await host.settled("signed out")
            },
            ScreenEntry(
                app, screen: "sign-in", state: "session-ended",
                summary: "Salesforce ended the session: back on the sign-in form, which says why"
            ) {
                try await sessionEnded()
            },
            ScreenEntry(
                app, screen: "sign-in", state: "signing-in",
                summary: "Sign in tapped, Salesforce has not answered: the form says it is signing in"
            ) {
                let (client, outbox, _) = try await stack(network: .silent, signedIn: false)
                let app = SalesAppModel(client: client, outbox: outbox) {
                    screenModel(hospitalID, client: client, outbox: outbox)
                }
                let host = ViewHost(SalesRootView(app: app))
                try host.type("rep@quartet.dev", into: app.usernameLabel)
                try host.type("quartet-sales", into: app.passwordLabel)
                try host.tap(app.signInLabel)
                return try await host.poll("the spinner") { $0.find(.progress, app.signingInLabel) != nil }
            },
            ScreenEntry(
                app, screen: "health-care-edit", state: "cancel-asked",
                summary: "Cancel on an edited form asks before what was typed is lost"
            ) {
                let host = try await loaded()
                try host.tap(SalesText.edit)
                try host.type("300", into: HealthCareField.numBeds.label)
                try host.tap(SalesText.cancel)
                return try await host.settled("the question") { $0.topPresentation?.kind == .confirmationDialog }
            },
            ScreenEntry(app, screen: "health-care-edit", state: "loaded", summary: "Edit Health Care Info") {
                let host = try await loaded()
                try host.tap(SalesText.edit)
                return try await host.settled("the form") { $0.topPresentation != nil }
            },
            ScreenEntry(
                app, screen: "health-care-edit", state: "invalid-number",
                summary: "A field that is not a number, explained"
            ) {
                let host = try await loaded()
                try host.tap(SalesText.edit)
                _ = try await host.settled("the form") { $0.topPresentation != nil }
                try host.type("12x", into: numeric.label)
                return try await host.settled("the error")
            },
            ScreenEntry(app, screen: "item-editor", state: "new-note", summary: "New Note") {
                let host = try await loaded()
                try host.tap(ItemEditorModel.Kind.note.addTitle)
                return try await host.settled("the editor") { $0.topPresentation != nil }
            },
            ScreenEntry(
                app, screen: "item-editor", state: "discard-asked",
                summary: "Cancel on a note with text in it asks before the text is lost"
            ) {
                let host = try await loaded()
                try host.tap(ItemEditorModel.Kind.note.addTitle)
                _ = try await host.settled("the editor") { $0.topPresentation != nil }
                try host.type("Call back Dr. Alvarez", into: SalesText.nameField)
                try host.tap(SalesText.cancel)
                return try await host.settled("the question") { $0.topPresentation?.kind == .confirmationDialog }
            },
            ScreenEntry(app, screen: "item-editor", state: "edit-note", summary: "A note opened for editing") {
                try await open("note.text", in: try await loaded())
            },
            ScreenEntry(
                app, screen: "item-editor", state: "new-doc", summary: "New Google Doc, name typed, link missing"
            ) {
                let host = try await loaded()
                try host.tap(ItemEditorModel.Kind.doc.addTitle)
                _ = try await host.settled("the editor") { $0.topPresentation != nil }
                try host.type("Pricing sheet", into: SalesText.nameField)
                return try await host.settled("the name")
            },
            ScreenEntry(
                app, screen: "item-editor", state: "new-attachment", summary: "New Attachment, no photo picked yet"
            ) {
                let host = try await loaded()
                try host.tap(ItemEditorModel.Kind.attachment.addTitle)
                return try await host.settled("the editor") { $0.topPresentation != nil }
            },
            ScreenEntry(app, screen: "document", state: "google-doc", summary: "A Google Doc in the web view") {
                try await open("doc.richtext", in: try await loaded())
            },
            ScreenEntry(
                app, screen: "document", state: "attachment", summary: "A downloaded attachment in the web view"
            ) {
                try await open("paperclip", in: try await loaded())
            },
        ]
    }
}
