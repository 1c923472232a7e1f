import AttendeeModels
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

@testable import AttendeeServer

/// Session discussions on the server: members of the session's event only, authors and the organizer delete,
/// the text rules, and the discussion's own live stream, on both databases.
@Suite struct DiscussionServerTests {
    static func path(_ sessionID: String) -> String { "/attendee/v1/sessions/\(sessionID)/discussion" }

    @Test(arguments: DatabaseKind.eachDialect)
    func membersWriteAndReadNewestFirstAndOthersAreRefused(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let session = try await server.firstSessionID()
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let bo = try await server.registeredAttendee("Bo Chen")
            let first = try await server.client.post(
                Self.path(session), json: NewPost(text: "Great talk 👏🏽"),
                headers: AttendeeTestServer.auth(ana))
            #expect(first.status == .created)
            let slide = try await server.photoID(bo)
            let second = try await server.client.post(
                Self.path(session), json: NewPost(text: "", imageID: slide),
                headers: AttendeeTestServer.auth(bo))
            #expect(second.status == .created)

            let page = try await server.client.get(Self.path(session), headers: AttendeeTestServer.auth(ana))
                .decode(DiscussionPage.self)
            #expect(page.messages.map(\.text) == ["", "Great talk 👏🏽"])
            #expect(page.messages.map(\.imageID) == [slide, nil])
            #expect(page.messages.map(\.author.name) == ["Bo Chen", "Ana Ferreira"])
            #expect(page.messages.allSatisfy { $0.sessionID == session })

            let stranger = try await server.signUp("Not Registered")
            let auth = AttendeeTestServer.auth(stranger)
            #expect(try await server.client.get(Self.path(session), headers: auth).status == .forbidden)
            #expect(
                try await server.client.post(Self.path(session), json: NewPost(text: "hi"), headers: auth)
                    .status == .forbidden)
            #expect(try await server.client.get(Self.path(session) + "/live", headers: auth).status == .forbidden)
            #expect(try await server.client.get(Self.path(session)).status == .unauthorized)
            #expect(
                try await server.client.get(Self.path("no-such-session"), headers: auth).status == .notFound)
            let paged = try await server.client.get(
                Self.path(session) + "?limit=1", headers: AttendeeTestServer.auth(ana)
            )
            .decode(DiscussionPage.self)
            let older = try await server.client.get(
                Self.path(session) + "?limit=1&cursor=\(try #require(paged.nextCursor))",
                headers: AttendeeTestServer.auth(ana)
            ).decode(DiscussionPage.self)
            #expect(older.messages.map(\.text) == ["Great talk 👏🏽"])
            #expect(older.nextCursor == nil)
            #expect(
                try await server.client.get(Self.path(session), headers: AttendeeTestServer.auth(ana))
                    .decode(DiscussionPage.self).messages.count == 2)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func onlyTheAuthorOrTheOrganizerDeletesAMessage(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let session = try await server.firstSessionID()
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let bo = try await server.registeredAttendee("Bo Chen")
            let organizer = try await server.signUp("Olga Organizer")
            try await server.makeOrganizer(organizer)
            func write(_ token: String, _ text: String) async throws -> DiscussionMessage {
                try await server.client.post(
                    Self.path(session), json: NewPost(text: text), headers: AttendeeTestServer.auth(token)
                ).decode(DiscussionMessage.self)
            }
            func messages() async throws -> [String] {
                try await server.client.get(Self.path(session), headers: AttendeeTestServer.auth(ana))
                    .decode(DiscussionPage.self).messages.map(\.id)
            }
            let anas = try await write(ana, "Mine")
            let bos = try await write(bo, "His")
            let refused = try await server.client.delete(
                "/attendee/v1/discussion-messages/\(anas.id)", headers: AttendeeTestServer.auth(bo))
            #expect(refused.status == .forbidden)
            #expect(refused.problem["detail"] == "You can delete only your own messages.")
            #expect(try await messages() == [bos.id, anas.id])
            #expect(
                try await server.client.delete(
                    "/attendee/v1/discussion-messages/\(bos.id)", headers: AttendeeTestServer.auth(organizer)
                ).status == .noContent)
            #expect(
                try await server.client.delete(
                    "/attendee/v1/discussion-messages/\(anas.id)", headers: AttendeeTestServer.auth(ana)
                ).status == .noContent)
            #expect(try await messages().isEmpty)
            #expect(
                try await server.client.delete(
                    "/attendee/v1/discussion-messages/nope", headers: AttendeeTestServer.auth(ana)
                ).status == .notFound)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func textRulesCountGraphemesAndRefuseHostileBodies(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let session = try await server.firstSessionID()
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let flag = "🏳️‍🌈"  // one character, four scalars, 14 bytes
            let ok = try await server.client.post(
                Self.path(session), json: NewPost(text: String(repeating: flag, count: PostText.limit)),
                headers: AttendeeTestServer.auth(ana))
            #expect(ok.status == .created)
            let cases: [(Data, HTTPStatus, String?)] = [
                (
                    try AttendeeCoding.encoder().encode(
                        NewPost(text: String(repeating: flag, count: PostText.limit + 1))),
                    .unprocessableContent, "text"
                ),
                (Data("{\"text\": \" \\n \"}".utf8), .unprocessableContent, "text"),
                (Data("{\"text\": \"\\u0000\"}".utf8), .unprocessableContent, "text"),
                (Data("{\"imageID\": \"x\"}".utf8), .unprocessableContent, "text"),
                (Data("{\"text\":".utf8), .badRequest, nil),
                (
                    Data([0x7B, 0x22, 0x74, 0x65, 0x78, 0x74, 0x22, 0x3A, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x7D]),
                    .badRequest, nil
                ),
                (
                    Data(("{\"text\": \"" + String(repeating: "y", count: 10_000_000) + "\"}").utf8),
                    .contentTooLarge, nil
                ),
            ]
            for (body, status, field) in cases {
                let response = try await server.postRaw(Self.path(session), ana, body)
                #expect(response.status == status, "\(body.prefix(20)): \(response.bodyText.prefix(200))")
                #expect(response.problem["field"] == field)
            }
            let page = try await server.client.get(Self.path(session), headers: AttendeeTestServer.auth(ana))
                .decode(DiscussionPage.self)
            #expect(page.messages.count == 1)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func messagesAndDeletionsAreHeardOnTheSessionsLiveStream(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let session = try await server.firstSessionID()
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let bo = try await server.registeredAttendee("Bo Chen")
            let stream = try await LiveListener.open(server, path: Self.path(session) + "/live", token: bo)
            defer { stream.close() }
            // NB: a stream is live once it says `ready`; a change made before that may be before it subscribed.
            #expect(try await stream.next().event == "ready")
            // A wall post is on the event's topic, not the session's: the next event heard is the message.
            _ = try await server.post(ana, "Elsewhere")
            let message = try await server.client.post(
                Self.path(session), json: NewPost(text: "Question ❓"),
                headers: AttendeeTestServer.auth(ana)
            ).decode(DiscussionMessage.self)
            var heard = try await stream.next()
            #expect(DiscussionUpdate(kind: heard.event ?? "", data: heard.data) == .posted(message))
            _ = try await server.client.delete(
                "/attendee/v1/discussion-messages/\(message.id)", headers: AttendeeTestServer.auth(ana))
            heard = try await stream.next()
            #expect(
                DiscussionUpdate(kind: heard.event ?? "", data: heard.data)
                    == .deleted(DiscussionDeletion(messageID: message.id)))
        }
    }
}
