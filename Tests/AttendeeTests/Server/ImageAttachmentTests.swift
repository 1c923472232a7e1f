import AttendeeModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import HTTPTypes
import Testing

/// A wall post, a discussion message, a message and a note may carry a picture only if it is an image the
/// writer uploaded: someone else's photo or a document gets 422 and nothing is written.
@Suite struct ImageAttachmentTests {
    /// Two members; Ada has uploaded a photo, Grace a document.
    private struct Scene {
        let server: AttendeeTestServer
        let ada: String
        let grace: String
        let adasPhoto: String
        let gracesDocument: String
        let gracesPhoto: String
    }

    private static func scene(_ server: AttendeeTestServer) async throws -> Scene {
        let ada = try await server.registeredAttendee("Ada Lovelace")
        let grace = try await server.registeredAttendee("Grace Hopper")
        let photo = try await server.uploadPhoto(try MediaFixtures.jpeg(), token: ada)
        try #require(photo.status == .created, "\(photo.bodyText)")
        let gracesPhoto = try await server.uploadPhoto(try MediaFixtures.jpeg(), name: "grace.jpg", token: grace)
        try #require(gracesPhoto.status == .created, "\(gracesPhoto.bodyText)")
        try await server.makeOrganizer(grace)
        let document = try await server.addDocument(Data("Read me first.\n".utf8), purpose: "pre-read", token: grace)
        try #require(document.status == .created, "\(document.bodyText)")
        return Scene(
            server: server, ada: ada, grace: grace, adasPhoto: try photo.decode(MediaFile.self).id,
            gracesDocument: try document.decode(MediaFile.self).id,
            gracesPhoto: try gracesPhoto.decode(MediaFile.self).id)
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
