import AttendeeModels
import Foundation

extension AttendeeAppModel {
    /// The caller's threads at an event.
    public func threads(_ eventID: String) -> ThreadsModel {
        ThreadsModel(client: client, eventID: eventID, locale: locale)
    }
    /// One conversation.
    public func conversation(_ threadID: String, name: String = "") -> ConversationModel {
        ConversationModel(client: client, threadID: threadID, name: name, locale: locale)
    }
    /// My Notes at an event, all or one session's.
    public func notes(_ eventID: String, sessionID: String?) -> NotesModel {
        NotesModel(
            client: client, eventID: eventID, filter: sessionID.map { .session(id: $0) } ?? .all, locale: locale)
    }
    /// The editor of a new note (`note` is `nil`) or of one there is.
    public func noteEditor(eventID: String, sessionID: String?, note: Note?) -> NoteEditorModel {
        note.map { NoteEditorModel(client: client, editing: $0) }
            ?? NoteEditorModel(client: client, eventID: eventID, sessionID: sessionID)
    }
}

extension SessionDetailsModel {
    /// The session's My Notes link: its notes at its event, once the session has loaded.
    public var notesDestination: AttendeeDestination? {
        session.map { .notes(eventID: $0.eventID, sessionID: $0.id) }
    }

    /// The words of the My Notes link.
    public var notesTitle: String { Strings.text("session.notes") }
}

extension AttendeeScreenText {
    /// The `messages.start` string: the button that opens a conversation with a person.
    public static var messageAction: String { Strings.text("messages.start") }
}
