import APIClient
import Foundation
import Localization
import Observation
import PublicInit

/// A document to show in the modal web view: bytes and their type.
@PublicInit
public struct OpenedDocument: Sendable, Hashable {
    /// The document's name, for the viewer's title.
    public var title: String
    /// The downloaded bytes.
    public var data: Data
    /// Their MIME type, for the web view.
    public var contentType: String
}

extension OpenedDocument {
    /// Whether the web view may run the document's own scripts: not for a page (HTML, XHTML, SVG, XML), which
    /// anyone who can attach a file to an account could have written, and which would run inside the app.
    ///
    /// ```swift
    /// configuration.defaultWebpagePreferences.allowsContentJavaScript = document.allowsScripts
    /// ```
    public var allowsScripts: Bool {
        let type = contentType.split(separator: ";").first.map(String.init) ?? contentType
        let bare = type.trimmingCharacters(in: .whitespaces).lowercased()
        return !(Self.pageTypes.contains(bare) || bare.hasSuffix("+xml"))
    }

    /// The base URL the document is shown under: one that reaches nothing on the device, so a page's relative
    /// links and `file://` reads find nothing (a folder of the app's own files did).
    public static let baseURL = URL(string: "about:blank")!

    /// The types a web view shows as a page of its own.
    private static let pageTypes: Set<String> = ["text/html", "application/xhtml+xml", "text/xml", "application/xml"]
}

/// A Google Doc to show in the modal web view: its name, for the viewer's title, and its link.
@PublicInit
public struct OpenedPage: Sendable, Hashable {
    /// The document's name.
    public var title: String
    /// Its link.
    public var url: URL
}

/// What the Account screen shows over itself.
public enum AccountPresentation: Identifiable {
    /// The add/edit form of a note, attachment or Google Doc.
    case editor(ItemEditorModel)
    /// A downloaded attachment or content document, in the web view.
    case document(OpenedDocument)
    /// A Google Doc's page, in the web view.
    case webPage(OpenedPage)

    /// Stable while the same thing stays open.
    public var id: String {
        switch self {
        case .editor(let editor): "editor-\(ObjectIdentifier(editor).hashValue)"
        case .document(let document): "document-\(document.title)-\(document.data.count)"
        case .webPage(let page): "web-\(page.url.absoluteString)"
        }
    }
}

/// The Account screen: info, health-care section, merged items, Know · Say · Show.
///
/// Events in (`appeared()`, `saveTapped()`, `networkReturned()` …), state out (`phase`, `items`, `banner` …).
@Observable @MainActor
public final class AccountScreenModel {
    /// Where the screen is in its life.
    public enum Phase: Sendable, Hashable {
        case idle, loading, loaded
        /// Nothing could be shown; the message says why.
        case failed(String)
        /// No session to call with (it ended, or the person signed out): the app shows sign-in.
        case signedOut
    }

    /// Where the screen is: loading, loaded, failed or signed out.
    public private(set) var phase: Phase = .idle
    /// Whether a call is in flight (the spinner).
    public var isBusy: Bool { calls.isBusy }
    /// The calls on their way, which ``isBusy`` counts: the first of two to end leaves the spinner on.
    private var calls = CallsInFlight()
    /// The navigation title: the account's name once known, `Account` until then (loading, offline with nothing
    /// saved, signed out).
    public private(set) var title = SalesText.accountTitle
    /// The general account info.
    public private(set) var infoRows: [InfoRow] = []
    /// The "Health Care Info" section; `nil` unless the account is a hospital.
    public private(set) var healthCare: HealthCareSection?
    /// The merged Notes & Attachments list, newest first.
    public private(set) var items: [ItemRow] = []
    /// Know · Say · Show, in that order (offline, the copy saved on the device).
    public private(set) var contentSections: [KnowSayShowSection] = []
    /// What Know · Say · Show says in place of its sections: offline, when no copy of this account's content is
    /// saved on the device; `nil` otherwise.
    public private(set) var contentUnavailable: String?
    /// The line over the page: a failure (a refusal, a conflict, changes not sent), or a notice (saved offline,
    /// the saved copy shown); `nil` when there is nothing to say.
    public private(set) var banner: Banner?
    /// The record that changed on the server under the form's save, until the person sends theirs over it,
    /// discards it, or reloads.
    public private(set) var conflict: SalesforceError?
    /// The health-care edit form while editing.
    public private(set) var form: HealthCareForm?
    /// A downloaded attachment or content to present.
    public private(set) var openedDocument: OpenedDocument?
    /// A Google Doc to open in the web view.
    public private(set) var openedPage: OpenedPage?
    /// The link of the Google Doc open in the web view.
    public var openedURL: URL? { openedPage?.url }
    /// The account as last loaded (or as edited offline).
    public private(set) var details: AccountDetails?
    /// How many edits wait in the outbox.
    public private(set) var pendingEditCount = 0
    /// What the last Save of the Health Care Info form did: sent, queued in the outbox, or nothing to send;
    /// `nil` before one, or when it failed.
    public private(set) var saveOutcome: SaveOutcome?
    /// The change the last save or deletion put in the outbox instead of sending it (the Health Care Info form's,
    /// an item editor's, a row's deletion), why in ``queuedBecause``; `nil` when it went, or failed.
    public private(set) var queued: PendingEdit?
    /// Why ``queued`` waits, as the outbox said: the network was down, or the session ended as it went and it waits
    /// for the same person's next sign-in. The banner says so (``SalesText/savedToSend(because:)``).
    public private(set) var queuedBecause: QueueReason?
    /// The line under the banner while edits wait in the outbox (`2 changes waiting to be sent`); it stays when the
    /// banner is dismissed, and goes when they are sent.
    public var pendingEditsText: String? { SalesText.pendingEdits(pendingEditCount) }
    /// The changes the server did not take (changed there meanwhile, or refused), until the person sends them
    /// over or lets them go.
    public private(set) var unsentEdits: [UnsentEditRow] = []
    /// Whether Salesforce has no such account (deleted since, or never there) and the screen says so: its saved copy
    /// is gone, and what is left to do is let go the changes held for it, listed in ``unsentEdits``.
    public private(set) var accountIsGone = false
    /// The open item editor (a sheet), after a note row or an add button was tapped.
    public private(set) var editor: ItemEditorModel?
    /// Whether the Notes & Attachments accordion is open.
    public private(set) var itemsExpanded = true
    /// What the screen asks before it throws away what cannot be had back.
    public enum Question: Sendable, Hashable {
        /// Deleting the note, attachment or Google Doc of this row id.
        case deleteItem(String)
        /// Letting go the change of this id under "Changes Not Sent".
        case discardUnsent(UUID)
        /// Closing the health-care form after a conflict, on the server's version ("Discard Mine").
        case discardForm
        /// Closing the item editor on what the person typed or picked and did not save (its Cancel).
        case discardEditor
        /// Closing the health-care form on fields the person edited and did not save (its Cancel).
        case cancelForm
    }

    /// The question asked before an item is deleted or the person's change is discarded; `nil` when none is asked.
    public private(set) var confirmation: Confirmation<Question>?
    /// The question as the page asks it (none while the form is open over the page).
    public var pageConfirmation: Confirmation<Question>? { form == nil && editor == nil ? confirmation : nil }
    /// The question as the health-care form asks it, over itself.
    public var formConfirmation: Confirmation<Question>? { form == nil ? nil : confirmation }

    /// Whether the health-care form holds edits not saved: its sheet then stays when swiped down (on a device it
    /// springs back), and only its Cancel, which asks, closes it.
    public var formHasUnsavedChanges: Bool { !(form?.editedFields.isEmpty ?? true) }
    /// Whether what the page shows over itself holds what the person typed or picked and did not save (the item
    /// editor): its sheet then stays when swiped down, as ``formHasUnsavedChanges`` says of the form's.
    public var presentationHasUnsavedChanges: Bool { editor?.hasUnsavedChanges ?? false }

    /// The question as the item editor asks it, over itself.
    public var editorConfirmation: Confirmation<Question>? { editor == nil ? nil : confirmation }

    /// What the screen shows over itself: the item editor, a downloaded document, or a web page.
    public var presented: AccountPresentation? {
        if let editor { return .editor(editor) }
        if let openedDocument { return .document(openedDocument) }
        if let openedPage { return .webPage(openedPage) }
        return nil
    }

    /// Whether the page offers Retry: it shows nothing because the network (or Salesforce) was not there when it
    /// loaded, offline with no copy saved on the device, and trying again may work. A refusal, a missing account or
    /// an ended session would only fail again, and a page with something shown reloads with a pull.
    public private(set) var canRetry = false
    /// Whether the last Delete asked for deleted nothing: an item added offline that the sync sent meanwhile (the
    /// banner says so, and its row is back under Salesforce's id), or an outbox that could not be written.
    public private(set) var deletionRefused = false
    /// The ids of the items whose deletion is on its way (``deleteItem(id:)``).
    private var deleting: Set<String> = []
    /// Which tap may still open what it asked for: every row tap (and a close) moves it on, so a download that
    /// lands after a later tap, or after the viewer was closed, opens nothing.
    private var opening = LastTapped()

    /// Whether Notes & Attachments is drawn: once there is an account to list them for (not while loading,
    /// offline with nothing saved, or signed out).
    public var showsItems: Bool { details != nil }

    /// The line Notes & Attachments shows above its add buttons when the account has no note, attachment or Google
    /// Doc: `nil` while it has some, and while there is nothing to list them for (loading, a failed load, which says
    /// why in its own words, or signed out).
    ///
    /// NB: the section showed only its three add buttons, which read as a list still loading or one that failed.
    public var itemsEmptyText: String? {
        guard showsItems, phase == .loaded, items.isEmpty else { return nil }
        return SalesText.noItemsYet
    }

    /// The kinds of item the screen can add, in the order of its buttons; none until the account has loaded.
    public var addableKinds: [ItemEditorModel.Kind] { details == nil ? [] : [.note, .attachment, .doc] }

    private let accountID: String
    private let client: SalesforceClient
    private let outbox: SalesOutbox
    private let cache: AccountCache
    private let locale: Locale
    private let timeZone: TimeZone
    private let shrinker: ImageShrinker

    /// Creates the screen model for one account; `shrinker` fits picked photos under the 25 MB limit.
    public init(
        accountID: String, client: SalesforceClient, outbox: SalesOutbox, cache: AccountCache,
        shrinker: ImageShrinker = ImageShrinker(resampler: .unavailable), locale: Locale = .current,
        timeZone: TimeZone = .current
    ) {
        self.shrinker = shrinker
        self.accountID = accountID
        self.client = client
        self.outbox = outbox
        self.cache = cache
        self.locale = locale
        self.timeZone = timeZone
    }

    // MARK: - Events

    /// The screen appeared: show the cached copy (account and content) at once, send the edits that wait, then
    /// load.
    public func appeared() async {
        if details == nil, let cached = await cache.load(accountID) { show(cached) }
        if contentSections.isEmpty, let content = await cache.loadContent(accountID) {
            contentSections = KnowSayShowSection.sections(content)
        }
        await refresh()
    }

    /// Pull to refresh: the edits that wait go first (a person pulls when the network may be back), then load.
    public func refreshPulled() async { await refresh() }

    /// Retry on the page that could show nothing (``canRetry``): the edits that wait go first, then the account
    /// loads, as a pull would; still offline, the page stays as it was, Retry included.
    public func retryTapped() async {
        guard canRetry, !isBusy else { return }
        await refresh()
    }

    /// The banner was dismissed.
    public func bannerDismissed() { banner = nil }

    /// "Edit" on the health-care section; an account that is not a hospital has no such section, so nothing opens.
    public func editTapped() {
        guard healthCare != nil, let account = details?.account else { return }
        form = HealthCareForm(account, locale: locale)
    }

    /// A health-care field changed.
    public func fieldEdited(_ field: HealthCareField, text: String) {
        form?.edit(field, text: text)
    }

    /// "Cancel" on the form.
    ///
    /// With a field edited, the form asks first: what was typed would be lost with no way back.
    public func cancelTapped() {
        guard let form else { return }
        guard !form.editedFields.isEmpty else {
            self.form = nil
            return
        }
        confirmation = Confirmation(
            .cancelForm, title: SalesText.confirmDiscardForm, message: SalesText.confirmCancelFormMessage,
            confirmTitle: SalesText.discard, cancelTitle: SalesText.keepEditing)
    }

    /// "Save" on the form: refused while a field is invalid; closes the form without a write when nothing was
    /// edited; queued when offline; a conflict overwrites nothing.
    public func saveTapped() async { await save(over: false) }

    /// "Send Mine" on the form after a conflict: the form's values are saved over the server's newer version.
    public func sendMineTapped() async {
        guard conflict != nil else { return }
        await save(over: true)
    }

    /// "Discard Mine" on the form after a conflict: the screen asks first, as what was typed is lost; the
    /// question's Discard closes the form on the server's version (``confirmTapped(_:)``).
    public func discardMineTapped() {
        guard conflict != nil, form != nil else { return }
        confirmation = Confirmation(
            .discardForm, title: SalesText.confirmDiscardForm,
            message: SalesText.confirmDiscardFormMessage(details?.account.name ?? accountID),
            confirmTitle: SalesText.discard, cancelTitle: SalesText.cancel)
    }

    /// The form closes and the server's version is loaded.
    private func discardForm() async {
        form = nil
        conflict = nil
        await load()
    }

    /// Saves the form; `over` leaves out the conflict check (the person chose their values over the server's). A
    /// tap while a call is on its way does nothing: a second save would meet the first as a newer version.
    private func save(over: Bool) async {
        guard !isBusy, let form, let current = details?.account else { return }
        saveOutcome = nil
        guard var edited = form.applied(to: current) else {
            banner = form.errors.sorted { $0.key.rawValue < $1.key.rawValue }.first.map { .failure($0.value) }
            return
        }
        // NB: nothing edited is nothing to send; a write would only make the record newer for everyone else.
        guard !form.editedFields.isEmpty else {
            self.form = nil
            conflict = nil
            saveOutcome = .unchanged
            return
        }
        if over { edited.lastModifiedDate = nil }
        calls.started()
        defer { calls.ended() }
        conflict = nil
        nothingWaits()
        do {
            // NB: only the fields the person edited are sent, so another rep's change to any other stays.
            let fields = form.editedFields
            let edit = PendingEdit.saving(
                edited, fields: fields, id: edited.id ?? accountID, basedOn: edited.lastModifiedDate)
            switch try await outbox.send(edit, { [edited] in try await client.saveAccount(edited, fields: fields) }) {
            case .sent:
                self.form = nil
                saveOutcome = .saved
                await load()
            case .queued(let reason):
                self.form = nil
                saveOutcome = .queued
                details?.account = edited
                await keepShown()
                await waits(edit, because: reason)
            }
        } catch let error as SalesforceError {
            switch error {
            case .conflict:
                conflict = error
                banner = .failure(SalesText.conflict(current.name ?? accountID))
            case .signedOut(_, let ended):
                signedOut(sessionEnded: ended)
            default:
                banner = .failure(error.message(object: "Account"))
            }
        } catch {
            banner = .failure(SalesText.failureMessage(for: error))
        }
    }

    /// Whether the row `id` is offered as something to tap: every row but a Google Doc whose link is no web page's
    /// address (its row says so, ``ItemRow/detail``), which would open nothing. Its Edit and Delete stay.
    public func rowOpens(id: String) -> Bool {
        guard case .doc(let doc)? = details?.items.first(where: { $0.id == id }) else { return true }
        return ItemEditorModel.webLink(doc.url ?? "") != nil
    }

    /// A row of the merged list was tapped: an attachment downloads and opens, a doc opens its URL.
    public func itemTapped(id: String) async {
        guard let item = details?.items.first(where: { $0.id == id }) else { return }
        switch item {
        case .attachment(let attachment):
            // NB: an attachment added offline has no body on the server yet; its bytes wait in the outbox.
            guard !item.isWaiting else { return }
            let name = SalesText.itemName(attachment.name)
            // NB: its body gone from Salesforce (deleted elsewhere since the list was read), the row would open
            // nothing until the next pull; it goes now, and the rest of the screen (unsent changes too) stays.
            let gone: @MainActor () async -> Void = { [weak self] in
                guard let self else { return }
                remove(id: id)
                await keepShown()
                banner = .failure(SalesText.attachmentGone(name))
            }
            await open(title: name, fileName: attachment.name, whenGone: gone) {
                try await self.client.downloadAttachment(id: id, contentType: attachment.contentType, name: name)
            }
        case .doc(let doc):
            opening.forget()
            let name = SalesText.itemName(doc.name)
            // NB: the link is whatever was saved in Salesforce, by any client: only a web page's opens in the viewer
            // (the editor's rule), never `javascript:`, `file:` or an app's own scheme.
            guard let url = doc.url.flatMap(ItemEditorModel.webLink).flatMap(URL.init(string:)) else {
                openedPage = nil
                banner = .failure(SalesText.docNotAWebLink(name))
                return
            }
            openedPage = OpenedPage(title: name, url: url)
        case .note:
            openEditor(editing: item)
        }
    }

    /// A row's Edit action: its editor opens (a note, an attachment's name, a doc's name and link).
    ///
    /// An item added offline opens as a sent one does: its Save changes what waits to be sent (an attachment's name,
    /// its bytes left where they wait).
    public func itemEditTapped(id: String) {
        guard let item = details?.items.first(where: { $0.id == id }) else { return }
        openEditor(editing: item)
    }

    /// An add button (`New Note`, `New Attachment`, `New Google Doc`) was tapped.
    public func addTapped(_ kind: ItemEditorModel.Kind) {
        opening.forget()
        editor = ItemEditorModel(adding: kind, accountID: accountID, client: client, shrinker: shrinker, outbox: outbox)
    }

    /// The editor's Save: the item is saved (or, offline, queued), merged into the list, and the editor closes.
    public func editorSaveTapped() async {
        guard let editor else { return }
        await editor.saveTapped()
        await editorSaved(editor)
    }

    /// The editor's Send Mine after a conflict: what the person typed is saved over the newer version, merged into
    /// the list, and the editor closes (``ItemEditorModel/sendMineTapped()``).
    public func editorSendMineTapped() async {
        guard let editor, editor.conflict != nil else { return }
        await editor.sendMineTapped()
        await editorSaved(editor)
    }

    /// Merges what `editor` saved (or queued) into the list and closes it; a failed save leaves it open.
    private func editorSaved(_ editor: ItemEditorModel) async {
        guard let saved = editor.saved else { return }
        itemSaved(saved)
        await keepShown()
        if let queued = editor.queued, let reason = editor.queuedBecause {
            // NB: the form says why it waits as the outbox told it; the screen's banner says the same.
            await waits(queued, because: reason)
        } else {
            nothingWaits()
        }
        if self.editor === editor { self.editor = nil }
    }

    private func openEditor(editing item: AccountItem) {
        opening.forget()
        editor = ItemEditorModel(
            editing: item, accountID: accountID, client: client, shrinker: shrinker, outbox: outbox)
    }

    /// The editor was closed without saving.
    public func editorDismissed() {
        editor = nil
        if case .discardEditor? = confirmation?.action { confirmation = nil }
    }

    /// The editor's Cancel (or a swipe down on it): it closes at once when nothing was typed or picked; otherwise
    /// the screen asks first, as a note being written would be lost with no way back.
    public func editorCancelTapped() {
        guard let editor else { return }
        guard editor.hasUnsavedChanges else { return editorDismissed() }
        confirmation = Confirmation(
            .discardEditor, title: editor.kind.discardQuestion,
            message: SalesText.confirmDiscardEditorMessage, confirmTitle: SalesText.discard,
            cancelTitle: SalesText.keepEditing)
    }

    /// The Notes & Attachments header was tapped.
    public func itemsToggled() {
        itemsExpanded.toggle()
    }

    /// A row's Delete was tapped (swiped): the screen asks first, as the item cannot be had back. An item added
    /// offline and still waiting is asked about too, in words that say it was never sent.
    public func itemDeleteTapped(id: String) {
        guard let row = items.first(where: { $0.id == id }) else { return }
        deletionRefused = false
        confirmation = Confirmation(
            .deleteItem(id), title: SalesText.confirmDelete(row.title),
            message: row.waiting == nil ? SalesText.confirmDeleteMessage : SalesText.confirmDeleteWaitingMessage,
            confirmTitle: SalesText.delete, cancelTitle: SalesText.cancel)
    }

    /// The question was dismissed (Cancel): the item, or the person's change, stays.
    public func confirmationDismissed() { confirmation = nil }

    /// The question's destructive button was tapped: the item is deleted (in Salesforce, or queued when offline),
    /// or the person's change let go.
    public func confirmTapped(_ question: Question) async {
        confirmation = nil
        switch question {
        case .deleteItem(let id): await deleteItem(id: id)
        case .discardUnsent(let id): await discardUnsent(id: id)
        case .discardForm: await discardForm()
        case .discardEditor: editorDismissed()
        case .cancelForm: form = nil
        }
    }

    /// Deletes the item of `id`, unless its deletion or its editor's save is already on its way.
    ///
    /// NB: a second Delete confirmed while the first is on its way (a double tap) found the item gone from the
    /// outbox and said it "was sent to Salesforce", or sent a second DELETE whose "not found" put a failure over the
    /// first. One confirmed while the editor's save of the same item is on its way would be sent against the version
    /// the save replaces, and the save would then put the row back: it does nothing, and the row shows what was
    /// saved, to be deleted after asking again.
    private func deleteItem(id: String) async {
        guard !deleting.contains(id), editor?.isSaving(itemID: id) != true,
            let item = details?.items.first(where: { $0.id == id })
        else { return }
        deleting.insert(id)
        defer { deleting.remove(id) }
        guard !item.isWaiting else { return await withdraw(item, id: id) }
        calls.started()
        defer { calls.ended() }
        nothingWaits()
        do {
            let edit = PendingEdit.deleting(
                item.objectName, id: id, name: item.name, basedOn: item.lastModifiedDate, on: accountID)
            let delivery = try await outbox.send(edit) {
                try await client.delete(
                    item.objectName, id: id, expectedLastModified: item.lastModifiedDate, operation: edit.summary)
            }
            remove(id: id)
            await keepShown()
            if let reason = delivery.queueReason { await waits(edit, because: reason) }
        } catch let error as SalesforceError {
            if case .signedOut(_, let ended) = error {
                signedOut(sessionEnded: ended)
            } else {
                banner = .failure(error.message(object: item.objectName))
            }
        } catch {
            banner = .failure(SalesText.failureMessage(for: error))
        }
    }

    /// Deletes an item added offline that still waits: its waiting create is taken back with all that waits of it,
    /// so nothing is ever sent, and the row goes.
    ///
    /// NB: when it no longer waits (the outbox sent it meanwhile, or is sending it now), nothing is deleted, here or
    /// in Salesforce: the screen says so and reloads, so the row comes back as Salesforce has it, to be deleted
    /// there after asking, as any sent item. Deleting it on the server unasked could delete what the person then
    /// changed; forgetting it here would leave in Salesforce a record the person believes gone.
    private func withdraw(_ item: AccountItem, id: String) async {
        calls.started()
        defer { calls.ended() }
        let withdrawn: Bool
        do {
            withdrawn = try await outbox.withdraw(waiting: id)
        } catch {
            deletionRefused = true
            banner = .failure(
                SalesText.notWithdrawn(SalesText.itemName(item.name), SalesText.failureMessage(for: error)))
            return
        }
        guard withdrawn else {
            deletionRefused = true
            await refresh()
            banner = .failure(SalesText.waitingItemSent(SalesText.itemName(item.name)))
            return
        }
        remove(id: id)
        await keepShown()
        await readOutbox()
    }

    /// An item editor saved a note, attachment or doc: merge it into the list. An item added offline has no id
    /// yet, so it replaces nothing (not even another item waiting to be added).
    public func itemSaved(_ item: AccountItem) {
        guard var details else { return }
        func replace<Item: AccountItemRecord>(_ item: Item, in items: inout [Item]) {
            if let id = item.id { items.removeAll { $0.id == id } }
            items.append(item)
        }
        switch item {
        case .note(let note): replace(note, in: &details.notes)
        case .attachment(let attachment): replace(attachment, in: &details.attachments)
        case .doc(let doc): replace(doc, in: &details.docs)
        }
        show(details)
    }

    /// A Know · Say · Show header was tapped.
    public func contentSectionToggled(_ kind: KnowSayShowSection.Kind) {
        for index in contentSections.indices where contentSections[index].kind == kind {
            contentSections[index].isExpanded.toggle()
        }
    }

    /// A Know · Say · Show row was tapped: download its document and open it.
    public func contentRowTapped(id: String) async {
        guard let row = contentSections.flatMap(\.rows).first(where: { $0.id == id }),
            let documentID = row.contentDocumentID
        else { return }
        await open(title: row.text) { try await self.client.downloadContent(contentDocumentID: documentID) }
    }

    /// The modal viewer or browser was closed.
    public func documentDismissed() {
        opening.forget()
        openedDocument = nil
        openedPage = nil
    }

    /// What the screen shows over itself was swiped away: on the editor that is its Cancel (which asks before losing
    /// what was typed, ``editorCancelTapped()``), on a document or web page its Done (``documentDismissed()``).
    public func presentationDismissed() {
        if editor == nil { documentDismissed() } else { editorCancelTapped() }
    }

    /// "Send Mine" on an unsent change of this account: it goes back in the queue without the version check and is sent now,
    /// over the server's version; the account reloads.
    public func sendOverTapped(id: UUID) async {
        guard unsentEdits.contains(where: { $0.id == id }) else { return }
        do {
            guard try await outbox.sendOver(id) else { return }
        } catch {
            banner = .failure(SalesText.failureMessage(for: error))
            return
        }
        await refresh()
    }

    /// "Discard Mine" on an unsent change of this account: the screen asks first; the question's Discard lets it
    /// go, and the account reloads with the server's version (``confirmTapped(_:)``).
    public func discardTapped(id: UUID) {
        guard let row = unsentEdits.first(where: { $0.id == id }) else { return }
        confirmation = Confirmation(
            .discardUnsent(id), title: SalesText.confirmDiscardUnsent(row.title),
            message: SalesText.confirmDiscardUnsentMessage, confirmTitle: SalesText.discard,
            cancelTitle: SalesText.cancel)
    }

    private func discardUnsent(id: UUID) async {
        guard unsentEdits.contains(where: { $0.id == id }) else { return }
        do {
            try await outbox.discard(id)
        } catch {
            banner = .failure(SalesText.failureMessage(for: error))
            return
        }
        await load()
    }

    /// The network is back: send the outbox once, report conflicts and refusals, reload.
    ///
    /// NB: a save Salesforce refused reloads too: shown at once when it was queued, it would otherwise stay on the
    /// page (and in the saved copy) as if Salesforce had it, while "Changes Not Sent" lists it as refused.
    public func networkReturned() async {
        let sending = await sendWaitingEdits()
        if let report = sending.report, !report.sent.isEmpty || !report.conflicts.isEmpty || !report.rejected.isEmpty {
            await load()
        }
        if let said = sending.message, !accountIsGone { banner = .failure(said) }
    }

    // MARK: - State

    /// Sends what waits, then loads; what the sending had to say (a conflict, a refusal) outlasts the load.
    private func refresh() async {
        let sending = await sendWaitingEdits()
        await load()
        // NB: an account that is gone says so, and that its changes cannot be sent, in place of "not sent".
        if let said = sending.message, !accountIsGone { banner = .failure(said) }
    }

    /// Sends the edits waiting in the outbox, each once: the report (`nil` when none waited) and what the banner
    /// should say about it (a conflict, a refusal, or an outbox that could not be read).
    ///
    /// The outbox sends every account's edits, but the banner speaks of this screen's only, and counts what its
    /// "Changes Not Sent" lists: another account's change the server did not take is listed on that account's
    /// screen, where the person can act on it.
    private func sendWaitingEdits() async -> (report: FlushReport?, message: String?) {
        do {
            guard try await outbox.pendingCount() > 0 else { return (nil, nil) }
            let report = try await outbox.flush(using: client)
            await readOutbox()
            let notSentHere = (report.conflicts + report.rejected).contains { $0.isListed(on: accountID) }
            return (report, notSentHere && !unsentEdits.isEmpty ? SalesText.notSent(unsentEdits.count) : nil)
        } catch {
            return (nil, SalesText.failureMessage(for: error))
        }
    }

    private func load() async {
        phase = details == nil ? .loading : phase
        calls.started()
        defer { calls.ended() }
        do {
            async let loadedDetails = client.retrieveAccount(id: accountID)
            async let loadedContent = client.webContent(accountID: accountID)
            let fresh = try await loadedDetails
            await cache.save(fresh)
            show(fresh)
            // NB: what the banner said (offline, saved offline, a failure) no longer holds once the server answers.
            banner = nil
            conflict = nil
            let expanded = Set(contentSections.filter(\.isExpanded).map(\.kind))
            do {
                let content = try await loadedContent
                contentSections = KnowSayShowSection.sections(
                    content, expanded: contentSections.isEmpty ? [.know] : expanded)
                contentUnavailable = nil
                await cache.saveContent(accountID, content)
            } catch let error as SalesforceError {
                if case .signedOut = error { throw error }
                contentFailed(error)
            }
        } catch let error as SalesforceError {
            if case .signedOut(_, let ended) = error {
                signedOut(sessionEnded: ended)
                return
            }
            // NB: an id never seen, with nothing held for it, is a plain failure (a typo, most likely); one whose
            // changes are held here is gone, so that the screen lists them to be let go.
            var gone = error.isNotFound && (details != nil || accountIsGone)
            if error.isNotFound, !gone { gone = await holdsChanges() }
            if gone {
                await accountGone(details.map { $0.account.name ?? accountID })
                return
            }
            // NB: offline with a saved copy, the page works on it (a notice); with none, the page has failed.
            banner =
                !error.isOffline
                ? .failure(error.message)
                : details == nil
                    ? .failure(SalesText.offlineNotSaved(contentIsSaved: !contentSections.isEmpty))
                    : .notice(SalesText.localized("banner.offlineShowingSaved"))
            if details == nil { phase = .failed(banner?.text ?? error.message) }
            canRetry = details == nil && (error.isOffline || error.isServerTrouble)
            if error.isOffline { contentIsNotSaved() }
        } catch {
            banner = .failure(SalesText.failureMessage(for: error))
            if details == nil { phase = .failed(SalesText.failureMessage(for: error)) }
            canRetry = false
        }
        await readOutbox()
    }

    /// Know · Say · Show could not be loaded, though the account was: the banner says why, and the account stays.
    ///
    /// NB: its Apex endpoint answering 404 (`NOT_FOUND`: not deployed in the org, or its URL mapping gone) says
    /// nothing of the account; taken as the account's 404, it wiped the account just shown from the device.
    private func contentFailed(_ error: SalesforceError) {
        banner = error.isOffline ? .notice(SalesText.localized("banner.offlineShowingSaved")) : .failure(error.message)
        if error.isOffline { contentIsNotSaved() }
    }

    /// Offline, Know · Say · Show says in its place that none of it is saved here, when none is and the account is.
    ///
    /// NB: the banner has already said the screen is offline, so the section says only what it lacks; with no
    /// account to show the banner says it all (nothing of this account is on the device), and the section is
    /// not drawn.
    private func contentIsNotSaved() {
        contentUnavailable = contentSections.isEmpty && details != nil ? SalesText.offlineNoContent : nil
    }

    private func show(_ details: AccountDetails) {
        self.details = details
        canRetry = false
        title = SalesText.itemName(details.account.name)
        infoRows = InfoRow.general(details.account)
        healthCare = HealthCareSection(details.account, locale: locale)
        items = details.items.map { ItemRow($0, locale: locale, timeZone: timeZone) }
        phase = .loaded
    }

    /// Shows the account as it now stands on the device and saves that copy, so an edit made here (sent, or
    /// waiting in the outbox) is what the screen shows next time, even if it opens offline.
    ///
    /// NB: not once the session has ended (an edit saved as Salesforce refused the session waits in the outbox):
    /// the device's copy of the account went with the session, and must not come back after it.
    private func keepShown() async {
        guard let details else { return }
        show(details)
        guard await client.session != nil else { return }
        await cache.save(details)
    }

    private func remove(id: String) {
        guard var details else { return }
        details.notes.removeAll { $0.id == id }
        details.attachments.removeAll { $0.id == id }
        details.docs.removeAll { $0.id == id }
        show(details)
    }

    /// Downloads what a row names and opens it, unless another row was tapped (or the viewer closed) meanwhile.
    ///
    /// NB: rows stay tappable while a download is on its way: a large attachment tapped first landed after a small
    /// one tapped next, and replaced it in the viewer (or opened over the Google Doc or the note tapped since).
    private func open(
        title: String, fileName: String? = nil, whenGone gone: (@MainActor () async -> Void)? = nil,
        _ download: @escaping @Sendable () async throws -> DownloadedFile
    ) async {
        let tap = opening.tapped()
        calls.started()
        defer { calls.ended() }
        do {
            let file = try await download()
            guard opening.landed(tap) else { return }
            openedDocument = OpenedDocument(
                title: title, data: file.data, contentType: Self.viewingType(of: file, named: fileName))
        } catch let error as SalesforceError {
            if case .signedOut(_, let ended) = error {
                signedOut(sessionEnded: ended)
            } else if error.isNotFound, let gone {
                await gone()
            } else if opening.landed(tap) {
                banner = .failure(error.message)
            }
        } catch {
            if opening.landed(tap) { banner = .failure(SalesText.failureMessage(for: error)) }
        }
    }

    /// The type the viewer shows a download as: what its first bytes say when they are a PDF or an image, whatever
    /// was declared; else the declared type, or, when that says nothing (`application/octetstream`), the file name's.
    ///
    /// NB: Salesforce stores whatever `ContentType` an uploader sent, or none: a scan attached from another tool as
    /// `image/jpeg` but holding a PDF, or with no type at all, opened in the web view as a blank page.
    static func viewingType(of file: DownloadedFile, named fileName: String?) -> String {
        let sniffed = PickedFile.contentType(of: file.data, named: "")
        if sniffed != PickedFile.unknownType { return sniffed }
        guard ["application/octetstream", PickedFile.unknownType].contains(file.contentType) else {
            return file.contentType
        }
        return PickedFile.contentType(of: file.data, named: fileName ?? "")
    }

    /// Salesforce no longer has the account (someone deleted it, or it never was): the copy saved on the device
    /// goes, so it is never shown again as if it were there, and the screen says so (naming the copy it showed,
    /// when `shown`). The changes held for it stay listed, to be copied and let go.
    private func accountGone(_ shown: String?) async {
        await cache.remove(accountID)
        clear()
        accountIsGone = true
        canRetry = false
        await readOutbox()
        var message =
            shown.map { SalesText.table.format("banner.accountGone", $0) } ?? SalesText.accountMissing(accountID)
        if !unsentEdits.isEmpty { message += " " + SalesText.accountGoneUnsent }
        banner = .failure(message)
        phase = .failed(message)
    }

    /// Whether the outbox holds changes made to this very account (not only ones whose account is not known).
    private func holdsChanges() async -> Bool {
        let unsent = (try? await outbox.unsent(accountID: accountID)) ?? []
        return unsent.contains { $0.edit.accountID == accountID }
    }

    /// Nothing of the account is shown any more.
    private func clear() {
        details = nil
        title = SalesText.accountTitle
        items = []
        infoRows = []
        healthCare = nil
        contentSections = []
        contentUnavailable = nil
        form = nil
        confirmation = nil
    }

    /// No session to call with: the screen clears and says whether it ended or there was none (a sign-out).
    private func signedOut(sessionEnded: Bool) {
        clear()
        canRetry = false
        phase = .signedOut
        banner = .failure(SalesText.signedOut(sessionEnded: sessionEnded))
    }

    /// `edit` waits in the outbox instead of being sent, for `reason`: the banner says why and when it goes (the one
    /// sentence for each reason, ``SalesText/savedToSend(because:)``), and the count of what waits is read again.
    private func waits(_ edit: PendingEdit, because reason: QueueReason) async {
        queued = edit
        queuedBecause = reason
        banner = .notice(SalesText.savedToSend(because: reason))
        await readOutbox()
    }

    /// Nothing of the last save or deletion waits (it went, or is on its way).
    private func nothingWaits() {
        queued = nil
        queuedBecause = nil
    }

    /// Reads what the outbox holds: the count of edits waiting, and the ones the server did not take.
    ///
    /// NB: read without the bytes an attachment added offline waits with (up to 25 MB as base64): the screen
    /// opens, reloads and syncs with them waiting, and shows only a count and rows.
    private func readOutbox() async {
        pendingEditCount = (try? await outbox.pendingCount()) ?? 0
        unsentEdits = ((try? await outbox.unsent(accountID: accountID)) ?? []).map(UnsentEditRow.init)
    }
}
