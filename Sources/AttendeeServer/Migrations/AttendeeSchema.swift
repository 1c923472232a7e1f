import Database

/// The Attendee tables, as named migrations that run unchanged on SQLite and PostgreSQL.
enum AttendeeSchema {
    /// Registers every Attendee migration, in order.
    static func register(in migrator: inout Migrator) {
        migrator.register("attendee.v1-schema") { db in
            try db.executeScript(
                """
                CREATE TABLE attendee_user (
                    id TEXT PRIMARY KEY,
                    external_id TEXT UNIQUE,
                    email TEXT UNIQUE,
                    password_hash TEXT,
                    name TEXT NOT NULL,
                    title TEXT NOT NULL DEFAULT '',
                    company TEXT NOT NULL DEFAULT '',
                    about_me TEXT NOT NULL DEFAULT '',
                    photo_url TEXT,
                    social_links TEXT NOT NULL DEFAULT '[]',
                    preferences TEXT NOT NULL DEFAULT '{"topics":[],"tracks":[]}',
                    search_folded TEXT NOT NULL DEFAULT '',
                    created_at BIGINT NOT NULL
                );
                CREATE TABLE attendee_auth_token (
                    token_hash TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES attendee_user(id) ON DELETE CASCADE,
                    created_at BIGINT NOT NULL,
                    expires_at BIGINT NOT NULL
                );
                CREATE TABLE attendee_event (
                    id TEXT PRIMARY KEY,
                    external_id TEXT NOT NULL UNIQUE,
                    organizer_id TEXT REFERENCES attendee_user(id),
                    name TEXT NOT NULL,
                    starts_at BIGINT NOT NULL,
                    ends_at BIGINT NOT NULL,
                    time_zone TEXT NOT NULL,
                    venue_name TEXT NOT NULL,
                    venue_address TEXT NOT NULL,
                    latitude DOUBLE PRECISION,
                    longitude DOUBLE PRECISION,
                    summary TEXT NOT NULL,
                    cover_image_url TEXT,
                    seats_threshold BIGINT NOT NULL,
                    additional_fields TEXT NOT NULL
                );
                CREATE TABLE attendee_session (
                    id TEXT PRIMARY KEY,
                    event_id TEXT NOT NULL REFERENCES attendee_event(id) ON DELETE CASCADE,
                    external_id TEXT NOT NULL,
                    title TEXT NOT NULL,
                    abstract TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    track TEXT,
                    room TEXT,
                    starts_at BIGINT NOT NULL,
                    ends_at BIGINT NOT NULL,
                    capacity BIGINT,
                    seats_taken BIGINT NOT NULL DEFAULT 0,
                    UNIQUE (event_id, external_id),
                    CHECK (capacity IS NULL OR seats_taken <= capacity)
                );
                CREATE INDEX attendee_session_by_event ON attendee_session (event_id, starts_at);
                CREATE TABLE attendee_session_speaker (
                    session_id TEXT NOT NULL REFERENCES attendee_session(id) ON DELETE CASCADE,
                    user_id TEXT NOT NULL REFERENCES attendee_user(id) ON DELETE CASCADE,
                    position BIGINT NOT NULL,
                    PRIMARY KEY (session_id, user_id)
                );
                CREATE INDEX attendee_session_speaker_by_user ON attendee_session_speaker (user_id);
                CREATE TABLE attendee_registration (
                    event_id TEXT NOT NULL REFERENCES attendee_event(id) ON DELETE CASCADE,
                    user_id TEXT NOT NULL REFERENCES attendee_user(id) ON DELETE CASCADE,
                    additional_status TEXT NOT NULL,
                    answers TEXT NOT NULL DEFAULT '{}',
                    guests TEXT NOT NULL DEFAULT '[]',
                    created_at BIGINT NOT NULL,
                    PRIMARY KEY (event_id, user_id)
                );
                CREATE TABLE attendee_attendance (
                    session_id TEXT NOT NULL REFERENCES attendee_session(id) ON DELETE CASCADE,
                    user_id TEXT NOT NULL REFERENCES attendee_user(id) ON DELETE CASCADE,
                    state TEXT NOT NULL,
                    changed_at BIGINT NOT NULL,
                    PRIMARY KEY (session_id, user_id)
                );
                CREATE INDEX attendee_attendance_by_user ON attendee_attendance (user_id, state);
                CREATE TABLE attendee_feedback (
                    target_kind TEXT NOT NULL,
                    target_id TEXT NOT NULL,
                    user_id TEXT NOT NULL REFERENCES attendee_user(id) ON DELETE CASCADE,
                    rating BIGINT NOT NULL,
                    speaker_ratings TEXT NOT NULL DEFAULT '{}',
                    comment TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    PRIMARY KEY (target_kind, target_id, user_id)
                );
                """)
        }
        migrator.register("attendee.v2-live-outbox") { db in
            try db.executeScript(
                """
                CREATE TABLE attendee_live_event (
                    sequence \(db.dialect.autoIncrementPrimaryKey),
                    topic TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    data TEXT NOT NULL,
                    created_at BIGINT NOT NULL
                );
                CREATE INDEX attendee_live_event_by_topic ON attendee_live_event (topic, sequence);
                CREATE INDEX attendee_live_event_by_age ON attendee_live_event (created_at);
                """)
        }
        // Messages and notes (issue 13).
        registerInbox(in: &migrator)
        registerWallAndDiscussions(in: &migrator)
        registerMedia(in: &migrator)
        migrator.register("attendee.v3-polls") { db in
            try db.executeScript(
                """
                CREATE TABLE attendee_poll (
                    id TEXT PRIMARY KEY,
                    event_id TEXT NOT NULL REFERENCES attendee_event(id) ON DELETE CASCADE,
                    session_id TEXT REFERENCES attendee_session(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL,
                    choice TEXT NOT NULL,
                    state TEXT NOT NULL,
                    questions TEXT NOT NULL,
                    created_by TEXT NOT NULL REFERENCES attendee_user(id),
                    created_at BIGINT NOT NULL,
                    opened_at BIGINT,
                    closed_at BIGINT
                );
                CREATE INDEX attendee_poll_by_event ON attendee_poll (event_id, state, opened_at);
                CREATE TABLE attendee_poll_answer (
                    poll_id TEXT NOT NULL REFERENCES attendee_poll(id) ON DELETE CASCADE,
                    user_id TEXT NOT NULL REFERENCES attendee_user(id) ON DELETE CASCADE,
                    score BIGINT NOT NULL,
                    answered_at BIGINT NOT NULL,
                    PRIMARY KEY (poll_id, user_id)
                );
                CREATE TABLE attendee_poll_choice (
                    poll_id TEXT NOT NULL,
                    user_id TEXT NOT NULL,
                    question_id TEXT NOT NULL,
                    option_id TEXT NOT NULL,
                    PRIMARY KEY (poll_id, user_id, option_id),
                    FOREIGN KEY (poll_id, user_id) REFERENCES attendee_poll_answer(poll_id, user_id) ON DELETE CASCADE
                );
                CREATE INDEX attendee_poll_choice_by_option ON attendee_poll_choice (poll_id, option_id);
                """)
        }
        registerAttachments(in: &migrator)
        // NB: starts past anything pruned before it existed (every event before the oldest kept one).
        migrator.register("attendee.v6-live-pruned") { db in
            try db.executeScript(
                """
                CREATE TABLE attendee_live_pruned (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    pruned_through BIGINT NOT NULL
                );
                INSERT INTO attendee_live_pruned (id, pruned_through)
                SELECT 1, COALESCE(MIN(sequence) - 1, 0) FROM attendee_live_event;
                """)
        }
        // NB: an e-mail is kept as its SHA-256 (`SecureToken.storageHash`), so the table is no list of the addresses
        // people typed, strangers' included; the cleanup forgets a row once its window has passed.
        migrator.register("attendee.v7-signin-attempts") { db in
            try db.executeScript(
                """
                CREATE TABLE attendee_signin_attempt (
                    email_key TEXT PRIMARY KEY,
                    attempts BIGINT NOT NULL,
                    window_started_at BIGINT NOT NULL
                );
                CREATE INDEX attendee_signin_attempt_by_age ON attendee_signin_attempt (window_started_at);
                """)
        }
        registerSpeakerAccounts(in: &migrator)
        registerPhotoMetadata(in: &migrator)
        // NB: `NULL` is everyone the topic lets listen, so every event stored before keeps going where it went.
        migrator.register("attendee.v10-live-audience") { db in
            try db.executeScript("ALTER TABLE attendee_live_event ADD COLUMN audience TEXT;")
        }
        registerProgrammeSuggestions(in: &migrator)
        // NB: `status` and `response` are NULL only inside the create's own transaction, between the key's claim and
        // the answer it records (`AttendeeStore.createOnce`); a key never commits without them.
        migrator.register("attendee.v12-idempotency-keys") { db in
            try db.executeScript(
                """
                CREATE TABLE attendee_idempotency_key (
                    user_id TEXT NOT NULL REFERENCES attendee_user(id) ON DELETE CASCADE,
                    idempotency_key TEXT NOT NULL,
                    request_hash TEXT NOT NULL,
                    status BIGINT,
                    response TEXT,
                    created_at BIGINT NOT NULL,
                    PRIMARY KEY (user_id, idempotency_key)
                );
                """)
        }
        // NB: the key a message was sent with, so the sender's conversation knows a message it heard of (the
        // stream, a re-read) as the one it shows "Not sent" after a lost answer; `NULL` for one sent without.
        migrator.register("attendee.v13-message-keys") { db in
            try db.executeScript("ALTER TABLE attendee_message ADD COLUMN idempotency_key TEXT;")
        }
        registerReplyVersion(in: &migrator)
        // NB: the hourly prune (`AttendeeStore.pruneIdempotencyKeys`) deletes by age over every account; without
        // this it reads the whole table (the primary key leads with the account) to find the few that are old.
        migrator.register("attendee.v15-idempotency-key-age") { db in
            try db.executeScript(
                "CREATE INDEX attendee_idempotency_key_age ON attendee_idempotency_key (created_at);")
        }
        // NB: polls made in the same millisecond listed in the order of their random ids. SQLite's `rowid` already
        // counts inserts (`AttendeeStore.creationOrder`); PostgreSQL needs a column (rows there before it are
        // numbered in no particular order, which only matters for ties among them).
        migrator.register("attendee.v16-poll-sequence") { db in
            guard db.dialect == .postgres else { return }
            try db.executeScript(
                "ALTER TABLE attendee_poll ADD COLUMN sequence BIGINT GENERATED BY DEFAULT AS IDENTITY;")
        }
        registerThreadStarters(in: &migrator)
    }
}
