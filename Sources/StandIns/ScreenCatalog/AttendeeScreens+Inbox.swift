import AttendeeCore
import AttendeeModels
import AttendeeTestSupport
import AttendeeUI
import Foundation
import SwiftUI

extension AttendeeScreens {
    /// A note edited on this phone ("Phone words") and saved after a tablet saved "Tablet words": the editor after
    /// Save, with the other version read or not.
    @MainActor
    static func noteConflict(eventID: String, otherVersionReadable: Bool) async throws -> ViewNode {
        let server = VersionedNote(text: "Tablet words: the room moved to Tejo", version: 2, eventID: eventID)
        server.isReadable.withLock { $0 = otherVersionReadable }
        let model = NoteEditorModel(
            client: server.client,
            editing: VersionedNote.note("Ask about the room", version: 1, eventID: eventID))
        let host = page(.noteEditor(eventID: eventID, sessionID: nil, note: nil)) { NoteEditorView(model: model) }
        _ = try await host.settled("the editor")
        try host.type("Phone words: ask about seats", into: model.placeholder)
        try host.tap(model.saveTitle)
        return try await host.settled("the conflict") { $0.find(.button, model.keepMineTitle) != nil }
    }

    /// Messages and My Notes (issue 13), over the previews' sample threads and notes.
    /// The sample conversation with a message just sent with a photo ("The board").
    @MainActor
    static func sentPhoto(_ client: AttendeeClient) async throws
        -> (host: ViewHost<Page<ConversationView>>, model: ConversationModel)
    {
        let model = ConversationModel(client: client, threadID: "t1", timeZone: catalogTimeZone, locale: catalogLocale)
        let host = page(.conversation(threadID: "t1")) { ConversationView(model: model) }
        _ = try await host.settled("the conversation") { $0.texts.contains("Yes, front row!") }
        try host.pickPhoto(Data([0xFF, 0xD8, 0xFF]), in: model.attachment.pickerTitle)
        _ = try await host.settled("the photo") { $0.find(.button, model.attachment.removeTitle) != nil }
        try host.type("The board", into: model.placeholder)
        try await host.tapAndSettle(model.sendTitle)
        _ = try await host.settled("the message") { $0.texts.contains("The board") }
        return (host, model)
    }

    static var inboxEntries: [ScreenEntry] {
        let client = AttendeeClient.preview
        return [
            ScreenEntry(app, screen: "messages", state: "loaded", summary: "My threads, one unread") {
                try await page(.messages(eventID: eventID)) {
                    ThreadsView(
                        model: ThreadsModel(
                            client: client, eventID: eventID, timeZone: catalogTimeZone, locale: catalogLocale))
                }.settled("the threads") { $0.texts.contains("Yes, front row!") }
            },
            ScreenEntry(app, screen: "conversation", state: "loaded", summary: "A conversation and the message box") {
                try await page(.conversation(threadID: "t1")) {
                    ConversationView(
                        model: ConversationModel(
                            client: client, threadID: "t1", timeZone: catalogTimeZone, locale: catalogLocale))
                }.settled("the conversation") { $0.texts.contains("Yes, front row!") }
            },
            ScreenEntry(app, screen: "conversation", state: "photo-sent", summary: "A message sent with a photo") {
                try await sentPhoto(client).host.settled("the message")
            },
            ScreenEntry(app, screen: "conversation", state: "photo-opened", summary: "A message's photo, opened whole")
            {
                let (host, model) = try await sentPhoto(client)
                try await host.tapAndSettle(model.rows.last?.image?.accessibilityLabel ?? "")
                return try await host.settled("the whole photo") { $0.topPresentation != nil }
            },
            ScreenEntry(app, screen: "notes", state: "loaded", summary: "My Notes at the event") {
                try await page(.notes(eventID: eventID, sessionID: nil)) {
                    NotesView(
                        model: NotesModel(
                            client: client, eventID: eventID, timeZone: catalogTimeZone, locale: catalogLocale))
                }.settled("the notes") { $0.texts.contains("Bring a charger") }
            },
            ScreenEntry(app, screen: "note-editor", state: "new", summary: "A new note") {
                try await page(.noteEditor(eventID: eventID, sessionID: nil, note: nil)) {
                    NoteEditorView(model: NoteEditorModel(client: client, eventID: eventID))
                }.settled("the editor")
            },
            ScreenEntry(app, screen: "note-editor", state: "photo-attached", summary: "A new note with a photo") {
                let model = NoteEditorModel(client: client, eventID: eventID)
                let host = page(.noteEditor(eventID: eventID, sessionID: nil, note: nil)) {
                    NoteEditorView(model: model)
                }
                _ = try await host.settled("the editor")
                try host.type("The whiteboard after the keynote", into: model.placeholder)
                try host.pickPhoto(Data([0xFF, 0xD8, 0xFF]), in: model.attachment.pickerTitle)
                return try await host.settled("the photo") { $0.find(.button, model.attachment.removeTitle) != nil }
            },
            ScreenEntry(
                app, screen: "note-editor", state: "conflict",
                summary: "Saved over another device's edit: both versions, Keep Mine or Use the Other Version"
            ) {
                try await noteConflict(eventID: eventID, otherVersionReadable: true)
            },
            ScreenEntry(
                app, screen: "note-editor", state: "conflict-unread",
                summary: "The same conflict when the other version could not be read: why, and both choices"
            ) {
                try await noteConflict(eventID: eventID, otherVersionReadable: false)
            },
        ]
    }
}
