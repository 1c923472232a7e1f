import AttendeeModels
import Database
import Foundation
import HTTPServer

/// Message threads between two attendees of one event. A thread is visible only to its two participants: to
/// anyone else it does not exist (404), and nothing of it appears in their lists, counts or streams. Until its
/// first message it is visible only to whoever started it (``isVisible``): starting a thread puts nothing in the
/// other person's inbox.
extension AttendeeStore {
    static let noSuchThread = HTTPError(.notFound, detail: "There is no thread with this id.")

    /// Starts the caller's thread with `personID` at the event, or answers the one they already have.
    ///
    /// Both must be registered for the event (the caller 403, as for the attendee list; the other person 404, as
    /// someone the caller cannot see). Answers the thread and whether it was created now.
    func startThread(eventID: String, callerID: String, personID: String) async throws -> (MessageThread, Bool) {
        if personID == callerID {
            throw HTTPError(.unprocessableContent, detail: "You cannot message yourself.", field: "personID")
        }
        let moment = now()
        return try await database.write { db in
            _ = try Self.event(id: eventID, db)
            try Self.requireRegistration(eventID: eventID, userID: callerID, db)
            guard try Self.isRegistered(eventID: eventID, userID: personID, db) else {
                // NB: naming the field tells the app this 404 from one for no such event.
                throw HTTPError(
                    .notFound, detail: "There is no attendee with this id at this event.", field: "personID")
            }
            let (first, second) = callerID < personID ? (callerID, personID) : (personID, callerID)
            let id = UUID().uuidString.lowercased()
            // NB: ON CONFLICT makes two people starting the same thread at once both end in the one row.
            let created = try db.execute(
                """
                INSERT INTO attendee_thread (id, event_id, first_user_id, second_user_id, created_at)
                VALUES (\(id), \(eventID), \(first), \(second), \(moment))
                ON CONFLICT (event_id, first_user_id, second_user_id) DO NOTHING
                """)
            if created == 1 {
                try db.execute(
                    """
                    INSERT INTO attendee_thread_member (thread_id, user_id) VALUES (\(id), \(first)), (\(id), \(second))
                    """)
            }
            guard
                let threadID = try db.fetchValue(
                    String.self,
                    """
                    SELECT id FROM attendee_thread
                    WHERE event_id = \(eventID) AND first_user_id = \(first) AND second_user_id = \(second)
                    """)
            else { throw DatabaseError(.other, code: "thread", message: "the thread was not stored") }
            // NB: the caller asked for it, so it is theirs to see even while empty (the other person's side stays
            // as it was: an empty thread reaches them with its first message).
            try db.execute(
                """
                UPDATE attendee_thread_member SET started = 1
                WHERE thread_id = \(threadID) AND user_id = \(callerID) AND started = 0
                """)
            return (try Self.thread(id: threadID, callerID: callerID, db), created == 1)
        }
    }

    /// The caller's threads, newest activity first.
    func threads(callerID: String, eventID: String?) async throws -> [MessageThread] {
        try await database.read { db in
            let filter: SQL = eventID.map { "AND t.event_id = \($0)" } ?? ""
            return try db.query(Self.threadQuery(callerID: callerID, filter: filter)).map(Self.thread)
        }
    }

    /// One of the caller's threads (404 for anyone else).
    func thread(id: String, callerID: String) async throws -> MessageThread {
        try await database.read { db in try Self.thread(id: id, callerID: callerID, db) }
    }

    /// A page of the thread's messages after `cursor`, oldest first.
    func messages(threadID: String, callerID: String, after cursor: Int64, limit: Int) async throws -> MessagePage {
        try await database.read { db in
            try Self.otherParticipant(threadID: threadID, userID: callerID, db)
            let rows = try db.query(
                """
                SELECT id, thread_id, sender_id, text, image_id, sent_at, idempotency_key FROM attendee_message
                WHERE thread_id = \(threadID) AND id > \(cursor) ORDER BY id LIMIT \(Int64(limit + 1))
                """)
            let messages = try rows.prefix(limit).map(Self.message)
            return MessagePage(messages: messages, nextCursor: rows.count > limit ? messages.last?.id : nil)
        }
    }

    /// A page of the thread's messages before `cursor` (the newest ones older than it), oldest first; its
    /// `previousCursor` pages further back.
    func messages(threadID: String, callerID: String, before cursor: Int64, limit: Int) async throws -> MessagePage {
        try await database.read { db in
            try Self.otherParticipant(threadID: threadID, userID: callerID, db)
            let rows = try db.query(
                """
                SELECT id, thread_id, sender_id, text, image_id, sent_at, idempotency_key FROM attendee_message
                WHERE thread_id = \(threadID) AND id < \(cursor) ORDER BY id DESC LIMIT \(Int64(limit + 1))
                """)
            let messages = try rows.prefix(limit).reversed().map(Self.message)
            return MessagePage(messages: messages, previousCursor: rows.count > limit ? messages.first?.id : nil)
        }
    }

    /// Stores a message and its live events (the thread's, the recipient's, the sender's) in one transaction.
    func send(threadID: String, callerID: String, _ request: SendMessageRequest, key: IdempotencyKey?)
        async throws -> CreatedAnswer
    {
        let moment = now()
        return try await createOnce(key, userID: callerID) { db in
            let recipientID = try Self.otherParticipant(threadID: threadID, userID: callerID, db)
            if request.imageID != nil {
                let eventID = try db.fetchValue(
                    String.self, "SELECT event_id FROM attendee_thread WHERE id = \(threadID)")
                try MediaStore.requireOwnImage(request.imageID, of: callerID, at: eventID ?? "", db)
            }
            // NB: the thread row is locked before the message takes its id, so a thread's messages commit in id
            // order: a read mark can never pass a message that commits later with a smaller id.
            try db.execute("UPDATE attendee_thread SET last_message_id = last_message_id WHERE id = \(threadID)")
            guard
                let id = try db.fetchValue(
                    Int64.self,
                    """
                    INSERT INTO attendee_message (thread_id, sender_id, text, image_id, sent_at, idempotency_key)
                    VALUES (\(threadID), \(callerID), \(request.text), \(request.imageID), \(moment), \(key?.value))
                    RETURNING id
                    """)
            else { throw DatabaseError(.other, code: "message", message: "the message got no id") }
            try db.execute("UPDATE attendee_thread SET last_message_id = \(id) WHERE id = \(threadID)")
            let message = Message(
                id: String(id), threadID: threadID, senderID: callerID, text: request.text, imageID: request.imageID,
                sentAt: moment, idempotencyKey: key?.value)
            let events = [
                try LiveOutbox.append(
                    .thread(threadID), kind: MessageRules.newMessageEvent, payload: message, now: moment, db),
                try LiveOutbox.append(
                    .person(recipientID), kind: MessageRules.newMessageEvent, payload: message, now: moment, db),
                // NB: the sender's other devices (a tablet beside the phone) hear it too, as they hear the sender's
                // read marks: their thread list moved the thread up, with no badge for one's own message, only at
                // the next reload.
                try LiveOutbox.append(
                    .person(callerID), kind: MessageRules.newMessageEvent, payload: message, now: moment, db),
            ]
            return (message, events)
        }
    }

    /// Moves the caller's read mark up to `messageID` (never back); answers the thread with its new count.
    func markRead(threadID: String, callerID: String, messageID: String) async throws -> (MessageThread, LiveEvent) {
        let moment = now()
        return try await database.write { db in
            try Self.otherParticipant(threadID: threadID, userID: callerID, db)
            guard let id = Int64(messageID),
                try db.queryOne("SELECT 1 FROM attendee_message WHERE id = \(id) AND thread_id = \(threadID)") != nil
            else {
                throw HTTPError(
                    .unprocessableContent, detail: "There is no such message in this thread.", field: "messageID")
            }
            try db.execute(
                """
                UPDATE attendee_thread_member SET read_up_to = \(id)
                WHERE thread_id = \(threadID) AND user_id = \(callerID) AND read_up_to < \(id)
                """)
            let thread = try Self.thread(id: threadID, callerID: callerID, db)
            let event = try LiveOutbox.append(
                .person(callerID), kind: MessageRules.readEvent, payload: thread, now: moment, db)
            return (thread, event)
        }
    }

    /// Refuses anyone but the thread's two participants with 404 (and, while it is empty, the one who did not
    /// start it); answers the other participant.
    @discardableResult
    static func otherParticipant(threadID: String, userID: String, _ db: any DatabaseConnection) throws -> String {
        guard
            let other = try db.fetchValue(
                String.self,
                """
                SELECT o.user_id FROM attendee_thread_member m
                JOIN attendee_thread t ON t.id = m.thread_id
                JOIN attendee_thread_member o ON o.thread_id = m.thread_id AND o.user_id <> m.user_id
                WHERE m.thread_id = \(threadID) AND m.user_id = \(userID) AND \(isVisible)
                """)
        else { throw noSuchThread }
        return other
    }

    /// Whether the member `m` sees the thread `t`: once it has a message, or if they started it. An empty thread
    /// is its starter's alone, so nobody can put an empty conversation in someone else's inbox (repeated, it
    /// would be spam that costs nothing).
    private static let isVisible: SQL = "(t.last_message_id <> 0 OR m.started = 1)"

    static func thread(id: String, callerID: String, _ db: any DatabaseConnection) throws -> MessageThread {
        guard let row = try db.queryOne(threadQuery(callerID: callerID, filter: "AND t.id = \(id)")) else {
            throw noSuchThread
        }
        return try thread(row)
    }

    /// The caller's threads with the other person, the unread count (derived from the read mark, so exact
    /// whatever order messages and marks arrive in) and the last message.
    private static func threadQuery(callerID: String, filter: SQL) -> SQL {
        """
        SELECT t.id, t.event_id, t.created_at, o.user_id AS other_id, u.name AS other_name,
            (SELECT COUNT(*) FROM attendee_message x
             WHERE x.thread_id = t.id AND x.sender_id <> \(callerID) AND x.id > m.read_up_to) AS unread,
            lm.id AS last_id, lm.sender_id AS last_sender, lm.text AS last_text, lm.image_id AS last_image,
            lm.sent_at AS last_sent
        FROM attendee_thread_member m
        JOIN attendee_thread t ON t.id = m.thread_id
        JOIN attendee_thread_member o ON o.thread_id = t.id AND o.user_id <> m.user_id
        JOIN attendee_user u ON u.id = o.user_id
        LEFT JOIN attendee_message lm ON lm.id = t.last_message_id
        WHERE m.user_id = \(callerID) AND \(isVisible) \(filter)
        ORDER BY t.last_message_id DESC, t.created_at DESC, t.id
        """
    }

    private static func thread(_ row: Row) throws -> MessageThread {
        let id = try row.decode(String.self, "id")
        var last: Message?
        if let lastID = try row.decode(Int64?.self, "last_id") {
            last = Message(
                id: String(lastID), threadID: id, senderID: try row.decode(String.self, "last_sender"),
                text: try row.decode(String.self, "last_text"), imageID: try row.decode(String?.self, "last_image"),
                sentAt: try row.decode(Date.self, "last_sent"))
        }
        return MessageThread(
            id: id, eventID: try row.decode(String.self, "event_id"),
            with: PersonReference(
                id: try row.decode(String.self, "other_id"), name: try row.decode(String.self, "other_name")),
            lastMessage: last, unreadCount: try row.decode(Int.self, "unread"),
            createdAt: try row.decode(Date.self, "created_at"))
    }

    private static func message(_ row: Row) throws -> Message {
        Message(
            id: String(try row.decode(Int64.self, "id")), threadID: try row.decode(String.self, "thread_id"),
            senderID: try row.decode(String.self, "sender_id"), text: try row.decode(String.self, "text"),
            imageID: try row.decode(String?.self, "image_id"), sentAt: try row.decode(Date.self, "sent_at"),
            idempotencyKey: try row.decode(String?.self, "idempotency_key"))
    }
}
