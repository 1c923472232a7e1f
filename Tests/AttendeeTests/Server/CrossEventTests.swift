import AttendeeModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

/// What one event shares stays with its people: an id of another event's session, person or picture named under
/// this event's path is refused and changes nothing, and the dashboard's live poll reaches only the event's
/// members, as the poll itself does.
@Suite struct CrossEventTests {
    /// The demo event (its organizer Olga, Ada registered) and another (Oscar's), where Ada and Bob are registered.
    private struct Scene {
        var organizer: String
        var ada: Messenger
        var bob: Messenger
        var oscar: String
        var otherEventID: String
        var otherSessionID: String
    }

    private static func scene(_ server: AttendeeTestServer) async throws -> Scene {
        let organizer = try await server.organizer("Olga Organizer")
        let ada = try await server.messenger("Ada Lovelace")
        let oscar = try await server.signUp("Oscar Other")
        let other = try await server.importProgramme(SpeakerAccountTests.programme(), oscar).eventID
        #expect(other != server.eventID)
        let bob = try await server.person(try await server.signUp("Bob Babbage"))
        for token in [ada.token, bob.token] {
            let registered = try await server.client.request(
                .post, "/attendee/v1/events/\(other)/registration", headers: .auth(token))
            try #require(registered.status == .created, "\(registered.bodyText)")
        }
        let session = try #require(try await server.agenda(eventID: other).first?.id)
        return Scene(
            organizer: organizer, ada: ada, bob: bob, oscar: oscar, otherEventID: other, otherSessionID: session)
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func anotherEventsSessionIsNoneOfThisOnes(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(server)

            // A poll of this event cannot be put on another event's session.
            var draft = PollTests.colour
            draft.sessionID = scene.otherSessionID
            let poll = try await server.createPoll(draft, scene.organizer)
            #expect(poll.status == .unprocessableContent, "\(poll.bodyText)")
            #expect(poll.problem["field"] == "sessionID")
            #expect(try await server.polls(scene.organizer).isEmpty)
            let theirPolls = try await server.client.get(
                "/attendee/v1/events/\(scene.otherEventID)/polls", headers: .auth(scene.oscar))
            #expect(try theirPolls.decode([Poll].self).isEmpty)

            // Nor a note, nor a document, and the Documentation page does not list another event's session.
            let note = try await server.createNote(
                scene.ada, NoteDraft(text: "Elsewhere", sessionID: scene.otherSessionID))
            #expect(note.status == .unprocessableContent, "\(note.bodyText)")
            #expect(note.problem["field"] == "sessionID")
            #expect(try await server.notes(scene.ada).isEmpty)
            let document = try await server.addDocument(
                Data("slides".utf8), purpose: "material", sessionID: scene.otherSessionID, token: scene.organizer)
            #expect(document.status == .notFound, "\(document.bodyText)")
            #expect(try await server.documents(scene.ada.token, sessionID: scene.otherSessionID).status == .notFound)
            let theirs = try await server.client.get(
                "/attendee/v1/events/\(scene.otherEventID)/documents", headers: .auth(scene.oscar))
            #expect(try theirs.decode(DocumentsPage.self).materials.isEmpty)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func anotherEventsAttendeeAndPictureAreNoneOfThisOnes(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(server)

            // Bob attends only the other event: Ada cannot start a thread with him under this one.
            let thread = try await server.startThread(scene.ada, with: scene.bob)
            #expect(thread.status == .notFound, "\(thread.bodyText)")
            #expect(try await server.threads(scene.ada).isEmpty)
            #expect(try await server.threads(scene.bob).isEmpty)

            // A picture Ada uploaded to the other event does not travel to this one's wall or notes.
            let upload = try await server.upload(
                "/attendee/v1/events/\(scene.otherEventID)/attachments?name=board.jpg",
                try MediaFixtures.jpeg(width: 64, height: 48), token: scene.ada.token)
            try #require(upload.status == .created, "\(upload.bodyText)")
            let picture = try upload.decode(MediaFile.self).id
            let post = try await server.client.post(
                server.wallPath, json: NewPost(text: "Look!", imageID: picture), headers: .auth(scene.ada.token))
            #expect(post.status == .unprocessableContent, "\(post.bodyText)")
            #expect(post.problem["field"] == "imageID")
            #expect(try await server.wholeWall(scene.ada.token).isEmpty)
            let note = try await server.createNote(scene.ada, NoteDraft(text: "Board", imageID: picture))
            #expect(note.status == .unprocessableContent, "\(note.bodyText)")
            #expect(note.problem["field"] == "imageID")
            #expect(try await server.notes(scene.ada).isEmpty)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func theDashboardsLivePollIsShownOnlyToTheEventsMembers(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(server)
            let stranger = try await server.signUp("Sam Stranger")
            let poll = try await server.createPoll(PollTests.colour, scene.organizer).decode(Poll.self)
            #expect(try await server.action("open", poll.id, scene.organizer).status == .ok)
            #expect(try await server.answer(poll.id, ["1": ["1-2"]], scene.ada.token).status == .ok)

            func card(_ token: String?) async throws -> LivePollCard? {
                let response = try await server.client.get(
                    "/attendee/v1/events/\(server.eventID)", headers: token.map { .auth($0) } ?? [:])
                try #require(response.status == .ok, "\(response.bodyText)")
                return try response.decode(EventDetails.self).livePoll
            }
            #expect(try await card(scene.ada.token)?.id == poll.id)
            #expect(try await card(scene.organizer)?.results.voters == 1)
            // Those the poll itself refuses (403) see neither its question nor its votes on the dashboard.
            for outsider in [nil, stranger, scene.oscar, scene.bob.token] {
                #expect(try await card(outsider) == nil)
            }
            #expect(
                try await server.client.get("/attendee/v1/polls/\(poll.id)", headers: .auth(stranger)).status
                    == .forbidden)
        }
    }

    /// A session's stream admits its speakers (for its polls), but its discussion is the event's members' only, as
    /// its page is: a speaker who is not registered hears its polls and nothing of its discussion.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aSessionsSpeakerHearsItsPollsButNotItsDiscussionUnlessAMember(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.organizer("Olga Organizer")
            let ada = try await server.registeredAttendee("Ada Lovelace")
            let session = try #require(try await server.agenda().first)
            let speaker = try await server.speaker("Sue Speaker", of: session.id)
            let discussion = "/attendee/v1/sessions/\(session.id)/discussion"
            #expect(try await server.client.get(discussion, headers: .auth(speaker)).status == .forbidden)
            let live = "/attendee/v1/sessions/\(session.id)/live"
            let onSpeaker = try await LiveListener.open(server, path: live, token: speaker)
            let onAda = try await LiveListener.open(server, path: live, token: ada)
            for listener in [onSpeaker, onAda] { #expect(try await listener.next().event == "ready") }

            let said = try await server.client.post(
                discussion, json: NewPost(text: "The slide with the password"), headers: .auth(ada))
            #expect(said.status == .created, "\(said.bodyText)")
            let heard = try await onAda.next()
            #expect(heard.event == DiscussionUpdate.Kind.posted.rawValue)
            #expect(heard.data.contains("password"))

            var draft = PollTests.colour
            draft.sessionID = session.id
            let poll = try await server.createPoll(draft, organizer).decode(Poll.self)
            _ = try await server.action("open", poll.id, organizer)
            // The speaker's next events are the poll's: the discussion message went to the members only.
            let first = try await onSpeaker.next()
            #expect(first.event == PollReference.Kind.created.rawValue, "\(first.data)")
            #expect(try await onSpeaker.next().event == PollUpdate.Kind.opened.rawValue)
            #expect(try await onAda.next().event == PollUpdate.Kind.opened.rawValue)

            // A replay keeps to the same rule.
            let replayed = try await LiveListener.open(server, path: live, token: speaker, lastEventID: "0")
            var kinds: [String?] = []
            while true {
                let event = try await replayed.next()
                if event.event == "ready" { continue }
                kinds.append(event.event)
                if event.event == PollUpdate.Kind.opened.rawValue { break }
            }
            #expect(!kinds.contains(DiscussionUpdate.Kind.posted.rawValue))
            for listener in [onSpeaker, onAda, replayed] { listener.close() }
        }
    }
}
