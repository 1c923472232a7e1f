import AttendeeCore
import AttendeeModels
import Foundation
import HTTPServer
import HTTPTypes
import SwiftUI
import Testing

@testable import AttendeeUI

/// A photo picked in each composer (wall, discussion, conversation, note), shown as a thumbnail beside its name
/// with Remove, sent, and drawn on the row, against the real server in process.
@MainActor
struct AttachmentViewTests {
    /// A 640 × 480 PNG header, which is all the server reads of an image.
    static let png =
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
        + Data([0, 0, 2, 128, 0, 0, 1, 224, 8, 6, 0, 0, 0]) + Data(count: 100)

    /// Picks the photo and waits until it is attached and the composer draws it: a small square of the file
    /// itself (the server can make no thumbnail of a header alone), the reader's own, beside Remove.
    static func attach(_ host: ViewHost<AttendeeRootView>) async throws {
        try host.pickPhoto(png, in: "Attach Photo")
        try await host.waitUntil("attached") { $0.texts.contains("“Photo.png” attached.") }
        #expect(host.tree.find(.button, "Remove Photo") != nil)
        try await host.waitUntil("the composer's thumbnail") {
            $0.first { $0.kind == .image && $0.accessibilityLabel == "Your photo" }?.value == "\(png.count) bytes"
        }
        let thumbnail = try #require(host.tree.first { $0.kind == .image && $0.accessibilityLabel == "Your photo" })
        #expect(thumbnail.style.aspectRatio == 1 && thumbnail.style.isClipped)
    }

    static func hasImage(_ tree: ViewNode, _ label: String) -> Bool {
        tree.first { $0.accessibilityLabel == label } != nil
    }

    @Test func aPhotoOnTheWallInADiscussionAndInANote() async throws {
        let host = try await AttendeeRootViewTests.registered()
        try host.tap("Wall")
        try await host.waitUntil("the wall") { $0.texts.contains("No posts yet. Be the first to write something.") }
        try await Self.attach(host)
        try host.tap("Remove Photo")
        try await host.waitUntil("removed") { !$0.texts.contains("“Photo.png” attached.") }
        #expect(!Self.hasImage(host.tree, "Your photo"), "Remove takes the thumbnail away")
        #expect(host.tree.find(.button, "Post")?.isEnabled == false)
        try await Self.attach(host)
        #expect(host.tree.find(.button, "Post")?.isEnabled == true, "a photo alone is a post")
        try host.type("The stage", into: "Write on the wall")
        try host.tap("Post")
        try await host.waitUntil("the post") { $0.texts.contains("The stage") }
        #expect(Self.hasImage(host.tree, "Photo from Ana Ferreira"))
        #expect(!host.tree.texts.contains("“Photo.png” attached."))
        // Tapped, the photo opens whole: the file itself, on a page of its own that Done closes.
        try await host.tapAndSettle("Photo from Ana Ferreira")
        try await host.waitUntil("the whole photo") {
            $0.topPresentation?.first { $0.kind == .image && $0.accessibilityLabel == "Photo from Ana Ferreira" }?
                .value == "\(Self.png.count) bytes"
        }
        #expect(host.tree.topPresentation?.visibleNavigationTitle == "Photo from Ana Ferreira")
        try host.tap("Done")
        #expect(host.tree.topPresentation == nil)
        try host.back()

        try await host.openKeynoteFromTheAgenda()
        try host.tap("Discussion")
        try await host.waitUntil("the discussion") { $0.texts.contains("No messages yet. Start the discussion.") }
        try await Self.attach(host)
        try host.type("Slide 3", into: "Write a message")
        try host.tap("Send")
        try await host.waitUntil("the message") { $0.texts.contains("Slide 3") }
        #expect(Self.hasImage(host.tree, "Photo from Ana Ferreira"))
        try host.back()
        try await host.waitUntil("the session again") { $0.find(.button, "Get Directions") != nil }
        try host.back()
        try host.back()

        try await host.waitUntil("the dashboard") { $0.visibleNavigationTitle == "Quartet Summit 2027" }
        try host.tap("My Notes")
        try await host.waitUntil("my notes") { $0.texts.contains("No notes yet.") }
        try host.tap("New Note")
        try await host.waitUntil("the editor") { $0.visibleNavigationTitle == "New Note" }
        try host.type("Whiteboard", into: "Write a note")
        try await Self.attach(host)
        #expect(Self.hasImage(host.tree, "Your photo"))
        try host.tap("Save")
        try await host.waitUntil("saved") { $0.texts.contains("Note saved.") }
        try host.tap("Remove Photo")
        #expect(!Self.hasImage(host.tree, "Your photo"))
        try host.tap("Save")
        try await host.waitUntil("saved without the photo") {
            $0.texts.contains("Note saved.") && $0.find(.button, "Save")?.isEnabled == false
        }
    }

    @Test func aPhotoInAConversation() async throws {
        let app = try await InProcessAttendee.make()
        let host = try await AttendeeRootViewTests.registered(app)
        let server = app.server

        // Bob writes to Ana first, so she has a thread to answer in.
        let (bob, thread) = try await InboxViewTests.bobWritesToAna("Send me the board?", app)

        try host.tap("Messages")
        try await host.waitUntil("the threads") { $0.texts.contains("Send me the board?") }
        try host.tap("Bob Babbage")
        try await host.waitUntil("the conversation") { $0.visibleNavigationTitle == "Bob Babbage" }
        try await Self.attach(host)
        try host.type("Here it is", into: "Message")
        try host.tap("Send")
        try await host.waitUntil("the message") { $0.texts.contains("Here it is") && Self.hasImage($0, "Your photo") }
        #expect(!host.tree.texts.contains("“Photo.png” attached."))

        // Bob, the other participant, can open it.
        let messages = try await server.get("/attendee/v1/threads/\(thread.id)/messages", headers: bob.auth)
            .decode(MessagePage.self)
        let imageID = try #require(messages.messages.last?.imageID)
        #expect(try await server.get("/attendee/v1/media/\(imageID)", headers: bob.auth).status == .ok)
    }
}
