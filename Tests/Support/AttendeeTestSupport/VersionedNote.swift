import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import Locking

/// One note on a pretend server that checks versions as the real one does: a save names the version it was based
/// on, and one based on another version is refused with 409. Its read can be made to fail, as a connection that
/// drops would (``isReadable``).
///
/// ```swift
/// let server = VersionedNote(text: "Tablet words", version: 2)
/// let editor = NoteEditorModel(client: server.client, editing: VersionedNote.note("First", version: 1))
/// ```
public final class VersionedNote: Sendable {
    /// The note as the server holds it.
    public let stored: Locked<Note>
    /// Whether reading the note succeeds; `false`: the read fails with the connection lost.
    public let isReadable = Locked(true)

    /// The server holding `text` at `version`.
    public init(text: String, version: Int, eventID: String = "e1") {
        stored = Locked(Self.note(text, version: version, eventID: eventID))
    }

    /// A note `n1` as a device read it.
    public static func note(_ text: String, version: Int, eventID: String = "e1") -> Note {
        Note(
            id: "n1", eventID: eventID, text: text, version: version, createdAt: Date(timeIntervalSince1970: 0),
            updatedAt: Date(timeIntervalSince1970: 0))
    }

    /// The server's answer to `edit`: the note saved (its version one on), or 409 when `edit` was based on another
    /// version.
    public func save(_ edit: NoteEdit) throws -> Note {
        let saved = stored.withLock { note -> Note? in
            guard note.version == edit.version else { return nil }
            note.text = edit.text
            note.imageID = edit.imageID
            note.version += 1
            return note
        }
        guard let saved else { throw APIError.http(status: 409, problem: nil) }
        return saved
    }

    /// A client whose note read and update are this server's.
    public var client: AttendeeClient {
        var client = AttendeeClient()
        client.note = { [self] _ in
            guard isReadable.withLock({ $0 }) else { throw APIError.connectionLost }
            return stored.withLock { $0 }
        }
        client.updateNote = { [self] _, edit in try save(edit) }
        return client
    }
}
