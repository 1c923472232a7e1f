import AttendeeModels
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import HTTPTypes
import Testing

/// A wall post, a discussion message, a message and a note may carry a picture only if it is an attachment the
/// writer uploaded: someone else's picture, a gallery photo (even one's own) or a document gets 422 and nothing is
/// written.
@Suite struct ImageAttachmentTests {
    /// Two members; Ada has uploaded a picture to attach and a gallery photo, Grace a picture and a document.
    private struct Scene {
        let server: AttendeeTestServer
        let ada: String
        let grace: String
        let adasPhoto: String
        let adasGalleryPhoto: String
        let gracesDocument: String
        let gracesPhoto: String
    }

    private static func scene(_ server: AttendeeTestServer) async throws -> Scene {
        let ada = try await server.registeredAttendee("Ada Lovelace")
        let grace = try await server.registeredAttendee("Grace Hopper")
        let photo = try await server.uploadAttachment(try MediaFixtures.jpeg(), token: ada)
        try #require(photo.status == .created, "\(photo.bodyText)")
        let galleryPhoto = try await server.uploadPhoto(try MediaFixtures.jpeg(), name: "gallery.jpg", token: ada)
        try #require(galleryPhoto.status == .created, "\(galleryPhoto.bodyText)")
        let gracesPhoto = try await server.uploadAttachment(try MediaFixtures.jpeg(), name: "grace.jpg", token: grace)
        try #require(gracesPhoto.status == .created, "\(gracesPhoto.bodyText)")
        try await server.makeOrganizer(grace)
        let document = try await server.addDocument(Data("Read me first.\n".utf8), purpose: "pre-read", token: grace)
        try #require(document.status == .created, "\(document.bodyText)")
        return Scene(
            server: server, ada: ada, grace: grace, adasPhoto: try photo.decode(MediaFile.self).id,
            adasGalleryPhoto: try galleryPhoto.decode(MediaFile.self).id,
            gracesDocument: try document.decode(MediaFile.self).id,
            gracesPhoto: try gracesPhoto.decode(MediaFile.self).id)
    }

    /// A gallery photo is the gallery's: whoever may remove it there (its uploader, the organizer) would take it out
    /// of the posts, messages and notes that showed it. None takes it, and a removal from the gallery leaves every
    /// attached picture readable.
    @Test(arguments: DatabaseKind.eachDialect)
    func aGalleryPhotoIsNoPlacesPictureAndItsRemovalBreaksNone(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(server)
            let graceID = try await server.personID(scene.grace)
            let thread = try await Self.write(
                scene, "/attendee/v1/events/\(server.eventID)/threads", StartThreadRequest(personID: graceID)
            ).decode(MessageThread.self)
            let sessionID = try await server.firstSessionID()
            let places: [(String, any Encodable)] = [
                ("/attendee/v1/events/\(server.eventID)/wall", NewPost(text: "Look!", imageID: scene.adasGalleryPhoto)),
                (
                    "/attendee/v1/sessions/\(sessionID)/discussion",
                    NewPost(text: "Look!", imageID: scene.adasGalleryPhoto)
                ),
                (
                    "/attendee/v1/threads/\(thread.id)/messages",
                    SendMessageRequest(text: "Look!", imageID: scene.adasGalleryPhoto)
                ),
                (
                    "/attendee/v1/events/\(server.eventID)/notes",
                    NoteDraft(text: "Look!", imageID: scene.adasGalleryPhoto)
                ),
            ]
            for (path, body) in places { Self.expectRefused(try await Self.write(scene, path, body)) }

            // Ada's private note shows her own attachment; the organizer empties the gallery.
            let note = try await Self.write(
                scene, "/attendee/v1/events/\(server.eventID)/notes", NoteDraft(text: "Board", imageID: scene.adasPhoto)
            ).decode(Note.self)
            let post = try await Self.write(
                scene, "/attendee/v1/events/\(server.eventID)/wall", NewPost(text: "Board", imageID: scene.adasPhoto))
            #expect(post.status == .created, "\(post.bodyText)")
            let removed = try await server.client.request(
                .delete, "/attendee/v1/media/\(scene.adasGalleryPhoto)", headers: AttendeeTestServer.auth(scene.grace))
            #expect(removed.status == .noContent, "\(removed.bodyText)")
            #expect(note.imageID == scene.adasPhoto)
            let picture = try await server.client.get(
                "/attendee/v1/media/\(scene.adasPhoto)", headers: AttendeeTestServer.auth(scene.ada))
            #expect(picture.status == .ok, "\(picture.bodyText)")
            let seenByGrace = try await server.client.get(
                "/attendee/v1/media/\(scene.adasPhoto)", headers: AttendeeTestServer.auth(scene.grace))
            #expect(seenByGrace.status == .ok, "the wall post's picture: \(seenByGrace.bodyText)")

            // A post written before this rule shows a gallery photo itself: its removal from the gallery keeps it.
            let legacy = try await server.uploadPhoto(try MediaFixtures.jpeg(), name: "legacy.jpg", token: scene.ada)
                .decode(MediaFile.self)
            let postID = try post.decode(WallPost.self).id
            _ = try await server.database.write { db in
                try db.execute("UPDATE attendee_wall_post SET image_id = \(legacy.id) WHERE id = \(postID)")
            }
            let emptied = try await server.client.request(
                .delete, "/attendee/v1/media/\(legacy.id)", headers: AttendeeTestServer.auth(scene.grace))
            #expect(emptied.status == .noContent, "\(emptied.bodyText)")
            let gallery = try await server.client.get(
                "/attendee/v1/events/\(server.eventID)/gallery", headers: AttendeeTestServer.auth(scene.grace)
            ).decode([MediaFile].self)
            #expect(!gallery.map(\.id).contains(legacy.id))
            for token in [scene.ada, scene.grace] {
                let kept = try await server.client.get(
                    "/attendee/v1/media/\(legacy.id)", headers: AttendeeTestServer.auth(token))
                #expect(kept.status == .ok, "\(kept.bodyText)")
            }
        }
    }

    /// A note written before places took only attachments may show its author's gallery photo: its text can be
    /// edited with the photo kept (the app sends the picture back as it was), while a gallery photo newly put on a
    /// note is still refused.
    @Test(arguments: DatabaseKind.eachDialect)
    func aNoteShowingAGalleryPhotoFromBeforeCanStillBeEdited(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(server)
            let note = try await Self.write(
                scene, "/attendee/v1/events/\(server.eventID)/notes", NoteDraft(text: "Board")
            ).decode(Note.self)
            _ = try await server.database.write { db in
                try db.execute("UPDATE attendee_note SET image_id = \(scene.adasGalleryPhoto) WHERE id = \(note.id)")
            }
            let path = "/attendee/v1/notes/\(note.id)"
            let edited = try await Self.write(
                scene, path, NoteEdit(text: "Board, fixed", imageID: scene.adasGalleryPhoto, version: note.version),
                method: .put)
            #expect(edited.status == .ok, "\(edited.bodyText)")
            let kept = try edited.decode(Note.self)
            #expect(kept.text == "Board, fixed")
            #expect(kept.imageID == scene.adasGalleryPhoto)

            let other = try await Self.write(
                scene, "/attendee/v1/events/\(server.eventID)/notes", NoteDraft(text: "Other")
            ).decode(Note.self)
            Self.expectRefused(
                try await Self.write(
                    scene, "/attendee/v1/notes/\(other.id)",
                    NoteEdit(text: "Other", imageID: scene.adasGalleryPhoto, version: other.version), method: .put))
        }
    }

    /// Posts `body` to `path` as Ada.
    private static func write(
        _ scene: Scene, _ path: String, _ body: some Encodable, method: HTTPMethod = .post
    ) async throws -> Response {
        try await scene.server.client.request(
            method, path, headers: AttendeeTestServer.auth(scene.ada), body: Response.jsonEncoder.encode(body))
    }

    private static func expectRefused(_ response: Response) {
        #expect(response.status == .unprocessableContent, "\(response.bodyText)")
        #expect(response.problem["field"] == "imageID")
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func wallPostsAndDiscussionMessagesTakeOnlyTheWritersOwnImages(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(server)
            let wall = "/attendee/v1/events/\(server.eventID)/wall"
            for foreign in [scene.gracesPhoto, scene.gracesDocument, "no-such-media"] {
                Self.expectRefused(try await Self.write(scene, wall, NewPost(text: "Look!", imageID: foreign)))
            }
            #expect(try await server.wholeWall(scene.ada).isEmpty)
            let posted = try await Self.write(scene, wall, NewPost(text: "Look!", imageID: scene.adasPhoto))
            #expect(posted.status == .created)
            #expect(try posted.decode(WallPost.self).imageID == scene.adasPhoto)

            let sessionID = try await server.firstSessionID()
            let discussion = "/attendee/v1/sessions/\(sessionID)/discussion"
            Self.expectRefused(
                try await Self.write(
                    scene, discussion, NewPost(text: "Slide 3", imageID: scene.gracesPhoto)))
            let said = try await Self.write(
                scene, discussion, NewPost(text: "Slide 3", imageID: scene.adasPhoto))
            #expect(said.status == .created, "\(said.bodyText)")
            let page = try await server.client.get(discussion, headers: AttendeeTestServer.auth(scene.ada))
            #expect(try page.decode(DiscussionPage.self).messages.map(\.imageID) == [scene.adasPhoto])
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func messagesAndNotesTakeOnlyTheWritersOwnImages(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(server)
            let graceID = try await server.personID(scene.grace)
            let started = try await Self.write(
                scene, "/attendee/v1/events/\(server.eventID)/threads", StartThreadRequest(personID: graceID))
            let thread = try started.decode(MessageThread.self)
            let messages = "/attendee/v1/threads/\(thread.id)/messages"
            Self.expectRefused(
                try await Self.write(scene, messages, SendMessageRequest(text: "Yours?", imageID: scene.gracesPhoto)))
            let sent = try await Self.write(scene, messages, SendMessageRequest(text: "Mine", imageID: scene.adasPhoto))
            #expect(sent.status == .created, "\(sent.bodyText)")
            let stored = try await server.client.get(messages, headers: AttendeeTestServer.auth(scene.ada))
            #expect(try stored.decode(MessagePage.self).messages.map(\.text) == ["Mine"])

            let notes = "/attendee/v1/events/\(server.eventID)/notes"
            Self.expectRefused(
                try await Self.write(scene, notes, NoteDraft(text: "Board", imageID: scene.gracesDocument)))
            let created = try await Self.write(scene, notes, NoteDraft(text: "Board", imageID: scene.adasPhoto))
            #expect(created.status == .created, "\(created.bodyText)")
            let note = try created.decode(Note.self)
            let edit = try await Self.write(
                scene, "/attendee/v1/notes/\(note.id)",
                NoteEdit(text: "Board, again", imageID: scene.gracesPhoto, version: note.version), method: .put)
            Self.expectRefused(edit)
            let unchanged = try await server.client.get(
                "/attendee/v1/notes/\(note.id)", headers: AttendeeTestServer.auth(scene.ada))
            #expect(try unchanged.decode(Note.self) == note)
        }
    }
}
