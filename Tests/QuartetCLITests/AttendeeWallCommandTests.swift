import AttendeeCore
import AttendeeModels
import Foundation
import Testing

@testable import QuartetCLI

/// `quartet attendee wall …` and `discussion …` end to end, as views of the core's wall and discussion models.
@Suite(.serialized) struct AttendeeWallCommandTests {
    typealias Harness = AttendeeCommandTests.Harness

    static func signUpAndRegister(_ harness: Harness, _ name: String, _ email: String) async throws -> String {
        let signUp = await harness.run("signup", "--email", email, "--password", "correct horse", "--name", name)
        try #require(signUp.code == 0, "\(signUp.errors)")
        let event = try #require(try await harness.json([Event].self, "events").first)
        let registered = await harness.run("register", event.id, "--later")
        try #require(registered.code == 0, "\(registered.errors)")
        return event.id
    }

    @Test func postLikeReplyListAndDeleteOnTheWall() async throws {
        try await Harness.with { harness in
            let event = try await Self.signUpAndRegister(harness, "Ana Ferreira", "ana@example.com")
            let empty = await harness.run("wall", event)
            #expect(empty.code == 0, "\(empty.errors)")
            #expect(empty.output == "No posts yet. Be the first to write something.\n")

            let posted = try await harness.json(WallPostRow.self, "wall", event, "post", "Hello from the terminal 👋")
            #expect(posted.text == "Hello from the terminal 👋")
            #expect(posted.canDelete)
            #expect(posted.likes == "No likes")
            for index in 1...2 { #expect(await harness.run("wall", event, "post", "Post \(index)").code == 0) }

            let liked = try await harness.json(WallPostRow.self, "wall", event, "like", posted.id)
            #expect(liked.isLiked)
            #expect(liked.likes == "1 like")
            let again = try await harness.json(WallPostRow.self, "wall", event, "like", posted.id)
            #expect(again.likeCount == 1)
            let replied = try await harness.json(WallPostRow.self, "wall", event, "reply", posted.id, "And a reply")
            #expect(replied.replies.map(\.text) == ["And a reply"])
            let unliked = await harness.run("wall", event, "unlike", posted.id)
            #expect(unliked.code == 0)
            #expect(unliked.output.contains("No likes"))

            let listed = await harness.run("wall", event, "list")
            #expect(listed.output.contains("Post 2"))
            #expect(listed.output.contains("↳"))
            struct Listing: Decodable {
                var posts: [WallPostRow]
                var nextCursor: String?
            }
            let all = try await harness.json(Listing.self, "wall", event)
            #expect(all.posts.map(\.text) == ["Post 2", "Post 1", "Hello from the terminal 👋"])

            let tooLong = await harness.run("wall", event, "post", String(repeating: "🏳️‍🌈", count: 2_001))
            #expect(tooLong.code == 1)
            #expect(tooLong.errors.contains("The text must be at most 2000 characters."))
            let missing = await harness.run("wall", event, "like", "999999")
            #expect(missing.code == 1)
            #expect(missing.errors.contains("There is no post “999999” on this wall."))
            #expect(await harness.run("wall", event, "shout").code == 2)

            let deleted = await harness.run("wall", event, "delete", posted.id)
            #expect(deleted.output == "Deleted.\n")
            #expect(try await harness.json(Listing.self, "wall", event).posts.count == 2)
        }
    }

    @Test func writeListAndDeleteInASessionsDiscussion() async throws {
        try await Harness.with { harness in
            let event = try await Self.signUpAndRegister(harness, "Ana Ferreira", "ana@example.com")
            let session = try #require(try await harness.json([Session].self, "agenda", event).first)
            let empty = await harness.run("discussion", session.id)
            #expect(empty.output == "No messages yet. Start the discussion.\n")
            let sent = try await harness.json(DiscussionRow.self, "discussion", session.id, "post", "Slides? 🙏")
            #expect(sent.text == "Slides? 🙏")
            let listed = await harness.run("discussion", session.id, "list")
            #expect(listed.output.contains("Slides? 🙏"))
            #expect(listed.output.contains("Ana Ferreira · "))
            let blank = await harness.run("discussion", session.id, "post", "   ")
            #expect(blank.code == 1)
            #expect(blank.errors.contains("Write something, or add a picture."))
            #expect(await harness.run("discussion", session.id, "delete", sent.id).output == "Deleted.\n")
            #expect(await harness.run("discussion", session.id).output == "No messages yet. Start the discussion.\n")
        }
    }
}
