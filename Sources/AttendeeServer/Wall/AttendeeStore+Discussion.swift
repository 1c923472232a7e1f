import AttendeeModels
import Database
import Foundation
import HTTPServer

/// Session discussions: one thread a session, for the members of the session's event. Their live events go on the
/// session's topic, whose stream also admits the session's speakers (for its polls), so they carry the members as
/// their audience (``LiveAudience/eventMembers(eventID:)``).
extension AttendeeStore {
    /// A page of a session's discussion, newest first.
    func discussionPage(sessionID: String, userID: String, cursor: KeysetCursor?, limit: Int) async throws
        -> DiscussionPage
    {
        try await database.read { db in
            let (_, viewer) = try Self.requireDiscussionMember(sessionID: sessionID, userID: userID, db)
            var sql: SQL = """
                SELECT \(Self.messageColumns) FROM attendee_discussion_message m
                JOIN attendee_user u ON u.id = m.author_id WHERE m.session_id = \(sessionID)
                """
            if let cursor {
                sql.append(
                    """
                     AND (m.created_at < \(cursor.createdAt) OR (m.created_at = \(cursor.createdAt) AND m.id < \(cursor.id)))
                    """)
            }
            sql.append(" ORDER BY m.created_at DESC, m.id DESC LIMIT \(Int64(limit + 1))")
            let rows = try db.query(sql)
            let messages = try rows.prefix(limit).map(Self.message)
            var next: String?
            if rows.count > limit, let last = rows.prefix(limit).last {
                next =
                    KeysetCursor(
                        createdAt: try last.decode(Int64.self, "created_at"), id: try last.decode(Int64.self, "id")
                    )
                    .encoded
            }
            return DiscussionPage(messages: messages, nextCursor: next, viewer: viewer)
        }
    }

    /// Writes in a session's discussion; answers the message and its live event.
    func createDiscussionMessage(sessionID: String, userID: String, _ new: NewPost, key: IdempotencyKey?)
        async throws -> CreatedAnswer
    {
        if let problem = PostText.check(new.text, imageID: new.imageID) { throw Self.refusal(problem) }
        let moment = now()
        return try await createOnce(key, userID: userID) { db in
            let (eventID, _) = try Self.requireDiscussionMember(
                sessionID: sessionID, userID: userID, locking: true, db)
            try MediaStore.requireOwnImage(new.imageID, of: userID, at: eventID, db)
            guard
                let id = try db.fetchValue(
                    Int64.self,
                    """
                    INSERT INTO attendee_discussion_message (session_id, author_id, text, image_id, created_at)
                    VALUES (\(sessionID), \(userID), \(new.text), \(new.imageID), \(moment)) RETURNING id
                    """),
                let row = try db.queryOne(
                    """
                    SELECT \(Self.messageColumns) FROM attendee_discussion_message m
                    JOIN attendee_user u ON u.id = m.author_id WHERE m.id = \(id)
                    """)
            else { throw DatabaseError(.other, code: "discussion", message: "the insert returned no message") }
            let message = try Self.message(row)
            let event = try LiveOutbox.append(
                .session(sessionID), kind: DiscussionUpdate.Kind.posted.rawValue, payload: message,
                audience: .eventMembers(eventID: eventID), db)
            return (message, [event])
        }
    }

    /// Deletes a message: its author or the event's organizer; 403 for another member, 404 for anyone else.
    func deleteDiscussionMessage(messageID: Int64, userID: String) async throws -> LiveEvent {
        let noMessage = "There is no message with this id."
        return try await database.write { db in
            guard
                let row = try db.queryOne(
                    "SELECT session_id, author_id FROM attendee_discussion_message WHERE id = \(messageID)")
            else { throw HTTPError(.notFound, detail: noMessage) }
            let sessionID = try row.decode(String.self, "session_id")
            guard
                let eventID = try db.fetchValue(
                    String.self, "SELECT event_id FROM attendee_session WHERE id = \(sessionID)")
            else { throw HTTPError(.notFound, detail: noMessage) }
            let viewer = try Self.requireMemberOfHidden(eventID: eventID, userID: userID, missing: noMessage, db)
            try viewer.requireMayDelete(
                authorID: try row.decode(String.self, "author_id"), "You can delete only your own messages.")
            try db.execute("DELETE FROM attendee_discussion_message WHERE id = \(messageID)")
            return try LiveOutbox.append(
                .session(sessionID), kind: DiscussionUpdate.Kind.deleted.rawValue,
                payload: DiscussionDeletion(messageID: String(messageID)), audience: .eventMembers(eventID: eventID), db
            )
        }
    }

    /// Refuses a person who is not a member of the session's event (404 without the session); answers the
    /// session's event and who the member is. `locking` keeps the session from being removed until the
    /// transaction ends, for a write that refers to it.
    ///
    /// NB: on PostgreSQL a message whose check passed while a re-import's removal of the session was not yet
    /// committed went on to its insert, whose foreign key then failed: the generic refusal of a broken reference,
    /// not this 404. `FOR KEY SHARE` waits for such a removal, then finds no session. SQLite has a single writer.
    static func requireDiscussionMember(
        sessionID: String, userID: String, locking: Bool = false, _ db: any DatabaseConnection
    ) throws -> (eventID: String, viewer: PostViewer) {
        var sql: SQL = "SELECT event_id FROM attendee_session WHERE id = \(sessionID)"
        if locking, db.dialect == .postgres { sql.append(" FOR KEY SHARE") }
        guard let eventID = try db.fetchValue(String.self, sql) else {
            throw HTTPError(.notFound, detail: "There is no session with this id.")
        }
        return (eventID, try requireWallMember(eventID: eventID, userID: userID, db))
    }

    private static let messageColumns: SQL = """
        m.id, m.session_id, m.author_id, u.name AS author_name, m.text, m.image_id, m.created_at
        """

    private static func message(_ row: Row) throws -> DiscussionMessage {
        DiscussionMessage(
            id: String(try row.decode(Int64.self, "id")),
            sessionID: try row.decode(String.self, "session_id"),
            author: PersonReference(
                id: try row.decode(String.self, "author_id"), name: try row.decode(String.self, "author_name")),
            text: try row.decode(String.self, "text"),
            imageID: try row.decode(String?.self, "image_id"),
            createdAt: try row.decode(Date.self, "created_at"))
    }
}
