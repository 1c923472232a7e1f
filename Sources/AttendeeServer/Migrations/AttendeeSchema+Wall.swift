import Database

extension AttendeeSchema {
    /// The event wall (posts, likes, replies) and the session discussions.
    static func registerWallAndDiscussions(in migrator: inout Migrator) {
        migrator.register("attendee.v3-wall-discussions") { db in
            // NB: SQLite reuses the largest rowid after a delete unless the key says AUTOINCREMENT; a post's id
            // must never come back, since live clients and cursors name it.
            let key =
                db.dialect == .sqlite ? "INTEGER PRIMARY KEY AUTOINCREMENT" : db.dialect.autoIncrementPrimaryKey
            try db.executeScript(
                """
                CREATE TABLE attendee_wall_post (
                    id \(key),
                    event_id TEXT NOT NULL REFERENCES attendee_event(id) ON DELETE CASCADE,
                    author_id TEXT NOT NULL REFERENCES attendee_user(id) ON DELETE CASCADE,
                    text TEXT NOT NULL,
                    image_id TEXT,
                    like_count BIGINT NOT NULL DEFAULT 0 CHECK (like_count >= 0),
                    created_at BIGINT NOT NULL
                );
                CREATE INDEX attendee_wall_post_by_event ON attendee_wall_post (event_id, created_at, id);
                CREATE TABLE attendee_wall_like (
                    post_id BIGINT NOT NULL REFERENCES attendee_wall_post(id) ON DELETE CASCADE,
                    user_id TEXT NOT NULL REFERENCES attendee_user(id) ON DELETE CASCADE,
                    created_at BIGINT NOT NULL,
                    PRIMARY KEY (post_id, user_id)
                );
                CREATE TABLE attendee_wall_reply (
                    id \(key),
                    post_id BIGINT NOT NULL REFERENCES attendee_wall_post(id) ON DELETE CASCADE,
                    author_id TEXT NOT NULL REFERENCES attendee_user(id) ON DELETE CASCADE,
                    text TEXT NOT NULL,
                    created_at BIGINT NOT NULL
                );
                CREATE INDEX attendee_wall_reply_by_post ON attendee_wall_reply (post_id, created_at, id);
                CREATE TABLE attendee_discussion_message (
                    id \(key),
                    session_id TEXT NOT NULL REFERENCES attendee_session(id) ON DELETE CASCADE,
                    author_id TEXT NOT NULL REFERENCES attendee_user(id) ON DELETE CASCADE,
                    text TEXT NOT NULL,
                    image_id TEXT,
                    created_at BIGINT NOT NULL
                );
                CREATE INDEX attendee_discussion_by_session
                    ON attendee_discussion_message (session_id, created_at, id);
                """)
        }
    }

    /// A post's reply version: how many times its replies have changed, moved with each reply written or deleted
    /// under the post's row lock, so a page and a live event say which of them is newer (``WallPost/replyVersion``).
    static func registerReplyVersion(in migrator: inout Migrator) {
        migrator.register("attendee.v14-wall-reply-version") { db in
            try db.executeScript(
                "ALTER TABLE attendee_wall_post ADD COLUMN reply_version BIGINT NOT NULL DEFAULT 0;")
        }
    }
}
