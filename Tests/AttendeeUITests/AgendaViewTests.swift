import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import SwiftUI
import Testing

@testable import AttendeeUI

/// The agenda and session pages over the previews' sample conference (a keynote attended, a breakout with few
/// seats left, a full workshop).
@MainActor
struct AgendaViewTests {
    /// The agenda over `client`; `waiting` says its load never ends, so the host does not wait for it.
    static func agenda(_ client: AttendeeClient, waiting: Bool = false) -> ViewHost<some View> {
        ViewHost(
            NavigationStack {
                AgendaView(model: AgendaModel(client: client, deviceTimeZone: .gmt), eventID: "preview")
            }, listeners: { waiting ? 1 : 0 })
    }

    /// No days to choose from, no day picker: not while the agenda loads, nor offline with nothing saved.
    @Test func theDayPickerShowsOnlyWithDays() async throws {
        var loading = AttendeePreview.client
        loading.agenda = { _ in
            try await Task.sleep(for: .seconds(3_600))
            return []
        }
        let waiting = Self.agenda(loading, waiting: true)
        try await waiting.waitUntil("the spinner") { $0.first { $0.kind == .progress } != nil }
        #expect(waiting.tree.first { $0.kind == .picker } == nil)

        var offline = AttendeePreview.client
        offline.agenda = { _ in throw APIError(transportError: URLError(.notConnectedToInternet)) }
        let unreachable = Self.agenda(offline)
        try await unreachable.waitUntil("the banner") { $0.first { $0.kind == .progress } == nil }
        #expect(unreachable.tree.first { $0.kind == .picker } == nil)

        let loaded = Self.agenda(AttendeePreview.client)
        try await loaded.waitUntil("the sessions") { $0.texts.contains("Designing for accessibility") }
        #expect(loaded.tree.first { $0.kind == .picker } != nil)
    }

    /// The full workshop's mark says it joins the waitlist, as its page's button does, not "Attend".
    @Test func aFullSessionsMarkSaysWaitlist() async throws {
        let host = Self.agenda(AttendeePreview.client)
        try await host.waitUntil("the sessions") { $0.texts.contains("Designing for accessibility") }
        let mark = try #require(
            host.tree.find(.button, "Join the waitlist for Designing for accessibility"), "\(host.tree.outline)")
        #expect(mark.first { $0.systemImage == "hourglass" } != nil)
        #expect(host.tree.find(.button, "Attend Designing for accessibility") == nil)
        #expect(host.tree.find(.button, "Attend Offline-first with SQLite") != nil)
    }

    /// A disabled "Give Feedback" says why under it; the seats are said once.
    @Test func theSessionPageSaysWhyFeedbackIsClosedAndTheSeatsOnce() async throws {
        let host = ViewHost(
            NavigationStack {
                SessionDetailsView(
                    model: SessionDetailsModel(
                        client: AttendeePreview.client, shareBaseURL: URL(fileURLWithPath: "/")),
                    sessionID: "s2")
            })
        try await host.waitUntil("the session") { $0.texts.contains("3 seats available") }
        #expect(host.tree.texts.contains("Only the session's attendees can give feedback: attend it first."))
        #expect(!host.tree.texts.contains("Few seats left"))
        #expect(host.tree.texts.contains("Add to Calendar"))
    }

    /// A session page that cannot load (offline) shows its name, from the row that opened it, and why there is
    /// nothing more: no empty rows, no nameless Attend button, no feedback hint about attending, no Directions or
    /// Attendees with nothing to act on.
    @Test func aSessionThatCannotLoadShowsItsNameAndWhy() async throws {
        var offline = AttendeePreview.client
        offline.session = { _ in throw APIError(transportError: URLError(.notConnectedToInternet)) }
        let host = ViewHost(
            NavigationStack {
                SessionDetailsView(
                    model: SessionDetailsModel(
                        client: offline, shareBaseURL: URL(fileURLWithPath: "/"), title: "Offline-first with SQLite"),
                    sessionID: "s2")
            })
        try await host.waitUntil("the banner") { $0.first { $0.kind == .progress } == nil }
        #expect(host.tree.visibleNavigationTitle == "Offline-first with SQLite")
        #expect(host.tree.texts.contains("You're offline. Check your connection and try again."))
        #expect(host.tree.all(.button).isEmpty && host.tree.all(.link).isEmpty, "\(host.tree.outline)")
        #expect(host.tree.texts.filter(\.isEmpty).isEmpty, "\(host.tree.outline)")
        #expect(!host.tree.texts.contains("Only the session's attendees can give feedback: attend it first."))
    }
}
