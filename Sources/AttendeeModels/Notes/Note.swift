import Foundation
import PublicInit

/// One of the caller's notes at an event: about a session, or about the event as a whole.
@PublicInit
public struct Note: Codable, Sendable, Hashable, Identifiable {
    /// The note's id.
    public var id: String
    /// The event it was written at.
    public var eventID: String
    /// The session it is about; `nil` for an event-level note.
    public var sessionID: String?
    /// The text.
    public var text: String
    /// An uploaded image, by its media id.
    public var imageID: String?
    /// Starts at 1 and grows with each edit; an edit names the version it changes (``NoteEdit/version``).
    public var version: Int = 1
    /// When it was written.
    public var createdAt: Date
    /// When it was last edited.
    public var updatedAt: Date
}

/// `POST /events/:eventID/notes`: a new note.
@PublicInit
public struct NoteDraft: Codable, Sendable, Hashable {
    /// The text, 1 to ``NoteRules/textLimit`` characters.
    public var text: String
    /// The session it is about (of the same event), or `nil`.
    public var sessionID: String?
    /// An uploaded image, by its media id.
    public var imageID: String?

    /// The first rule the draft breaks, or `nil`.
    public func validationError() -> FieldError? {
        MessageRules.checkText(text, field: "text", limit: NoteRules.textLimit) ?? MessageRules.checkImageID(imageID)
    }
}

/// `PUT /notes/:noteID`: the note's new text and image, and the version they replace.
///
/// A version other than the stored one is refused with 409: another device edited the note since.
@PublicInit
public struct NoteEdit: Codable, Sendable, Hashable {
    /// The new text.
    public var text: String
    /// The new image (`nil` removes it).
    public var imageID: String?
    /// The version this edit was made from.
    public var version: Int

    /// The first rule the edit breaks, or `nil`.
    public func validationError() -> FieldError? {
        MessageRules.checkText(text, field: "text", limit: NoteRules.textLimit) ?? MessageRules.checkImageID(imageID)
    }
}

/// The limits of notes.
public enum NoteRules {
    /// The longest note, in characters as a person counts them.
    public static let textLimit = 10_000
    /// The problem `type` of an edit refused because the note changed since (409).
    public static let conflictType = "urn:quartet:attendee:note-conflict"
}
