import AttendeeModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import HTTPTypes
import ImageCodec
import TestSupport
import Testing

@testable import AttendeeServer

/// The gallery: uploads checked by their bytes, stored by content, thumbnails, and what never stays on disk.
@Suite struct MediaGalleryTests {
    @Test(arguments: DatabaseKind.eachDialect)
    func aPhotoIsStoredByContentListedDownloadedAndThumbnailed(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.registeredAttendee("Ines Duarte")
            let jpeg = try MediaFixtures.jpeg(width: 800, height: 600)
            let response = try await server.uploadPhoto(jpeg, name: "Opening keynote.jpeg", token: token)
            #expect(response.status == .created, "\(response.bodyText)")
            let photo = try response.decode(MediaFile.self)
            #expect(photo.type == .jpeg)
            #expect(photo.purpose == .gallery)
            #expect(photo.width == 800 && photo.height == 600)
            #expect(photo.byteCount == jpeg.count)
            #expect(photo.fileName == "Opening keynote.jpeg")
            #expect(photo.hasThumbnail)
            #expect(response.headers["Location"] == "/attendee/v1/media/\(photo.id)")

            let sha = try MediaFixtures.sha256(jpeg)
            let prefix = String(sha.prefix(2)) + "/" + String(sha.dropFirst(2).prefix(2)) + "/"
            #expect(server.mediaFiles() == ["content/" + prefix + sha, "thumbnails/" + prefix + sha + ".jpg"])

            let gallery = try await server.client.get(
                "/attendee/v1/events/\(server.eventID)/gallery", headers: AttendeeTestServer.auth(token)
            ).decode([MediaFile].self)
            #expect(gallery.map(\.id) == [photo.id])

            let download = try await server.client.get(
                "/attendee/v1/media/\(photo.id)", headers: AttendeeTestServer.auth(token))
            #expect(download.status == .ok)
            #expect(download.bodyData == jpeg)
            #expect(download.headers["Content-Type"] == "image/jpeg")
            #expect(download.headers["ETag"] == "\"\(sha)\"")
            #expect(
                download.headers["Content-Disposition"]?.hasPrefix("inline; filename=\"Opening keynote.jpeg\"") == true)

            let thumbnail = try await server.client.get(
                "/attendee/v1/media/\(photo.id)/thumbnail", headers: AttendeeTestServer.auth(token))
            #expect(thumbnail.status == .ok)
            #expect(thumbnail.headers["Content-Type"] == "image/jpeg")
            #expect(try TurboJPEG.dimensions(of: thumbnail.bodyData) == PixelSize(width: 320, height: 240))

            // Two ranges: one multipart body whose parts say the photo's type and where they are.
            var ranged = AttendeeTestServer.auth(token)
            ranged["Range"] = "bytes=0-9,20-29"
            let parts = try await server.client.get("/attendee/v1/media/\(photo.id)", headers: ranged)
            #expect(parts.status == .partialContent)
            let type = try #require(parts.headers["Content-Type"])
            #expect(type.hasPrefix("multipart/byteranges; boundary="))
            #expect(parts.headers["Content-Disposition"]?.hasPrefix("inline;") == true)
            let body = parts.bodyData
            #expect(
                body.range(of: Data("Content-Type: image/jpeg\r\nContent-Range: bytes 0-9/\(jpeg.count)\r\n\r\n".utf8))
                    != nil)
            #expect(
                body.range(of: Data("Content-Range: bytes 20-29/\(jpeg.count)\r\n\r\n".utf8) + jpeg[20..<30]) != nil)
            #expect(body.count < jpeg.count)
        }
    }

    @Test func theSameBytesTwiceShareOneFileUntilBothAreRemoved() async throws {
        try await AttendeeTestServer.with { server in
            let token = try await server.registeredAttendee("Ines Duarte")
            let png = MediaFixtures.pngHeader(width: 64, height: 48)
            let first = try await server.uploadPhoto(png, name: "a.png", token: token).decode(MediaFile.self)
            let second = try await server.uploadPhoto(png, name: "b.png", token: token).decode(MediaFile.self)
            #expect(first.id != second.id)
            #expect(server.mediaFiles().count == 1)
            let headers = AttendeeTestServer.auth(token)
            #expect(
                try await server.client.delete("/attendee/v1/media/\(first.id)", headers: headers).status == .noContent)
            #expect(server.mediaFiles().count == 1)
            // NB: the header-only PNG is kept up to its last whole chunk (``ImageFile/removingMetadata(_:)``).
            let kept = try ImageFile.removingMetadata(png) ?? png
            #expect(try await server.client.get("/attendee/v1/media/\(second.id)", headers: headers).bodyData == kept)
            #expect(
                try await server.client.delete("/attendee/v1/media/\(second.id)", headers: headers).status == .noContent
            )
            #expect(server.mediaFiles().isEmpty)
            #expect(
                try await server.client.get("/attendee/v1/media/\(second.id)", headers: headers).status == .notFound)
        }
    }

    @Test(arguments: [
        ("slide.png", MediaType.png), ("wave.gif", .gif), ("stage.webp", .webp), ("phone.heic", .heic),
    ])
    func everyImageFormatGetsAJPEGThumbnail(name: String, type: MediaType) async throws {
        try await AttendeeTestServer.with { server in
            let token = try await server.registeredAttendee("Ines Duarte")
            let image = try MediaFixtures.image(type, width: 640, height: 480)
            let photo = try await server.uploadPhoto(image, name: name, token: token).decode(MediaFile.self)
            // NB: a HEIC's metadata cannot be removed in place: it is kept as a JPEG.
            #expect(photo.type == (type == .heic ? .jpeg : type))
            #expect(photo.hasThumbnail)
            #expect(photo.width == 640 && photo.height == 480)
            let thumbnail = try await server.client.get(
                "/attendee/v1/media/\(photo.id)/thumbnail", headers: AttendeeTestServer.auth(token))
            #expect(thumbnail.status == .ok)
            #expect(thumbnail.headers["Content-Type"] == "image/jpeg")
            #expect(try TurboJPEG.dimensions(of: thumbnail.bodyData) == PixelSize(width: 320, height: 240))
            let original = try await server.client.get(
                "/attendee/v1/media/\(photo.id)", headers: AttendeeTestServer.auth(token))
            if type == .heic {
                #expect(ImageFormat(sniffing: original.bodyData) == .jpeg)
            } else {
                #expect(original.bodyData == image)
            }
        }
    }

    @Test func aPNGThatCannotBeDecodedIsKeptWithoutAThumbnail() async throws {
        try await AttendeeTestServer.with { server in
            let token = try await server.registeredAttendee("Ines Duarte")
            let photo = try await server.uploadPhoto(
                MediaFixtures.pngHeader(width: 640, height: 480), name: "slide.png", token: token
            ).decode(MediaFile.self)
            #expect(photo.type == .png)
            #expect(!photo.hasThumbnail)
            #expect(photo.width == 640)
            let thumbnail = try await server.client.get(
                "/attendee/v1/media/\(photo.id)/thumbnail", headers: AttendeeTestServer.auth(token))
            #expect(thumbnail.status == .notFound)
        }
    }

    @Test(arguments: [
        ("cat.jpg", Data("<html><script>alert(1)</script></html>".utf8), 415),
        ("document.pdf", MediaFixtures.pdf, 415),
        ("empty.jpg", Data(), 415),
        ("binary.jpg", Data([0x00, 0x01, 0x02, 0xFF, 0xFE, 0x00]), 415),
        ("huge.png", MediaFixtures.pngHeader(width: 20_000, height: 20_000), 422),
        ("huge.jpg", MediaFixtures.jpegHeader(width: 20_000, height: 20_000), 422),
    ])
    func hostilePhotosAreRefusedByTheirBytesAndLeaveNothing(name: String, body: Data, status: Int) async throws {
        try await AttendeeTestServer.with { server in
            let token = try await server.registeredAttendee("Ines Duarte")
            let response = try await server.uploadPhoto(body, name: name, token: token)
            #expect(response.status.rawValue == status)
            #expect(
                response.problem["type"]
                    == (status == 422 ? MediaRefusal.tooManyPixels : MediaRefusal.unsupportedType).rawValue)
            #expect(response.problem["detail"]?.contains("/") == false)
            #expect(server.mediaFiles().isEmpty)
        }
    }

    @Test func oneByteOverTwentyFiveMegabytesIsRefusedAndNothingStays() async throws {
        try await AttendeeTestServer.with { server in
            let token = try await server.registeredAttendee("Ines Duarte")
            var body = try MediaFixtures.jpeg(width: 16, height: 16)
            body.append(Data(count: MediaLimits.maxBytes + 1 - body.count))
            // Sent without a length (as chunked), so the limit is met while the bytes arrive…
            let streamed = try await server.uploadPhoto(body, token: token)
            #expect(streamed.status == .contentTooLarge)
            #expect(streamed.problem["type"] == MediaRefusal.tooLarge.rawValue)
            #expect(server.mediaFiles().isEmpty)
            // …and with one, refused before any byte is written.
            let declared = try await server.upload(
                "/attendee/v1/events/\(server.eventID)/gallery?name=big.jpg", body, token: token,
                headers: ["Content-Length": "\(body.count)"])
            #expect(declared.status == .contentTooLarge)
            #expect(server.mediaFiles().isEmpty)
            // Exactly the limit is fine.
            let exact = try await server.uploadPhoto(body.prefix(MediaLimits.maxBytes), token: token)
            #expect(exact.status == .created)
        }
    }

    @Test(arguments: [
        "../../etc/passwd", "/etc/passwd", "..\\..\\windows\\win.ini", "notes\u{0}.txt.exe", "....//....//x.txt",
        String(repeating: "é", count: 5_000) + ".txt", "", "\u{202E}gpj.txt",
    ])
    func fileNamesNeverBecomePaths(name: String) async throws {
        try await AttendeeTestServer.with { server in
            let token = try await server.signUp("Organizer")
            try await server.makeOrganizer(token)
            let response = try await server.addDocument(
                MediaFixtures.text, purpose: "pre-read", name: name, token: token)
            #expect(response.status == .created, "\(response.bodyText)")
            let file = try response.decode(MediaFile.self)
            #expect(!file.fileName.contains("/") && !file.fileName.contains("\\") && !file.fileName.hasPrefix("."))
            #expect(!file.fileName.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" })
            #expect(file.fileName.count <= MediaFileName.maxLength)
            #expect(file.fileName.hasSuffix(".txt"))
            let sha = try MediaFixtures.sha256(MediaFixtures.text)
            #expect(server.mediaFiles() == ["content/\(sha.prefix(2))/\(sha.dropFirst(2).prefix(2))/\(sha)"])
        }
    }

    @Test func anUploadDroppedMidwayLeavesNothingBehind() async throws {
        try await AttendeeTestServer.with { server in
            do {
                let upload = server.mediaFolder.stage(declaredLength: 1_000_000, limit: MediaLimits.maxBytes)
                Data(count: 300_000).withUnsafeBytes { upload.receive($0) }
                #expect(server.mediaFiles().count == 1)
                #expect(server.mediaFiles().first?.hasPrefix("staging/") == true)
            }
            #expect(server.mediaFiles().isEmpty)
        }
    }

    @Test func anUploadWithoutATokenNeverReachesTheDisk() async throws {
        try await AttendeeTestServer.with { server in
            let anonymous = Request(
                method: .post, target: "/attendee/v1/events/\(server.eventID)/gallery?name=a.jpg",
                headers: ["Content-Length": "300000"])
            let upload = MediaController.receiver(for: anonymous, in: server.mediaFolder)
            Data(count: 300_000).withUnsafeBytes { upload.receive($0) }
            upload.finish()
            #expect(upload.refusal == .signedOut)
            #expect(server.mediaFiles().isEmpty)

            var signedIn = anonymous
            signedIn.headers["Authorization"] = "Bearer some-token"
            let kept = MediaController.receiver(for: signedIn, in: server.mediaFolder)
            Data(count: 1_000).withUnsafeBytes { kept.receive($0) }
            kept.finish()
            #expect(kept.refusal == nil)
            #expect(server.mediaFiles().first?.hasPrefix("staging/") == true)
        }
    }

    @Test func theSweepRemovesAbandonedAndUnnamedFilesOnlyWhenOld() async throws {
        try await AttendeeTestServer.with { server in
            let token = try await server.registeredAttendee("Ines Duarte")
            let kept = try await server.uploadPhoto(try MediaFixtures.jpeg(width: 40, height: 30), token: token)
            #expect(kept.status == .created)
            let folder = server.mediaFolder
            let orphan = String(repeating: "ab", count: 32)
            let orphanPath = try #require(folder.contentPath(orphan))
            try FileManager.default.createDirectory(
                atPath: (orphanPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data("orphan".utf8).write(to: URL(fileURLWithPath: orphanPath))
            let abandoned = folder.staging.appendingPathComponent("abandoned.part").path
            try Data("half".utf8).write(to: URL(fileURLWithPath: abandoned))
            let fresh = folder.staging.appendingPathComponent("fresh.part").path
            try Data("arriving".utf8).write(to: URL(fileURLWithPath: fresh))
            let old = Date().addingTimeInterval(-7200)
            for path in [orphanPath, abandoned] + server.mediaFiles().map({ folder.url.path + "/" + $0 }) {
                try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
            }
            try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: fresh)
            let before = server.mediaFiles()
            #expect(before.count == 5)

            #expect(try await server.service.cleanUpMedia(olderThan: 3600) == 2)
            let after = server.mediaFiles()
            #expect(after.count == 3)
            #expect(!after.contains { $0.hasSuffix(orphan) || $0.hasSuffix("abandoned.part") })
            #expect(after.contains("staging/fresh.part"))
            let photo = try kept.decode(MediaFile.self)
            let download = try await server.client.get(
                "/attendee/v1/media/\(photo.id)", headers: AttendeeTestServer.auth(token))
            #expect(download.status == .ok)
        }
    }

    @Test func theCleanupStartedWithTheServerRunsAgainUntilCancelled() async throws {
        try await AttendeeTestServer.with { server in
            let staging = server.mediaFolder.staging
            let first = staging.appendingPathComponent("first.part")
            try Data("left".utf8).write(to: first)
            // A live event from two days ago, past the window a reconnecting client replays.
            let old = Date().addingTimeInterval(-2 * LiveOutbox.retention)
            let stale = try await server.service.store.database.write { db in
                try LiveOutbox.append(.event("e"), kind: "wall.post", payload: ["text": "old"], now: old, db)
            }
            let task = server.service.startCleanup(every: .milliseconds(20), mediaOlderThan: 0)
            // NB: `eventually`, not 500 polls 10 ms apart: about five seconds was short for a loaded machine.
            #expect(await eventually { !FileManager.default.fileExists(atPath: first.path) })
            // It runs again: a file abandoned later goes too.
            let second = staging.appendingPathComponent("second.part")
            try Data("left".utf8).write(to: second)
            #expect(await eventually { !FileManager.default.fileExists(atPath: second.path) })
            let kept = try await server.service.store.database.read { db in
                try db.fetchValue(
                    Int64.self, "SELECT COUNT(*) FROM attendee_live_event WHERE sequence = \(stale.sequence)")
            }
            #expect(kept == 0)
            task.cancel()
            await task.value
        }
    }

    @Test func anExpiredTokenCanNeitherUploadNorDownload() async throws {
        try await AttendeeTestServer.with { server in
            let token = try await server.registeredAttendee("Ines Duarte")
            let photo = try await server.uploadPhoto(MediaFixtures.pngHeader(width: 8, height: 8), token: token)
                .decode(MediaFile.self)
            _ = try await server.database.write { db in try db.execute("UPDATE attendee_auth_token SET expires_at = 0")
            }
            let upload = try await server.uploadPhoto(MediaFixtures.pngHeader(width: 9, height: 9), token: token)
            #expect(upload.status == .unauthorized)
            let download = try await server.client.get(
                "/attendee/v1/media/\(photo.id)", headers: AttendeeTestServer.auth(token))
            #expect(download.status == .unauthorized)
            #expect(server.mediaFiles().count == 1, "\(server.mediaFiles())")
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func membersUploadOthersAreRefusedAndNothingIsKept(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let outsider = try await server.signUp("Outsider")
            let jpeg = try MediaFixtures.jpeg(width: 32, height: 32)
            #expect(try await server.uploadPhoto(jpeg, token: outsider).status == .forbidden)
            #expect(try await server.uploadPhoto(jpeg, token: nil).status == .unauthorized)
            #expect(try await server.uploadPhoto(jpeg, token: "not-a-token").status == .unauthorized)
            #expect(server.mediaFiles().isEmpty)
            let missing = try await server.upload("/attendee/v1/events/nope/gallery?name=a.jpg", jpeg, token: outsider)
            #expect(missing.status == .notFound)

            let member = try await server.registeredAttendee("Member")
            let photo = try await server.uploadPhoto(jpeg, token: member).decode(MediaFile.self)
            let headers = AttendeeTestServer.auth(outsider)
            // To someone outside its event a file's id is no file at all, as for its removal: a 403 told them a
            // file of that id exists.
            let outside = try await server.client.get("/attendee/v1/media/\(photo.id)", headers: headers)
            let nothing = try await server.client.get("/attendee/v1/media/\(UUID().uuidString)", headers: headers)
            #expect(outside.status == .notFound)
            #expect(outside.problem["detail"] == nothing.problem["detail"])
            for route in ["thumbnail", "share"] {
                let refused = try await server.client.get("/attendee/v1/media/\(photo.id)/\(route)", headers: headers)
                let absent = try await server.client.get(
                    "/attendee/v1/media/\(UUID().uuidString)/\(route)", headers: headers)
                #expect(refused.status == .notFound, "\(route)")
                #expect(refused.problem["detail"] == absent.problem["detail"], "\(route)")
            }
            #expect(
                try await server.client.get("/attendee/v1/events/\(server.eventID)/gallery", headers: headers).status
                    == .forbidden)
            #expect(
                try await server.client.delete("/attendee/v1/media/\(photo.id)", headers: headers).status == .notFound)
            #expect(try await server.client.get("/attendee/v1/media/\(photo.id)").status == .unauthorized)
            #expect(try await server.client.get("/attendee/v1/media/not-an-id", headers: headers).status == .notFound)

            // Another member may see the photo but not remove it; the organizer may.
            let other = try await server.registeredAttendee("Other")
            let otherHeaders = AttendeeTestServer.auth(other)
            #expect(try await server.client.get("/attendee/v1/media/\(photo.id)", headers: otherHeaders).status == .ok)
            #expect(
                try await server.client.delete("/attendee/v1/media/\(photo.id)", headers: otherHeaders).status
                    == .forbidden)
            #expect(!server.mediaFiles().isEmpty)
            let organizer = try await server.signUp("Organizer")
            try await server.makeOrganizer(organizer)
            #expect(
                try await server.client.delete(
                    "/attendee/v1/media/\(photo.id)", headers: AttendeeTestServer.auth(organizer)
                )
                .status == .noContent)
            #expect(server.mediaFiles().isEmpty)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func otherFeaturesCanCheckAnImageAndItsUploader(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let author = try await server.registeredAttendee("Author")
            let other = try await server.registeredAttendee("Other")
            let photo = try await server.uploadAttachment(try MediaFixtures.jpeg(width: 20, height: 20), token: author)
                .decode(MediaFile.self)
            let galleryPhoto = try await server.uploadPhoto(
                try MediaFixtures.jpeg(width: 20, height: 20), token: author
            )
            .decode(MediaFile.self)
            let organizer = try await server.signUp("Organizer")
            try await server.makeOrganizer(organizer)
            let document = try await server.addDocument(MediaFixtures.pdf, purpose: "pre-read", token: organizer)
                .decode(MediaFile.self)
            let authorID = try await server.userID(author)
            let event = server.eventID
            #expect(try await server.service.isImage(photo.id, uploadedBy: authorID, at: event))
            #expect(try await server.service.isImage(photo.id, uploadedBy: authorID, at: "another-event") == false)
            #expect(try await server.service.isImage(galleryPhoto.id, uploadedBy: authorID, at: event) == false)
            #expect(
                try await server.service.isImage(photo.id, uploadedBy: try await server.userID(other), at: event)
                    == false)
            #expect(
                try await server.service.isImage(
                    document.id, uploadedBy: try await server.userID(organizer), at: event) == false)
            #expect(try await server.service.isImage("missing", uploadedBy: authorID, at: event) == false)
        }
    }
}

/// Documents: who may add and remove what, downloads with ranges and validators, share links.
@Suite struct MediaDocumentTests {
    @Test(arguments: DatabaseKind.eachDialect)
    func speakersManageTheirOwnSessionsDocumentsAndNobodyElseDoes(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let agenda = try await server.agenda()
            let mine = agenda[1].id
            let theirs = agenda[2].id
            let speaker = try await server.signUp("Speaker One")
            try await server.makeSpeaker(speaker, of: mine)
            let otherSpeaker = try await server.signUp("Speaker Two")
            try await server.makeSpeaker(otherSpeaker, of: theirs)
            let attendee = try await server.registeredAttendee("Attendee")

            let slides = try await server.addDocument(
                MediaFixtures.pdf, purpose: "material", sessionID: mine, name: "Slides.pdf", token: speaker)
            #expect(slides.status == .created, "\(slides.bodyText)")
            let material = try slides.decode(MediaFile.self)
            #expect(material.sessionID == mine)
            #expect(material.type == .pdf)
            let preRead = try await server.addDocument(
                MediaFixtures.text, purpose: "pre-read", sessionID: mine, name: "Before.txt", token: speaker)
            #expect(preRead.status == .created)

            // The other speaker and an attendee cannot add to this session, nor remove from it.
            for token in [otherSpeaker, attendee] {
                let refused = try await server.addDocument(
                    MediaFixtures.pdf, purpose: "material", sessionID: mine, name: "Mine now.pdf", token: token)
                #expect(refused.status == .forbidden)
                let removal = try await server.client.delete(
                    "/attendee/v1/media/\(material.id)", headers: AttendeeTestServer.auth(token))
                #expect(removal.status == .forbidden)
            }
            // Speakers add event-wide documents only as organizers.
            #expect(
                try await server.addDocument(MediaFixtures.pdf, purpose: "pre-read", token: speaker).status
                    == .forbidden)

            let page = try await server.documents(attendee, sessionID: mine).decode(DocumentsPage.self)
            #expect(page.materials.map(\.fileName) == ["Slides.pdf"])
            #expect(page.preRead.map(\.fileName) == ["Before.txt"])
            #expect(page.postRead.isEmpty)
            #expect(!page.canAdd)
            // The page tells who may add: the session's speaker on its page, no speaker on the event's.
            #expect(try await server.documents(speaker, sessionID: mine).decode(DocumentsPage.self).canAdd)
            #expect(try await !server.documents(otherSpeaker, sessionID: mine).decode(DocumentsPage.self).canAdd)
            #expect(try await !server.documents(speaker).decode(DocumentsPage.self).canAdd)
            let everything = try await server.documents(otherSpeaker).decode(DocumentsPage.self)
            #expect(everything.materials.count == 1 && everything.preRead.count == 1)
            #expect(
                try await server.documents(otherSpeaker, sessionID: theirs).decode(DocumentsPage.self).materials.isEmpty
            )

            // The speaker removes their own; nothing changed for the refused attempts.
            #expect(
                try await server.client.delete(
                    "/attendee/v1/media/\(material.id)", headers: AttendeeTestServer.auth(speaker)
                )
                .status == .noContent)
            #expect(try await server.documents(attendee, sessionID: mine).decode(DocumentsPage.self).materials.isEmpty)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func theOrganizerManagesEverythingAndOutsidersSeeNothing(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let session = try await server.agenda()[3].id
            let speaker = try await server.signUp("Speaker")
            try await server.makeSpeaker(speaker, of: session)
            let organizer = try await server.signUp("Organizer")
            try await server.makeOrganizer(organizer)
            let outsider = try await server.signUp("Outsider")

            let handout = try await server.addDocument(
                MediaFixtures.text, purpose: "post-read", sessionID: session, token: speaker
            ).decode(MediaFile.self)
            let agendaPDF = try await server.addDocument(
                MediaFixtures.pdf, purpose: "pre-read", name: "Programme.pdf", token: organizer)
            #expect(agendaPDF.status == .created)

            #expect(try await server.documents(outsider).status == .forbidden)
            #expect(
                try await server.client.get(
                    "/attendee/v1/media/\(handout.id)", headers: AttendeeTestServer.auth(outsider)
                )
                .status == .notFound)
            #expect(
                try await server.client.get(
                    "/attendee/v1/media/\(handout.id)/share", headers: AttendeeTestServer.auth(outsider)
                )
                .status == .notFound)
            #expect(try await server.documents(speaker).decode(DocumentsPage.self).postRead.map(\.id) == [handout.id])

            #expect(
                try await server.client.delete(
                    "/attendee/v1/media/\(handout.id)", headers: AttendeeTestServer.auth(organizer)
                )
                .status == .noContent)
            #expect(try await server.documents(speaker).decode(DocumentsPage.self).postRead.isEmpty)
        }
    }

    /// The gallery and the Documentation page tell each reader which files they may remove, and the server
    /// refuses exactly the others.
    @Test(arguments: DatabaseKind.eachDialect)
    func listsTellEachReaderWhatTheyMayRemove(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let session = try await server.agenda()[1].id
            let speaker = try await server.signUp("Speaker")
            try await server.makeSpeaker(speaker, of: session)
            let organizer = try await server.signUp("Organizer")
            try await server.makeOrganizer(organizer)
            let ana = try await server.registeredAttendee("Ana")
            let bo = try await server.registeredAttendee("Bo")

            let slides = try await server.addDocument(
                MediaFixtures.pdf, purpose: "material", sessionID: session, name: "Slides.pdf", token: speaker
            ).decode(MediaFile.self)
            let programme = try await server.addDocument(
                MediaFixtures.pdf, purpose: "pre-read", name: "Programme.pdf", token: organizer
            ).decode(MediaFile.self)
            let photo = try await server.uploadPhoto(MediaFixtures.pngHeader(width: 10, height: 10), token: ana)
                .decode(MediaFile.self)

            func told(_ token: String) async throws -> [String: Bool] {
                let page = try await server.documents(token).decode(DocumentsPage.self)
                let gallery = try await server.client.get(
                    "/attendee/v1/events/\(server.eventID)/gallery", headers: AttendeeTestServer.auth(token)
                ).decode([MediaFile].self)
                var told: [String: Bool] = [:]
                for file in page.preRead + page.materials + gallery { told[file.fileName] = file.canRemove }
                return told
            }
            let expected: [(String, [String: Bool])] = [
                (organizer, ["Slides.pdf": true, "Programme.pdf": true, photo.fileName: true]),
                (speaker, ["Slides.pdf": true, "Programme.pdf": false, photo.fileName: false]),
                (ana, ["Slides.pdf": false, "Programme.pdf": false, photo.fileName: true]),
                (bo, ["Slides.pdf": false, "Programme.pdf": false, photo.fileName: false]),
            ]
            let ids = ["Slides.pdf": slides.id, "Programme.pdf": programme.id, photo.fileName: photo.id]
            for (token, answers) in expected {
                #expect(try await told(token) == answers)
                for (name, allowed) in answers where !allowed {
                    let removal = try await server.client.delete(
                        "/attendee/v1/media/\(ids[name] ?? "")", headers: AttendeeTestServer.auth(token))
                    #expect(removal.status == .forbidden, "\(name)")
                }
            }
            let removal = try await server.client.delete(
                "/attendee/v1/media/\(photo.id)", headers: AttendeeTestServer.auth(ana))
            #expect(removal.status == .noContent)
            // Elsewhere (an upload's answer) the file does not say.
            #expect(photo.canRemove == nil)
        }
    }

    @Test func badParametersAreProblemsAndNothingIsKept() async throws {
        try await AttendeeTestServer.with { server in
            let organizer = try await server.signUp("Organizer")
            try await server.makeOrganizer(organizer)
            let noPurpose = try await server.upload(
                "/attendee/v1/events/\(server.eventID)/documents?name=a.pdf", MediaFixtures.pdf, token: organizer)
            #expect(noPurpose.status == .unprocessableContent)
            #expect(noPurpose.problem["field"] == "purpose")
            let gallery = try await server.addDocument(MediaFixtures.pdf, purpose: "gallery", token: organizer)
            #expect(gallery.status == .unprocessableContent)
            let material = try await server.addDocument(MediaFixtures.pdf, purpose: "material", token: organizer)
            #expect(material.status == .unprocessableContent)
            #expect(material.problem["field"] == "sessionID")
            let unknown = try await server.addDocument(
                MediaFixtures.pdf, purpose: "material", sessionID: "no-such-session", token: organizer)
            #expect(unknown.status == .notFound)
            let zip = try await server.addDocument(
                MediaFixtures.zip([("secret.exe", Data("MZ".utf8))]), purpose: "pre-read", name: "x.docx",
                token: organizer)
            #expect(zip.status == .unsupportedMediaType)
            let binary = try await server.addDocument(
                Data([0x7F, 0x45, 0x4C, 0x46, 0, 0, 0]), purpose: "pre-read", name: "report.pdf", token: organizer)
            #expect(binary.status == .unsupportedMediaType)
            #expect(binary.problem["type"] == MediaRefusal.unsupportedType.rawValue)
            #expect(server.mediaFiles().isEmpty)
            #expect(try await server.documents(organizer, sessionID: "no-such-session").status == .notFound)
            #expect(try await server.documents(organizer).decode(DocumentsPage.self).canAdd)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func downloadsServeRangesValidatorsAndANameOfTheServersChoosing(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.signUp("Organizer")
            try await server.makeOrganizer(organizer)
            let body = Data((0..<1000).map { UInt8(0x41 + $0 % 26) })
            let file = try await server.addDocument(body, purpose: "pre-read", name: "Café menu.txt", token: organizer)
                .decode(MediaFile.self)
            let sha = try MediaFixtures.sha256(body)
            let path = "/attendee/v1/media/\(file.id)"
            func get(_ headers: HTTPHeaders) async throws -> Response {
                var all = AttendeeTestServer.auth(organizer)
                for (name, value) in headers { all[name] = value }
                return try await server.client.get(path, headers: all)
            }
            let whole = try await get([:])
            #expect(whole.status == .ok)
            #expect(whole.headers["Content-Type"] == "text/plain; charset=utf-8")
            #expect(whole.headers["ETag"] == "\"\(sha)\"")
            #expect(whole.headers["Accept-Ranges"] == "bytes")
            #expect(
                whole.headers["Content-Disposition"]
                    == "attachment; filename=\"Caf_ menu.txt\"; filename*=UTF-8''Caf%C3%A9%20menu.txt")

            let first = try await get(["Range": "bytes=0-4"])
            #expect(first.status == .partialContent)
            #expect(first.headers["Content-Range"] == "bytes 0-4/1000")
            #expect(first.bodyData == body.prefix(5))
            #expect(try await get(["Range": "bytes=-3"]).bodyData == body.suffix(3))
            #expect(try await get(["Range": "bytes=990-"]).bodyData == body.suffix(10))
            let beyond = try await get(["Range": "bytes=5000-"])
            #expect(beyond.status == .rangeNotSatisfiable)
            #expect(beyond.headers["Content-Range"] == "bytes */1000")
            #expect(try await get(["If-None-Match": "\"\(sha)\""]).status == .notModified)
            #expect(try await get(["If-None-Match": "\"stale\""]).status == .ok)
            #expect(try await get(["Range": "bytes=0-4", "If-Range": "\"stale\""]).bodyData == body)
            #expect(try await get(["Range": "bytes=0-4", "If-Range": "\"\(sha)\""]).status == .partialContent)
        }
    }

    @Test func aShareLinkIsTheAbsoluteSignedURLOfTheDownload() async throws {
        try await AttendeeTestServer.with { server in
            let organizer = try await server.signUp("Organizer")
            try await server.makeOrganizer(organizer)
            let file = try await server.addDocument(
                MediaFixtures.pdf, purpose: "pre-read", name: "Map.pdf", token: organizer
            )
            .decode(MediaFile.self)
            var headers = AttendeeTestServer.auth(organizer)
            headers["Host"] = "quartet.test:8080"
            let link = try await server.client.get("/attendee/v1/media/\(file.id)/share", headers: headers)
                .decode(MediaShareLink.self)
            #expect(link.url.hasPrefix("http://quartet.test:8080/attendee/v1/media/\(file.id)?expires="))
            #expect(link.url.contains("&signature="))
            #expect(link.fileName == "Map.pdf")
            let expiresAt = try #require(link.expiresAt)
            #expect(abs(expiresAt.timeIntervalSinceNow - 7 * 24 * 3600) < 120)
            headers["Host"] = "evil.example/phish?"
            #expect(
                try await server.client.get("/attendee/v1/media/\(file.id)/share", headers: headers).status
                    == .badRequest)
        }
    }

    @Test func theDocumentationPageHeadsWithTheNewestPhoto() async throws {
        try await AttendeeTestServer.with { server in
            let token = try await server.registeredAttendee("Ines")
            #expect(try await server.documents(token).decode(DocumentsPage.self).headerPhoto == nil)
            _ = try await server.uploadPhoto(MediaFixtures.pngHeader(width: 10, height: 10), token: token)
            let newest = try await server.uploadPhoto(MediaFixtures.pngHeader(width: 20, height: 10), token: token)
                .decode(MediaFile.self)
            let page = try await server.documents(token).decode(DocumentsPage.self)
            #expect(page.headerPhoto?.id == newest.id)
        }
    }
}
