import AttendeeModels
import Foundation

extension AttendeePreview {
    /// Two threads (one unread), a conversation and two notes, for the messages and notes previews.
    static func withInboxSamples(_ base: AttendeeClient) -> AttendeeClient {
        var client = base
        let sent = Date(timeIntervalSince1970: 1_804_670_000)
        let messages = [
            Message(id: "1", threadID: "t1", senderID: "me", text: "See you at the keynote?", sentAt: sent),
            Message(id: "2", threadID: "t1", senderID: "p2", text: "Yes, front row!", sentAt: sent + 60),
        ]
        let threads = [
            MessageThread(
                id: "t1", eventID: "preview", with: PersonReference(id: "p2", name: "José Núñez"),
                lastMessage: messages[1], unreadCount: 1, createdAt: sent),
            MessageThread(
                id: "t2", eventID: "preview", with: PersonReference(id: "p3", name: "Mei Tanaka"), createdAt: sent),
        ]
        let notes = [
            Note(
                id: "n1", eventID: "preview", sessionID: "s1", text: "Ask about the offline copy", createdAt: sent,
                updatedAt: sent),
            Note(id: "n2", eventID: "preview", text: "Bring a charger", createdAt: sent, updatedAt: sent + 120),
        ]
        client.threads = { _ in threads }
        client.thread = { id in threads.first { $0.id == id } ?? threads[0] }
        client.startThread = { _, _ in threads[0] }
        client.messages = { id, _ in MessagePage(messages: messages.filter { $0.threadID == id }) }
        client.olderMessages = { id, _ in MessagePage(messages: messages.filter { $0.threadID == id }) }
        client.sendMessage = { id, request, _ in
            Message(
                id: "3", threadID: id, senderID: "me", text: request.text, imageID: request.imageID, sentAt: sent + 120)
        }
        client.uploadAttachment = { eventID, name, data, _ in
            MediaFile(
                id: "a1", eventID: eventID, ownerID: "me", purpose: .attachment, type: .jpeg, byteCount: data.count,
                fileName: name, createdAt: sent)
        }
        client.markRead = { id, _ in
            var thread = threads.first { $0.id == id } ?? threads[0]
            thread.unreadCount = 0
            return thread
        }
        client.inboxUpdates = { AsyncThrowingStream { $0.finish() } }
        client.threadUpdates = { _ in AsyncThrowingStream { $0.finish() } }
        client.notes = { _, sessionID in notes.filter { sessionID == nil || $0.sessionID == sessionID } }
        client.note = { id in notes.first { $0.id == id } ?? notes[0] }
        client.createNote = { eventID, draft, _ in
            Note(
                id: "n3", eventID: eventID, sessionID: draft.sessionID, text: draft.text, imageID: draft.imageID,
                createdAt: sent, updatedAt: sent)
        }
        client.updateNote = { id, edit in
            var note = notes.first { $0.id == id } ?? notes[0]
            note.text = edit.text
            note.imageID = edit.imageID
            note.version = edit.version + 1
            return note
        }
        client.deleteNote = { _ in }
        return client
    }
}
