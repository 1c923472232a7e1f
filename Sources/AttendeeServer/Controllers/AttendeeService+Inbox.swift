import AttendeeModels
import DynamicJSON
import HTTPServer
import HTTPTypes

/// Messages and notes (issue 13): their handlers and their OpenAPI operations, kept apart from the shared lists.
extension AttendeeService {
    var inboxHandlers: [(Route, Handler)] {
        let messages = MessageController(service: self)
        let notes = NoteController(service: self)
        return [
            (AttendeeRoute.startThread, messages.start), (AttendeeRoute.threads, messages.list),
            (AttendeeRoute.thread, messages.details), (AttendeeRoute.messages, messages.messages),
            (AttendeeRoute.sendMessage, messages.send), (AttendeeRoute.markRead, messages.markRead),
            (AttendeeRoute.threadLive, messages.threadLive), (AttendeeRoute.meLive, messages.meLive),
            (AttendeeRoute.notes, notes.list), (AttendeeRoute.createNote, notes.create),
            (AttendeeRoute.note, notes.details), (AttendeeRoute.updateNote, notes.update),
            (AttendeeRoute.deleteNote, notes.delete),
        ]
    }

    static let inboxOperations: [APIOperation] = [
        operation(
            AttendeeRoute.startThread,
            "Start a thread with an attendee of the event, or get the existing one. Until its first message a "
                + "thread is listed and found only for whoever started it: the other person hears of it with "
                + "the first message, never before",
            [
                200: "The existing thread", 201: "Started", 400: "Malformed JSON", 401: "Not signed in",
                403: "Not registered", 404: "No such event, or no such attendee (`personID`)",
                422: "Missing field, or yourself",
            ], body: Schema.object(["personID": Schema.string()], required: ["personID"])),
        operation(
            AttendeeRoute.threads,
            "The caller's threads, newest activity first, with the last message and unread count (an empty "
                + "thread only if the caller started it); ?eventID= filters",
            [200: "OK", 401: "Not signed in"], array: true),
        operation(
            AttendeeRoute.thread, "One of the caller's threads",
            [200: "OK", 401: "Not signed in", 404: "No such thread (or an empty one the caller did not start)"]),
        operation(
            AttendeeRoute.messages,
            "A page of the thread's messages, oldest first: ?after= a message id (forward, `nextCursor`), or "
                + "?before= a message id or `end` (the newest messages older than it, `previousCursor` for older "
                + "ones); ?limit= 1–200",
            [200: "OK", 401: "Not signed in", 404: "No such thread", 422: "Invalid cursor or limit"],
            query: [
                "after": "a message id: the page after it (`nextCursor`)",
                "before": "a message id, or `end` for the newest: the page before it (`previousCursor`)",
            ],
            querySchemas: [
                // NB: ids are positive 64-bit integers (19 digits at most; one past Int64 is a 422, as is giving
                // both, which is why the contract run accepts a 422 here).
                "after": Schema.string(maxLength: MessageRules.cursorDigits, pattern: "^[0-9]*$"),
                "before": Schema.string(
                    maxLength: MessageRules.cursorDigits, pattern: "^(" + MessageRules.newestCursor + "|[1-9][0-9]*)?$"),
            ],
            pageSize: (MessageRules.maximumPageSize, "1–200 messages (50 unless given)")),
        operation(
            AttendeeRoute.sendMessage, "Send a message (text of 1–2,000 characters, an optional imageID)",
            [
                201: "Sent", 400: "Malformed JSON", 401: "Not signed in", 404: "No such thread",
                422: "Empty, too long or invalid text",
            ], body: message(MessageRules.textLimit), idempotent: true),
        operation(
            AttendeeRoute.markRead, "Mark the thread read up to a message; answers the thread with its unread count",
            [
                200: "OK", 400: "Malformed JSON", 401: "Not signed in", 404: "No such thread",
                422: "No such message in the thread",
            ], body: Schema.object(["messageID": Schema.string()], required: ["messageID"])),
        APIOperation(
            AttendeeRoute.threadLive,
            summary: "The thread's new messages (Server-Sent Events), for its participants: " + LiveHub.streamSummary,
            tag: "Attendee", responses: [200: "Streaming", 401: "Not signed in", 404: "No such thread"],
            responseMediaType: "text/event-stream"),
        APIOperation(
            AttendeeRoute.meLive,
            summary: "The caller's own updates (Server-Sent Events: new messages, read marks, and "
                + "`attendance.changed` when a seat given back seats them or moves them up a waitlist): "
                + LiveHub.streamSummary,
            tag: "Attendee", responses: [200: "Streaming", 401: "Not signed in"],
            responseMediaType: "text/event-stream"),
        operation(
            AttendeeRoute.notes, "The caller's notes at the event, last edited first; ?sessionID= filters",
            [200: "OK", 401: "Not signed in", 404: "No such event"], array: true),
        operation(
            AttendeeRoute.createNote, "Write a note about the event or one of its sessions",
            [
                201: "Written", 400: "Malformed JSON", 401: "Not signed in", 403: "Not registered",
                404: "No such event", 422: "Empty, too long or invalid field",
            ], body: message(NoteRules.textLimit, session: true), idempotent: true),
        operation(
            AttendeeRoute.note, "One of the caller's notes", [200: "OK", 401: "Not signed in", 404: "No such note"]),
        operation(
            AttendeeRoute.updateNote, "Edit a note, naming the version edited",
            [
                200: "Edited", 400: "Malformed JSON", 401: "Not signed in", 404: "No such note",
                409: "Changed since that version", 422: "Empty, too long or invalid field",
            ], body: noteEdit),
        operation(
            AttendeeRoute.deleteNote, "Delete a note", [204: "Deleted", 401: "Not signed in", 404: "No such note"],
            emptyAnswer: true),
    ]

    /// Text of 1 to `limit` characters, an optional image the writer uploaded, and for a note its session.
    private static func message(_ limit: Int, session: Bool = false) -> JSONValue {
        var properties = [
            "text": Schema.text(
                graphemes: limit, codePoints: TextLength.scalarLimit(limit), invisible: Schema.invisibleClass),
            "imageID": imageIDSchema,
        ]
        if session { properties["sessionID"] = Schema.orNull(Schema.string()) }
        return Schema.object(properties, required: ["text"])
    }

    /// 2⁵³: the largest integer a JSON number (a double) and `Int` both hold exactly; a version never gets there.
    static let largestExactInteger = 1 << 53

    /// An optional media id, as ``MediaID/isPlausible(_:)`` checks it (posts, messages and notes alike).
    static let imageIDSchema = Schema.orNull(
        Schema.string(minLength: 1, maxLength: MediaID.limit, pattern: #"^[^\u0000]*$"#))

    private static let noteEdit = Schema.object(
        [
            "text": Schema.text(
                graphemes: NoteRules.textLimit, codePoints: TextLength.scalarLimit(NoteRules.textLimit),
                invisible: Schema.invisibleClass),
            "imageID": imageIDSchema,
            "version": Schema.integer(0...Self.largestExactInteger),
        ],
        required: ["text", "version"])
}
