import Foundation

/// One of the caller's notes at an event: about a session, or about the event as a whole.
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
    public var version: Int
    /// When it was written.
    public var createdAt: Date
    /// When it was last edited.
    public var updatedAt: Date

    /// Creates a note.
    public init(
        id: String, eventID: String, sessionID: String? = nil, text: String, imageID: String? = nil, version: Int = 1,
        createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.eventID = eventID
        self.sessionID = sessionID
        self.text = text
        self.imageID = imageID
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// `POST /events/:eventID/notes`: a new note.
public struct NoteDraft: Codable, Sendable, Hashable {
    /// The text, 1 to ``NoteRules/textLimit`` characters.
    public var text: String
    /// The session it is about (of the same event), or `nil`.
    public var sessionID: String?
    /// An uploaded image, by its media id.
    public var imageID: String?

    /// Creates a draft.
    public init(text: String, sessionID: String? = nil, imageID: String? = nil) {
        self.text = text
        self.sessionID = sessionID
        self.imageID = imageID
    }

    /// The first rule the draft breaks, or `nil`.
    public func validationError() -> FieldError? {
        MessageRules.checkText(text, field: "text", limit: NoteRules.textLimit) ?? MessageRules.checkImageID(imageID)
    }
}

/// `PUT /notes/:noteID`: the note's new text and image, and the version they replace.
///
/// A version other than the stored one is refused with 409: another device edited the note since.
public struct NoteEdit: Codable, Sendable, Hashable {
    /// The new text.
    public var text: String
    /// The new image (`nil` removes it).
    public var imageID: String?
    /// The version this edit was made from.
    public var version: Int

    /// Creates an edit.
    public init(text: String, imageID: String? = nil, version: Int) {
        self.text = text
        self.imageID = imageID
        self.version = version
    }

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
