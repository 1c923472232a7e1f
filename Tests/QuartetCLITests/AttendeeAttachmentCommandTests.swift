import AttendeeCore
import AttendeeModels
import Foundation
import Testing

@testable import QuartetCLI

/// `--image PATH` on `wall … post`, `discussion … post`, `messages send` and `notes … new/edit`: the photo goes up
/// as a private attachment through the composer's model and the post, message or note carries it.
@Suite(.serialized) struct AttendeeAttachmentCommandTests {
    typealias Harness = AttendeeCommandTests.Harness
    typealias Inbox = AttendeeInboxCommandTests

    /// A 640 × 480 PNG header, which is all the server reads of an image.
    static let png =
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
        + Data([0, 0, 2, 128, 0, 0, 1, 224, 8, 6, 0, 0, 0]) + Data(count: 64)

    struct PostedRow: Decodable {
        var id: String
        var text: String
        var imageID: String?
    }

    struct Listing: Decodable {
        var posts: [PostedRow]
    }

    struct SavedNote: Decodable {
        var id: String
        var note: Note
    }

    @Test func wallAndDiscussionPostsCarryAPhoto() async throws {
        try await Harness.with { harness in
            let event = try #require(try await harness.json([Event].self, "events").first).id
            _ = try await Inbox.attendee(harness, "ana", "Ana Ferreira", event: event)
            _ = try await Inbox.attendee(harness, "ben", "Ben Okafor", event: event)
            let photo = try harness.write("Stage.png", Self.png)

            let posted = try await Inbox.json(
                harness, as: "ana", PostedRow.self, "wall", event, "post", "The stage\nby the door", "--image", photo)
            let imageID = try #require(posted.imageID)
            // The photo is printed as a screen reader says it, not by an id no command opens; every line of the
            // text stays under the post's heading.
            let printed = await Inbox.run(harness, as: "ben", "wall", event)
            #expect(
                printed.output.hasSuffix("\n    The stage\n    by the door\n    [Photo from Ana Ferreira]\n"),
                "\(printed.output)")
            #expect(!printed.output.contains(imageID))
            let gallery = await Inbox.run(harness, as: "ben", "gallery", event)
            #expect(!gallery.output.contains("Stage.png"), "an attachment is not a gallery photo")

            let session = try #require(try await harness.json([Session].self, "agenda", event).first).id
            let said = try await Inbox.json(
                harness, as: "ana", PostedRow.self, "discussion", session, "post", "", "--image", photo)
            #expect(said.imageID != nil)
            #expect(said.text.isEmpty, "a photo alone is a message")

            let notAPhoto = try harness.write("notes.txt", Data("words\n".utf8))
            let refused = await Inbox.run(
                harness, as: "ana", "wall", event, "post", "Text file", "--image", notAPhoto)
            #expect(refused.code == 1)
            #expect(refused.errors.contains("Only JPEG, PNG, GIF, WebP and HEIC photos can be added."))
            let wall = try await Inbox.json(harness, as: "ana", Listing.self, "wall", event)
            #expect(!wall.posts.contains { $0.text == "Text file" }, "nothing is posted when the photo is refused")
        }
    }

    @Test func aMessageAndANoteCarryAPhotoAndANoteCanLoseIt() async throws {
        try await Harness.with { harness in
            let event = try #require(try await harness.json([Event].self, "events").first).id
            _ = try await Inbox.attendee(harness, "ana", "Ana Ferreira", event: event)
            let olga = try await Inbox.attendee(harness, "olga", "Olga Taussky", event: event)
            let photo = try harness.write("Board.png", Self.png)

            let sent = await Inbox.run(
                harness, as: "ana", "messages", "send", olga, "The board", "--event", event, "--image", photo)
            #expect(sent.code == 0, "\(sent.errors)")
            let lines = sent.output.split(separator: "\n").map(String.init)
            #expect(lines.count == 2)
            #expect(lines.first?.hasSuffix("  You: The board") == true)
            #expect(lines.last == "    [Your photo]")
            // The other side's conversation shows the photo too, by its label.
            let thread = try #require(
                try await Inbox.json(harness, as: "olga", [Inbox.Row].self, "messages", "list").first)
            let shown = await Inbox.run(harness, as: "olga", "messages", "show", thread.id)
            #expect(
                shown.output.hasSuffix(" Ana Ferreira: The board\n    [Photo from Ana Ferreira]\n"), "\(shown.output)")

            let created = try await Inbox.json(
                harness, as: "ana", SavedNote.self, "notes", event, "new", "Whiteboard", "--image", photo)
            #expect(created.note.imageID != nil)
            let listed = await Inbox.run(harness, as: "ana", "notes", event)
            #expect(listed.output.contains("Whiteboard"))
            let edited = try await Inbox.json(
                harness, as: "ana", SavedNote.self, "notes", event, "edit", created.id, "Whiteboard",
                "--remove-image")
            #expect(edited.note.imageID == nil)
            #expect(edited.note.version == created.note.version + 1)
            // Options an edit cannot honour are refused, not silently dropped, and nothing changes.
            let both = await Inbox.run(
                harness, as: "ana", "notes", event, "edit", created.id, "Again", "--image", photo, "--remove-image")
            #expect(both.code == 2)
            #expect(both.errors.contains("--image and --remove-image exclude each other: give one"), "\(both.errors)")
            let session = try #require(try await harness.json([Session].self, "agenda", event).first).id
            let moved = await Inbox.run(
                harness, as: "ana", "notes", event, "edit", created.id, "Again", "--session", session)
            #expect(moved.code == 2)
            #expect(moved.errors.contains("a note keeps the session it was written about"), "\(moved.errors)")
            let note = await Inbox.run(harness, as: "ana", "notes", event, "show", created.id)
            #expect(note.output == "Whiteboard\n")
        }
    }
}
