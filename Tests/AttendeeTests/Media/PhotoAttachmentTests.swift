import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import Locking
import TestSupport
import Testing

/// The photo of the four composers (wall, discussion, conversation, note): attaching, attached, refused, removed,
/// Send waiting for the upload, and the post sent with the photo's id.
@MainActor @Suite struct PhotoAttachmentTests {
    nonisolated static let me = PersonReference(id: "me", name: "Ana Ferreira")
    nonisolated static let start = Date(timeIntervalSince1970: 1_804_669_200)

    nonisolated static func attachment(_ eventID: String, _ name: String, _ data: Data) -> MediaFile {
        MediaFile(
            id: "a-\(eventID)", eventID: eventID, ownerID: "me", purpose: .attachment, type: .jpeg,
            byteCount: data.count, fileName: name + ".jpg", createdAt: start)
    }

    /// The events uploads went to.
    final class Uploads: Sendable {
        let events = Locked<[String]>([])
    }

    /// A client whose uploads wait at `gate` and are recorded with their event in `uploads`.
    nonisolated static func client(gate: Gate, uploads: Uploads) -> AttendeeClient {
        var client = AttendeeClient()
        client.uploadAttachment = { eventID, name, data, _ in
            uploads.events.withLock { $0.append(eventID) }
            await gate.pass()
            return attachment(eventID, name, data)
        }
        return client
    }

    @Test func aWallPostCarriesThePhotoOnceItIsUploaded() async throws {
        let gate = Gate(isOpen: false)
        let uploads = Uploads()
        let posted = Locked<[NewPost]>([])
        var client = Self.client(gate: gate, uploads: uploads)
        client.postToWall = { eventID, new, _ in
            posted.withLock { $0.append(new) }
            return WallPost(
                id: "w1", eventID: eventID, author: Self.me, text: new.text, imageID: new.imageID,
                createdAt: Self.start)
        }
        let model = WallModel(client: client, eventID: "e1", timeZone: .gmt)
        #expect(model.attachment.message == nil)
        #expect(model.attachment.pickerTitle == "Attach Photo")
        #expect(model.canPost == false)

        let picking = Task { await model.attachment.photoPicked(fileName: "Photo", data: Data([1, 2, 3])) }
        await gate.arrived(1)
        #expect(model.attachment.state == PhotoAttachment.State.attaching(fileName: "Photo"))
        #expect(model.attachment.message == "Attaching “Photo”…")
        #expect(model.attachment.canPick == false)
        #expect(model.attachment.canRemove == false)
        #expect(model.attachment.preview == nil, "nothing to draw until the upload lands")
        model.draftChanged("Look at this")
        #expect(model.canPost == false, "Post waits for the photo")
        await gate.open()
        await picking.value
        #expect(model.attachment.message == "“Photo.jpg” attached.")
        #expect(model.attachment.imageID == "a-e1")
        #expect(model.attachment.canRemove)
        // The composer draws the uploaded file itself, small, as the reader's own photo.
        #expect(model.attachment.preview?.mediaID == "a-e1")
        #expect(model.attachment.preview?.hasThumbnail == false, "the listing says the server made none")
        #expect(model.attachment.preview?.accessibilityLabel == "Your photo")
        #expect(model.canPost)

        await model.postTapped()
        #expect(posted.withLock { $0 } == [NewPost(text: "Look at this", imageID: "a-e1")])
        #expect(uploads.events.withLock { $0 } == ["e1"])
        let row = try #require(model.rows.first)
        #expect(row.image?.mediaID == "a-e1")
        #expect(row.image?.hasThumbnail == nil, "a post knows only its photo's id")
        #expect(row.image?.accessibilityLabel == "Photo from Ana Ferreira")
        #expect(model.attachment.state == PhotoAttachment.State.none, "the next post starts without a photo")
        #expect(model.attachment.preview == nil)

        // A photo alone is a post.
        await model.attachment.photoPicked(fileName: "Photo", data: Data([4]))
        #expect(model.draft.isEmpty)
        #expect(model.canPost)
        model.attachment.removeTapped()
        #expect(model.attachment.state == PhotoAttachment.State.none)
        #expect(model.attachment.preview == nil, "Remove takes the thumbnail away")
        #expect(model.canPost == false)
    }

    @Test func aPhotoOverTheLimitIsRefusedBeforeUploadAndAFailureSaysWhy() async {
        let uploads = Locked<[String]>([])
        var client = AttendeeClient()
        client.uploadAttachment = { eventID, _, _, _ in
            uploads.withLock { $0.append(eventID) }
            throw APIError.http(
                status: 415, problem: ProblemDetails(type: MediaRefusal.unsupportedType.rawValue))
        }
        let model = DiscussionModel(client: client, sessionID: "s1", timeZone: .gmt)
        await model.attachment.photoPicked(fileName: "big.jpg", data: Data(count: MediaLimits.maxBytes + 1))
        #expect(model.attachment.message == "“big.jpg” is larger than 25 MB.")
        #expect(model.attachment.imageID == nil)
        #expect(uploads.withLock { $0 }.isEmpty)

        // The discussion asks the session which event it belongs to; here that fails.
        await model.attachment.photoPicked(fileName: "Photo", data: Data([1]))
        #expect(model.attachment.message == AttendeeFailure.message(AttendeeClient.callNotInTest))
        #expect(uploads.withLock { $0 }.isEmpty)
    }

    @Test func theServersRefusalOfTheBytesIsShown() async {
        var client = AttendeeClient()
        client.uploadAttachment = { _, _, _, _ in
            throw APIError.http(
                status: 415, problem: ProblemDetails(type: MediaRefusal.unsupportedType.rawValue))
        }
        let model = NoteEditorModel(client: client, eventID: "e1")
        await model.attachment.photoPicked(fileName: "Photo", data: Data([1]))
        #expect(model.attachment.message == "Only JPEG, PNG, GIF, WebP and HEIC photos can be added.")
        #expect(model.attachment.canPick)
    }

    @Test func aDiscussionMessageIsUploadedToItsSessionsEvent() async throws {
        let uploads = Uploads()
        let sent = Locked<[NewPost]>([])
        var client = Self.client(gate: Gate(isOpen: true), uploads: uploads)
        client.session = { id in
            Session(
                id: id, eventID: "e7", title: "Keynote", startsAt: Self.start, endsAt: Self.start.addingTimeInterval(60)
            )
        }
        client.postToDiscussion = { sessionID, new, _ in
            sent.withLock { $0.append(new) }
            return DiscussionMessage(
                id: "d1", sessionID: sessionID, author: Self.me, text: new.text, imageID: new.imageID,
                createdAt: Self.start)
        }
        let model = DiscussionModel(client: client, sessionID: "s1", timeZone: .gmt)
        await model.attachment.photoPicked(fileName: "Slide", data: Data([1]))
        #expect(uploads.events.withLock { $0 } == ["e7"])
        model.draftChanged("Slide 3 🎉")
        await model.sendTapped()
        #expect(sent.withLock { $0 } == [NewPost(text: "Slide 3 🎉", imageID: "a-e7")])
        #expect(model.rows.first?.image?.accessibilityLabel == "Photo from Ana Ferreira")
        #expect(model.attachment.state == PhotoAttachment.State.none)
    }

    @Test func aMessageGoesWithThePhotoToTheThreadsEvent() async throws {
        let gate = Gate(isOpen: false)
        let uploads = Uploads()
        let sent = Locked<[SendMessageRequest]>([])
        var client = Self.client(gate: gate, uploads: uploads)
        client.thread = { id in
            MessageThread(
                id: id, eventID: "e3", with: PersonReference(id: "olga", name: "Olga Taussky"), createdAt: Self.start)
        }
        client.sendMessage = { threadID, request, _ in
            sent.withLock { $0.append(request) }
            return Message(
                id: "9", threadID: threadID, senderID: "me", text: request.text, imageID: request.imageID,
                sentAt: Self.start)
        }
        let model = ConversationModel(client: client, threadID: "t1", timeZone: .gmt)
        model.draftChanged("The board")
        let picking = Task { await model.attachment.photoPicked(fileName: "Photo", data: Data([1])) }
        await gate.arrived(1)
        #expect(model.isSendEnabled == false)
        await gate.open()
        await picking.value
        #expect(model.isSendEnabled)
        await model.sendTapped()
        #expect(uploads.events.withLock { $0 } == ["e3"])
        #expect(sent.withLock { $0 } == [SendMessageRequest(text: "The board", imageID: "a-e3")])
        let row = try #require(model.rows.last)
        #expect(row.imageID == "a-e3")
        #expect(row.image?.accessibilityLabel == "Your photo")
        #expect(model.attachment.state == PhotoAttachment.State.none)
    }

    @Test func aNoteSavesItsPhotoAndAnEditCanTakeItOff() async throws {
        let edits = Locked<[NoteEdit]>([])
        var client = Self.client(gate: Gate(isOpen: true), uploads: Uploads())
        client.createNote = { eventID, draft, _ in
            Note(
                id: "n1", eventID: eventID, text: draft.text, imageID: draft.imageID, createdAt: Self.start,
                updatedAt: Self.start)
        }
        client.updateNote = { id, edit in
            edits.withLock { $0.append(edit) }
            return Note(
                id: id, eventID: "e1", text: edit.text, imageID: edit.imageID, version: edit.version + 1,
                createdAt: Self.start, updatedAt: Self.start)
        }
        let editor = NoteEditorModel(client: client, eventID: "e1")
        editor.textChanged("Whiteboard")
        await editor.attachment.photoPicked(fileName: "Board", data: Data([1]))
        #expect(editor.attachment.preview?.accessibilityLabel == "Your photo")
        await editor.saveTapped()
        #expect(editor.note?.imageID == "a-e1")
        #expect(editor.attachment.message == "A photo is attached.")
        #expect(editor.isSaveEnabled == false, "nothing changed since the save")

        let reopened = NoteEditorModel(client: client, editing: try #require(editor.note))
        #expect(reopened.attachment.imageID == "a-e1")
        #expect(reopened.attachment.canRemove)
        reopened.attachment.removeTapped()
        #expect(reopened.attachment.preview == nil)
        #expect(reopened.isSaveEnabled, "taking the photo off is a change")
        await reopened.saveTapped()
        #expect(edits.withLock { $0 } == [NoteEdit(text: "Whiteboard", imageID: nil, version: 1)])
        #expect(reopened.note?.imageID == nil)
    }

    /// A new pick that fails (refused by the server, or before it is sent) leaves the photo attached before attached,
    /// and says why; the post then goes with that photo. A note's photo kept from before stays the same way.
    @Test func aPickThatFailsKeepsThePhotoAttachedBefore() async throws {
        let refuse = Locked(false)
        let posted = Locked<[NewPost]>([])
        var client = AttendeeClient()
        client.uploadAttachment = { eventID, name, data, _ in
            if refuse.withLock({ $0 }) {
                throw APIError.http(
                    status: 415, problem: ProblemDetails(type: MediaRefusal.unsupportedType.rawValue))
            }
            return Self.attachment(eventID, name, data)
        }
        client.postToWall = { eventID, new, _ in
            posted.withLock { $0.append(new) }
            return WallPost(
                id: "w1", eventID: eventID, author: Self.me, text: new.text, imageID: new.imageID,
                createdAt: Self.start)
        }
        let wall = WallModel(client: client, eventID: "e1", timeZone: .gmt)
        await wall.attachment.photoPicked(fileName: "Photo", data: Data([1]))
        #expect(wall.attachment.imageID == "a-e1")

        refuse.withLock { $0 = true }
        await wall.attachment.photoPicked(fileName: "Photo", data: Data([2]))
        #expect(wall.attachment.imageID == "a-e1", "the photo attached before stays")
        #expect(wall.attachment.preview?.mediaID == "a-e1")
        #expect(wall.attachment.message == "Only JPEG, PNG, GIF, WebP and HEIC photos can be added.")
        #expect(wall.attachment.canRemove)
        await wall.attachment.photoPicked(fileName: "big.jpg", data: Data(count: MediaLimits.maxBytes + 1))
        #expect(wall.attachment.imageID == "a-e1")
        #expect(wall.attachment.message == "“big.jpg” is larger than 25 MB.")
        wall.draftChanged("Look")
        await wall.postTapped()
        #expect(posted.withLock { $0 } == [NewPost(text: "Look", imageID: "a-e1")])
        #expect(wall.attachment.message == nil)

        let note = NoteEditorModel(
            client: client,
            editing: Note(
                id: "n1", eventID: "e1", text: "Board", imageID: "m7", createdAt: Self.start, updatedAt: Self.start))
        await note.attachment.photoPicked(fileName: "Photo", data: Data([3]))
        #expect(note.attachment.imageID == "m7")
        #expect(note.attachment.message == "Only JPEG, PNG, GIF, WebP and HEIC photos can be added.")
        #expect(note.isSaveEnabled == false, "nothing changed")
        note.attachment.removeTapped()
        #expect(note.attachment.imageID == nil)
        #expect(note.attachment.message == nil)
    }
}
