import APIClient
import AttendeeModels
import Foundation
import Localization
import Observation

/// Where a note's save is.
public enum NoteSaveState: Sendable, Hashable {
    /// Being written; nothing sent.
    case editing
    /// Sent, not answered yet.
    case saving
    /// Stored by the server.
    case saved
    /// Refused or lost; the banner says why.
    case failed
    /// Another device changed the note since it was opened; ``NoteEditorModel/conflict`` holds that version, or
    /// is `nil` while it could not be read (Keep Mine and Use the Other Version read it first).
    case conflict
}

/// The new-note and edit-note page: the text with its rule, the save states, and the banner when another device
/// changed the note first (keep mine, or use theirs).
@Observable @MainActor
public final class NoteEditorModel {
    /// `New Note` or `Edit Note`.
    public let title: String
    /// The text being written.
    public private(set) var text: String
    /// What stops the text from being saved, once something was typed; `nil` when it can be saved.
    public private(set) var problem: TextProblem?
    /// Where the save is.
    public private(set) var saveState: NoteSaveState = .editing
    /// Why the last call failed (a conflict among them), or what it did, if anything.
    public private(set) var banner: Banner?
    /// The version another device saved, while the conflict banner shows; `nil` in a conflict whose other version
    /// could not be read yet.
    public private(set) var conflict: Note?
    /// The note as last saved (`nil` for a new note not saved yet).
    public private(set) var note: Note?
    /// The words of the save button.
    public let saveTitle = Strings.text("notes.save")
    /// What the spinner says while the save is on its way (VoiceOver reads it).
    public let savingTitle = Strings.text("notes.saving")
    /// The words of the conflict banner's buttons.
    public let keepMineTitle = Strings.text("notes.keepMine")
    /// The words of the conflict banner's buttons.
    public let useTheirsTitle = Strings.text("notes.useTheirs")
    /// What the conflict banner calls the words it shows of the other device's version (``conflict``).
    public let otherVersionTitle = Strings.text("notes.otherVersion")
    /// The text box's placeholder.
    public let placeholder = Strings.text("notes.placeholder")
    /// The note's photo: picking one uploads it, Remove takes it off the note at the next save.
    public let attachment: PhotoAttachment

    private let client: AttendeeClient
    private let eventID: String
    private let sessionID: String?
    /// The new note's `Idempotency-Key`, kept with what was sent until the server has it.
    private var createKey = DraftKey<NoteDraft>()
    /// Whether the other device's version is being read for Keep Mine or Use the Other Version.
    private var isReadingTheirs = false

    /// The editor of a new note at an event, about a session or (`nil`) the event.
    public init(client: AttendeeClient, eventID: String, sessionID: String? = nil) {
        self.client = client
        self.eventID = eventID
        self.sessionID = sessionID
        attachment = PhotoAttachment(eventID: eventID, upload: client.uploadAttachment)
        title = Strings.text("screen.noteEditor.new")
        text = ""
    }

    /// The editor of a note there is.
    public init(client: AttendeeClient, editing note: Note) {
        self.client = client
        self.eventID = note.eventID
        self.sessionID = note.sessionID
        self.note = note
        attachment = PhotoAttachment(eventID: note.eventID, upload: client.uploadAttachment)
        title = Strings.text("screen.noteEditor.edit")
        text = note.text
        attachment.keep(note.imageID)
    }

    /// `12 / 10,000`: the characters used, as a person counts them, grouped as the locale writes numbers.
    public var counter: String {
        Strings.format("notes.count", NumberText.count(text.count), NumberText.count(NoteRules.textLimit))
    }

    /// Whether Save works: a text that breaks no rule, a text or photo that differs from what is stored, and no
    /// save or photo upload in flight.
    public var isSaveEnabled: Bool {
        saveState != .saving && !isReadingTheirs && !attachment.isUploading
            && TextProblem.of(text, limit: NoteRules.textLimit) == nil
            && (text != note?.text || attachment.imageID != note?.imageID)
    }

    /// The text changed.
    public func textChanged(_ text: String) {
        self.text = text
        let problem = TextProblem.of(text, limit: NoteRules.textLimit)
        self.problem = problem == .empty ? nil : problem
        if saveState == .saved || saveState == .failed { saveState = .editing }
    }

    /// Save was tapped.
    public func saveTapped() async {
        guard isSaveEnabled else {
            problem = TextProblem.of(text, limit: NoteRules.textLimit)
            return
        }
        await save(over: note?.version)
    }

    /// "Keep Mine" on the conflict banner: saves this text over the other device's version, read first when the
    /// conflict could not read it. A tap while that save (or read) is on its way does nothing: sent over the same
    /// version again, it would meet a conflict with itself.
    public func keepMineTapped() async {
        guard saveState != .saving, let theirs = await theirVersion() else { return }
        await save(over: theirs.version)
    }

    /// "Use the Other Version" on the conflict banner: shows that version, to edit from, read first when the
    /// conflict could not read it (a read that fails again keeps the person's text). A tap while Keep Mine is on
    /// its way does nothing: that choice is made, and its answer would land on the other version's text.
    public func useTheirsTapped() async {
        guard saveState != .saving, let theirs = await theirVersion() else { return }
        note = theirs
        text = theirs.text
        attachment.keep(theirs.imageID)
        problem = nil
        conflict = nil
        banner = nil
        saveState = .editing
    }

    /// The other device's version, for a choice made on the conflict banner: as the conflict read it, or read now
    /// when that read failed; `nil` outside a conflict, while a read is on its way, or when the read fails (the
    /// conflict stays, and says why) or finds this very text (the save is done).
    private func theirVersion() async -> Note? {
        if let conflict { return conflict }
        guard saveState == .conflict, !isReadingTheirs, let id = note?.id else { return nil }
        isReadingTheirs = true
        defer { isReadingTheirs = false }
        banner = nil
        await readTheirs(id, against: (text: text, imageID: attachment.imageID))
        return conflict
    }

    private func save(over version: Int?) async {
        saveState = .saving
        banner = nil
        let sent = (text: text, imageID: attachment.imageID)
        do {
            if let note, let version {
                self.note = try await client.updateNote(
                    note.id, NoteEdit(text: sent.text, imageID: sent.imageID, version: version))
            } else {
                let draft = NoteDraft(text: sent.text, sessionID: sessionID, imageID: sent.imageID)
                note = try await client.createNote(eventID, draft, createKey.key(for: draft))
                createKey.sent(draft)
            }
            saved(sent)
        } catch {
            if AttendeeFailure.status(error) == 409, let id = note?.id {
                await readTheirs(id, against: sent)
            } else if AttendeeFailure.status(error) == 404, note != nil, version != nil {
                // NB: the note was deleted on another device since it was opened. Every Save met the same 404, in
                // the server's words, and the text could be kept nowhere; the next Save now writes it as a new
                // note (with a key of its own), and the line says so.
                note = nil
                saveState = .failed
                banner = .failure(Strings.text("notes.deletedElsewhere"))
            } else {
                saveState = .failed
                // NB: offline, the line says what became of the note (as a message or a post does), not only that
                // the server was out of reach; the text stays in the editor to save again.
                banner =
                    (error as? APIError)?.neverReachedServer == true
                    ? .failure(Strings.text("notes.notSaved.offline")) : Banner(error)
            }
        }
    }

    /// Reads the note as the server holds it after a save of `sent` met a conflict (409). The same words are the
    /// save done; other words are the conflict, with that version to keep mine over or to use. A read that fails
    /// still shows the conflict, with its reason, and Keep Mine and Use the Other Version read it again: the
    /// person's text stays either way.
    private func readTheirs(_ id: String, against sent: (text: String, imageID: String?)) async {
        do {
            let current = try await client.note(id)
            // NB: an earlier save whose answer was lost (offline, a dropped connection) stored this very text:
            // sent again over the version it replaced, it meets itself. That is the save done, not a conflict.
            if current.text == sent.text, current.imageID == sent.imageID {
                note = current
                saved(sent)
                return
            }
            conflict = current
            saveState = .conflict
            banner = .failure(Strings.text("notes.conflict"))
        } catch {
            // NB: it used to say "changed on another device" with nothing to choose but Save, which met the
            // conflict again; the choices stay, each reading the other version first.
            conflict = nil
            saveState = .conflict
            banner = .failure(Strings.format("notes.conflict.notRead", AttendeeFailure.message(error)))
        }
    }

    /// The server stored `sent` (``note`` holds what it answered): the note is saved, unless the person wrote or
    /// attached something else meanwhile.
    private func saved(_ sent: (text: String, imageID: String?)) {
        // NB: what the person wrote or attached while the save was on its way is theirs: it stays, and the
        // note is not called saved, so Save stays on for it.
        let unchanged = text == sent.text && attachment.imageID == sent.imageID && !attachment.isUploading
        if unchanged { attachment.keep(note?.imageID) }
        conflict = nil
        saveState = unchanged ? .saved : .editing
        banner = unchanged ? .confirmation(Strings.text("notes.saved")) : nil
    }
}
