import AttendeeCore
import AttendeeModels
import AttendeeServer
import Foundation
import HTTPServer
import SwiftUI
import Testing

@testable import AttendeeUI

/// The Polls page while it is open: what the organizer does elsewhere shows on it without leaving it, through
/// the event's live stream, which ends when the page goes.
@MainActor
struct PollListLiveViewTests {
    static func row(_ title: String, _ subtitle: String) -> (ViewNode) -> Bool {
        { tree in
            tree.first { $0.kind == .button && $0.texts.contains(title) }?.texts.contains(subtitle) == true
        }
    }

    /// Ana has the Polls page open: Olga's new draft never shows on it, the poll shows once it opens, a closed
    /// poll's row says so, and a deleted one goes. Leaving the page ends its stream.
    @Test func anAttendeesPollsPageFollowsTheOrganizerLive() async throws {
        let (app, tabs, organizer) = try await LivePollViewTests.openPollAndItsOrganizer()
        let eventID = try await app.eventID()
        let host = try await LivePollViewTests.anaOnTheDashboard(app)
        // NB: the dashboard follows the event too, while it is on screen: under the page, only the page does.
        try await host.waitUntil("the dashboard listening") { _ in app.streams.waitingReaders == 1 }
        try host.tap("Polls & Quizzes")
        try await host.waitUntil("the polls") { Self.row("Tabs or spaces?", "Poll · Open · 0 votes")($0) }
        try await host.waitUntil("the page listening") { _ in app.streams.waitingReaders == 1 }

        let draft = try await app.server.post(
            "/attendee/v1/events/\(eventID)/polls",
            json: PollDraft(questions: [PollQuestionDraft(text: "Coffee or tea?", options: ["Coffee", "Tea"])]),
            headers: organizer.auth
        ).decode(Poll.self)
        _ = try await app.server.request(.post, "/attendee/v1/polls/\(tabs.id)/close", headers: organizer.auth)
        try await host.waitUntil("the close") { Self.row("Tabs or spaces?", "Poll · Closed · 0 votes")($0) }
        // The draft's creation came first on the stream: it showed nothing.
        #expect(!host.tree.texts.contains("Coffee or tea?"))

        _ = try await app.server.request(.post, "/attendee/v1/polls/\(draft.id)/open", headers: organizer.auth)
        try await host.waitUntil("the opened poll") { Self.row("Coffee or tea?", "Poll · Open · 0 votes")($0) }
        #expect(
            host.tree.texts.filter { $0 == "Coffee or tea?" || $0 == "Tabs or spaces?" } == [
                "Tabs or spaces?", "Coffee or tea?",
            ])

        _ = try await app.server.request(.delete, "/attendee/v1/polls/\(tabs.id)", headers: organizer.auth)
        try await host.waitUntil("the deletion") { !$0.texts.contains("Tabs or spaces?") }
        #expect(host.tree.find(.text, "Live updates paused.") == nil)

        // Back on the dashboard, its stream is the only one: the page's ended with it.
        try host.back()
        try await host.waitUntil("the dashboard") { $0.find(.button, "Polls & Quizzes") != nil }
        try await host.waitUntil("the dashboard listening") { _ in app.streams.waitingReaders >= 1 }
        await host.settle()
        #expect(app.streams.waitingReaders == 1)
    }

    /// Olga has the Polls page open on her phone and writes a draft on another device: it shows, and its edit
    /// shows the new question.
    @Test func theOrganizersPollsPageShowsADraftMadeElsewhereAndItsEdit() async throws {
        let (app, _, organizer) = try await LivePollViewTests.openPollAndItsOrganizer()
        let eventID = try await app.eventID()
        let host = try await PollEditingViewTests.olgaOnThePolls(app)
        try await host.waitUntil("the polls") { $0.texts.contains("Tabs or spaces?") }

        let draft = try await app.server.post(
            "/attendee/v1/events/\(eventID)/polls",
            json: PollDraft(questions: [PollQuestionDraft(text: "Lunch at nooon?", options: ["Yes", "No"])]),
            headers: organizer.auth
        ).decode(Poll.self)
        try await host.waitUntil("the draft") { Self.row("Lunch at nooon?", "Poll · Draft · 0 votes")($0) }

        let fixed = PollEdit(
            kind: .poll, choice: .single,
            questions: [PollQuestionDraft(text: "Lunch at noon?", options: ["Yes", "No"])])
        _ = try await app.server.put("/attendee/v1/polls/\(draft.id)", json: fixed, headers: organizer.auth)
        try await host.waitUntil("the edit") { $0.texts.contains("Lunch at noon?") }
        #expect(!host.tree.texts.contains("Lunch at nooon?"))
    }
}
