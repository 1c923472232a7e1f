import Database

extension AttendeeSchema {
    /// The media table: every uploaded photo, document and attachment.
    static func registerMedia(in migrator: inout Migrator) {
        migrator.register("attendee.v3-media") { db in
            try db.executeScript(
                """
                CREATE TABLE attendee_media (
                    sequence \(db.dialect.autoIncrementPrimaryKey),
                    id TEXT NOT NULL UNIQUE,
                    sha256 TEXT NOT NULL,
                    owner_id TEXT NOT NULL REFERENCES attendee_user(id) ON DELETE CASCADE,
                    event_id TEXT NOT NULL REFERENCES attendee_event(id) ON DELETE CASCADE,
                    session_id TEXT REFERENCES attendee_session(id) ON DELETE CASCADE,
                    purpose TEXT NOT NULL,
                    media_type TEXT NOT NULL,
                    content_type TEXT NOT NULL,
                    byte_count BIGINT NOT NULL,
                    width BIGINT,
                    height BIGINT,
                    file_name TEXT NOT NULL,
                    has_thumbnail BIGINT NOT NULL DEFAULT 0,
                    created_at BIGINT NOT NULL
                );
                CREATE INDEX attendee_media_by_event ON attendee_media (event_id, purpose, sequence);
                CREATE INDEX attendee_media_by_sha ON attendee_media (sha256);
                CREATE INDEX attendee_media_by_owner ON attendee_media (owner_id);
                """)
        }
    }

    /// Indexes on the places that carry a picture: reading an attachment and the sweep ask who uses a media id.
    static func registerAttachments(in migrator: inout Migrator) {
        migrator.register("attendee.v5-attachments") { db in
            try db.executeScript(
                """
                CREATE INDEX attendee_wall_post_by_image ON attendee_wall_post (image_id);
                CREATE INDEX attendee_discussion_message_by_image ON attendee_discussion_message (image_id);
                CREATE INDEX attendee_message_by_image ON attendee_message (image_id);
                CREATE INDEX attendee_note_by_image ON attendee_note (image_id);
                """)
        }
    }

    /// Lists every image stored before uploads lost their metadata, for ``AttendeeService/removeStoredMetadata()``:
    /// until then a photo kept its EXIF, GPS position included, and every member of its event downloaded it.
    static func registerPhotoMetadata(in migrator: inout Migrator) {
        migrator.register("attendee.v9-photo-metadata") { db in
            try db.executeScript(
                """
                CREATE TABLE attendee_media_metadata_pending (
                    sha256 TEXT PRIMARY KEY
                );
                INSERT INTO attendee_media_metadata_pending (sha256)
                SELECT DISTINCT sha256 FROM attendee_media WHERE media_type IN ('jpeg', 'png', 'webp', 'heic');
                """)
        }
    }
}
