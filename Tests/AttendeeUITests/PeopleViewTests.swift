import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import SwiftUI
import Testing

@testable import AttendeeUI

/// The speakers and attendees lists say why they are empty when the server cannot be reached.
@MainActor
struct PeopleViewTests {
    static let offline = AttendeeFailure.message(APIError(transportError: URLError(.notConnectedToInternet)))

    static var unreachable: AttendeeClient {
        var client = AttendeeClient.preview
        client.speakers = { _ in throw APIError(transportError: URLError(.notConnectedToInternet)) }
        client.attendees = { _, _ in throw APIError(transportError: URLError(.notConnectedToInternet)) }
        return client
    }

    @Test func theSpeakersListShowsTheOfflineBanner() async throws {
        let host = ViewHost(
            NavigationStack { SpeakersView(model: SpeakersModel(client: Self.unreachable, eventID: "preview")) })
        try await host.waitUntil("the banner") { $0.texts.contains(Self.offline) }
    }

    /// The row of a person, in either list: one plain button (a button to VoiceOver, not a tap on text) that
    /// holds the name and a chevron.
    static func personRow(_ tree: ViewNode, _ name: String) -> ViewNode? {
        tree.first { $0.kind == .button && $0.texts.contains(name) && $0.style.styleName == "plain" }
    }

    /// The attendee and speaker lists look and work alike: each row a plain button with a chevron that opens
    /// the person's card, which Done closes, as the photo and download sheets close.
    @Test func bothListsOpenACardFromAPlainButtonRowAndDoneClosesIt() async throws {
        let attendees = ViewHost(
            NavigationStack { AttendeesView(model: AttendeesModel(client: AttendeePreview.client, eventID: "preview")) }
        )
        let speakers = ViewHost(
            NavigationStack { SpeakersView(model: SpeakersModel(client: AttendeePreview.client, eventID: "preview")) })
        try await Self.opensAndClosesAnasCard(attendees)
        try await Self.opensAndClosesAnasCard(speakers)
    }

    static func opensAndClosesAnasCard<Root: View>(_ host: ViewHost<Root>) async throws {
        try await host.waitUntil("the rows") { Self.personRow($0, "Ana Ferreira") != nil }
        let row = try #require(Self.personRow(host.tree, "Ana Ferreira"))
        #expect(row.texts.contains("iOS Engineer · Tejo Cloud"))
        #expect(row.first { $0.systemImage == "chevron.right" } != nil)
        try host.tap("Ana Ferreira")
        try await host.waitUntil("the card") { $0.topPresentation?.find(.button, "Done") != nil }
        // The link is named, not an unlabelled symbol alone on its row.
        #expect(host.tree.topPresentation?.find(.label, "GitHub") != nil, "\(host.tree.outline)")
        try host.tap("Done")
        try await host.waitUntil("the card closed") { $0.topPresentation == nil }
    }

    /// Nobody messages themselves: the person's own card offers no Message, anyone else's does.
    @Test func myOwnCardOffersNoMessage() async throws {
        let host = ViewHost(
            NavigationStack {
                AttendeesView(model: AttendeesModel(client: AttendeePreview.client, eventID: "preview", personID: "p1"))
            })
        try await host.waitUntil("the rows") { Self.personRow($0, "José Núñez") != nil }
        try host.tap("Ana Ferreira")
        try await host.waitUntil("my card") { $0.topPresentation?.texts.contains("Maps and offline data.") == true }
        #expect(host.tree.topPresentation?.find(.button, "Message") == nil)
        try host.tap("Done")
        try await host.waitUntil("the card closed") { $0.topPresentation == nil }
        try host.tap("José Núñez")
        try await host.waitUntil("José's card") { $0.topPresentation?.find(.button, "Message") != nil }
    }

    @Test func theAttendeesListShowsTheOfflineBanner() async throws {
        let host = ViewHost(
            NavigationStack { AttendeesView(model: AttendeesModel(client: Self.unreachable, eventID: "preview")) })
        try await host.waitUntil("the banner") { $0.texts.contains(Self.offline) }
    }
}
