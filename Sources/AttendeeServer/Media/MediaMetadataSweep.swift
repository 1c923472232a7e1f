import AttendeeModels
import Database
import Foundation
import ImageCodec

/// Photos stored before uploads lost their metadata, made as private as a new upload.
///
/// Until `c9f521c` an uploaded photo was stored as it came, EXIF and GPS position included, and every member of
/// its event downloaded that. Migration `attendee.v9-photo-metadata` listed the digest of every image stored until
/// then in `attendee_media_metadata_pending`; ``AttendeeService/removeStoredMetadata()`` takes each through
/// ``MediaThumbnail/prepare(imageAt:)`` as an upload is, stores what is kept under its own digest, points the rows
/// at it (size, type and name as seen; a HEIC becomes a JPEG) and deletes the old bytes.
extension MediaStore {
    /// The digests still to look at, oldest listed first (at most `limit`).
    func digestsWithMetadata(limit: Int) async throws -> [String] {
        try await database.read { db in
            try db.fetchColumn(
                String.self, "SELECT sha256 FROM attendee_media_metadata_pending ORDER BY sha256 LIMIT \(limit)")
        }
    }

    /// What the rows of a digest become once its metadata is removed.
    struct Rewritten: Sendable {
        var sha256: String
        var byteCount: Int
        var type: MediaType
        var size: PixelSize?
        var hasThumbnail: Bool
    }

    /// Points every row of `old` at `new` (each row's name takes the new type's extension when the type changed)
    /// and takes `old` off the list; answers how many rows now name `new`.
    func rewrite(_ old: String, as new: Rewritten) async throws -> Int {
        try await database.write { db in
            let rows = try db.query(
                "SELECT id, file_name, media_type, width, height FROM attendee_media WHERE sha256 = \(old)")
            for row in rows {
                var fileName = try row.decode(String.self, "file_name")
                if try row.decode(String.self, "media_type") != new.type.rawValue {
                    fileName = MediaFileName.sanitized((fileName as NSString).deletingPathExtension, type: new.type)
                }
                _ = try db.execute(
                    """
                    UPDATE attendee_media
                    SET sha256 = \(new.sha256), byte_count = \(new.byteCount), media_type = \(new.type.rawValue),
                        content_type = \(MediaFileName.contentType(new.type, fileName: fileName)),
                        width = \(try new.size?.width ?? row.decode(Int?.self, "width")),
                        height = \(try new.size?.height ?? row.decode(Int?.self, "height")),
                        file_name = \(fileName), has_thumbnail = \(new.hasThumbnail ? 1 : 0)
                    WHERE id = \(try row.decode(String.self, "id")) AND sha256 = \(old)
                    """)
            }
            try Self.forgetMetadata(of: old, db)
            return rows.count
        }
    }

    /// Takes `sha256` off the list: it had nothing to remove, or it cannot be read (its file is gone, or it is a
    /// HEIC the decoder cannot read, which is kept as it is: the alternative is losing the photo).
    func forgetMetadata(of sha256: String) async throws {
        try await database.write { db in try Self.forgetMetadata(of: sha256, db) }
    }

    private static func forgetMetadata(of sha256: String, _ db: any DatabaseConnection) throws {
        _ = try db.execute("DELETE FROM attendee_media_metadata_pending WHERE sha256 = \(sha256)")
    }
}

extension AttendeeService {
    /// What ``removeStoredMetadata()`` did.
    public struct MetadataSweep: Sendable, Equatable {
        /// Stored images whose metadata was removed (each digest once, however many rows share it).
        public var cleaned = 0
        /// Stored images that had none to remove.
        public var alreadyClean = 0
        /// Stored images that could not be read (gone, or a HEIC its decoder cannot read): kept as they are.
        public var unreadable = 0
    }

    /// Removes the metadata of every image stored before uploads lost theirs (listed by migration
    /// `attendee.v9-photo-metadata`), one file at a time on the thumbnail queue; answers what it did. Run at start
    /// and then periodically (``startCleanup(every:mediaOlderThan:)``); once the list is empty it is one query.
    ///
    /// Each stored image gets what a new upload gets (``MediaThumbnail/prepare(imageAt:)``): EXIF, XMP, IPTC and
    /// comments removed, a JPEG's turn kept alone, a HEIC kept as an upright JPEG, an upright thumbnail, its size as
    /// seen. The cleaned bytes are stored under their own digest and the rows pointed at them in one transaction;
    /// the old bytes go unless an upload of them arrived meanwhile. Two servers sharing the database and folder may
    /// both clean a file: the result is the same bytes, and the second rewrite finds no row left to point.
    @discardableResult
    public func removeStoredMetadata() async throws -> MetadataSweep {
        var sweep = MetadataSweep()
        while true {
            let digests = try await media.digestsWithMetadata(limit: 100)
            if digests.isEmpty { return sweep }
            for digest in digests { try await removeStoredMetadata(of: digest, into: &sweep) }
        }
    }

    private func removeStoredMetadata(of old: String, into sweep: inout MetadataSweep) async throws {
        guard let path = media.folder.contentPath(old),
            let prepared = try? await MediaThumbnail.prepare(imageAt: path)
        else {
            sweep.unreadable += 1
            return try await media.forgetMetadata(of: old)
        }
        guard let replacement = prepared.replacement else {
            sweep.alreadyClean += 1
            return try await media.forgetMetadata(of: old)
        }
        let upload = media.folder.stage(declaredLength: replacement.count, limit: .max)
        defer { upload.abandon() }
        replacement.withUnsafeBytes { upload.receive($0) }
        upload.finish()
        let new = try upload.commit(into: media.folder)
        guard new != old else {
            sweep.alreadyClean += 1
            return try await media.forgetMetadata(of: old)
        }
        let hasThumbnail = prepared.thumbnail.map { (try? media.folder.storeThumbnail($0, for: new)) != nil } ?? false
        let rows = try await media.rewrite(
            old,
            as: .init(
                sha256: new, byteCount: replacement.count, type: prepared.type, size: prepared.size,
                hasThumbnail: hasThumbnail))
        try upload.keepPlaced(in: media.folder)
        sweep.cleaned += 1
        // NB: the rows were removed meanwhile: the cleaned bytes go too, unless an upload of them came since.
        if rows == 0 { await media.deleteContent(new) }
        await media.deleteContent(old)
    }
}
