import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import SwiftUI
import Testing

@testable import AttendeeUI

/// Pages that could not load (no network) say so, and say nothing they do not know: no list called empty, no
/// head line made of separators.
@MainActor
struct OfflinePageViewTests {
    nonisolated static let offline = APIError(transportError: URLError(.notConnectedToInternet))

    /// The Documentation page said "Nothing here yet." under each of its three lists while it loaded and when it
    /// could not load, as if the event had no documents.
    @Test func documentsThatCouldNotLoadAreNotCalledEmpty() async throws {
        var media = AttendeeMediaClient.preview
        media.documents = { _, _ in throw Self.offline }
        media.gallery = { _ in throw Self.offline }
        let model = DocumentsModel(client: media, eventID: "preview")
        #expect(model.sections.isEmpty)
        let host = ViewHost(
            NavigationStack {
                DocumentsView(model: model, gallery: GalleryModel(client: media, eventID: "preview"))
            })
        try await host.waitUntil("the banner") { $0.first { $0.kind == .progress } == nil }
        #expect(host.tree.texts.contains("You're offline. Check your connection and try again."))
        #expect(!host.tree.texts.contains("Nothing here yet."), "\(host.tree.outline)")

        // Loaded, an empty list says so.
        var empty = AttendeeMediaClient.preview
        empty.documents = { _, _ in DocumentsPage(headerPhoto: nil) }
        let loaded = ViewHost(
            NavigationStack {
                DocumentsView(
                    model: DocumentsModel(client: empty, eventID: "preview"),
                    gallery: GalleryModel(client: empty, eventID: "preview"))
            })
        try await loaded.waitUntil("the lists") { $0.texts.filter { $0 == "Nothing here yet." }.count == 3 }
    }

    /// A poll that could not load showed a head line of bare separators (" · ") above the banner.
    @Test func aPollThatCouldNotLoadHasNoHeadLine() async throws {
        var client = AttendeePreview.client
        client.poll = { _ in throw Self.offline }
        let model = LivePollModel(client: client, pollID: "q2")
        let host = ViewHost(NavigationStack { LivePollView(model: model) })
        try await host.waitUntil("the banner") {
            $0.texts.contains("You're offline. Check your connection and try again.")
        }
        #expect(model.summary.isEmpty)
        let blank = host.tree.texts.filter { $0.allSatisfy { $0 == " " || $0 == "·" } }
        #expect(blank.isEmpty, "\(host.tree.outline)")
    }
}
