import Database

extension AttendeeSchema {
    /// The messages and notes tables (issue 13), as named migrations after the ones they build on.
    static func registerInbox(in migrator: inout Migrator) {
        // NB: a thread's pair is stored in the order Swift sorts the two ids (`first_user_id` < `second_user_id`),
        // so "one thread per pair per event" is a unique key; no CHECK compares them, as PostgreSQL's collation
        // may order text otherwise than Swift does.
        migrator.register("attendee.v3-messages") { db in
            try db.executeScript(
                """
                CREATE TABLE attendee_thread (
                    id TEXT PRIMARY KEY,
                    event_id TEXT NOT NULL REFERENCES attendee_event(id) ON DELETE CASCADE,
                    first_user_id TEXT NOT NULL REFERENCES attendee_user(id) ON DELETE CASCADE,
                    second_user_id TEXT NOT NULL REFERENCES attendee_user(id) ON DELETE CASCADE,
                    last_message_id BIGINT NOT NULL DEFAULT 0,
                    created_at BIGINT NOT NULL,
                    UNIQUE (event_id, first_user_id, second_user_id)
                );
                CREATE TABLE attendee_thread_member (
                    thread_id TEXT NOT NULL REFERENCES attendee_thread(id) ON DELETE CASCADE,
                    user_id TEXT NOT NULL REFERENCES attendee_user(id) ON DELETE CASCADE,
                    read_up_to BIGINT NOT NULL DEFAULT 0,
                    PRIMARY KEY (thread_id, user_id)
                );
                CREATE INDEX attendee_thread_member_by_user ON attendee_thread_member (user_id);
                CREATE TABLE attendee_message (
                    id \(db.dialect.autoIncrementPrimaryKey),
                    thread_id TEXT NOT NULL REFERENCES attendee_thread(id) ON DELETE CASCADE,
                    sender_id TEXT NOT NULL REFERENCES attendee_user(id) ON DELETE CASCADE,
                    text TEXT NOT NULL,
                    image_id TEXT,
                    sent_at BIGINT NOT NULL
                );
                CREATE INDEX attendee_message_by_thread ON attendee_message (thread_id, id);
                """)
        }
        migrator.register("attendee.v4-notes") { db in
            try db.executeScript(
                """
                CREATE TABLE attendee_note (
                    id TEXT PRIMARY KEY,
                    author_id TEXT NOT NULL REFERENCES attendee_user(id) ON DELETE CASCADE,
                    event_id TEXT NOT NULL REFERENCES attendee_event(id) ON DELETE CASCADE,
                    session_id TEXT REFERENCES attendee_session(id) ON DELETE CASCADE,
                    text TEXT NOT NULL,
                    image_id TEXT,
                    version BIGINT NOT NULL,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL
                );
                CREATE INDEX attendee_note_by_author ON attendee_note (author_id, event_id, updated_at);
                """)
        }
    }

    /// Who asked for a thread: an empty thread is listed only to a participant who started it (1), so starting
    /// one puts nothing in the other person's inbox until its first message.
    static func registerThreadStarters(in migrator: inout Migrator) {
        // NB: a flag on each member rather than one `started_by` on the thread: when both start the same pair's
        // thread, each of them asked for it and each sees it. Threads stored before were started by nobody known,
        // so an empty one among them is listed to neither until someone starts it again or writes in it.
        migrator.register("attendee.v17-thread-starters") { db in
            try db.executeScript("ALTER TABLE attendee_thread_member ADD COLUMN started BIGINT NOT NULL DEFAULT 0;")
        }
    }
}
