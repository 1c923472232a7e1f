import APIClient
import Foundation
import HTTPTypes
import LocalStore
import Localization
import Observation

/// The add/edit form for a note, an attachment or a Google Doc.
///
/// A new attachment shows "+ Attachment" to pick an image and "+ File" for any file (an image over 25 MB is
/// shrunk to fit before upload); an existing one can only be renamed, so the buttons are gone, but an image
/// attachment still shows its image.
@Observable @MainActor
public final class ItemEditorModel {
    /// What the form edits.
    public enum Kind: Sendable, Hashable {
        case note, attachment, doc

        /// The Salesforce name of the record the form writes (`Note`, `Attachment`, `GoogleDoc`).
        var objectName: String {
            switch self {
            case .note: Note.objectName
            case .attachment: Attachment.objectName
            case .doc: GoogleDoc.objectName
            }
        }
    }

    /// What the form edits.
    public let kind: Kind
    /// Whether the form edits an existing record (else it adds one).
    public let isEditing: Bool
    /// The name field (a note's title).
    public private(set) var name: String
    /// A note's text.
    public private(set) var text: String
    /// A Google Doc's link.
    public private(set) var url: String
    /// The page a Google Doc's link opens, as its row opens it (``webLink(_:)``): `nil` when the link is none a
    /// browser opens as a page (empty, `javascript:`, `file:`), which nothing may open.
    public var openedLink: URL? { Self.webLink(url).flatMap(URL.init(string:)) }
    /// Whether the form offers "+ Attachment": only when adding an attachment.
    public var showsAddAttachmentButton: Bool { kind == .attachment && !isEditing }
    /// The image shown in the form: the picked image, or an existing image attachment once loaded.
    public private(set) var image: Data?
    /// Why an existing image attachment shows no picture, in a sentence that says why: the network (or the server)
    /// could not be reached, Salesforce was busy, the session ended, the file is no longer in Salesforce, or its
    /// bytes are no picture the device reads. `nil` while it loads, once it is shown, and for any other item.
    public private(set) var imageFailure: String?
    /// Whether the form offers Retry under ``imageFailure`` (``imageRetryTapped()``): only when trying again may
    /// bring the picture (not for a file Salesforce no longer has, bytes that are no picture, or a session that
    /// ended, which sends the app back to its sign-in form).
    public private(set) var canRetryImage = false
    /// Whether the picture is on its way (a second Retry tapped meanwhile sends nothing more).
    private var imageLoading = false
    /// Whether "Save" may be tapped.
    public var canSave: Bool {
        guard !isBusy, !sentName.isEmpty, tooLong == nil, nameBreak == nil else {
            return false
        }
        switch kind {
        case .note: return true
        case .doc: return Self.webLink(url) != nil
        case .attachment: return isEditing || picked != nil
        }
    }
    /// Why "Save" may not be tapped yet, in a sentence (`nil` when it may, or while a call is in flight): what is
    /// missing first, so a new attachment with nothing picked asks for the file before a name.
    public var saveRefusal: String? {
        guard !isBusy, !canSave else { return nil }
        // NB: picking a file names the attachment after it, so asking for a name first misleads.
        if kind == .attachment, !isEditing, picked == nil { return SalesText.localized("editor.needsFile") }
        if sentName.isEmpty { return SalesText.localized("editor.needsName") }
        if let nameBreak { return SalesText.notOneLine(nameField.label, nameBreak) }
        if let tooLong { return SalesText.tooLong(tooLong.field.label, limit: tooLong.limit, length: tooLong.length) }
        switch kind {
        case .note: return nil
        case .doc:
            // NB: a link typed but not a web page's ("docs", "ftp://…") was met with "Give the Google Doc a link",
            // as if the field were empty.
            let typed = url.trimmingCharacters(in: .whitespacesAndNewlines)
            return typed.isEmpty
                ? SalesText.localized("editor.needsURL") : SalesText.table.format("editor.notAWebLink", typed)
        case .attachment: return nil
        }
    }
    /// Whether the person has typed or picked something the form has not saved: closing it then loses work, so
    /// the screen asks first (``AccountScreenModel/editorCancelTapped()``).
    public var hasUnsavedChanges: Bool {
        guard saved == nil else { return false }
        if picked != nil { return true }
        switch existing {
        case nil:
            return !name.isEmpty || !text.isEmpty || !url.isEmpty
        case .note(let note):
            return name != (note.name ?? "") || text != (note.text ?? "")
        case .doc(let doc):
            return name != (doc.name ?? "") || url != (doc.url ?? "")
        case .attachment(let attachment):
            return name != (attachment.name ?? "")
        }
    }
    /// Whether the form shows an item added offline that still waits in the outbox. It is edited as a sent one
    /// is, under the same rules: a save changes what waits to be sent (a note's or a Google Doc's fields,
    /// ``SalesOutbox/revise(waiting:changedFrom:)``; an attachment's name, ``SalesOutbox/rename(waiting:to:)``, its
    /// bytes left where they wait).
    public var isWaiting: Bool { existing?.isWaiting ?? false }

    /// Whether a save of the item of `itemID` is on its way from this form.
    func isSaving(itemID: String) -> Bool { isBusy && existing?.id == itemID }

    /// The first field longer than Salesforce stores (``ItemFieldLimit``), as the form would save it.
    var tooLong: (field: ItemFieldLimit, limit: Int, length: Int)? {
        var values: [(ItemFieldLimit, String)]
        switch kind {
        case .note: values = [(.noteTitle, sentName), (.noteBody, text)]
        case .attachment: values = [(.attachmentName, uploadName)]
        case .doc: values = [(.docName, sentName), (.docURL, Self.webLink(url) ?? url)]
        }
        for (field, value) in values where field.length(of: value) > field.limit {
            return (field, field.limit, field.length(of: value))
        }
        return nil
    }

    /// The name the attachment goes up under: the typed name, its extension made the stored type's when the file
    /// was made into a JPEG to fit (`Site photo.png` goes up as `Site photo.jpg`).
    var uploadName: String {
        guard !isEditing, shrunk != nil else { return sentName }
        return PickedFile.jpegName(sentName)
    }

    /// The name as it is sent: without the spaces and line breaks around it (a pasted title's), as Change Jar
    /// trims its titles and Attendee its names.
    var sentName: String { name.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// The name field as a sentence names it (`The title`, `The name`).
    private var nameField: ItemFieldLimit {
        switch kind {
        case .note: .noteTitle
        case .attachment: .attachmentName
        case .doc: .docName
        }
    }

    /// Where the name, as sent, stops being one line (a line break, tab or other control character, or one that
    /// reorders the text after it), as ``ItemName/lineBreak(in:)`` finds it; `nil` when it is one line, or is the name
    /// the item opened with (a name stored before is kept until the rep changes it).
    var nameBreak: ItemName.Break? {
        if let opened = existing?.name, name == opened { return nil }
        return ItemName.lineBreak(in: sentName)
    }

    /// `text` as the link a Google Doc row opens, or `nil` when it is no link a browser opens as a page: http or
    /// https with a host (never `javascript:` or `ftp:`, which the row would otherwise open). Spaces around it go,
    /// and a link typed without a scheme, as an address bar takes one (`docs.google.com/document/d/…`), gets
    /// `https://`.
    nonisolated static func webLink(_ text: String) -> String? {
        let typed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard var url = URL(string: typed) else { return nil }
        if url.scheme == nil {
            // NB: only a host with a dot: a bare word ("proposal") is no address.
            guard let withScheme = URL(string: "https://" + typed), withScheme.host?.contains(".") == true else {
                return nil
            }
            url = withScheme
        }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return url.absoluteString
    }
    /// Whether a call is in flight.
    public var isBusy: Bool { calls.isBusy }
    /// The calls on their way, which ``isBusy`` counts: the first of two to end leaves the spinner on.
    private var calls = CallsInFlight()
    /// Why the last save failed, for the form.
    public private(set) var errorMessage: String?
    /// The conflict the last Save met: someone else saved the item after this form read it, and nothing was
    /// overwritten. The form keeps what was typed and offers Send Mine (``sendMineTapped()``); `nil` otherwise.
    public private(set) var conflict: SalesforceError?
    /// The saved record (with its new id after an insert); the screen merges it into its list.
    public private(set) var saved: AccountItem?
    /// How the picked image was made to fit under the limit; `nil` when it went up as it was.
    public private(set) var shrunk: ShrunkImage?
    /// The line under a shrunk image: `Made smaller to fit under 25 MB: 31.5 MB → 23.0 MB, 4600 × 3450.`
    public var shrunkMessage: String? {
        shrunk.map { SalesText.shrunk(from: pickedByteCount, to: $0.data.count, $0.dimensions) }
    }
    private var pickedByteCount = 0
    /// What the last Save did: sent, queued in the outbox, or nothing to send; `nil` before one succeeds.
    public private(set) var outcome: SaveOutcome?
    /// The save that waits in the outbox because the network was down or the session ended (``queuedBecause``);
    /// `nil` when it went, or none was made. ``saved`` is then the item as the person left it.
    public private(set) var queued: PendingEdit?
    /// Why ``queued`` waits: the network was down, or the session ended and it waits for the next sign-in; `nil`
    /// when nothing waits.
    public private(set) var queuedBecause: QueueReason?

    private let accountID: String
    private let existing: AccountItem?
    private let client: SalesforceClient
    private let shrinker: ImageShrinker
    private let outbox: SalesOutbox?
    private var picked: PickedFile?
    /// The add that failed last (a note, a doc or an upload), whose answer may have been lost after Salesforce
    /// stored it: a Save that sends the same again goes under its id, so its `Idempotency-Key` makes no second record.
    private var failedAdd: PendingEdit?

    /// A form adding a `kind` of item to an account; with an `outbox`, an item saved offline waits there.
    public init(
        adding kind: Kind, accountID: String, client: SalesforceClient, shrinker: ImageShrinker,
        outbox: SalesOutbox? = nil
    ) {
        self.kind = kind
        self.accountID = accountID
        self.client = client
        self.shrinker = shrinker
        self.outbox = outbox
        existing = nil
        isEditing = false
        name = ""
        text = ""
        url = ""
    }

    /// A form editing an existing item; with an `outbox`, a save made offline waits there. Saving an existing
    /// item does not need its account, so `accountID` may be left out (as on the command line, which names the
    /// item alone).
    public init(
        editing item: AccountItem, accountID: String = "", client: SalesforceClient, shrinker: ImageShrinker,
        outbox: SalesOutbox? = nil
    ) {
        self.accountID = accountID
        self.client = client
        self.shrinker = shrinker
        self.outbox = outbox
        existing = item
        isEditing = true
        name = item.name ?? ""
        switch item {
        case .note(let note):
            kind = .note
            text = note.text ?? ""
            url = ""
        case .attachment:
            kind = .attachment
            text = ""
            url = ""
        case .doc(let doc):
            kind = .doc
            text = ""
            url = doc.url ?? ""
        }
    }

    /// The form appeared: an existing image attachment is downloaded to be shown.
    public func appeared() async { await loadImage() }

    /// "Retry" under a picture that did not load (``imageFailure``): it is downloaded again.
    public func imageRetryTapped() async { await loadImage() }

    /// Downloads an existing image attachment's picture; a failure is said (``imageFailure``), not left blank.
    private func loadImage() async {
        // NB: an attachment added offline has no body on the server yet.
        guard case .attachment(let attachment)? = existing, attachment.isImage, !isWaiting, let id = attachment.id,
            image == nil, !imageLoading
        else { return }
        imageFailure = nil
        canRetryImage = false
        imageLoading = true
        calls.started()
        defer {
            calls.ended()
            imageLoading = false
        }
        do {
            let data = try await client.downloadAttachment(id: id, contentType: attachment.contentType).data
            // NB: Salesforce keeps whatever type an uploader declared: a scan saved as `image/jpeg` holding a PDF
            // showed an empty frame, said to be a picture. The device's codec (ImageIO in the app) is what draws it,
            // so it is what is asked.
            guard (try? shrinker.resampler.dimensions(data)) != nil else {
                imageFailure = SalesText.imageUndecodable
                return
            }
            image = data
        } catch {
            (imageFailure, canRetryImage) = Self.imageFailure(error)
        }
    }

    /// What the form says of a picture whose download failed with `error`, and whether Retry may bring it.
    private static func imageFailure(_ error: any Error) -> (String, canRetry: Bool) {
        guard let error = error as? SalesforceError else { return (SalesText.imageNotLoaded, true) }
        switch error {
        case .offline(_, let why): return (SalesText.imageOffline(why), true)
        case .signedOut(_, let ended): return (SalesText.signedOut(sessionEnded: ended), false)
        case _ where error.isNotFound: return (SalesText.imageGone, false)
        case _ where error.isServerTrouble: return (SalesText.imageServerTrouble, true)
        default: return (SalesText.imageNotLoaded, true)
        }
    }

    /// The name field changed.
    public func nameEdited(_ value: String) { name = value }
    /// The note's text changed.
    public func textEdited(_ value: String) { text = value }
    /// The link changed.
    public func urlEdited(_ value: String) { url = value }

    /// The navigation title: `New Note` when adding, `Note` when editing.
    public var title: String { kind.editorTitle(isEditing: isEditing) }

    /// A photo was picked from the library: its type is read from its bytes (``PickedFile/init(photo:)``).
    public func photoPicked(_ data: Data) { attach(PickedFile(photo: data)) }

    /// A file was picked (the Files picker, or a path on the command line): its type is read from its bytes, else
    /// its name (``PickedFile/init(name:data:)``).
    public func filePicked(name: String, data: Data) { attach(PickedFile(name: name, data: data)) }

    /// The Files picker closed with a file, or with the reason it could not give one.
    public func fileChosen(_ result: Result<URL, any Error>) {
        guard case .success(let url) = result else {
            errorMessage = SalesText.fileUnreadable(nil)
            return
        }
        do {
            let file = try ChosenFile(contentsOf: url)
            filePicked(name: file.name, data: file.data)
        } catch {
            errorMessage = SalesText.fileUnreadable(url.lastPathComponent)
        }
    }

    /// Takes a picked file for the upload: an image over 25 MB is shrunk to fit (and goes up as the JPEG it
    /// became, named `.jpg`); anything else of that size is refused with the limit named, and so is an empty file.
    /// A refused file leaves the file picked before it as it was, with its line about shrinking.
    private func attach(_ file: PickedFile) {
        guard showsAddAttachmentButton else { return }
        guard !file.data.isEmpty else {
            errorMessage = SalesText.fileEmpty(file.name)
            return
        }
        let limit = SalesforceClient.maximumAttachmentBytes
        var upload = file
        var madeSmaller: ShrunkImage?
        if file.data.count > limit {
            // NB: only images can be made smaller; anything else over the limit is refused with the limit named,
            // before a codec is asked to read what is not an image.
            guard file.isImage else {
                errorMessage = SalesText.fileTooLarge(file.name, bytes: file.data.count)
                return
            }
            do {
                let result = try shrinker.shrink(file.data)
                if result.attempts > 0 {
                    upload = upload.reencoded(as: result.data)
                    madeSmaller = result
                }
            } catch {
                errorMessage =
                    (error as? ImageShrinkError)?.message
                    ?? SalesText.imageUnreadable(file.name, limit: limit / 1_048_576)
                return
            }
        }
        picked = upload
        shrunk = madeSmaller
        pickedByteCount = file.data.count
        image = upload.isImage ? upload.data : nil
        if name.isEmpty { name = upload.name }
        errorMessage = nil
    }

    /// "Save": insert or update with the exact field rules; the new id is attached at once.
    public func saveTapped() async { await save(over: false) }

    /// "Send Mine" after a conflict (``conflict``): the fields the person changed are saved over the newer version
    /// on the server, without the version check; the fields they left alone stay as the other person saved them.
    public func sendMineTapped() async {
        guard conflict != nil else { return }
        await save(over: true)
    }

    /// Saves the form; `over` leaves out the version check of an update (the person chose their typing over a
    /// newer version).
    private func save(over: Bool) async {
        guard canSave else { return }
        calls.started()
        defer { calls.ended() }
        queued = nil
        queuedBecause = nil
        outcome = nil
        conflict = nil
        // NB: without a version, the update is sent unchecked (no read before, no If-Unmodified-Since).
        let existing = over ? existing.map(Self.unversioned) : existing
        do {
            switch (kind, existing) {
            case (.note, .note(let original)?):
                var note = original
                // NB: a field left as it opened keeps the record's value, so it is not among the changes sent.
                if name != (original.name ?? "") { note.name = sentName }
                if text != (original.text ?? "") { note.text = text }
                saved = .note(try await isWaiting ? revise(note, from: original) : update(note, from: original))
            case (.note, _):
                saved = .note(try await add(Note(name: sentName, text: text)))
            case (.attachment, .attachment(let original)?):
                var attachment = original
                if name != (original.name ?? "") { attachment.name = sentName }
                saved = .attachment(
                    try await isWaiting ? rename(attachment, from: original) : update(attachment, from: original))
            case (.attachment, _):
                guard let picked else { return }
                saved = .attachment(try await upload(picked, name: uploadName))
            case (.doc, .doc(let original)?):
                var doc = original
                let link = Self.webLink(url) ?? url
                if name != (original.name ?? "") { doc.name = sentName }
                if link != (original.url ?? "") { doc.url = link }
                saved = .doc(try await isWaiting ? revise(doc, from: original) : update(doc, from: original))
            case (.doc, _):
                saved = .doc(try await add(GoogleDoc(name: sentName, url: Self.webLink(url) ?? url)))
            }
            errorMessage = nil
            if outcome == nil { outcome = queued == nil ? .saved : .queued }
        } catch let error as SalesforceError {
            if case .conflict = error { conflict = error }
            // NB: deleted elsewhere while the form was open: Salesforce's NOT_FOUND said nothing a rep could act on.
            if error.isNotFound, let existing {
                errorMessage = SalesText.editedItemGone(SalesText.itemName(existing.name))
            } else {
                errorMessage = error.message(object: kind.objectName)
            }
        } catch is WaitingItemSent {
            errorMessage = SalesText.localized("editor.waitingSent")
        } catch {
            errorMessage = SalesText.failureMessage(for: error)
        }
    }

    /// `item` with no version, so that its update writes over whatever the server has.
    private static func unversioned(_ item: AccountItem) -> AccountItem {
        switch item {
        case .note(var note):
            note.lastModifiedDate = nil
            return .note(note)
        case .attachment(var attachment):
            attachment.lastModifiedDate = nil
            return .attachment(attachment)
        case .doc(var doc):
            doc.lastModifiedDate = nil
            return .doc(doc)
        }
    }

    /// Creates `item` (with the edit's id as its idempotency key); offline, it waits in the outbox.
    private func add<Item: WrittenAccountItem>(_ item: Item) async throws -> Item {
        let edit = retried(PendingEdit.adding(item, to: accountID))
        let (client, accountID) = (client, accountID)
        var local = item
        local.id = AccountItem.localID(of: edit)
        return try await remembering(edit) {
            try await send(edit, local: local) {
                try await client.create(item, accountID: accountID, idempotencyKey: edit.id.uuidString)
            }
        }
    }

    /// Uploads the picked file (with the edit's id as its idempotency key); offline, it waits in the outbox with
    /// its bytes, as a note or a doc does, and goes up at the next sync.
    private func upload(_ file: PickedFile, name: String) async throws -> Attachment {
        let (client, accountID) = (client, accountID)
        let edit = retried(
            PendingEdit(
                change: .create(
                    object: Attachment.objectName,
                    fields: ItemMapping.attachmentInsert(
                        name: name, body: file.data, contentType: file.contentType, accountID: accountID)),
                summary: SalesText.Operation.uploadAttachment(name), accountID: accountID))
        let local = Attachment(
            id: AccountItem.localID(of: edit), name: name, contentType: file.contentType, bodyLength: file.data.count)
        return try await remembering(edit) {
            try await send(edit, local: local) {
                try await client.createAttachment(
                    name: name, data: file.data, contentType: file.contentType, accountID: accountID,
                    idempotencyKey: edit.id.uuidString)
            }
        }
    }

    /// `edit` under the id of the add that failed before it when it sends the same record (the rep tapped Save again
    /// after a 5xx, or an answer that could not be read, that may have come after Salesforce stored the first);
    /// anything changed since is another record, with a key of its own, never answered with the first.
    private func retried(_ edit: PendingEdit) -> PendingEdit {
        guard let failedAdd, failedAdd.change == edit.change else { return edit }
        var edit = edit
        edit.id = failedAdd.id
        return edit
    }

    /// Runs the add `edit`, remembering it when it fails (``retried(_:)``) and forgetting it when it went (sent, or
    /// queued under its key).
    private func remembering<Item>(_ edit: PendingEdit, _ add: () async throws -> Item) async throws -> Item {
        do {
            let item = try await add()
            failedAdd = nil
            return item
        } catch {
            failedAdd = edit
            throw error
        }
    }

    /// Saves the fields of `item` changed from `original` (the item as the form opened it), checked against the
    /// version it was read at; offline, it waits. A field the person left alone is not sent, so someone else's
    /// change to it stays.
    private func update<Item: AccountItemRecord>(_ item: Item, from original: Item) async throws -> Item {
        // NB: nothing changed is nothing to send; an empty PATCH would only make the record newer for everyone.
        guard item.updateFields(id: item.id ?? "", changedFrom: original).keys.contains(where: { $0 != "Id" }) else {
            outcome = .unchanged
            return original
        }
        let client = client
        let edit = PendingEdit.saving(
            item, changedFrom: original, id: item.id ?? "", on: accountID.isEmpty ? nil : accountID)
        return try await send(edit, local: item) { try await client.save(item, changedFrom: original) }
    }

    /// Saves the fields of an item added offline that still waits in the outbox: its waiting create takes them, so
    /// the sync sends the latest once.
    private func revise<Item: WrittenAccountItem>(_ item: Item, from original: Item) async throws -> Item {
        let changed = item.updateFields(id: item.id ?? "", changedFrom: original).keys.contains { $0 != "Id" }
        return try await changeWaiting(item, from: original, changed: changed) { outbox in
            try await outbox.revise(waiting: item, changedFrom: original)
        }
    }

    /// Renames an attachment added offline that still waits in the outbox: its waiting upload takes the name, so
    /// the sync sends the file once, under it.
    private func rename(_ attachment: Attachment, from original: Attachment) async throws -> Attachment {
        let name = attachment.name ?? ""
        return try await changeWaiting(attachment, from: original, changed: name != (original.name ?? "")) { outbox in
            try await outbox.rename(waiting: original, to: name)
        }
    }

    /// Changes what an item added offline waits to send (``revise(_:from:)``, ``rename(_:from:)``). Nothing changed
    /// is nothing to do, as for a sent item; an item the sync sent meanwhile throws ``WaitingItemSent``.
    private func changeWaiting<Item: Sendable>(
        _ item: Item, from original: Item, changed: Bool, _ change: (SalesOutbox) async throws -> PendingEdit?
    ) async throws -> Item {
        guard changed else {
            outcome = .unchanged
            return original
        }
        guard let outbox, let edit = try await change(outbox) else { throw WaitingItemSent() }
        queuedBecause = await waitingReason()
        queued = edit
        return item
    }

    /// Why a change to an edit that already waits (a revision, a rename: nothing is sent) waits there. NB: the
    /// outbox keeps a write the session ended under only after the client forgot the session, so no session means it
    /// waits for the next sign-in. A write the outbox queued says why itself (``SalesOutbox/Delivery/queued(_:)``).
    private func waitingReason() async -> QueueReason { await client.session == nil ? .sessionEnded : .offline }

    private func send<Item: Sendable>(
        _ edit: PendingEdit, local: Item, _ write: @Sendable () async throws -> Item
    ) async throws -> Item {
        guard let outbox else { return try await write() }
        switch try await outbox.send(edit, write) {
        case .sent(let item): return item
        case .queued(let reason):
            queuedBecause = reason
            queued = edit
            return local
        }
    }
}

/// An item added offline was edited after the outbox sent it (or while it did): Salesforce has it now, and the
/// edit opens it again from there.
struct WaitingItemSent: Error {}
