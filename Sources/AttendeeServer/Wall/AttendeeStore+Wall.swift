import AttendeeModels
import Database
import Foundation
import HTTPServer

/// The event wall: posts, likes and replies. Every write appends its live event in the same transaction and
/// answers it, for the controller to publish after the commit.
extension AttendeeStore {
    // MARK: - Reading

    /// A page of the wall, newest first, for a member of the event.
    func wallPage(eventID: String, userID: String, cursor: KeysetCursor?, limit: Int) async throws -> WallPage {
        try await database.read { db in
            let viewer = try Self.requireWallMember(eventID: eventID, userID: userID, db)
            var sql: SQL = """
                SELECT \(Self.postColumns),
                    CASE WHEN EXISTS (
                        SELECT 1 FROM attendee_wall_like l WHERE l.post_id = p.id AND l.user_id = \(userID)
                    ) THEN 1 ELSE 0 END AS liked
                FROM attendee_wall_post p JOIN attendee_user u ON u.id = p.author_id
                WHERE p.event_id = \(eventID)
                """
            if let cursor {
                sql.append(
                    """
                     AND (p.created_at < \(cursor.createdAt) OR (p.created_at = \(cursor.createdAt) AND p.id < \(cursor.id)))
                    """)
            }
            sql.append(" ORDER BY p.created_at DESC, p.id DESC LIMIT \(Int64(limit + 1))")
            let rows = try db.query(sql)
            var posts: [WallPost] = []
            var last: KeysetCursor?
            for row in rows.prefix(limit) {
                var post = try Self.post(row)
                post.likedByMe = try row.decode(Int.self, "liked") == 1
                // NB: only the latest few replies and the count: one person's 400 replies made every page of
                // the wall, which everyone at the event reads, weigh hundreds of kilobytes.
                let postID = try row.decode(Int64.self, "id")
                let latest = try Self.replies(postID: postID, before: nil, limit: PostPaging.inlineReplies, db)
                post.replies = latest.replies
                post.earlierRepliesCursor = latest.nextCursor
                // NB: read in the page's one snapshot with the post's reply version, so a live reply or deletion
                // with a later version is one this count does not reflect, and one with this or an earlier is.
                post.replyCount =
                    try db.fetchValue(Int.self, "SELECT COUNT(*) FROM attendee_wall_reply WHERE post_id = \(postID)")
                    ?? 0
                posts.append(post)
                last = KeysetCursor(
                    createdAt: try row.decode(Int64.self, "created_at"), id: try row.decode(Int64.self, "id"))
            }
            return WallPage(posts: posts, nextCursor: rows.count > limit ? last?.encoded : nil, viewer: viewer)
        }
    }

    /// A page of a post's replies, going back from `cursor` (the wall's `earlierRepliesCursor`, then each
    /// page's `nextCursor`), for a member of its event.
    func wallReplies(postID: Int64, userID: String, cursor: KeysetCursor?, limit: Int) async throws
        -> WallReplyPage
    {
        try await database.read { db in
            _ = try Self.postEvent(postID: postID, userID: userID, db)
            return try Self.replies(postID: postID, before: cursor, limit: limit, db)
        }
    }

    // MARK: - Writing

    /// Posts on the wall; answers the post and its live event.
    func createWallPost(eventID: String, userID: String, _ new: NewPost, key: IdempotencyKey?) async throws
        -> CreatedAnswer
    {
        if let problem = PostText.check(new.text, imageID: new.imageID) { throw Self.refusal(problem) }
        let moment = now()
        return try await createOnce(key, userID: userID) { db in
            _ = try Self.requireWallMember(eventID: eventID, userID: userID, db)
            try MediaStore.requireOwnImage(new.imageID, of: userID, at: eventID, db)
            guard
                let id = try db.fetchValue(
                    Int64.self,
                    """
                    INSERT INTO attendee_wall_post (event_id, author_id, text, image_id, created_at)
                    VALUES (\(eventID), \(userID), \(new.text), \(new.imageID), \(moment)) RETURNING id
                    """)
            else { throw DatabaseError(.other, code: "wall", message: "the insert returned no id") }
            let post = try Self.post(id: id, db)
            let event = try LiveOutbox.append(.event(eventID), kind: WallUpdate.Kind.posted.rawValue, payload: post, db)
            return (post, [event])
        }
    }

    /// Likes (`like == true`) or takes a like back; a second like or unlike changes nothing. The count is
    /// changed by a conditional `UPDATE` in the same transaction as the like row, so it stays exact under
    /// concurrent likers; a no-op sends no live event.
    func setLike(postID: Int64, userID: String, like: Bool) async throws -> (WallLikes, LiveEvent?) {
        let moment = now()
        return try await database.write { db in
            let eventID = try Self.postEvent(postID: postID, userID: userID, locking: true, db)
            let changed: Int
            if like {
                changed = try db.execute(
                    """
                    INSERT INTO attendee_wall_like (post_id, user_id, created_at) VALUES (\(postID), \(userID), \(moment))
                    ON CONFLICT (post_id, user_id) DO NOTHING
                    """)
            } else {
                changed = try db.execute(
                    "DELETE FROM attendee_wall_like WHERE post_id = \(postID) AND user_id = \(userID)")
            }
            let count: Int?
            if changed == 1 {
                // NB: the row lock this UPDATE takes orders concurrent likers, so each answer and each live event
                // carries a distinct count and the last event carries the final one.
                count = try db.fetchValue(
                    Int.self,
                    """
                    UPDATE attendee_wall_post SET like_count = like_count + \(like ? Int64(1) : Int64(-1))
                    WHERE id = \(postID) RETURNING like_count
                    """)
            } else {
                count = try db.fetchValue(Int.self, "SELECT like_count FROM attendee_wall_post WHERE id = \(postID)")
            }
            var event: LiveEvent?
            if changed == 1 {
                let heard = WallLikes(
                    postID: String(postID), likeCount: count ?? 0, changedBy: userID, changerLikes: like)
                event = try LiveOutbox.append(.event(eventID), kind: WallUpdate.Kind.likes.rawValue, payload: heard, db)
            }
            return (WallLikes(postID: String(postID), likeCount: count ?? 0, likedByMe: like), event)
        }
    }

    /// Replies to a post; answers the reply and its live event.
    func createWallReply(postID: Int64, userID: String, _ new: NewWallReply, key: IdempotencyKey?) async throws
        -> CreatedAnswer
    {
        if let problem = PostText.check(new.text, imageID: nil) { throw Self.refusal(problem) }
        let moment = now()
        return try await createOnce(key, userID: userID) { db in
            let eventID = try Self.postEvent(postID: postID, userID: userID, locking: true, db)
            guard
                let id = try db.fetchValue(
                    Int64.self,
                    """
                    INSERT INTO attendee_wall_reply (post_id, author_id, text, created_at)
                    VALUES (\(postID), \(userID), \(new.text), \(moment)) RETURNING id
                    """)
            else { throw DatabaseError(.other, code: "wall", message: "the insert returned no id") }
            guard let row = try db.queryOne("\(Self.replyQuery) WHERE r.id = \(id)") else {
                throw DatabaseError(.other, code: "wall", message: "the reply was not found after its insert")
            }
            var reply = try Self.reply(row)
            // NB: the post is there: held `FOR KEY SHARE` since its check (SQLite has one writer).
            reply.replyVersion = try Self.replyChanged(postID: postID, db)
            let event = try LiveOutbox.append(
                .event(eventID), kind: WallUpdate.Kind.replied.rawValue, payload: reply, db)
            return (reply, [event])
        }
    }

    /// Deletes a post with its replies and likes: its author or the event's organizer; 403 for another member,
    /// 404 for anyone else.
    func deleteWallPost(postID: Int64, userID: String) async throws -> LiveEvent {
        try await database.write { db in
            guard
                let row = try db.queryOne(
                    "SELECT event_id, author_id FROM attendee_wall_post WHERE id = \(postID)")
            else { throw HTTPError(.notFound, detail: Self.noPost) }
            let eventID = try row.decode(String.self, "event_id")
            let viewer = try Self.requireMemberOfHidden(eventID: eventID, userID: userID, missing: Self.noPost, db)
            try viewer.requireMayDelete(
                authorID: try row.decode(String.self, "author_id"), "You can delete only your own posts.")
            try db.execute("DELETE FROM attendee_wall_post WHERE id = \(postID)")
            return try LiveOutbox.append(
                .event(eventID), kind: WallUpdate.Kind.deleted.rawValue, payload: WallDeletion(postID: String(postID)),
                db)
        }
    }

    /// Deletes a reply: its author or the event's organizer; 403 for another member, 404 for anyone else. Answers
    /// what was deleted, with the post's reply version it made, and its live event.
    func deleteWallReply(replyID: Int64, userID: String) async throws -> (WallDeletion, LiveEvent) {
        let noReply = "There is no reply with this id."
        return try await database.write { db in
            guard
                let row = try db.queryOne(
                    """
                    SELECT p.event_id, r.post_id, r.author_id FROM attendee_wall_reply r
                    JOIN attendee_wall_post p ON p.id = r.post_id WHERE r.id = \(replyID)
                    """)
            else { throw HTTPError(.notFound, detail: noReply) }
            let eventID = try row.decode(String.self, "event_id")
            let viewer = try Self.requireMemberOfHidden(eventID: eventID, userID: userID, missing: noReply, db)
            try viewer.requireMayDelete(
                authorID: try row.decode(String.self, "author_id"), "You can delete only your own replies.")
            let postID = try row.decode(Int64.self, "post_id")
            // NB: the post's row first, as a post's deletion takes it before its replies: the other way round a
            // reply's deletion and its post's waited for each other. On PostgreSQL a second deletion of the same
            // reply waits here for the first and then deletes nothing: a 404 (its version rolled back), not a
            // second event, which would take the reply off every app's count again.
            guard let version = try Self.replyChanged(postID: postID, db),
                try db.execute("DELETE FROM attendee_wall_reply WHERE id = \(replyID)") == 1
            else { throw HTTPError(.notFound, detail: noReply) }
            let deletion = WallDeletion(postID: String(postID), replyID: String(replyID), replyVersion: version)
            let event = try LiveOutbox.append(
                .event(eventID), kind: WallUpdate.Kind.deleted.rawValue, payload: deletion, db)
            return (deletion, event)
        }
    }

    // MARK: - Helpers

    /// Refuses a non-member (403, or 404 without the event) and answers who the member is.
    static func requireWallMember(eventID: String, userID: String, _ db: any DatabaseConnection) throws -> PostViewer {
        let organizer = try isOrganizer(eventID: eventID, userID: userID, db)
        if !organizer { try requireRegistration(eventID: eventID, userID: userID, db) }
        return PostViewer(personID: userID, isOrganizer: organizer)
    }

    /// Answers who the member is for a post, reply or message reached by its own id, and refuses a non-member
    /// as though there were no such thing (404 saying `missing`). Those ids are counters shared by every event,
    /// so a 403 for one that exists and a 404 for one that does not would tell an outsider how many there are.
    static func requireMemberOfHidden(
        eventID: String, userID: String, missing: String, _ db: any DatabaseConnection
    ) throws -> PostViewer {
        let organizer = try isOrganizer(eventID: eventID, userID: userID, db)
        guard try organizer || isRegistered(eventID: eventID, userID: userID, db) else {
            throw HTTPError(.notFound, detail: missing)
        }
        return PostViewer(personID: userID, isOrganizer: organizer)
    }

    /// A text rule broken, as the 422 the client gets.
    static func refusal(_ problem: PostText.Problem) -> HTTPError {
        let error = PostText.fieldError(problem)
        return HTTPError(.unprocessableContent, detail: error.message, field: error.field)
    }

    private static let postColumns: SQL = """
        p.id, p.event_id, p.author_id, u.name AS author_name, p.text, p.image_id, p.created_at, p.like_count,
        p.reply_version
        """

    /// Moves post `postID`'s reply version on as one of its replies is written or deleted, and answers it (`nil`:
    /// the post is gone).
    ///
    /// NB: the `UPDATE` holds the post's row until the transaction ends, so the changes to one post's replies
    /// commit in the order of their versions, on PostgreSQL too; it does not conflict with the `FOR KEY SHARE` a
    /// reply or like takes first, so repliers and likers do not deadlock.
    private static func replyChanged(postID: Int64, _ db: any DatabaseConnection) throws -> Int? {
        try db.fetchValue(
            Int.self,
            "UPDATE attendee_wall_post SET reply_version = reply_version + 1 WHERE id = \(postID) RETURNING reply_version"
        )
    }

    /// The event of post `postID`, for a member of it: 404 for anyone else, as when there is no such post.
    /// `locking` keeps the post from being deleted until the transaction ends, for a write that refers to it.
    ///
    /// NB: on PostgreSQL (READ COMMITTED) a like or reply whose check passed while the post's deletion was not yet
    /// committed went on to its insert, whose foreign key then waited for the deletion and failed: the person got
    /// the generic refusal of a broken reference, not this 404. `FOR KEY SHARE` waits for such a deletion and then
    /// finds no post; it does not block the like count's `UPDATE`, so concurrent likers do not deadlock. SQLite
    /// already has a single writer.
    private static func postEvent(
        postID: Int64, userID: String, locking: Bool = false, _ db: any DatabaseConnection
    ) throws -> String {
        var sql: SQL = "SELECT event_id FROM attendee_wall_post WHERE id = \(postID)"
        if locking, db.dialect == .postgres { sql.append(" FOR KEY SHARE") }
        guard let eventID = try db.fetchValue(String.self, sql) else { throw HTTPError(.notFound, detail: noPost) }
        _ = try requireMemberOfHidden(eventID: eventID, userID: userID, missing: noPost, db)
        return eventID
    }

    private static let noPost = "There is no post with this id."

    private static func post(id: Int64, _ db: any DatabaseConnection) throws -> WallPost {
        guard
            let row = try db.queryOne(
                """
                SELECT \(postColumns) FROM attendee_wall_post p JOIN attendee_user u ON u.id = p.author_id
                WHERE p.id = \(id)
                """)
        else { throw HTTPError(.notFound, detail: "There is no post with this id.") }
        return try post(row)
    }

    private static func post(_ row: Row) throws -> WallPost {
        WallPost(
            id: String(try row.decode(Int64.self, "id")),
            eventID: try row.decode(String.self, "event_id"),
            author: PersonReference(
                id: try row.decode(String.self, "author_id"), name: try row.decode(String.self, "author_name")),
            text: try row.decode(String.self, "text"),
            imageID: try row.decode(String?.self, "image_id"),
            createdAt: try row.decode(Date.self, "created_at"),
            likeCount: try row.decode(Int.self, "like_count"),
            replyVersion: try row.decode(Int.self, "reply_version"))
    }

    private static let replyQuery: SQL = """
        SELECT r.id, r.post_id, r.author_id, u.name AS author_name, r.text, r.created_at
        FROM attendee_wall_reply r JOIN attendee_user u ON u.id = r.author_id
        """

    /// The latest `limit` replies of a post strictly before `cursor` (all of them without one), oldest first,
    /// and the cursor of the replies before those when there are any.
    private static func replies(postID: Int64, before cursor: KeysetCursor?, limit: Int, _ db: any DatabaseConnection)
        throws -> WallReplyPage
    {
        var sql: SQL = "\(replyQuery) WHERE r.post_id = \(postID)"
        if let cursor {
            sql.append(
                """
                 AND (r.created_at < \(cursor.createdAt) OR (r.created_at = \(cursor.createdAt) AND r.id < \(cursor.id)))
                """)
        }
        sql.append(" ORDER BY r.created_at DESC, r.id DESC LIMIT \(Int64(limit + 1))")
        let rows = try db.query(sql)
        var replies: [WallReply] = []
        var oldest: KeysetCursor?
        for row in rows.prefix(limit) {
            replies.append(try reply(row))
            oldest = KeysetCursor(
                createdAt: try row.decode(Int64.self, "created_at"), id: try row.decode(Int64.self, "id"))
        }
        return WallReplyPage(replies: replies.reversed(), nextCursor: rows.count > limit ? oldest?.encoded : nil)
    }

    private static func reply(_ row: Row) throws -> WallReply {
        WallReply(
            id: String(try row.decode(Int64.self, "id")),
            postID: String(try row.decode(Int64.self, "post_id")),
            author: PersonReference(
                id: try row.decode(String.self, "author_id"), name: try row.decode(String.self, "author_name")),
            text: try row.decode(String.self, "text"),
            createdAt: try row.decode(Date.self, "created_at"))
    }
}

extension PostViewer {
    /// Refuses with 403, saying `refusal`, what the reader may not delete: the app's own rule
    /// (``PostViewer/mayDelete(authorID:)``), so the server refuses exactly what the app offers no Delete for.
    func requireMayDelete(authorID: String, _ refusal: String) throws {
        guard mayDelete(authorID: authorID) else { throw HTTPError(.forbidden, detail: refusal) }
    }
}
