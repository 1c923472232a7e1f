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

    @Test func theAttendeesListShowsTheOfflineBanner() async throws {
        let host = ViewHost(
            NavigationStack { AttendeesView(model: AttendeesModel(client: Self.unreachable, eventID: "preview")) })
        try await host.waitUntil("the banner") { $0.texts.contains(Self.offline) }
    }
}
