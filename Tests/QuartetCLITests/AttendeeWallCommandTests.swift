import AttendeeCore
import AttendeeModels
import Foundation
import Testing

@testable import QuartetCLI

/// What `wall … list --json` prints.
struct AttendeeWallListing: Decodable {
    var posts: [WallPostRow]
    var nextCursor: String?
}

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

    /// Offline, a post or a discussion message fails saying it was not sent (not the feed's "catches up" notice,
    /// nor the composer's "still here to send": the command line keeps no draft) and exit 1, and nothing reaches
    /// the server.
    @Test func offlineAPostSaysItWasNotPosted() async throws {
        try await Harness.with { harness in
            let event = try await Self.signUpAndRegister(harness, "Ana Ferreira", "ana@example.com")
            let keynote = try #require(try await harness.json([Session].self, "agenda", event).first).id
            let offline = ["--server", "http://127.0.0.1:9"]
            let post = await harness.run(["wall", event, "post", "offline"] + offline)
            #expect(post.code == 1)
            #expect(post.errors == "quartet: You're offline: nothing was posted.\n")
            let message = await harness.run(["discussion", keynote, "post", "offline"] + offline)
            #expect(message.code == 1)
            #expect(message.errors == "quartet: You're offline: your message was not sent.\n")
            #expect(try await harness.json(AttendeeWallListing.self, "wall", event).posts.isEmpty)
            // A note too says it was not saved, not only that the server could not be reached.
            let note = await harness.run(["notes", event, "new", "offline"] + offline)
            #expect(note.code == 1)
            #expect(note.errors == "quartet: You're offline: your note was not saved.\n")
            #expect(await harness.run("notes", event).output == "No notes yet.\n")
        }
    }

    /// Offline, a like, an unlike, a reply or a deletion says it was not done (not only that the wall catches up),
    /// exit 1, and the post is as it was.
    @Test func offlineAChangeToAPostSaysItWasNotDone() async throws {
        try await Harness.with { harness in
            let event = try await Self.signUpAndRegister(harness, "Ana Ferreira", "ana@example.com")
            let keynote = try #require(try await harness.json([Session].self, "agenda", event).first).id
            let post = try await harness.json(WallPostRow.self, "wall", event, "post", "Lunch?")
            let reply = try await harness.json(WallPostRow.self, "wall", event, "reply", post.id, "At noon")
            let blankReply = await harness.run("wall", event, "reply", post.id, "   ")
            #expect(blankReply.code == 1)
            #expect(blankReply.errors == "quartet: Write a reply first.\n")
            let messageID = try await harness.json(DiscussionRow.self, "discussion", keynote, "post", "Hello").id
            let offline = ["--server", "http://127.0.0.1:9"]
            let unchanged = "quartet: You're offline: nothing was changed.\n"
            for command in [
                ["wall", event, "like", post.id], ["wall", event, "unlike", post.id],
                ["wall", event, "delete", post.id],
                ["wall", event, "delete-reply", post.id, reply.replies[0].id],
                ["discussion", keynote, "delete", messageID],
            ] {
                let run = await harness.run(command + offline)
                #expect(run.code == 1, "\(command)")
                #expect(run.errors == unchanged, "\(command)")
            }
            let replied = await harness.run(["wall", event, "reply", post.id, "And another"] + offline)
            #expect(replied.code == 1)
            #expect(replied.errors == "quartet: You're offline: your reply was not sent.\n")
            // Reading a post's replies changes nothing: offline, it is the wall's own line, as the screen shows it.
            let read = await harness.run(["wall", event, "replies", post.id] + offline)
            #expect(read.code == 1)
            #expect(read.errors == "quartet: You're offline. The wall catches up when you're back.\n")
            let wall = try await harness.json(AttendeeWallListing.self, "wall", event).posts
            #expect(wall.map(\.id) == [post.id])
            #expect(wall.first?.replies.map(\.text) == ["At noon"])
            #expect(wall.first?.isLiked == false)
        }
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
            // One space each side of the dot, as between the name and the time (it had two before it).
            #expect(unliked.output.hasPrefix("\(posted.id)  \(posted.byline) · No likes\n"), "\(unliked.output)")

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
            #expect(tooLong.errors.contains("The text must be at most 2,000 characters."))
            let missing = await harness.run("wall", event, "like", "999999")
            #expect(missing.code == 1)
            #expect(missing.errors.contains("There is no post “999999” on this wall."))
            #expect(await harness.run("wall", event, "shout").code == 2)

            let deleted = await harness.run("wall", event, "delete", posted.id)
            #expect(deleted.output == "Deleted.\n")
            #expect(try await harness.json(Listing.self, "wall", event).posts.count == 2)
        }
    }

    @Test func aReplyIsDeletedByItsAuthorOrTheOrganizerAndNobodyElse() async throws {
        typealias Inbox = AttendeeInboxCommandTests
        try await Harness.with { harness in
            let event = try #require(try await harness.json([Event].self, "events").first).id
            _ = try await Inbox.attendee(harness, "ana", "Ana Ferreira", event: event)
            _ = try await Inbox.attendee(harness, "mei", "Mei Tanaka", event: event)
            let olga = try await Inbox.attendee(harness, "olga", "Olga Organizer", event: event)
            _ = try await harness.database.write { db in
                try db.execute("UPDATE attendee_event SET organizer_id = \(olga) WHERE id = \(event)")
            }
            let post = try await Inbox.json(harness, as: "ana", WallPostRow.self, "wall", event, "post", "Lunch?")
            var replied = try await Inbox.json(
                harness, as: "ana", WallPostRow.self, "wall", event, "reply", post.id, "At noon")
            replied = try await Inbox.json(
                harness, as: "mei", WallPostRow.self, "wall", event, "reply", post.id, "Count me in")
            let (anas, meis) = (replied.replies[0].id, replied.replies[1].id)

            // Mei may not delete Ana's reply: the server refuses, the screen's sentence is the error, nothing goes.
            let refused = await Inbox.run(harness, as: "mei", "wall", event, "delete-reply", post.id, anas)
            #expect(refused.code == 1)
            #expect(refused.errors.hasPrefix("quartet: "))
            let unknown = await Inbox.run(harness, as: "mei", "wall", event, "delete-reply", post.id, "424242")
            #expect(unknown.errors == "quartet: There is no reply “424242” under this post.\n")
            #expect(await Inbox.run(harness, as: "mei", "wall", event, "delete-reply", post.id).code == 2)
            let listed = try await Inbox.json(harness, as: "ana", AttendeeWallListing.self, "wall", event)
            #expect(listed.posts.first?.replies.map(\.text) == ["At noon", "Count me in"])

            // Ana deletes her own; the organizer deletes Mei's.
            let own = try await Inbox.json(
                harness, as: "ana", WallPostRow.self, "wall", event, "delete-reply", post.id, anas)
            #expect(own.replies.map(\.text) == ["Count me in"])
            let plain = await Inbox.run(harness, as: "olga", "wall", event, "delete-reply", post.id, meis)
            #expect(plain.code == 0, "\(plain.errors)")
            #expect(!plain.output.contains("Count me in"))
            let after = try await Inbox.json(harness, as: "mei", AttendeeWallListing.self, "wall", event)
            #expect(after.posts.first?.replies.isEmpty == true)
        }
    }

    /// `delete` goes through the wall (or discussion) it names, as a person deletes from the screen: a post of
    /// another event's wall, or a message of another session's discussion, is not shown there and is refused.
    @Test func deleteOnlyTakesWhatTheNamedWallOrDiscussionShows() async throws {
        struct Discussion: Decodable { var messages: [DiscussionRow] }
        try await Harness.with { harness in
            let event = try await Self.signUpAndRegister(harness, "Ana Ferreira", "ana@example.com")
            let file = try harness.write(
                "camp.json",
                Data(
                    """
                    {"schedule": {"conference": {"acronym": "camp", "title": "CLI Camp", "time_zone_name": "UTC",
                      "days": [{"date": "2027-04-01", "rooms": {"Hall": [
                        {"guid": "g1", "title": "Hello", "date": "2027-04-01T08:00:00Z", "duration": "00:45",
                         "persons": []}]}}]}}}
                    """.utf8))
            let imported = await harness.run("import", file)
            try #require(imported.code == 0, "\(imported.errors)")
            let other = try #require(try await harness.json([Event].self, "events").first { $0.id != event }).id
            #expect(await harness.run("register", other, "--later").code == 0)

            let post = try await harness.json(WallPostRow.self, "wall", event, "post", "Only on this wall")
            let elsewhere = await harness.run("wall", other, "delete", post.id)
            #expect(elsewhere.code == 1)
            #expect(elsewhere.errors == "quartet: There is no post “\(post.id)” on this wall.\n")
            #expect(try await harness.json(AttendeeWallListing.self, "wall", event).posts.map(\.id) == [post.id])

            let sessions = try await harness.json([Session].self, "agenda", event)
            try #require(sessions.count > 1)
            let message = try await harness.json(
                DiscussionRow.self, "discussion", sessions[0].id, "post", "Only in this discussion")
            let wrong = await harness.run("discussion", sessions[1].id, "delete", message.id)
            #expect(wrong.code == 1)
            #expect(wrong.errors == "quartet: There is no message “\(message.id)” in this discussion.\n")
            let kept = try await harness.json(Discussion.self, "discussion", sessions[0].id)
            #expect(kept.messages.map(\.id) == [message.id])

            #expect(await harness.run("wall", event, "delete", post.id).output == "Deleted.\n")
            #expect(await harness.run("discussion", sessions[0].id, "delete", message.id).output == "Deleted.\n")
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
