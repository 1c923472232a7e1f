import AttendeeModels
import AttendeeTestSupport
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import Locking
import Testing

/// My Notes: private to their author, per session or event-level, edited with the version they replace.
@Suite struct NoteTests {
    @Test(arguments: DatabaseKind.eachDialect)
    func writeListFilterEditAndDelete(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ada = try await server.messenger("Ada Lovelace")
            let sessionID = try #require(try await server.agenda().first?.id)
            let event = try await server.createNote(ada, NoteDraft(text: "Bring a charger")).decode(Note.self)
            #expect(event.sessionID == nil)
            #expect(event.version == 1)
            let photo = try await server.photoID(ada.token)
            let session = try await server.createNote(
                ada, NoteDraft(text: "Ask about lenses", sessionID: sessionID, imageID: photo)
            ).decode(Note.self)
            #expect(session.sessionID == sessionID)
            #expect(session.imageID == photo)

            #expect(Set(try await server.notes(ada).map(\.id)) == [event.id, session.id])
            #expect(try await server.notes(ada, sessionID: sessionID).map(\.id) == [session.id])
            #expect(try await server.note(ada, event.id).decode(Note.self) == event)

            let edited = try await server.editNote(ada, event.id, NoteEdit(text: "Bring two chargers", version: 1))
            #expect(edited.status == .ok)
            let note = try edited.decode(Note.self)
            #expect(note.text == "Bring two chargers")
            #expect(note.version == 2)
            #expect(note.createdAt == event.createdAt)

            let deleted = try await server.client.delete(
                "/attendee/v1/notes/\(event.id)", headers: AttendeeTestServer.auth(ada.token))
            #expect(deleted.status == .noContent)
            #expect(try await server.note(ada, event.id).status == .notFound)
            #expect(try await server.notes(ada).map(\.id) == [session.id])
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func aStaleEditFromAnotherDeviceIsAConflictNotAnOverwrite(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ada = try await server.messenger("Ada Lovelace")
            let note = try await server.createNote(ada, NoteDraft(text: "First")).decode(Note.self)
            #expect(try await server.editNote(ada, note.id, NoteEdit(text: "From the phone", version: 1)).status == .ok)
            let stale = try await server.editNote(ada, note.id, NoteEdit(text: "From the tablet", version: 1))
            #expect(stale.status == .conflict)
            #expect(stale.problem["type"] == NoteRules.conflictType)
            #expect(stale.problem["currentVersion"] == "2")
            #expect(try await server.note(ada, note.id).decode(Note.self).text == "From the phone")
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func ofTwoEditsOfOneVersionExactlyOneWins(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ada = try await server.messenger("Ada Lovelace")
            let note = try await server.createNote(ada, NoteDraft(text: "First")).decode(Note.self)
            async let phone = server.editNote(ada, note.id, NoteEdit(text: "Phone", version: 1))
            async let tablet = server.editNote(ada, note.id, NoteEdit(text: "Tablet", version: 1))
            let statuses = try await [phone.status, tablet.status]
            #expect(statuses.sorted { $0.rawValue < $1.rawValue } == [.ok, .conflict])
            let stored = try await server.note(ada, note.id).decode(Note.self)
            #expect(stored.version == 2)
            #expect(["Phone", "Tablet"].contains(stored.text))
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func anotherPersonFindsNoNoteAndChangesNothing(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ada = try await server.messenger("Ada Lovelace")
            let bob = try await server.messenger("Bob Babbage")
            let sessionID = try #require(try await server.agenda().first?.id)
            let note = try await server.createNote(ada, NoteDraft(text: "Private", sessionID: sessionID))
                .decode(Note.self)

            let view = try await server.note(bob, note.id)
            #expect(view.status == .notFound)
            #expect(!view.bodyText.contains("Private"))
            #expect(try await server.editNote(bob, note.id, NoteEdit(text: "Mine now", version: 1)).status == .notFound)
            // A stranger's malformed edit is still a 404: the note is checked before the body.
            #expect(
                try await server.client.request(
                    .put, "/attendee/v1/notes/\(note.id)", headers: AttendeeTestServer.auth(bob.token),
                    body: Data("{".utf8)
                ).status == .notFound)
            #expect(
                try await server.client.delete(
                    "/attendee/v1/notes/\(note.id)", headers: AttendeeTestServer.auth(bob.token)
                ).status == .notFound)
            #expect(try await server.notes(bob).isEmpty)
            #expect(try await server.notes(bob, sessionID: sessionID).isEmpty)

            #expect(try await server.note(ada, note.id).decode(Note.self) == note)
            #expect(try await server.notes(ada).map(\.id) == [note.id])
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func hostileNoteBodiesAreRefusedAndNothingIsStored(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ada = try await server.messenger("Ada Lovelace")
            let path = "/attendee/v1/events/\(server.eventID)/notes"
            let auth = AttendeeTestServer.auth(ada.token)
            func post(_ body: String) async throws -> Response {
                try await server.client.post(path, body: Data(body.utf8), headers: auth)
            }
            #expect(try await post(#"{"text": "#).status == .badRequest)
            #expect(try await post(#"{"sessionID": null}"#).problem["field"] == "text")
            #expect(try await post(#"{"text": ""}"#).status == .unprocessableContent)
            #expect(try await post(#"{"text": "nul\u0000"}"#).status == .unprocessableContent)
            #expect(try await post(#"{"text": "x", "imageID": 7}"#).status == .unprocessableContent)
            let bogusSession = try await post(#"{"text": "x", "sessionID": "no-such-session"}"#)
            #expect(bogusSession.status == .unprocessableContent)
            #expect(bogusSession.problem["field"] == "sessionID")
            let huge = try await server.createNote(
                ada, NoteDraft(text: String(repeating: "é", count: NoteRules.textLimit + 1)))
            #expect(huge.status == .unprocessableContent)
            #expect(try await server.notes(ada).isEmpty)

            let outsider = try await server.person(try await server.signUp("Not Registered"))
            #expect(try await server.createNote(outsider, NoteDraft(text: "x")).status == .forbidden)
            #expect(
                try await server.client.post(
                    "/attendee/v1/events/no-such-event/notes", json: NoteDraft(text: "x"), headers: auth
                ).status == .notFound)

            let note = try await server.createNote(ada, NoteDraft(text: "Kept")).decode(Note.self)
            let edit = "/attendee/v1/notes/\(note.id)"
            let noVersion = try await server.client.request(
                .put, edit, headers: auth, body: Data(#"{"text": "New"}"#.utf8))
            #expect(noVersion.status == .unprocessableContent)
            #expect(noVersion.problem["field"] == "version")
            #expect(
                try await server.editNote(ada, note.id, NoteEdit(text: " ", version: 1)).status == .unprocessableContent
            )
            #expect(try await server.note(ada, note.id).decode(Note.self) == note)
            #expect(try await server.note(ada, "no-such-note").status == .notFound)
        }
    }
}

extension AttendeeTestServer {
    func createNote(_ author: Messenger, _ draft: NoteDraft) async throws -> Response {
        try await client.post("/attendee/v1/events/\(eventID)/notes", json: draft, headers: Self.auth(author.token))
    }

    func notes(_ author: Messenger, sessionID: String? = nil) async throws -> [Note] {
        let query = sessionID.map { "?sessionID=\($0)" } ?? ""
        let response = try await client.get(
            "/attendee/v1/events/\(eventID)/notes" + query, headers: Self.auth(author.token))
        try #require(response.status == .ok, "\(response.bodyText)")
        return try response.decode([Note].self)
    }

    func note(_ author: Messenger, _ id: String) async throws -> Response {
        try await client.get("/attendee/v1/notes/\(id)", headers: Self.auth(author.token))
    }

    func editNote(_ author: Messenger, _ id: String, _ edit: NoteEdit) async throws -> Response {
        try await client.put("/attendee/v1/notes/\(id)", json: edit, headers: Self.auth(author.token))
    }
}

/// The times notes and messages carry are the service clock's, stored and read back as they were.
@Suite struct InboxClockTests {
    @Test(arguments: DatabaseKind.eachDialect)
    func notesAndMessagesCarryTheClocksTime(_ kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            let opened = try #require(ISO8601DateFormatter().date(from: "2027-03-10T09:15:30Z"))
            let clock = Locked(opened)
            let router = try await seededAttendee(test.database) { $0.now = { clock.withLock { $0 } } }.router
            let client = TestClient(router: router)
            let eventID = try #require(try await client.get("/attendee/v1/events").decode([Event].self).first?.id)
            func attendee(_ name: String) async throws -> (token: String, id: String) {
                let session = try await client.post(
                    "/attendee/v1/auth/signup",
                    json: SignUpRequest(email: "\(name)@example.com", password: "correct horse", name: name)
                ).decode(AuthSession.self)
                let auth = AttendeeTestServer.auth(session.token)
                _ = try await client.request(.post, "/attendee/v1/events/\(eventID)/registration", headers: auth)
                let me = try await client.get("/attendee/v1/me", headers: auth).decode(MyProfile.self)
                return (session.token, me.person.id)
            }
            let ada = try await attendee("ada")
            let bob = try await attendee("bob")

            let note = try await client.post(
                "/attendee/v1/events/\(eventID)/notes", json: NoteDraft(text: "Hello"),
                headers: AttendeeTestServer.auth(ada.token)
            ).decode(Note.self)
            #expect(note.createdAt == opened)
            #expect(note.updatedAt == opened)
            let later = opened.addingTimeInterval(90)
            clock.withLock { $0 = later }
            let edited = try await client.put(
                "/attendee/v1/notes/\(note.id)", json: NoteEdit(text: "Hello again", version: 1),
                headers: AttendeeTestServer.auth(ada.token)
            ).decode(Note.self)
            #expect(edited.createdAt == opened)
            #expect(edited.updatedAt == later)

            let thread = try await client.post(
                "/attendee/v1/events/\(eventID)/threads", json: StartThreadRequest(personID: bob.id),
                headers: AttendeeTestServer.auth(ada.token)
            ).decode(MessageThread.self)
            #expect(thread.createdAt == later)
            _ = try await client.post(
                "/attendee/v1/threads/\(thread.id)/messages", json: SendMessageRequest(text: "Hi"),
                headers: AttendeeTestServer.auth(ada.token))
            let stored = try await client.get(
                "/attendee/v1/threads/\(thread.id)/messages", headers: AttendeeTestServer.auth(bob.token)
            ).decode(MessagePage.self)
            #expect(stored.messages.map(\.sentAt) == [later])
        }
    }
}
