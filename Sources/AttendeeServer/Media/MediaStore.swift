import AttendeeModels
import Database
import Foundation
import HTTPServer

/// The table `attendee_media` (one row a stored file) and the folder its bytes live in, with the rules of who
/// may read, add and remove what.
///
/// Other controllers that take an optional image (wall posts, discussion messages, messages, notes) check it with
/// ``requireOwnImage(_:of:at:_:)`` inside their own write transaction, so a post can only point at a picture its
/// author uploaded to the same event:
///
/// ```swift
/// try await database.write { db in
///     try MediaStore.requireOwnImage(post.imageID, of: userID, at: eventID, db)
///     …
/// }
/// ```
///
/// A gallery photo or a document is read by every member of its event; an attachment (``MediaPurpose/attachment``)
/// only by its uploader and by whoever may read a place that uses it (``mayReadAttachment(_:readerID:_:)``).
struct MediaStore: Sendable {
    let database: any SQLDatabase
    let folder: MediaFolder
    let now: @Sendable () -> Date

    // MARK: - For other features

    /// Whether `mediaID` is an image that `userID` uploaded to `eventID` as an attachment (for posts, messages and
    /// notes that carry a photo).
    ///
    /// NB: a gallery photo is not one: whoever may remove it from the gallery (its uploader, the organizer) would
    /// take it out of every post, message and note that showed it, someone else's private note included. A place
    /// that shows a picture keeps its own attachment, which only its writer removes (by editing or deleting it).
    static func isImage(
        _ mediaID: String, uploadedBy userID: String, at eventID: String, _ db: any DatabaseConnection
    ) throws -> Bool {
        guard
            let row = try db.queryOne(
                "SELECT owner_id, event_id, purpose, media_type FROM attendee_media WHERE id = \(mediaID)")
        else { return false }
        let purpose = MediaPurpose(rawValue: try row.decode(String.self, "purpose"))
        return try row.decode(String.self, "owner_id") == userID && row.decode(String.self, "event_id") == eventID
            && purpose == .attachment
            && (MediaType(rawValue: try row.decode(String.self, "media_type"))?.isImage ?? false)
    }

    /// Refuses (422, field `imageID`) a picture attached to a post, message or note unless it is an attachment the
    /// writer uploaded to the same event: nobody attaches someone else's photo, a gallery photo or a document by
    /// its id, and an attachment never travels to another event's people.
    static func requireOwnImage(
        _ imageID: String?, of userID: String, at eventID: String, _ db: any DatabaseConnection
    ) throws {
        guard let imageID else { return }
        guard try isImage(imageID, uploadedBy: userID, at: eventID, db) else {
            throw HTTPError(
                .unprocessableContent, detail: "Attach a picture you uploaded to this event.", field: "imageID")
        }
    }

    // MARK: - Rules

    /// Whether `readerID` may read the attachment `file`: its uploader; whoever reads the wall and discussions of
    /// its event (``AttendeeStore/isMember(eventID:userID:_:)``: its registered attendees and organizer) when a
    /// wall post or discussion message uses it; a participant of a thread one of whose messages uses it. A note's
    /// picture is its author's alone (the author is the uploader).
    ///
    /// NB: not ``isMember(eventID:userID:_:)``, the files' rule, which counts the event's speakers too: a speaker
    /// who has not registered is refused the wall (403), and read its pictures all the same.
    static func mayReadAttachment(_ file: MediaFile, readerID: String, _ db: any DatabaseConnection) throws -> Bool {
        if file.ownerID == readerID { return true }
        let inThread = try db.queryOne(
            """
            SELECT 1 FROM attendee_message m
            JOIN attendee_thread_member tm ON tm.thread_id = m.thread_id AND tm.user_id = \(readerID)
            WHERE m.image_id = \(file.id) LIMIT 1
            """)
        if inThread != nil { return true }
        let inPublic = try db.queryOne(
            """
            SELECT 1 FROM attendee_wall_post WHERE image_id = \(file.id) AND event_id = \(file.eventID)
            UNION ALL
            SELECT 1 FROM attendee_discussion_message m JOIN attendee_session s ON s.id = m.session_id
            WHERE m.image_id = \(file.id) AND s.event_id = \(file.eventID)
            """)
        guard inPublic != nil else { return false }
        return try AttendeeStore.isMember(eventID: file.eventID, userID: readerID, db)
    }

    /// Whether the person is a registered attendee, a speaker or the organizer of the event.
    static func isMember(eventID: String, userID: String, _ db: any DatabaseConnection) throws -> Bool {
        if try AttendeeStore.isOrganizer(eventID: eventID, userID: userID, db) { return true }
        if try AttendeeStore.isRegistered(eventID: eventID, userID: userID, db) { return true }
        return try isSpeaker(eventID: eventID, userID: userID, db)
    }

    /// Whether the person speaks at any session of the event (``AttendeeStore/speaksAt(eventID:userID:_:)``).
    static func isSpeaker(eventID: String, userID: String, _ db: any DatabaseConnection) throws -> Bool {
        try AttendeeStore.speaksAt(eventID: eventID, userID: userID, db)
    }

    /// Refuses anyone but the event's registered attendees, speakers and organizer: 404 without the event, 403
    /// otherwise.
    static func requireReader(eventID: String, userID: String, _ db: any DatabaseConnection) throws {
        if try isMember(eventID: eventID, userID: userID, db) { return }
        throw HTTPError(.forbidden, detail: "Only the event's attendees, speakers and organizer see its files.")
    }

    /// Refuses adding a document of `purpose` unless the caller speaks at `sessionID` or organizes the event.
    /// Event-wide documents (no session) are the organizer's.
    static func requireDocumentEditor(
        eventID: String, sessionID: String?, userID: String, _ db: any DatabaseConnection
    ) throws {
        try requireReader(eventID: eventID, userID: userID, db)
        guard try !mayAddDocuments(eventID: eventID, sessionID: sessionID, userID: userID, db) else { return }
        guard sessionID != nil else {
            throw HTTPError(.forbidden, detail: "Only the organizer adds documents for the whole event.")
        }
        throw HTTPError(.forbidden, detail: "Only the session's speakers and the event's organizer add its documents.")
    }

    /// Whether the caller may add documents to the event's page (`sessionID` `nil`: the organizer) or to a
    /// session's (its speakers and the organizer).
    static func mayAddDocuments(
        eventID: String, sessionID: String?, userID: String, _ db: any DatabaseConnection
    ) throws -> Bool {
        if try AttendeeStore.isOrganizer(eventID: eventID, userID: userID, db) { return true }
        guard let sessionID else { return false }
        return try isSessionSpeaker(sessionID: sessionID, userID: userID, db)
    }

    /// Whether the person speaks at the session (``AttendeeStore/speaks(sessionID:userID:_:)``).
    static func isSessionSpeaker(sessionID: String, userID: String, _ db: any DatabaseConnection) throws -> Bool {
        try AttendeeStore.speaks(sessionID: sessionID, userID: userID, db)
    }

    /// 404 unless `sessionID` is a session of `eventID`.
    static func requireSession(_ sessionID: String, of eventID: String, _ db: any DatabaseConnection) throws {
        guard
            try db.queryOne("SELECT 1 FROM attendee_session WHERE id = \(sessionID) AND event_id = \(eventID)") != nil
        else { throw HTTPError(.notFound, detail: "There is no session with this id at this event.") }
    }

    // MARK: - Rows

    static let columns: SQL = """
        id, sha256, owner_id, event_id, session_id, purpose, media_type, byte_count, width, height, file_name,
        has_thumbnail, created_at
        """

    /// A stored file as the routes need it: its wire form, its digest and its content type.
    struct Stored: Sendable {
        var file: MediaFile
        var sha256: String
        var contentType: String
    }

    static func file(_ row: Row) throws -> MediaFile {
        MediaFile(
            id: try row.decode(String.self, "id"), eventID: try row.decode(String.self, "event_id"),
            sessionID: try row.decode(String?.self, "session_id"), ownerID: try row.decode(String.self, "owner_id"),
            purpose: MediaPurpose(rawValue: try row.decode(String.self, "purpose")) ?? .material,
            type: MediaType(rawValue: try row.decode(String.self, "media_type")) ?? .plainText,
            byteCount: try row.decode(Int.self, "byte_count"), width: try row.decode(Int?.self, "width"),
            height: try row.decode(Int?.self, "height"), fileName: try row.decode(String.self, "file_name"),
            hasThumbnail: try row.decode(Int.self, "has_thumbnail") != 0,
            createdAt: try row.decode(Date.self, "created_at"))
    }

    /// The file `mediaID` for someone who may read it: 404 when there is none, and alike for someone outside the
    /// event of a gallery photo or document and for anyone who may not read an attachment (it is not said to
    /// exist, as ``remove(_:by:)`` does not say). `readerID` `nil`: for a share link whose signature was checked,
    /// which anyone may open.
    func stored(_ mediaID: String, readerID: String?) async throws -> Stored {
        try await database.read { db in
            guard
                let row = try db.queryOne(
                    "SELECT \(Self.columns), content_type FROM attendee_media WHERE id = \(mediaID)")
            else { throw Self.noSuchFile }
            let file = try Self.file(row)
            if let readerID, file.purpose == .attachment {
                guard try Self.mayReadAttachment(file, readerID: readerID, db) else { throw Self.noSuchFile }
            } else if let readerID {
                // NB: 403 here told an outsider that a file of this id exists at some event; the event's own
                // routes (its gallery, its documents) still say 403, as an event is public.
                guard try Self.isMember(eventID: file.eventID, userID: readerID, db) else { throw Self.noSuchFile }
            }
            return Stored(
                file: file, sha256: try row.decode(String.self, "sha256"),
                contentType: try row.decode(String.self, "content_type"))
        }
    }

    /// Records a committed upload, inside the write transaction that also keeps its `Idempotency-Key`
    /// (``AttendeeStore/createOnce(_:userID:status:_:)``).
    static func insert(_ file: MediaFile, sha256: String, contentType: String, _ db: any DatabaseConnection) throws {
        try db.execute(
            """
            INSERT INTO attendee_media (
                id, sha256, owner_id, event_id, session_id, purpose, media_type, content_type, byte_count, width,
                height, file_name, has_thumbnail, created_at)
            VALUES (
                \(file.id), \(sha256), \(file.ownerID), \(file.eventID), \(file.sessionID),
                \(file.purpose.rawValue), \(file.type.rawValue), \(contentType), \(file.byteCount), \(file.width),
                \(file.height), \(file.fileName), \(file.hasThumbnail ? 1 : 0), \(file.createdAt))
            """)
    }

    /// The event's gallery, newest first, for a reader.
    func gallery(eventID: String, readerID: String) async throws -> [MediaFile] {
        try await database.read { db in
            try Self.requireReader(eventID: eventID, userID: readerID, db)
            return try db.query(
                """
                SELECT \(Self.columns) FROM attendee_media
                WHERE event_id = \(eventID) AND purpose = \(MediaPurpose.gallery.rawValue)
                ORDER BY sequence DESC
                """
            ).map(Self.file).map(try Self.removal(eventID: eventID, by: readerID, db))
        }
    }

    /// The Documentation page: every document of the event, or only `sessionID`'s, and the newest photo.
    func documents(eventID: String, sessionID: String?, readerID: String) async throws -> DocumentsPage {
        try await database.read { db in
            try Self.requireReader(eventID: eventID, userID: readerID, db)
            if let sessionID { try Self.requireSession(sessionID, of: eventID, db) }
            let scope: SQL = sessionID.map { "AND session_id = \($0)" } ?? ""
            let files = try db.query(
                """
                SELECT \(Self.columns) FROM attendee_media
                WHERE event_id = \(eventID)
                    AND purpose IN (\(MediaPurpose.preRead.rawValue), \(MediaPurpose.postRead.rawValue),
                        \(MediaPurpose.material.rawValue)) \(scope)
                ORDER BY sequence
                """
            ).map(Self.file).map(try Self.removal(eventID: eventID, by: readerID, db))
            let header = try db.queryOne(
                """
                SELECT \(Self.columns) FROM attendee_media
                WHERE event_id = \(eventID) AND purpose = \(MediaPurpose.gallery.rawValue)
                ORDER BY sequence DESC LIMIT 1
                """
            ).map(Self.file)
            return DocumentsPage(
                headerPhoto: header, preRead: files.filter { $0.purpose == .preRead },
                postRead: files.filter { $0.purpose == .postRead }, materials: files.filter { $0.purpose == .material },
                canAdd: try Self.mayAddDocuments(eventID: eventID, sessionID: sessionID, userID: readerID, db))
        }
    }

    /// Removes `mediaID` for someone allowed to: a gallery photo's or an attachment's uploader, a session's
    /// speakers for its documents, the organizer for anything but attachments. 404 for no file, someone outside
    /// its event or someone who may not read an attachment; 403 for a reader who may not remove it. Answers the
    /// digest when no other row uses the same bytes (the caller removes the file). A gallery photo that a post,
    /// message or note still shows (written before places took only attachments) leaves the gallery and becomes
    /// theirs, an attachment: its bytes stay.
    func remove(_ mediaID: String, by userID: String) async throws -> String? {
        try await database.write { db in
            guard let row = try db.queryOne("SELECT \(Self.columns) FROM attendee_media WHERE id = \(mediaID)") else {
                throw Self.noSuchFile
            }
            let file = try Self.file(row)
            // NB: someone outside the event, or who may not read an attachment, learns nothing about the file.
            guard
                file.purpose == .attachment
                    ? try Self.mayReadAttachment(file, readerID: userID, db)
                    : try Self.isMember(eventID: file.eventID, userID: userID, db)
            else { throw Self.noSuchFile }
            let allowed = try Self.mayRemove(
                file, by: userID, isOrganizer: AttendeeStore.isOrganizer(eventID: file.eventID, userID: userID, db)
            ) { try Self.isSessionSpeaker(sessionID: $0, userID: userID, db) }
            guard allowed else { throw HTTPError(.forbidden, detail: "You cannot remove this file.") }
            let sha256 = try row.decode(String.self, "sha256")
            if file.purpose == .gallery, try Self.isUsedInAPlace(mediaID, db) {
                // NB: a post, message or note written before places took only attachments may show a gallery
                // photo: it leaves the gallery and lives on as theirs (read where it is used, swept once unused).
                try db.execute(
                    "UPDATE attendee_media SET purpose = \(MediaPurpose.attachment.rawValue) WHERE id = \(mediaID)")
                return nil
            }
            try db.execute("DELETE FROM attendee_media WHERE id = \(mediaID)")
            let others = try db.queryOne("SELECT 1 FROM attendee_media WHERE sha256 = \(sha256)")
            return others == nil ? sha256 : nil
        }
    }

    /// Whether a wall post, discussion message, message or note shows `mediaID`.
    static func isUsedInAPlace(_ mediaID: String, _ db: any DatabaseConnection) throws -> Bool {
        try db.queryOne(
            """
            SELECT 1 FROM attendee_wall_post WHERE image_id = \(mediaID)
            UNION ALL SELECT 1 FROM attendee_discussion_message WHERE image_id = \(mediaID)
            UNION ALL SELECT 1 FROM attendee_message WHERE image_id = \(mediaID)
            UNION ALL SELECT 1 FROM attendee_note WHERE image_id = \(mediaID)
            """) != nil
    }

    /// Deletes the stored bytes of `sha256`, which ``remove(_:by:)`` found no row naming, unless an upload of the
    /// same bytes wrote its row since. The files are set aside first and the rows read again after: an upload
    /// whose row came before that read keeps them (they are put back); one whose row came after places its own
    /// copy again (``MediaUpload/keepPlaced(in:)``). A failed read keeps them too: the sweep deletes them later.
    func deleteContent(_ sha256: String) async {
        let aside = folder.setAside(sha256)
        let referenced = (try? await isReferenced(sha256)) ?? true
        if referenced { folder.putBack(aside) } else { folder.discard(aside) }
    }

    /// Whether a row names `sha256`.
    func isReferenced(_ sha256: String) async throws -> Bool {
        try await database.read { db in try db.queryOne("SELECT 1 FROM attendee_media WHERE sha256 = \(sha256)") != nil
        }
    }

    private static let noSuchFile = HTTPError(.notFound, detail: "There is no file with this id.")

    /// Who may remove a file: an attachment's or a gallery photo's uploader, a session's speakers for its
    /// documents, and the organizer anything but attachments.
    static func mayRemove(
        _ file: MediaFile, by userID: String, isOrganizer: Bool, speaksAt: (String) throws -> Bool
    ) rethrows -> Bool {
        if file.purpose == .attachment { return file.ownerID == userID }
        if isOrganizer { return true }
        if file.purpose == .gallery { return file.ownerID == userID }
        return try file.sessionID.map(speaksAt) ?? false
    }

    /// Tells each listed file of `eventID` whether `userID` may remove it (the organizer is looked up once, each
    /// session's speakers once).
    static func removal(eventID: String, by userID: String, _ db: any DatabaseConnection) throws
        -> (MediaFile) throws -> MediaFile
    {
        let isOrganizer = try AttendeeStore.isOrganizer(eventID: eventID, userID: userID, db)
        var speaksAt: [String: Bool] = [:]
        return { file in
            var told = file
            told.canRemove = try mayRemove(file, by: userID, isOrganizer: isOrganizer) { sessionID in
                if let known = speaksAt[sessionID] { return known }
                let speaks = try isSessionSpeaker(sessionID: sessionID, userID: userID, db)
                speaksAt[sessionID] = speaks
                return speaks
            }
            return told
        }
    }

    /// Deletes the rows of attachments uploaded before `cutoff` that no wall post, discussion message, message or
    /// note uses any more (the place was deleted or edited, or the picture was never sent); the sweep then
    /// removes their bytes unless another row names them.
    func removeUnusedAttachments(before cutoff: Date) async throws {
        try await database.write { db in
            _ = try db.execute(
                """
                DELETE FROM attendee_media
                WHERE purpose = \(MediaPurpose.attachment.rawValue) AND created_at < \(cutoff)
                    AND NOT EXISTS (SELECT 1 FROM attendee_wall_post p WHERE p.image_id = attendee_media.id)
                    AND NOT EXISTS (SELECT 1 FROM attendee_discussion_message d WHERE d.image_id = attendee_media.id)
                    AND NOT EXISTS (SELECT 1 FROM attendee_message m WHERE m.image_id = attendee_media.id)
                    AND NOT EXISTS (SELECT 1 FROM attendee_note n WHERE n.image_id = attendee_media.id)
                """)
        }
    }

    /// Every digest a row names (what the sweep keeps).
    func referencedDigests() async throws -> Set<String> {
        Set(
            try await database.read { db in
                try db.fetchColumn(String.self, "SELECT DISTINCT sha256 FROM attendee_media")
            })
    }
}
