import Database

extension AttendeeSchema {
    /// Which account is each imported speaker (docs/DECISIONS.md, "A speaker is an account the organizer links").
    ///
    /// One row a speaker profile: `account_id` the account that acts as the speaker (`NULL`: none, yet or any
    /// more), `email` the address that named it (normalized), `linked_by` `organizer` or `programme`. An organizer's
    /// row (a link, or an unlink: no account, no e-mail) stands whatever a later import's file says; a programme's
    /// row follows the file and is a suggestion the organizer confirms (``registerProgrammeSuggestions(in:)``).
    static func registerSpeakerAccounts(in migrator: inout Migrator) {
        migrator.register("attendee.v8-speaker-accounts") { db in
            try db.executeScript(
                """
                CREATE TABLE attendee_speaker_account (
                    speaker_id TEXT PRIMARY KEY REFERENCES attendee_user(id) ON DELETE CASCADE,
                    event_id TEXT NOT NULL REFERENCES attendee_event(id) ON DELETE CASCADE,
                    account_id TEXT REFERENCES attendee_user(id) ON DELETE SET NULL,
                    email TEXT,
                    linked_by TEXT NOT NULL,
                    linked_at BIGINT NOT NULL
                );
                CREATE INDEX attendee_speaker_account_by_account ON attendee_speaker_account (account_id);
                CREATE INDEX attendee_speaker_account_by_email ON attendee_speaker_account (email);
                """)
        }
    }

    /// A programme's row is a suggestion, never a link (docs/DECISIONS.md, "The programme's e-mail").
    ///
    /// Before this, a programme's row held the account signed up with its e-mail, at the import or at the sign-up,
    /// and that account was the speaker; sign-up checks no e-mail, so whoever signed up first with a published
    /// address was. Every such row becomes a suggestion: its account is forgotten, so nothing it granted stays
    /// granted until the event's organizer links the address. An organizer's row is left as it is.
    static func registerProgrammeSuggestions(in migrator: inout Migrator) {
        migrator.register("attendee.v11-programme-links-suggest") { db in
            // NB: the value written out, so the migration reads the same whatever the code later calls it.
            try db.executeScript("UPDATE attendee_speaker_account SET account_id = NULL WHERE linked_by = 'programme';")
        }
    }
}
