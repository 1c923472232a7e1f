import AttendeeCore
import AttendeeModels
import AttendeeServer
import Database
import Foundation
import HTTPServer
import SwiftUI
import Testing

@testable import AttendeeUI

/// A poll's Edit and Delete on its page: the organizer fixes a draft's typo in the form filled with it, and
/// deletes the poll after the question; an attendee is offered neither.
@MainActor
struct PollEditingViewTests {
    /// Olga, who organizes the demo event, signed in on her phone with the event's Polls page open.
    static func olgaOnThePolls(_ app: InProcessAttendee) async throws -> ViewHost<AttendeeRootView> {
        let host = await app.host()
        try await host.waitUntil("the sign-in form") { $0.find(.button, "Sign In") != nil }
        try host.type("olga@example.com", into: "E-mail")
        try host.type("correct horse", into: "Password")
        try host.tap("Sign In")
        try await host.waitUntil("the events") { $0.texts.contains("Quartet Summit 2027") }
        try host.tap("Quartet Summit 2027")
        try await host.waitUntil("the dashboard") { $0.find(.button, "Polls & Quizzes") != nil }
        try host.tap("Polls & Quizzes")
        try await host.waitUntil("the polls") { $0.visibleNavigationTitle == "Polls & Quizzes" }
        return host
    }

    @Test func theOrganizerFixesADraftsTypoThenDeletesIt() async throws {
        let (app, _, organizer) = try await LivePollViewTests.openPollAndItsOrganizer()
        let eventID = try await app.eventID()
        let typo = PollDraft(questions: [PollQuestionDraft(text: "Lunch at nooon?", options: ["Yes", "No"])])
        _ = try await app.server.post("/attendee/v1/events/\(eventID)/polls", json: typo, headers: organizer.auth)

        let host = try await Self.olgaOnThePolls(app)
        try await host.waitUntil("the draft") { $0.texts.contains("Lunch at nooon?") }
        try host.tap("Lunch at nooon?")
        try await host.waitUntil("the draft's page") { $0.find(.button, "Edit Poll") != nil }
        #expect(host.tree.find(.button, "Delete Poll") != nil)

        try host.tap("Edit Poll")
        try await host.waitUntil("the form") { $0.topPresentation?.visibleNavigationTitle == "Edit Poll" }
        let form = try #require(host.tree.topPresentation)
        #expect(form.find(.picker, "For") == nil)
        #expect(form.find(.textField, "Question")?.value == "Lunch at nooon?")
        try host.type("Lunch at noon?", into: "Question")
        try host.type("", into: "Option 2")
        try host.tap("Save")
        try await host.waitUntil("the refusal") { $0.texts.contains("Check the highlighted part of the poll.") }
        try host.type("Later", into: "Option 2")
        try host.tap("Save")
        try await host.waitUntil("the saved draft") {
            $0.topPresentation == nil && $0.texts.contains("Lunch at noon?")
        }
        #expect(host.tree.texts.contains("Later"))
        #expect(!host.tree.texts.contains("Lunch at nooon?"))

        try host.tap("Delete Poll")
        #expect(host.tree.topPresentation?.text == "Delete “Lunch at noon?”?")
        try host.tap("Cancel")
        #expect(host.tree.topPresentation == nil)
        #expect(host.tree.texts.contains("Lunch at noon?"))
        try host.tap("Delete Poll")
        try host.tap("Delete Poll")
        try await host.waitUntil("deleted") { $0.texts.contains("Poll deleted.") }
        #expect(host.tree.find(.button, "Edit Poll") == nil)
        #expect(host.tree.find(.button, "Delete Poll") == nil)

        // The open poll offers neither: it is closed before it goes.
        try host.back()
        try await host.waitUntil("the list") { $0.texts.contains("Tabs or spaces?") }
        try host.tap("Tabs or spaces?")
        try await host.waitUntil("the open poll") { $0.find(.button, "Close Poll") != nil }
        #expect(host.tree.find(.button, "Edit Poll") == nil)
        #expect(host.tree.find(.button, "Delete Poll") == nil)
        try host.tap("Close Poll")
        try await host.waitUntil("closed") { $0.find(.button, "Delete Poll") != nil }
        #expect(host.tree.find(.button, "Edit Poll") == nil)
    }

    @Test func anAttendeeIsOfferedNeitherEditNorDelete() async throws {
        let (app, _) = try await LivePollViewTests.openPoll()
        let host = try await LivePollViewTests.anaOnTheDashboard(app)
        try host.tap("Tabs or spaces?")
        try await host.waitUntil("the poll") { $0.visibleNavigationTitle == "Live Poll" }
        #expect(host.tree.find(.button, "Edit Poll") == nil)
        #expect(host.tree.find(.button, "Delete Poll") == nil)
    }
}
