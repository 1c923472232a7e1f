import AttendeeModels
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import TestSupport
import Testing
import TokenVerifier

@testable import AttendeeServer

/// A live stream lasts as long as its token and its person's right to listen: signing out, the token expiring and
/// losing membership end it, and nothing committed after is sent on it.
@Suite struct LiveAccessTests {
    /// Ada and Bob, registered, with a thread between them; Bob's own and thread streams open.
    private struct Scene {
        let server: AttendeeTestServer
        let ada: String
        let bob: String
        let threadID: String
    }

    private static func scene(_ server: AttendeeTestServer) async throws -> Scene {
        let ada = try await server.registeredAttendee("Ada Lovelace")
        let bob = try await server.registeredAttendee("Bob Kahn")
        let started = try await server.client.post(
            "/attendee/v1/events/\(server.eventID)/threads",
            json: StartThreadRequest(personID: try await server.personID(bob)), headers: AttendeeTestServer.auth(ada))
        try #require(started.status == .created || started.status == .ok, "\(started.bodyText)")
        // NB: Bob opens the conversation too, so its stream is his before any message (an empty thread is found
        // only by those who started it).
        let joined = try await server.client.post(
            "/attendee/v1/events/\(server.eventID)/threads",
            json: StartThreadRequest(personID: try await server.personID(ada)), headers: AttendeeTestServer.auth(bob))
        try #require(joined.status == .ok, "\(joined.bodyText)")
        return Scene(server: server, ada: ada, bob: bob, threadID: try started.decode(MessageThread.self).id)
    }

    private static func send(_ scene: Scene, _ text: String) async throws {
        let sent = try await scene.server.client.post(
            "/attendee/v1/threads/\(scene.threadID)/messages", json: SendMessageRequest(text: text),
            headers: AttendeeTestServer.auth(scene.ada))
        try #require(sent.status == .created, "\(sent.bodyText)")
    }

    /// Bob's streams of his inbox and of the thread, `ready` read.
    private static func bobsStreams(_ scene: Scene) async throws -> [LiveListener] {
        var listeners: [LiveListener] = []
        for path in ["/attendee/v1/me/live", "/attendee/v1/threads/\(scene.threadID)/live"] {
            let listener = try await LiveListener.open(scene.server, path: path, token: scene.bob)
            #expect(try await listener.next().event == LiveReady.eventType)
            listeners.append(listener)
        }
        return listeners
    }

    /// Fails unless the stream ends with no other event.
    private static func expectEnded(_ listener: LiveListener, _ comment: String) async {
        do {
            let event = try await listener.next()
            Issue.record("\(comment): still open, sent \(event.event ?? "message") \(event.data)")
        } catch LiveListener.Silence.ended {
        } catch {
            Issue.record("\(comment): \(error)")
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func signingOutEndsTheTokensStreamsBeforeAnotherMessage(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(server)
            let streams = try await Self.bobsStreams(scene)
            // Bob's other device keeps its own token and its streams.
            let phone = try await server.client.post(
                "/attendee/v1/auth/signin",
                json: SignInRequest(email: "bob.kahn@example.com", password: "correct horse"))
            let phoneToken = try phone.decode(AuthSession.self).token
            let kept = try await LiveListener.open(server, path: "/attendee/v1/me/live", token: phoneToken)
            #expect(try await kept.next().event == LiveReady.eventType)

            let signedOut = try await server.client.request(
                .post, "/attendee/v1/auth/signout", headers: AttendeeTestServer.auth(scene.bob))
            #expect(signedOut.status == .noContent)
            try await Self.send(scene, "Are you there?")
            for stream in streams { await Self.expectEnded(stream, "after sign-out") }
            #expect(try await kept.next().event == "message.new")
            kept.close()
            #expect(
                try await server.client.get("/attendee/v1/me/live", headers: AttendeeTestServer.auth(scene.bob)).status
                    == .unauthorized)
        }
    }

    /// Signed out on another instance (only the database knows): the next event is not sent.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aTokenSignedOutElsewhereGetsNoFurtherEvent(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(server)
            let streams = try await Self.bobsStreams(scene)
            let tokenHash = try SecureToken.storageHash(of: scene.bob)
            _ = try await server.database.write { db in
                try db.execute("DELETE FROM attendee_auth_token WHERE token_hash = \(tokenHash)")
            }
            try await Self.send(scene, "Private words")
            for stream in streams { await Self.expectEnded(stream, "signed out elsewhere") }
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func anExpiredTokensStreamsEndEvenWithNothingToSend(_ kind: DatabaseKind) async throws {
        let quickToCheck: (inout AttendeeService.Configuration) -> Void = { $0.liveAccessRecheck = .milliseconds(50) }
        try await AttendeeTestServer.with(kind, configure: quickToCheck) { server in
            let scene = try await Self.scene(server)
            let streams = try await Self.bobsStreams(scene)
            let event = try await LiveListener.open(server, token: scene.bob)
            #expect(try await event.next().event == LiveReady.eventType)
            let tokenHash = try SecureToken.storageHash(of: scene.bob)
            let past = Date().addingTimeInterval(-1)
            _ = try await server.database.write { db in
                try db.execute("UPDATE attendee_auth_token SET expires_at = \(past) WHERE token_hash = \(tokenHash)")
            }
            for stream in streams + [event] { await Self.expectEnded(stream, "after expiry") }
        }
    }

    /// Someone no longer registered (nor organizer) hears no more of the event or its discussions.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func losingMembershipEndsTheEventAndDiscussionStreams(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let scene = try await Self.scene(server)
            let sessionID = try await server.firstSessionID()
            let event = try await LiveListener.open(server, token: scene.bob)
            let discussion = try await LiveListener.open(
                server, path: "/attendee/v1/sessions/\(sessionID)/discussion/live", token: scene.bob)
            for stream in [event, discussion] { #expect(try await stream.next().event == LiveReady.eventType) }
            let bobID = try await server.personID(scene.bob)
            _ = try await server.database.write { db in
                try db.execute("DELETE FROM attendee_registration WHERE user_id = \(bobID)")
            }
            let posted = try await server.client.post(
                "/attendee/v1/events/\(server.eventID)/wall", json: NewPost(text: "News"),
                headers: AttendeeTestServer.auth(scene.ada))
            #expect(posted.status == .created, "\(posted.bodyText)")
            let said = try await server.client.post(
                "/attendee/v1/sessions/\(sessionID)/discussion", json: NewPost(text: "A question"),
                headers: AttendeeTestServer.auth(scene.ada))
            #expect(said.status == .created, "\(said.bodyText)")
            for stream in [event, discussion] { await Self.expectEnded(stream, "after leaving the event") }
        }
    }
}

extension LiveHub.Access {
    /// Access that always holds: for tests of the hub alone.
    static let always = LiveHub.Access(tokenHash: "") { true }
}
