import Foundation
import HTTPTypes
import PublicInit

/// One message of a thread.
@PublicInit
public struct Message: Codable, Sendable, Hashable, Identifiable {
    /// The message's id: increasing within a thread, and the cursor of ``MessagePage``.
    public var id: String
    /// The thread it belongs to.
    public var threadID: String
    /// Who wrote it.
    public var senderID: String
    /// The text.
    public var text: String
    /// An uploaded image, by its media id.
    public var imageID: String?
    /// When the server stored it.
    public var sentAt: Date
    /// The `Idempotency-Key` its sender sent it with, `nil` without one (or from servers that did not say): the
    /// sender's conversation knows by it that a message it hears of is one it shows as not sent after a lost
    /// answer. A random key made for this message alone; keys are kept per account, so it lets nobody else do
    /// anything.
    public var idempotencyKey: String? = nil
}

/// A conversation between two attendees of one event, as the caller sees it.
@PublicInit
public struct MessageThread: Codable, Sendable, Hashable, Identifiable {
    /// The thread's id.
    public var id: String
    /// The event both attend.
    public var eventID: String
    /// The other participant.
    public var with: PersonReference
    /// The newest message, for the list's preview.
    public var lastMessage: Message?
    /// Messages from the other person after the caller's read mark.
    public var unreadCount: Int = 0
    /// When the thread was started.
    public var createdAt: Date
}

/// `POST /events/:eventID/threads`: start a thread with an attendee of the event (or get the one there is).
public struct StartThreadRequest: Codable, Sendable, Hashable {
    /// The other person.
    public var personID: String

    /// Creates a request.
    public init(personID: String) { self.personID = personID }
}

/// `POST /threads/:threadID/messages`: a new message.
@PublicInit
public struct SendMessageRequest: Codable, Sendable, Hashable {
    /// The text, 1 to ``MessageRules/textLimit`` characters.
    public var text: String
    /// An uploaded image, by its media id.
    public var imageID: String?

    /// The first rule the message breaks, or `nil` when it can be sent.
    public func validationError() -> FieldError? {
        MessageRules.checkText(text, field: "text", limit: MessageRules.textLimit)
            ?? MessageRules.checkImageID(imageID)
    }
}

/// `PUT /threads/:threadID/read`: everything up to and including a message has been seen.
public struct MarkReadRequest: Codable, Sendable, Hashable {
    /// The newest message seen.
    public var messageID: String

    /// Creates a request.
    public init(messageID: String) { self.messageID = messageID }
}

/// `GET /threads/:threadID/messages`: a page of messages, oldest first.
@PublicInit
public struct MessagePage: Codable, Sendable, Hashable {
    /// The messages, oldest first.
    public var messages: [Message]
    /// Pass as `after` for the next page; `nil` on the last page.
    public var nextCursor: String?
    /// On a page asked for with `before`: pass as `before` for the older page; `nil` when there is none older.
    public var previousCursor: String?
}

/// The rules messages and notes share: lengths as a person counts characters, no empty text, no NUL.
public enum MessageRules {
    /// The longest message, in characters (grapheme clusters, as a person counts them).
    public static let textLimit = 2_000
    /// The page size when none is asked for.
    public static let defaultPageSize = 50
    /// The largest page.
    public static let maximumPageSize = 200
    /// The `before` value that asks for the newest messages (the page before the end of the thread).
    public static let newestCursor = "end"
    /// The most digits a cursor (a message id) has: `Int64.max` has 19.
    public static let cursorDigits = 19

    /// A cursor as the wire writes it, 1 to ``cursorDigits`` ASCII digits, as a message id; `nil` for anything
    /// else (a sign, spaces, more digits: what the document does not allow is not read either).
    public static func cursor(_ text: String) -> Int64? {
        guard (1...cursorDigits).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) })
        else { return nil }
        return Int64(text)
    }
    /// The live event a new message sends to its thread and its recipient.
    public static let newMessageEvent = "message.new"
    /// The live event a read mark sends to the reader's own inbox (their other devices).
    public static let readEvent = "thread.read"

    /// Empty (or only spaces), too long, or holding a NUL character: the rule broken, else `nil`.
    public static func checkText(_ text: String, field: String, limit: Int) -> FieldError? {
        if text.holdsNUL {
            return FieldError(field: field, message: RuleText.text("rule.text.nul"))
        }
        if isBlank(text) {
            return FieldError(field: field, message: RuleText.text("rule.message.empty"))
        }
        return TextLength.excess(text, limit: limit).map { TextLength.fieldError($0, field: field, limit: limit) }
    }

    /// Whether `text` shows nothing: only white space (as Foundation trims it) and characters that draw nothing by
    /// themselves (Unicode's default-ignorable code points: zero-width spaces and joiners, the byte-order mark,
    /// the soft hyphen, the Hangul filler, variation selectors). The one "empty" of messages, notes, wall posts,
    /// replies and discussion messages, in the app and on the server.
    ///
    /// NB: a message of zero-width spaces passed the white-space rule, and was an empty bubble in the conversation
    /// and a blank preview in the thread list (a post, an empty row on everyone's wall).
    public static func isBlank(_ text: String) -> Bool {
        !text.unicodeScalars.contains { scalar in
            !CharacterSet.whitespacesAndNewlines.contains(scalar) && !scalar.properties.isDefaultIgnorableCodePoint
        }
    }

    /// An image id that is empty, too long or holds a NUL: the rule broken, else `nil`.
    public static func checkImageID(_ imageID: String?) -> FieldError? {
        guard let imageID else { return nil }
        if !MediaID.isPlausible(imageID) {
            return FieldError(field: "imageID", message: RuleText.text("rule.message.invalidImage"))
        }
        return nil
    }
}
