import AttendeeModels
import Foundation
import HTTPServer
import Testing

@testable import AttendeeServer

/// A removal and an upload of the same bytes, interleaved the ways two requests can be: a file whose upload was
/// answered 201 keeps its bytes, and bytes no row names are deleted.
@Suite struct MediaRaceTests {
    /// The removal found no other row naming the bytes, then an upload of the same bytes wrote its row before the
    /// removal deleted them: the files are put back.
    @Test func aRowWrittenWhileTheBytesAreRemovedKeepsThem() async throws {
        try await AttendeeTestServer.with { server in
            let token = try await server.registeredAttendee("Ines Duarte")
            let png = MediaFixtures.pngHeader(width: 64, height: 48)
            let first = try await server.uploadPhoto(png, name: "a.png", token: token).decode(MediaFile.self)
            let ownerID = first.ownerID
            let sha256 = try #require(try await server.service.media.remove(first.id, by: ownerID))

            var second = first
            second.id = UUID().uuidString.lowercased()
            try await server.service.store.database.write { [second] db in
                try MediaStore.insert(second, sha256: sha256, contentType: "image/png", db)
            }
            await server.service.media.deleteContent(sha256)

            let download = try await server.client.get(
                "/attendee/v1/media/\(second.id)", headers: AttendeeTestServer.auth(token))
            #expect(download.status == .ok)
            #expect(download.bodyData == png)
            #expect(server.mediaFiles().filter { $0.hasPrefix("staging/") }.isEmpty)
        }
    }

    /// No row names the bytes when they are removed: they go, set-aside copies included.
    @Test func bytesNoRowNamesAreDeleted() async throws {
        try await AttendeeTestServer.with { server in
            let token = try await server.registeredAttendee("Ines Duarte")
            let png = MediaFixtures.pngHeader(width: 64, height: 48)
            let photo = try await server.uploadPhoto(png, name: "a.png", token: token).decode(MediaFile.self)
            let sha256 = try #require(try await server.service.media.remove(photo.id, by: photo.ownerID))
            await server.service.media.deleteContent(sha256)
            #expect(server.mediaFiles().isEmpty)
        }
    }

    /// The removal deleted the bytes after the upload placed them but before its row was written: the upload
    /// places its own copy again once the row is in.
    @Test func anUploadWhoseBytesWereRemovedBeforeItsRowPlacesThemAgain() throws {
        let folder = try MediaFolder.temporary()
        let bytes = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let upload = folder.stage(declaredLength: bytes.count, limit: 1 << 20)
        bytes.withUnsafeBytes { upload.receive($0) }
        upload.finish()
        let sha256 = try upload.commit(into: folder)
        let content = try #require(folder.contentPath(sha256))
        folder.discard(folder.setAside(sha256))
        #expect(!FileManager.default.fileExists(atPath: content))

        try upload.keepPlaced(in: folder)
        #expect(try Data(contentsOf: URL(fileURLWithPath: content)) == bytes)
        upload.abandon()
        #expect(try Data(contentsOf: URL(fileURLWithPath: content)) == bytes)
        let staged = try FileManager.default.contentsOfDirectory(
            atPath: folder.url.appendingPathComponent("staging").path)
        #expect(staged.isEmpty, "\(staged)")
    }
}
