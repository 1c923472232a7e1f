import AttendeeModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import HTTPTypes
import Testing

@testable import AttendeeServer

/// Pictures attached to messages, notes and wall posts are uploaded privately
/// (`POST /events/:eventID/attachments`): never listed, read by their uploader and by whoever may read a place
/// that uses them, 404 for everyone else.
@Suite struct AttachmentTests {
    /// Ada, Olga and Ben are signed up to the demo event; Ada has a thread with Olga.
    private struct Scene {
        let server: AttendeeTestServer
        let ada: String
        let olga: String
        let ben: String
        let threadID: String
    }

    private static func scene(_ server: AttendeeTestServer) async throws -> Scene {
        let ada = try await server.registeredAttendee("Ada Lovelace")
        let olga = try await server.registeredAttendee("Olga Taussky")
        let ben = try await server.registeredAttendee("Ben Franklin")
        let olgaID = try await server.personID(olga)
        let started = try await server.client.post(
            "/attendee/v1/events/\(server.eventID)/threads", json: StartThreadRequest(personID: olgaID),
            headers: AttendeeTestServer.auth(ada))
        try #require(started.status == .created, "\(started.bodyText)")
        return Scene(
            server: server, ada: ada, olga: olga, ben: ben, threadID: try started.decode(MessageThread.self).id)
    }

    private static func attach(_ server: AttendeeTestServer, _ token: String, name: String = "board.jpg")
        async throws -> MediaFile
    {
        let response = try await server.upload(
            "/attendee/v1/events/\(server.eventID)/attachments?name=\(name)", try MediaFixtures.jpeg(), token: token)
        try #require(response.status == .created, "\(response.bodyText)")
        let file = try response.decode(MediaFile.self)
        #expect(file.purpose == .attachment)
        return file
    }

    /// The statuses of a download, a thumbnail and a share link of `mediaID` as `token`.
    private static func reads(_ server: AttendeeTestServer, _ mediaID: String, as token: String) async throws -> [Int] {
        var statuses: [Int] = []
        var headers = AttendeeTestServer.auth(token)
        headers["Host"] = "quartet.test"
        for suffix in ["", "/thumbnail", "/share"] {
            let response = try await server.client.get("/attendee/v1/media/\(mediaID)\(suffix)", headers: headers)
            statuses.append(response.status.rawValue)
        }
        return statuses
    }

    private static func post(
        _ server: AttendeeTestServer, _ path: String, _ body: some Encodable, token: String,
        method: HTTPMethod = .post
    ) async throws -> Response {
        try await server.client.request(
            method, path, headers: AttendeeTestServer.auth(token), body: Response.jsonEncoder.encode(body))
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aMessagesPictureIsTheTwoParticipantsAndANotesItsAuthors(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(server)
            let forOlga = try await Self.attach(server, scene.ada, name: "for-olga.jpg")
            #expect(try await Self.reads(server, forOlga.id, as: scene.ada) == [200, 200, 200])
            // Not yet sent: only Ada knows of it.
            #expect(try await Self.reads(server, forOlga.id, as: scene.olga) == [404, 404, 404])
            let sent = try await Self.post(
                server, "/attendee/v1/threads/\(scene.threadID)/messages",
                SendMessageRequest(text: "The board", imageID: forOlga.id), token: scene.ada)
            #expect(sent.status == .created, "\(sent.bodyText)")
            #expect(try await Self.reads(server, forOlga.id, as: scene.olga) == [200, 200, 200])
            #expect(try await Self.reads(server, forOlga.id, as: scene.ben) == [404, 404, 404])

            let mine = try await Self.attach(server, scene.ada, name: "mine.jpg")
            let noted = try await Self.post(
                server, "/attendee/v1/events/\(server.eventID)/notes", NoteDraft(text: "Board", imageID: mine.id),
                token: scene.ada)
            #expect(noted.status == .created, "\(noted.bodyText)")
            #expect(try await Self.reads(server, mine.id, as: scene.ada) == [200, 200, 200])
            #expect(try await Self.reads(server, mine.id, as: scene.olga) == [404, 404, 404])
            #expect(try await Self.reads(server, mine.id, as: scene.ben) == [404, 404, 404])

            // Removing: Ben is not told it exists, Olga may read but not remove, Ada removes.
            let byBen = try await server.client.delete(
                "/attendee/v1/media/\(forOlga.id)", headers: AttendeeTestServer.auth(scene.ben))
            #expect(byBen.status == .notFound)
            let byOlga = try await server.client.delete(
                "/attendee/v1/media/\(forOlga.id)", headers: AttendeeTestServer.auth(scene.olga))
            #expect(byOlga.status == .forbidden)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aWallPostsPictureIsTheEventsAndAttachmentsAreNeverListed(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(server)
            let picture = try await Self.attach(server, scene.ada)
            #expect(try await Self.reads(server, picture.id, as: scene.ben) == [404, 404, 404])
            let posted = try await Self.post(
                server, "/attendee/v1/events/\(server.eventID)/wall", NewPost(text: "Look", imageID: picture.id),
                token: scene.ada)
            #expect(posted.status == .created, "\(posted.bodyText)")
            #expect(try await Self.reads(server, picture.id, as: scene.ben) == [200, 200, 200])
            // Someone not signed up to the event reads nothing of it.
            let outsider = try await server.signUp("Cleo Outside")
            #expect(try await Self.reads(server, picture.id, as: outsider) == [404, 404, 404])
            let outsiderUpload = try await server.upload(
                "/attendee/v1/events/\(server.eventID)/attachments?name=x.jpg", try MediaFixtures.jpeg(),
                token: outsider)
            #expect(outsiderUpload.status == .forbidden)

            let gallery = try await server.client.get(
                "/attendee/v1/events/\(server.eventID)/gallery", headers: AttendeeTestServer.auth(scene.ada))
            #expect(try gallery.decode([MediaFile].self).isEmpty)
            let documents = try await server.documents(scene.ada).decode(DocumentsPage.self)
            #expect(documents.headerPhoto == nil)
            #expect(documents.preRead.isEmpty && documents.postRead.isEmpty && documents.materials.isEmpty)

            // Ben cannot pass Ada's picture off as his.
            let borrowed = try await Self.post(
                server, "/attendee/v1/events/\(server.eventID)/wall", NewPost(text: "Mine", imageID: picture.id),
                token: scene.ben)
            #expect(borrowed.status == .unprocessableContent)
            #expect(borrowed.problem["field"] == "imageID")
        }
    }

    /// The wall and the discussions are read by the event's registered attendees and its organizer; a speaker who
    /// has not registered gets 403 from the wall, and so reads none of its pictures either (404, as for anyone the
    /// attachment is not shown to). The gallery stays theirs.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aSpeakerWhoIsNotRegisteredReadsNoWallOrDiscussionPicture(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(server)
            let session = try #require(try await server.agenda().first)
            let speaker = try await server.signUp("Grace Speaker")
            try await server.makeSpeaker(speaker, of: session.id)
            let wall = try await server.client.get(
                "/attendee/v1/events/\(server.eventID)/wall", headers: AttendeeTestServer.auth(speaker))
            #expect(wall.status == .forbidden)

            let onTheWall = try await Self.attach(server, scene.ada, name: "wall.jpg")
            let posted = try await Self.post(
                server, "/attendee/v1/events/\(server.eventID)/wall", NewPost(text: "Look", imageID: onTheWall.id),
                token: scene.ada)
            #expect(posted.status == .created, "\(posted.bodyText)")
            let inTheDiscussion = try await Self.attach(server, scene.ada, name: "discussion.jpg")
            let written = try await Self.post(
                server, "/attendee/v1/sessions/\(session.id)/discussion",
                NewPost(text: "Slide 3", imageID: inTheDiscussion.id), token: scene.ada)
            #expect(written.status == .created, "\(written.bodyText)")

            #expect(try await Self.reads(server, onTheWall.id, as: scene.ben) == [200, 200, 200])
            #expect(try await Self.reads(server, inTheDiscussion.id, as: scene.ben) == [200, 200, 200])
            #expect(try await Self.reads(server, onTheWall.id, as: speaker) == [404, 404, 404])
            #expect(try await Self.reads(server, inTheDiscussion.id, as: speaker) == [404, 404, 404])
            let refused = try await server.client.get(
                "/attendee/v1/media/\(onTheWall.id)", headers: AttendeeTestServer.auth(speaker))
            #expect(refused.problem["detail"] == "There is no file with this id.")
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func onlyImagesAreAccepted(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ada = try await server.registeredAttendee("Ada Lovelace")
            let text = try await server.upload(
                "/attendee/v1/events/\(server.eventID)/attachments?name=a.txt", Data("plain words\n".utf8), token: ada)
            #expect(text.status == .unsupportedMediaType)
            #expect(server.mediaFiles().filter { $0.hasPrefix("content/") }.isEmpty)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func theSweepRemovesAttachmentsNothingUses(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(server)
            // Each picture has bytes of its own, so the files tell which rows went.
            func attach(_ width: Int) async throws -> MediaFile {
                let response = try await server.upload(
                    "/attendee/v1/events/\(server.eventID)/attachments?name=p\(width).jpg",
                    try MediaFixtures.jpeg(width: width, height: 30), token: scene.ada)
                try #require(response.status == .created, "\(response.bodyText)")
                return try response.decode(MediaFile.self)
            }
            let inMessage = try await attach(40)
            let inNote = try await attach(41)
            let onWall = try await attach(42)
            let neverSent = try await attach(43)
            let galleryPhoto = try await server.uploadPhoto(
                try MediaFixtures.jpeg(width: 64, height: 48), token: scene.ada
            )
            .decode(MediaFile.self).id
            _ = try await Self.post(
                server, "/attendee/v1/threads/\(scene.threadID)/messages",
                SendMessageRequest(text: "Board", imageID: inMessage.id), token: scene.ada)
            let note = try await Self.post(
                server, "/attendee/v1/events/\(server.eventID)/notes", NoteDraft(text: "Mine", imageID: inNote.id),
                token: scene.ada
            ).decode(Note.self)
            let post = try await Self.post(
                server, "/attendee/v1/events/\(server.eventID)/wall", NewPost(text: "Look", imageID: onWall.id),
                token: scene.ada
            ).decode(WallPost.self)
            // A young attachment is an upload whose post is still being written: it stays.
            try await server.service.cleanUpMedia(olderThan: 3600)
            #expect(try await Self.reads(server, neverSent.id, as: scene.ada).first == 200)

            let removedPost = try await server.client.delete(
                "/attendee/v1/wall/\(post.id)", headers: AttendeeTestServer.auth(scene.ada))
            #expect(removedPost.status == .noContent, "\(removedPost.bodyText)")
            let edited = try await Self.post(
                server, "/attendee/v1/notes/\(note.id)", NoteEdit(text: "Mine", imageID: nil, version: note.version),
                token: scene.ada, method: .put)
            #expect(edited.status == .ok, "\(edited.bodyText)")
            try await Self.age(server)
            let contentBefore = server.mediaFiles().filter { $0.hasPrefix("content/") }.count
            #expect(try await server.service.cleanUpMedia(olderThan: 3600) >= 3)
            #expect(server.mediaFiles().filter { $0.hasPrefix("content/") }.count == contentBefore - 3)
            for gone in [inNote.id, onWall.id, neverSent.id] {
                #expect(try await Self.reads(server, gone, as: scene.ada) == [404, 404, 404])
            }
            #expect(try await Self.reads(server, inMessage.id, as: scene.olga) == [200, 200, 200])
            #expect(try await Self.reads(server, galleryPhoto, as: scene.ben) == [200, 200, 200])
        }
    }

    /// Makes every stored row and file two hours old, as if the uploads were long done.
    private static func age(_ server: AttendeeTestServer) async throws {
        let old = Date().addingTimeInterval(-7200)
        _ = try await server.database.write { db in try db.execute("UPDATE attendee_media SET created_at = \(old)") }
        for path in server.mediaFiles() {
            try FileManager.default.setAttributes(
                [.modificationDate: old], ofItemAtPath: server.mediaFolder.url.path + "/" + path)
        }
    }
}
