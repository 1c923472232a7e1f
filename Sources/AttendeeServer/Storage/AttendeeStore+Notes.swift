import AttendeeModels
import Database
import Foundation
import HTTPServer

/// My Notes: private to their author. Every query names the author, so another person's note is a 404 and
/// never in a list.
extension AttendeeStore {
    static let noSuchNote = HTTPError(.notFound, detail: "There is no note with this id.")

    /// The caller's notes at an event, last edited first; `sessionID` keeps one session's.
    func notes(eventID: String, authorID: String, sessionID: String?) async throws -> [Note] {
        try await database.read { db in
            _ = try Self.event(id: eventID, db)
            let filter: SQL = sessionID.map { "AND session_id = \($0)" } ?? ""
            return try db.query(
                """
                SELECT \(Self.noteColumns) FROM attendee_note
                WHERE author_id = \(authorID) AND event_id = \(eventID) \(filter)
                ORDER BY updated_at DESC, version DESC, id
                """
            ).map(Self.note)
        }
    }

    /// Writes a note; the author must attend or organize the event, and a session must be one of its own.
    func createNote(eventID: String, authorID: String, _ draft: NoteDraft, key: IdempotencyKey?) async throws
        -> CreatedAnswer
    {
        let moment = now()
        return try await createOnce(key, userID: authorID) { db in
            _ = try Self.event(id: eventID, db)
            try Self.requireMembership(eventID: eventID, userID: authorID, db)
            try MediaStore.requireOwnImage(draft.imageID, of: authorID, at: eventID, db)
            if let sessionID = draft.sessionID {
                guard
                    try db.queryOne(
                        "SELECT 1 FROM attendee_session WHERE id = \(sessionID) AND event_id = \(eventID)") != nil
                else {
                    throw HTTPError(
                        .unprocessableContent, detail: "There is no such session at this event.", field: "sessionID")
                }
            }
            let id = UUID().uuidString.lowercased()
            try db.execute(
                """
                INSERT INTO attendee_note
                    (id, author_id, event_id, session_id, text, image_id, version, created_at, updated_at)
                VALUES (\(id), \(authorID), \(eventID), \(draft.sessionID), \(draft.text), \(draft.imageID), 1,
                        \(moment), \(moment))
                """)
            return (try Self.note(id: id, authorID: authorID, db), [])
        }
    }

    /// One of the caller's notes.
    func note(id: String, authorID: String) async throws -> Note {
        try await database.read { db in try Self.note(id: id, authorID: authorID, db) }
    }

    /// Replaces the text and image when `edit.version` is still the stored one; 409 when another edit came first.
    func updateNote(id: String, authorID: String, _ edit: NoteEdit) async throws -> Note {
        let moment = now()
        return try await database.write { db in
            let stored = try Self.note(id: id, authorID: authorID, db)
            // NB: the picture the note already shows may stay: a note written before places took only attachments
            // may show a gallery photo, and refusing it made its text impossible to edit without losing the photo.
            // Keeping it gives no one a picture they could not read before (a note's is its author's alone).
            if edit.imageID != stored.imageID {
                try MediaStore.requireOwnImage(edit.imageID, of: authorID, at: stored.eventID, db)
            }
            // NB: the version is compared in the UPDATE itself, so of two edits of one version exactly one wins.
            let changed = try db.execute(
                """
                UPDATE attendee_note SET text = \(edit.text), image_id = \(edit.imageID), version = version + 1,
                    updated_at = \(moment)
                WHERE id = \(id) AND author_id = \(authorID) AND version = \(Int64(edit.version))
                """)
            let note = try Self.note(id: id, authorID: authorID, db)
            if changed == 0 {
                throw HTTPError(
                    .conflict, detail: "This note was changed on another device since you opened it.",
                    type: NoteRules.conflictType, extensions: ["currentVersion": String(note.version)])
            }
            return note
        }
    }

    /// Deletes one of the caller's notes.
    func deleteNote(id: String, authorID: String) async throws {
        try await database.write { db in
            guard try db.execute("DELETE FROM attendee_note WHERE id = \(id) AND author_id = \(authorID)") == 1 else {
                throw Self.noSuchNote
            }
        }
    }

    private static let noteColumns: SQL =
        "id, event_id, session_id, text, image_id, version, created_at, updated_at"

    private static func note(id: String, authorID: String, _ db: any DatabaseConnection) throws -> Note {
        guard
            let row = try db.queryOne(
                "SELECT \(noteColumns) FROM attendee_note WHERE id = \(id) AND author_id = \(authorID)")
        else { throw noSuchNote }
        return try note(row)
    }

    private static func note(_ row: Row) throws -> Note {
        Note(
            id: try row.decode(String.self, "id"), eventID: try row.decode(String.self, "event_id"),
            sessionID: try row.decode(String?.self, "session_id"), text: try row.decode(String.self, "text"),
            imageID: try row.decode(String?.self, "image_id"), version: try row.decode(Int.self, "version"),
            createdAt: try row.decode(Date.self, "created_at"), updatedAt: try row.decode(Date.self, "updated_at"))
    }
}
