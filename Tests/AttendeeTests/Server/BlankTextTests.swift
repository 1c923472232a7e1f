import AttendeeCore
import AttendeeModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

/// A message, note, post, reply or discussion message of characters that draw nothing is empty: the app's
/// composers and the server refuse it under the one rule (``MessageRules/isBlank(_:)``), and nothing is stored.
@Suite struct BlankTextTests {
    /// Texts that show nothing: zero-width spaces and joiners, a byte-order mark, direction marks, the Hangul
    /// filler, a word joiner, a soft hyphen, a variation selector; with white space around them.
    static let blank = [
        "\u{200B}", " \u{200B}\u{200B}\n", "\u{FEFF}", "\u{200D}\u{200C}", "\u{200E}\u{200F}", "\u{3164}",
        "\u{2060}", "\u{00AD}", "\u{FE0F}",
    ]

    @Test func theRuleCallsTextThatDrawsNothingEmpty() {
        for text in Self.blank {
            #expect(MessageRules.isBlank(text), "\(text.debugDescription)")
            #expect(MessageRules.checkText(text, field: "text", limit: 10)?.message == "Write something first.")
            #expect(PostText.check(text, imageID: nil) == .empty, "\(text.debugDescription)")
            #expect(TextProblem.of(text, limit: 10) == .empty, "\(text.debugDescription)")
        }
        // A picture alone is a post, whatever its text shows.
        #expect(PostText.check("\u{200B}", imageID: "m-1") == nil)
        // Text with something to see keeps its invisible characters: a joiner inside an emoji, a direction mark
        // between Hebrew and digits, a soft hyphen in a long word.
        for fine in ["👩\u{200D}💻", "שלום\u{200F} 2026", "Extra\u{00AD}ordinary", "x"] {
            #expect(!MessageRules.isBlank(fine), "\(fine.debugDescription)")
            #expect(PostText.check(fine, imageID: nil) == nil)
            #expect(TextProblem.of(fine, limit: 100) == nil)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func theServerRefusesThemEverywhereAndKeepsNothing(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ada = try await server.messenger("Ada Lovelace")
            let bob = try await server.messenger("Bob Babbage")
            let thread = try await server.startThread(ada, with: bob).decode(MessageThread.self)
            let post = try await server.post(ada.token, "Hello")
            let sessionID = try await server.firstSessionID()
            let auth = AttendeeTestServer.auth(ada.token)
            for text in Self.blank {
                let answers = [
                    try await server.client.post(
                        "/attendee/v1/threads/\(thread.id)/messages", json: SendMessageRequest(text: text),
                        headers: auth),
                    try await server.client.post(
                        "/attendee/v1/events/\(server.eventID)/notes", json: NoteDraft(text: text), headers: auth),
                    try await server.client.post(server.wallPath, json: NewPost(text: text), headers: auth),
                    try await server.reply(post.id, ada.token, text),
                    try await server.client.post(
                        "/attendee/v1/sessions/\(sessionID)/discussion", json: NewPost(text: text), headers: auth),
                ]
                for answer in answers {
                    #expect(answer.status == .unprocessableContent, "\(text.debugDescription) \(answer.bodyText)")
                    #expect(answer.problem["field"] == "text")
                }
            }
            // NB: still empty, so the thread is Ada's alone: Bob has nothing listed.
            #expect(try await server.messages(ada, thread.id).isEmpty)
            #expect(try await server.threads(bob).isEmpty)
            let wall = try await server.wall(ada.token)
            #expect(wall.posts.map(\.text) == ["Hello"])
            #expect(wall.posts.first?.replyCount == 0)
        }
    }
}
