import AttendeeModels
import Foundation
import Localization
import Observation

/// Which notes the list shows.
public enum NotesFilter: Sendable, Hashable {
    /// Every note of the event.
    case all
    /// The notes about one session.
    case session(id: String)
}

/// One note in the list.
public struct NoteRow: Sendable, Hashable, Identifiable, Encodable {
    /// The note's id.
    public var id: String
    /// The first line, cut to fit.
    public var preview: String
    /// The session's title, or `Event note`.
    public var about: String
    /// When it was last edited.
    public var time: String
    /// `Image attached`, when there is an image.
    public var imageLabel: String?
}

/// My Notes at an event: every note or one session's, last edited first; delete; the editor for new and edit.
@Observable @MainActor
public final class NotesModel: BusyScreen {
    /// The notes shown, last edited first.
    public private(set) var rows: [NoteRow] = []
    /// The filter applied.
    public private(set) var filter: NotesFilter
    /// What the list says when there is nothing to show.
    public private(set) var emptyMessage: String?
    /// Whether a call is in flight.
    public var isBusy: Bool { busy }
    /// The calls on their way, which ``isBusy`` counts.
    var calls = CallsInFlight()
    /// Why the last call failed, or what it did, if anything.
    public internal(set) var banner: Banner?
    /// The question asked before a note is deleted (its action is the note's id).
    public private(set) var confirmation: Confirmation<String>?
    /// What the last deletion the person confirmed took away, once the server took it.
    public private(set) var deleted: Deleted?
    /// The page title.
    public let title = Strings.text("screen.notes")
    /// The words of the new-note button.
    public let newTitle = Strings.text("notes.new")
    /// The words of a row's delete action.
    public let deleteTitle = Strings.text("notes.delete")

    private let client: AttendeeClient
    /// The event the notes belong to.
    public let eventID: String
    private let times: WrittenTimeFormatter
    private var notes: [Note] = []
    private var sessionTitles: [String: String] = [:]
    /// Which read started last: an older one (another filter's, an earlier pull) that lands after it is dropped.
    private var newestRead = NewestRead()
    /// Notes whose deletion is on its way: confirmed again meanwhile, nothing more is sent.
    private var deleting: Set<String> = []

    /// Creates the list; from a session's details `filter` is that session. Times are shown in `timeZone`, as
    /// `locale` writes them.
    public init(
        client: AttendeeClient, eventID: String, filter: NotesFilter = .all, timeZone: TimeZone = .current,
        locale: Locale = .current
    ) {
        self.client = client
        self.eventID = eventID
        self.filter = filter
        self.times = WrittenTimeFormatter(timeZone: timeZone, locale: locale)
    }

    /// The words of the filter's choice: `All Notes` or `This Session`.
    public func filterTitle(_ filter: NotesFilter) -> String {
        switch filter {
        case .all: Strings.text("notes.all")
        case .session: Strings.text("notes.thisSession")
        }
    }

    /// The list appeared, or was pulled down. A read that lands after a newer one started (an earlier pull,
    /// another filter's) is dropped, its failure too, and the spinner stays until the newer one lands.
    public func appeared() async {
        let read = newestRead.start()
        await whileBusy {
            let notes: [Note]
            do {
                if sessionTitles.isEmpty {
                    sessionTitles = Dictionary(
                        try await client.agenda(eventID).map { ($0.id, $0.title) },
                        uniquingKeysWith: { first, _ in first })
                }
                notes = try await client.notes(eventID, sessionID)
            } catch {
                if newestRead.landed(read) { throw error }
                return
            }
            guard newestRead.landed(read) else { return }
            self.notes = notes
            show()
        }
    }

    var isReadingNewest: Bool { newestRead.isLoading }

    /// Another filter was chosen: loads its notes.
    public func filterChosen(_ filter: NotesFilter) async {
        guard filter != self.filter else { return }
        self.filter = filter
        await appeared()
    }

    /// Delete was tapped on a row: the list asks first, naming the note by its first line; an id the list does
    /// not show asks nothing.
    public func deleteTapped(id: String) {
        guard let row = rows.first(where: { $0.id == id }) else { return }
        confirmation = Strings.confirmation(id, "note", button: deleteTitle, row.preview)
    }

    /// The question was dismissed (Cancel): the note stays.
    public func confirmationDismissed() { confirmation = nil }

    /// The question's Delete was tapped: the note is deleted; answers whether it is gone. Confirmed again while it
    /// is on its way, nothing more is sent (and `false` answered: this tap deleted nothing); a note the server no
    /// longer has (404) is gone, as the person wanted.
    @discardableResult
    public func confirmTapped(_ id: String) async -> Bool {
        confirmation = nil
        guard deleting.insert(id).inserted else { return false }
        defer { deleting.remove(id) }
        deleted = nil
        return await whileBusy {
            try await AttendeeFailure.deleting { try await client.deleteNote(id) }
            notes.removeAll { $0.id == id }
            deleted = Deleted(id)
            show()
            banner = .confirmation(Strings.text("notes.deleted"))
        }
    }

    /// A note was opened by its id (a link, or the command line): its editor, or `nil` with the banner saying
    /// why. Only a note of this event opens here: one written at another event is that event's to show.
    public func noteOpened(id: String) async -> NoteEditorModel? {
        banner = nil
        do {
            let note = try await client.note(id)
            guard note.eventID == eventID else {
                banner = .failure(Strings.format("notes.notAtEvent", id))
                return nil
            }
            return NoteEditorModel(client: client, editing: note)
        } catch {
            banner = Banner(error)
            return nil
        }
    }

    /// The editor for a new note (about the filtered session, when there is one).
    public func newNoteEditor() -> NoteEditorModel {
        NoteEditorModel(client: client, eventID: eventID, sessionID: sessionID)
    }

    /// Where a row's tap goes: the note's editor.
    public func destination(id: String) -> AttendeeDestination? {
        notes.first { $0.id == id }.map { .noteEditor(eventID: eventID, sessionID: $0.sessionID, note: $0) }
    }

    /// Where the new-note button goes: an empty editor, about the filtered session when there is one.
    public var newNoteDestination: AttendeeDestination {
        .noteEditor(eventID: eventID, sessionID: sessionID, note: nil)
    }

    private var sessionID: String? {
        if case .session(let id) = filter { return id }
        return nil
    }

    private func show() {
        notes.sort { $0.updatedAt != $1.updatedAt ? $0.updatedAt > $1.updatedAt : $0.version > $1.version }
        rows = notes.map { note in
            NoteRow(
                id: note.id, preview: ThreadsModel.oneLine(note.text),
                about: note.sessionID.flatMap { sessionTitles[$0] } ?? Strings.text("notes.eventNote"),
                time: times.string(note.updatedAt), imageLabel: note.imageID == nil ? nil : Strings.text("notes.image"))
        }
        emptyMessage = rows.isEmpty ? Strings.text(sessionID == nil ? "notes.empty" : "notes.empty.session") : nil
    }
}
