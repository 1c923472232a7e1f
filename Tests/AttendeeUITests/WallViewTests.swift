import AttendeeCore
import AttendeeModels
import SwiftUI
import Testing

@testable import AttendeeUI

/// The wall and a session's discussion, tapped through from the dashboard and the session page.
@MainActor
struct WallViewTests {
    @Test func postLikeAndReplyOnTheWallThenWriteInASessionsDiscussion() async throws {
        let host = try await AttendeeRootViewTests.registered()
        try host.tap("Wall")
        try await host.waitUntil("the wall") { $0.texts.contains("No posts yet. Be the first to write something.") }
        #expect(host.tree.visibleNavigationTitle == "Wall")
        #expect(host.tree.find(.button, "Post")?.isEnabled == false)
        #expect(host.tree.texts.contains("0 / 2,000"))

        try host.type("Hello wall 👋", into: "Write on the wall")
        #expect(host.tree.texts.contains("12 / 2,000"))
        try host.tap("Post")
        try await host.waitUntil("the post") { $0.texts.contains("Hello wall 👋") }
        #expect(host.tree.texts.contains("No likes"))
        #expect(host.tree.texts.contains("0 / 2,000"))
        try host.tap("Like")
        try await host.waitUntil("liked") { $0.texts.contains("1 like") && $0.find(.button, "Unlike") != nil }
        try host.tap("Reply")
        try host.type(String(repeating: "x", count: 2001), into: "Write a reply")
        // The reply has the post's counter, red past the limit, and Send waits.
        let counter = try #require(host.tree.find(.text, "2,001 / 2,000"))
        #expect(counter.style.foreground?.name == "red")
        #expect(host.tree.find(.button, "Send Reply")?.isEnabled == false)
        try host.type("Replying to myself", into: "Write a reply")
        #expect(host.tree.texts.contains("18 / 2,000"))
        try host.tap("Send Reply")
        try await host.waitUntil("the reply") { $0.texts.contains("Replying to myself") }
        try host.tap("Delete Reply")
        #expect(host.tree.topPresentation?.text == "Delete This Reply?")
        try host.tap("Delete")
        try await host.waitUntil("the reply deleted") { !$0.texts.contains("Replying to myself") }
        #expect(host.tree.texts.contains("Hello wall 👋"))
        try host.tap("Reply")
        #expect(host.tree.find(.textField, "Write a reply") != nil)
        try host.tap("Cancel")
        #expect(host.tree.find(.textField, "Write a reply") == nil)
        try host.tap("Delete")
        #expect(host.tree.topPresentation?.text == "Delete This Post?")
        try host.tap("Cancel")
        #expect(host.tree.topPresentation == nil)
        #expect(host.tree.texts.contains("Hello wall 👋"))
        try host.tap("Delete")
        try host.tap("Delete")
        try await host.waitUntil("deleted") { $0.texts.contains("No posts yet. Be the first to write something.") }

        try host.back()
        try await host.openKeynoteFromTheAgenda()
        try host.tap("Discussion")
        try await host.waitUntil("the discussion") { $0.texts.contains("No messages yet. Start the discussion.") }
        #expect(host.tree.visibleNavigationTitle == "Discussion")
        try host.type("Great keynote 🎉", into: "Write a message")
        try host.tap("Send")
        try await host.waitUntil("the message") { $0.texts.contains("Great keynote 🎉") }
    }

    @Test func theWallAndADiscussionReloadWhenPulledDown() async throws {
        let app = try await InProcessAttendee.make()
        let host = try await AttendeeRootViewTests.registered(app)
        try host.tap("Wall")
        try await host.waitUntil("the wall") { $0.texts.contains("No posts yet. Be the first to write something.") }
        try await host.pullToRefresh()
        #expect(host.tree.texts.contains("No posts yet. Be the first to write something."))

        let bob = try await app.registeredPerson("Bob Babbage", email: "bob@example.com")
        let eventID = try await app.eventID()
        let posted = try await app.server.post(
            "/attendee/v1/events/\(eventID)/wall", json: NewPost(text: "Slides are up"), headers: bob.auth)
        try #require(posted.status == .created, "post: \(posted.bodyText)")
        try await host.pullToRefresh()
        try await host.waitUntil("Bob's post") { $0.texts.contains("Slides are up") }
        #expect(!host.tree.texts.contains("No posts yet. Be the first to write something."))

        try host.back()
        try await host.openKeynoteFromTheAgenda()
        try host.tap("Discussion")
        try await host.waitUntil("the discussion") { $0.texts.contains("No messages yet. Start the discussion.") }
        try await host.pullToRefresh()
        #expect(host.tree.texts.contains("No messages yet. Start the discussion."))
    }

    @Test func aPostFromAnotherPhoneAppearsOnTheOpenWall() async throws {
        let app = try await InProcessAttendee.make()
        let host = try await AttendeeRootViewTests.registered(app)
        try host.tap("Wall")
        try await host.waitUntil("the wall") { $0.texts.contains("No posts yet. Be the first to write something.") }

        let bob = try await app.registeredPerson("Bob Babbage", email: "bob@example.com")
        let eventID = try await app.eventID()
        let posted = try await app.server.post(
            "/attendee/v1/events/\(eventID)/wall", json: NewPost(text: "Coffee at the back?"), headers: bob.auth)
        try #require(posted.status == .created, "post: \(posted.bodyText)")
        try await host.waitUntil("Bob's post") { $0.texts.contains("Coffee at the back?") }
        #expect(host.tree.texts.contains { $0.hasPrefix("Bob Babbage · ") })
        #expect(!host.tree.texts.contains("No posts yet. Be the first to write something."))
    }
}
