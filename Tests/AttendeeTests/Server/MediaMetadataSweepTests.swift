import AttendeeModels
import Database
import DatabaseTestSupport
import Foundation
import HTTPTypes
import ImageCodec
import ImageSamples
import Testing
import TokenVerifier

@testable import AttendeeServer

/// Photos stored before uploads lost their metadata (until `c9f521c`) lose it too: what members download says
/// nothing of where a photo was taken, whenever it was uploaded.
@Suite struct MediaMetadataSweepTests {
    /// Puts `bytes` back in place of what the rows `ids` name, as a server before `c9f521c` stored them (the upload
    /// as it came, its header's size), then lists the stored images again as migration `attendee.v9-photo-metadata`
    /// does on an upgrade; answers the old digest.
    static func storeAsBefore(
        _ bytes: Data, width: Int, height: Int, type: MediaType = .jpeg, name: String? = nil, rows ids: [String],
        in server: AttendeeTestServer
    ) async throws -> String {
        let hasher = SHA256Hasher()
        hasher.update(bytes)
        let digest = try hasher.finalizeHex()
        let path = try #require(server.mediaFolder.contentPath(digest))
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try bytes.write(to: URL(fileURLWithPath: path))
        _ = try await server.database.write { db in
            for id in ids {
                _ = try db.execute(
                    """
                    UPDATE attendee_media SET sha256 = \(digest), byte_count = \(bytes.count), width = \(width),
                        height = \(height), media_type = \(type.rawValue),
                        file_name = COALESCE(\(name), file_name)
                    WHERE id = \(id)
                    """)
            }
            _ = try db.execute(
                "DELETE FROM \(raw: Migrator.tableName) WHERE name = 'attendee.v9-photo-metadata'")
            try db.executeScript("DROP TABLE attendee_media_metadata_pending")
        }
        var migrator = Migrator()
        AttendeeService.registerMigrations(in: &migrator)
        #expect(try await migrator.migrate(server.database) == ["attendee.v9-photo-metadata"])
        return digest
    }

    static func download(_ id: String, _ path: String = "", as token: String, from server: AttendeeTestServer)
        async throws -> Data
    {
        let response = try await server.client.get(
            "/attendee/v1/media/\(id)\(path)", headers: AttendeeTestServer.auth(token))
        try #require(response.status == .ok, "\(response.bodyText)")
        return response.bodyData
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func anOldPortraitLosesItsLocationAndIsSeenUpright(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let alice = try await server.registeredAttendee("Alice")
            let bob = try await server.registeredAttendee("Bob")
            let photo = try MediaPrivacyTests.phonePhoto()
            // Two rows with the same bytes: one stored file, both rows pointed at the cleaned one.
            var ids: [String] = []
            for _ in 0..<2 {
                let uploaded = try await server.uploadPhoto(photo, name: "p.jpg", token: alice)
                ids.append(try uploaded.decode(MediaFile.self).id)
            }
            let old = try await Self.storeAsBefore(photo, width: 1200, height: 600, rows: ids, in: server)
            let before = try await Self.download(ids[0], as: bob, from: server)
            #expect(MediaPrivacyTests.containsPlace(before), "the test stores the photo as the old server did")

            let sweep = try await server.service.removeStoredMetadata()
            #expect(sweep == .init(cleaned: 1, alreadyClean: 0, unreadable: 0))

            let listed = try await server.client.get(
                "/attendee/v1/events/\(server.eventID)/gallery", headers: AttendeeTestServer.auth(bob)
            ).decode([MediaFile].self)
            for id in ids {
                let kept = try await Self.download(id, as: bob, from: server)
                #expect(!MediaPrivacyTests.containsPlace(kept), "an old photo still tells where it was taken")
                #expect(ImageFile.orientation(of: kept) == .right)
                let file = try #require(listed.first { $0.id == id })
                #expect([file.width, file.height] == [600, 1200])
                #expect(file.byteCount == kept.count && file.hasThumbnail)
                let thumbnail = try ImageFile.decode(try await Self.download(id, "/thumbnail", as: bob, from: server))
                #expect(thumbnail.size == PixelSize(width: 160, height: 320))
            }
            let oldPath = try #require(server.mediaFolder.contentPath(old))
            #expect(!FileManager.default.fileExists(atPath: oldPath), "the old bytes stay on the disk")
            #expect(try await server.service.removeStoredMetadata() == .init(), "the list is done")
        }
    }

    /// A HEIC becomes a JPEG named so; a clean PNG is left byte for byte; a listed file that is gone is passed over;
    /// a document is never listed.
    @Test func heicCleanAndMissingFilesAreEachHandled() async throws {
        try await AttendeeTestServer.with { server in
            let alice = try await server.registeredAttendee("Alice")
            try await server.makeOrganizer(alice)
            let document = try await server.addDocument(Data("agenda".utf8), purpose: "pre-read", token: alice)
            #expect(document.status == .created, "\(document.bodyText)")
            let pixels = ImageSamples.gradient(width: 48, height: 32)
            let jpeg = try MediaFixtures.jpeg(width: 48, height: 32)
            func upload() async throws -> String {
                try await server.uploadPhoto(jpeg, token: alice).decode(MediaFile.self).id
            }
            let heicID = try await upload()
            _ = try await Self.storeAsBefore(
                try ImageSamples.heic(pixels), width: 48, height: 32, type: .heic, name: "IMG_0001.HEIC",
                rows: [heicID], in: server)
            let (listed, images) = try await server.database.read { db in
                (
                    try db.fetchColumn(String.self, "SELECT sha256 FROM attendee_media_metadata_pending ORDER BY 1"),
                    try db.fetchColumn(
                        String.self,
                        "SELECT DISTINCT sha256 FROM attendee_media WHERE media_type <> 'text' ORDER BY 1")
                )
            }
            #expect(listed == images && !listed.isEmpty, "the migration lists every stored image and nothing else")

            #expect(try await server.service.removeStoredMetadata() == .init(cleaned: 1, alreadyClean: 0))
            let heic = try await server.client.get(
                "/attendee/v1/media/\(heicID)", headers: AttendeeTestServer.auth(alice))
            #expect(heic.headers["Content-Type"] == "image/jpeg")
            #expect(ImageFormat(sniffing: heic.bodyData) == .jpeg)
            let gallery = try await server.client.get(
                "/attendee/v1/events/\(server.eventID)/gallery", headers: AttendeeTestServer.auth(alice)
            ).decode([MediaFile].self)
            let file = try #require(gallery.first { $0.id == heicID })
            #expect(file.type == .jpeg && file.fileName == "IMG_0001.jpg")

            let png = try ImageSamples.png(pixels)
            let pngID = try await upload()
            _ = try await Self.storeAsBefore(png, width: 48, height: 32, type: .png, rows: [pngID], in: server)
            let onlyPNG = try await server.service.removeStoredMetadata()
            #expect(onlyPNG.cleaned == 0 && onlyPNG.unreadable == 0 && onlyPNG.alreadyClean >= 1)
            #expect(try await Self.download(pngID, as: alice, from: server) == png)

            let goneID = try await upload()
            let gone = try await Self.storeAsBefore(jpeg, width: 48, height: 32, rows: [goneID], in: server)
            try FileManager.default.removeItem(atPath: try #require(server.mediaFolder.contentPath(gone)))
            #expect(try await server.service.removeStoredMetadata().unreadable == 1)
            #expect(try await server.service.removeStoredMetadata() == .init())
        }
    }
}
