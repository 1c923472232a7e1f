import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import Locking
import SwiftUI
import Testing

@testable import AttendeeUI

/// Every page of the event that reads the server says "offline" when it cannot, and pulling it down tries again:
/// there is no other way back once the network returns but to leave the page.
@MainActor
struct PullToReloadTests {
    /// The previews' conference, unreachable while `offline` holds `true`.
    static func client(_ offline: Locked<Bool>) -> AttendeeClient {
        let base = AttendeePreview.client
        @Sendable func reach() throws { if offline.withLock({ $0 }) { throw APIError.offline } }
        var client = base
        client.event = {
            try reach()
            return try await base.event($0)
        }
        client.agenda = {
            try reach()
            return try await base.agenda($0)
        }
        client.myAgenda = {
            try reach()
            return try await base.myAgenda($0)
        }
        client.session = {
            try reach()
            return try await base.session($0)
        }
        client.speakers = {
            try reach()
            return try await base.speakers($0)
        }
        client.attendees = {
            try reach()
            return try await base.attendees($0, $1)
        }
        client.me = {
            try reach()
            return try await base.me()
        }
        return client
    }

    /// Opens `page` offline, sees the offline line, comes back online and pulls: `loaded` shows, the line goes.
    func check(_ name: String, loaded: String, _ page: (AttendeeClient) -> some View) async throws {
        let offline = Locked(true)
        let host = ViewHost(NavigationStack { page(Self.client(offline)) })
        try await host.waitUntil("\(name) offline") { $0.texts.contains(APIError.offline.message) }
        #expect(!host.tree.texts.contains(loaded), "\(name)")
        offline.withLock { $0 = false }
        try await host.pullToRefresh()
        try await host.waitUntil("\(name) loaded") { $0.texts.contains(loaded) }
        #expect(!host.tree.texts.contains(APIError.offline.message), "\(name)")
    }

    @Test func theDashboardPullsToTryAgainAndSaysOfflineFirst() async throws {
        try await check("dashboard", loaded: "Quartet Summit 2027") {
            EventDetailsView(model: EventDetailsModel(client: $0, eventID: "preview"), eventID: "preview")
        }
        let offline = ViewHost(
            NavigationStack {
                EventDetailsView(
                    model: EventDetailsModel(client: Self.client(Locked(true)), eventID: "preview"), eventID: "preview")
            })
        try await offline.waitUntil("offline") { $0.texts.contains(APIError.offline.message) }
        #expect(offline.tree.texts.first == APIError.offline.message, "the line comes before the links")
    }

    @Test func theAgendaAndASessionPullToTryAgain() async throws {
        try await check("agenda", loaded: "Opening keynote") {
            AgendaView(model: AgendaModel(client: $0, deviceTimeZone: .gmt), eventID: "preview")
        }
        try await check("session", loaded: "Opening keynote") {
            SessionDetailsView(
                model: SessionDetailsModel(client: $0, shareBaseURL: URL(string: "https://quartet.example")!),
                sessionID: "s1")
        }
        try await check("my agenda", loaded: "Opening keynote") {
            MyAgendaView(
                model: MyAgendaModel(client: $0, eventID: "preview", shareBaseURL: URL(string: "https://q.test")!))
        }
    }

    @Test func thePeoplePullToTryAgain() async throws {
        let someone = AttendeePreview.people[0].name
        try await check("speakers", loaded: someone) {
            SpeakersView(model: SpeakersModel(client: $0, eventID: "preview"))
        }
        try await check("attendees", loaded: someone) {
            AttendeesView(model: AttendeesModel(client: $0, eventID: "preview"))
        }
    }

    /// The profile pulls to try again as every other page does (it had only a load on appearing, so offline it
    /// stayed offline until left), and reading it again does not say "Saved": nothing was.
    @Test func theProfilePullsToTryAgain() async throws {
        try await check("profile", loaded: "About Me") { ProfileView(model: ProfileModel(client: $0)) }
        let host = ViewHost(NavigationStack { ProfileView(model: ProfileModel(client: Self.client(Locked(false)))) })
        try await host.waitUntil("the profile") { $0.texts.contains("About Me") }
        try await host.pullToRefresh()
        try await host.waitUntil("read again") { $0.first { $0.kind == .progress } == nil }
        #expect(!host.tree.texts.contains("Profile saved."), "\(host.tree.outline)")
    }
}
