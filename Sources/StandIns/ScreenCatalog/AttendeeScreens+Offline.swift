import APIClient
import AttendeeCore
import AttendeeModels
import AttendeeUI
import Foundation
import SwiftUI

extension AttendeeScreens {
    /// The previews' messages and notes client, and the media client, with no network.
    static var offlineInbox: AttendeeClient {
        var client = client(.offline)
        let offline = APIError(transportError: URLError(.notConnectedToInternet))
        client.threads = { _ in throw offline }
        client.thread = { _ in throw offline }
        client.messages = { _, _ in throw offline }
        client.olderMessages = { _, _ in throw offline }
        client.notes = { _, _ in throw offline }
        client.inboxUpdates = { AsyncThrowingStream { $0.finish(throwing: offline) } }
        client.threadUpdates = { _ in AsyncThrowingStream { $0.finish(throwing: offline) } }
        return client
    }

    static var offlineMedia: AttendeeMediaClient {
        var client = pictures
        let offline = APIError(transportError: URLError(.notConnectedToInternet))
        client.documents = { _, _ in throw offline }
        client.gallery = { _ in throw offline }
        return client
    }

    /// Every page that reads the network, with none: each says so, and shows nothing it cannot act on.
    static var offlineEntries: [ScreenEntry] {
        let share = URL(string: "https://quartet.dev/s")!
        let sessionID = sessions[0].id
        return [
            ScreenEntry(app, screen: "my-agenda", state: "offline", summary: "My agenda with no network") {
                try await page(.myAgenda(eventID: eventID)) {
                    MyAgendaView(
                        model: MyAgendaModel(
                            client: client(.offline), eventID: eventID, shareBaseURL: share, locale: catalogLocale))
                }.settled("the banner")
            },
            ScreenEntry(app, screen: "discussion", state: "offline", summary: "A session's discussion, no network") {
                try await page(.discussion(sessionID: sessionID)) {
                    DiscussionView(
                        model: DiscussionModel(
                            client: client(.offline), sessionID: sessionID, timeZone: catalogTimeZone,
                            locale: catalogLocale))
                }.settled("the banner")
            },
            ScreenEntry(app, screen: "poll", state: "offline", summary: "A poll with no network") {
                try await page(.poll(id: "q2")) {
                    LivePollView(model: LivePollModel(client: client(.offline), pollID: "q2"))
                }.settled("the banner")
            },
            ScreenEntry(app, screen: "messages", state: "offline", summary: "My threads with no network") {
                try await page(.messages(eventID: eventID)) {
                    ThreadsView(
                        model: ThreadsModel(
                            client: offlineInbox, eventID: eventID, timeZone: catalogTimeZone, locale: catalogLocale))
                }.settled("the banner")
            },
            ScreenEntry(app, screen: "conversation", state: "offline", summary: "A conversation with no network") {
                let name = "José Núñez"  // the sample thread t1 is with him
                return try await page(.conversation(threadID: "t1", name: name)) {
                    ConversationView(
                        model: ConversationModel(
                            client: offlineInbox, threadID: "t1", name: name, timeZone: catalogTimeZone,
                            locale: catalogLocale))
                }.settled("the banner")
            },
            ScreenEntry(app, screen: "notes", state: "offline", summary: "My Notes with no network") {
                try await page(.notes(eventID: eventID, sessionID: nil)) {
                    NotesView(
                        model: NotesModel(
                            client: offlineInbox, eventID: eventID, timeZone: catalogTimeZone, locale: catalogLocale))
                }.settled("the banner")
            },
            ScreenEntry(app, screen: "documents", state: "offline", summary: "The Documentation page, no network") {
                try await page(.documents(eventID: eventID)) {
                    DocumentsView(
                        model: DocumentsModel(client: offlineMedia, eventID: eventID),
                        gallery: GalleryModel(client: offlineMedia, eventID: eventID))
                }.settled("the banner")
            },
            ScreenEntry(app, screen: "gallery", state: "offline", summary: "The event's photos with no network") {
                try await page(.gallery(eventID: eventID)) {
                    GalleryView(model: GalleryModel(client: offlineMedia, eventID: eventID))
                }.settled("the banner")
            },
        ]
    }
}
