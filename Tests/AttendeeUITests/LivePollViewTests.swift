import AttendeeCore
import AttendeeModels
import AttendeeServer
import Database
import Foundation
import HTTPServer
import SwiftUI
import Testing
import TokenVerifier

@testable import AttendeeUI

/// The live-poll card of the dashboard, tapped through to the poll, a vote, and the results it shows.
@MainActor
struct LivePollViewTests {
    /// The demo event with an open poll "Tabs or spaces?" (organized by Olga), and the app over it.
    static func openPoll() async throws -> (InProcessAttendee, Poll) {
        let (app, poll, _) = try await openPollAndItsOrganizer()
        return (app, poll)
    }

    /// ``openPoll()``, with Olga, who organizes the event.
    static func openPollAndItsOrganizer() async throws -> (InProcessAttendee, Poll, InProcessAttendee.Person) {
        let app = try await InProcessAttendee.make()
        let eventID = try await app.eventID()
        let organizer = try await app.registeredPerson("Olga", email: "olga@example.com")
        let organizerID = organizer.id
        _ = try await app.database.write { db in
            try db.execute("UPDATE attendee_event SET organizer_id = \(organizerID) WHERE id = \(eventID)")
        }
        let draft = PollDraft(questions: [PollQuestionDraft(text: "Tabs or spaces?", options: ["Tabs", "Spaces"])])
        let poll = try await app.server.post(
            "/attendee/v1/events/\(eventID)/polls", json: draft, headers: organizer.auth
        ).decode(Poll.self)
        _ = try await app.server.request(.post, "/attendee/v1/polls/\(poll.id)/open", headers: organizer.auth)
        return (app, poll, organizer)
    }

    /// Ana signs up, registers, puts Additional Info off, and sees the dashboard's live-poll card.
    static func anaOnTheDashboard(_ app: InProcessAttendee) async throws -> ViewHost<AttendeeRootView> {
        let host = await app.host()
        try host.tap("New here? Create an account")
        try host.type("Ana Ferreira", into: "Name")
        try host.type("ana@example.com", into: "E-mail")
        try host.type("correct horse", into: "Password")
        try host.tap("Create Account")
        try await host.waitUntil("the events") { $0.texts.contains("Quartet Summit 2027") }
        try host.tap("Quartet Summit 2027")
        try await host.waitUntil("the dashboard") { $0.find(.button, "Register") != nil }
        try host.tap("Register")
        try await host.waitUntil("additional info") { $0.topPresentation?.visibleNavigationTitle == "Additional Info" }
        try host.tap("Later, I haven't decided")
        try await host.waitUntil("the card") { $0.topPresentation == nil && $0.texts.contains("Tabs or spaces?") }
        return host
    }

    /// Someone answers "Spaces" on their own phone.
    static func answer(_ poll: Poll, as person: InProcessAttendee.Person, _ app: InProcessAttendee) async throws {
        let question = try #require(poll.questions.first)
        let spaces = try #require(question.options.last?.id)
        let answered = try await app.server.put(
            "/attendee/v1/polls/\(poll.id)/answer", json: PollAnswer(choices: [question.id: [spaces]]),
            headers: person.auth)
        try #require(answered.status == .ok, "answer: \(answered.bodyText)")
    }

    @Test func theDashboardCardOpensThePollWhereAVoteShowsInTheResults() async throws {
        let (app, _) = try await Self.openPoll()
        let host = try await Self.anaOnTheDashboard(app)
        #expect(host.tree.texts.contains("Live Poll"))
        #expect(host.tree.texts.contains("0 votes"))

        try host.tap("Tabs or spaces?")
        try await host.waitUntil("the poll") {
            $0.visibleNavigationTitle == "Live Poll" && $0.texts.contains("Poll · Open · 0 votes")
        }
        #expect(host.tree.find(.button, "Vote")?.isEnabled == false)
        #expect(host.tree.texts.contains("Answer every question."))
        try host.tap("Spaces")
        #expect(host.tree.find(.button, "Vote")?.isEnabled == true)
        #expect(!host.tree.texts.contains("Answer every question."))
        try host.tap("Vote")
        try await host.waitUntil("the vote counted") { $0.texts.contains("Poll · Open · 1 vote") }
        #expect(host.tree.texts.contains("100%"))
        #expect(host.tree.find(.button, "Change My Answer")?.isEnabled == false)
        #expect(host.tree.find(.button, "Close Poll") == nil)
    }

    /// Every poll of the event, not only the open one the card shows: a closed poll opens with its results.
    @Test func thePollsPageListsEveryPollAndOpensOne() async throws {
        let (app, open, organizer) = try await Self.openPollAndItsOrganizer()
        let eventID = try await app.eventID()
        let draft = PollDraft(questions: [PollQuestionDraft(text: "Coffee or tea?", options: ["Coffee", "Tea"])])
        let earlier = try await app.server.post(
            "/attendee/v1/events/\(eventID)/polls", json: draft, headers: organizer.auth
        ).decode(Poll.self)
        _ = try await app.server.request(.post, "/attendee/v1/polls/\(earlier.id)/open", headers: organizer.auth)
        _ = try await app.server.request(.post, "/attendee/v1/polls/\(earlier.id)/close", headers: organizer.auth)
        try await Self.answer(open, as: organizer, app)

        let host = try await Self.anaOnTheDashboard(app)
        try host.tap("Polls & Quizzes")
        try await host.waitUntil("the polls") {
            $0.visibleNavigationTitle == "Polls & Quizzes" && $0.texts.contains("Coffee or tea?")
        }
        #expect(host.tree.texts.contains("Poll · Open · 1 vote"))
        #expect(host.tree.texts.contains("Poll · Closed · 0 votes"))
        try host.tap("Coffee or tea?")
        try await host.waitUntil("the closed poll") {
            $0.visibleNavigationTitle == "Poll Results" && $0.texts.contains("Poll · Closed · 0 votes")
        }
        #expect(host.tree.find(.button, "Vote") == nil)
        // The question reads as a heading, not a section's caption; the results are rows to read, each with its
        // share as a number, a bar and in what VoiceOver says, not disabled buttons.
        let question = try #require(host.tree.find(.text, "Coffee or tea?"))
        #expect(question.style.font == .headline)
        #expect(
            host.tree.first { $0.kind == .section && $0.header.contains { $0.texts.contains("Coffee or tea?") } } == nil
        )
        #expect(host.tree.find(.button, "Coffee") == nil)
        #expect(host.tree.first { $0.kind == .button && $0.texts.contains("Tea") } == nil)
        let tea = try #require(host.tree.first { $0.accessibilityLabel == "Tea, 0%" }, "\(host.tree.outline)")
        #expect(tea.first { $0.kind == .progress }?.value == "0.0")
    }

    /// An open poll's options are choices, read with their share; the title says the poll is live.
    @Test func anOpenPollsChoicesSayTheirShare() async throws {
        let (app, poll, organizer) = try await Self.openPollAndItsOrganizer()
        try await Self.answer(poll, as: organizer, app)
        let host = try await Self.anaOnTheDashboard(app)
        try host.tap("Tabs or spaces?")
        try await host.waitUntil("the poll") { $0.texts.contains("Poll · Open · 1 vote") }
        #expect(host.tree.visibleNavigationTitle == "Live Poll")
        let spaces = try #require(host.tree.first { $0.kind == .button && $0.texts.contains("Spaces") })
        #expect(spaces.first { $0.accessibilityLabel == "Spaces, 100%" } != nil, "\(host.tree.outline)")
        try host.tap("Spaces")
        #expect(host.tree.first { $0.accessibilityLabel == "Spaces, 100%, your answer" } != nil)
    }

    /// The organizer, signed in on their phone, creates a poll from the Polls page: the form marks what is
    /// missing, Create saves a draft that the list shows, and the draft opens from there. An attendee has no
    /// New Poll button.
    @Test func theOrganizerCreatesAPollFromThePollsPage() async throws {
        let (app, _, _) = try await Self.openPollAndItsOrganizer()
        let attendee = try await Self.anaOnTheDashboard(app)
        try attendee.tap("Polls & Quizzes")
        try await attendee.waitUntil("the polls") { $0.texts.contains("Tabs or spaces?") }
        #expect(attendee.tree.find(.button, "New Poll") == nil)

        // Olga on the same phone: Ana signs out first.
        let host = await app.host()
        try await host.waitUntil("the events") { $0.find(.button, "Sign Out") != nil }
        try host.tap("Sign Out")
        try await host.waitUntil("the sign-in form") { $0.find(.button, "Sign In") != nil }
        try host.type("olga@example.com", into: "E-mail")
        try host.type("correct horse", into: "Password")
        try host.tap("Sign In")
        try await host.waitUntil("the events") { $0.texts.contains("Quartet Summit 2027") }
        try host.tap("Quartet Summit 2027")
        try await host.waitUntil("the dashboard") { $0.find(.button, "Polls & Quizzes") != nil }
        try host.tap("Polls & Quizzes")
        try await host.waitUntil("New Poll") { $0.find(.button, "New Poll") != nil }
        try host.tap("New Poll")
        try await host.waitUntil("the form") { $0.topPresentation?.visibleNavigationTitle == "New Poll" }
        let form = try #require(host.tree.topPresentation)
        #expect(form.find(.picker, "For")?.value == "Whole Event")

        try host.type("Lunch at noon or one?", into: "Question")
        try host.type("Noon", into: "Option 1")
        try host.tap("Create")
        try await host.waitUntil("the refusal") { $0.texts.contains("Check the highlighted part of the poll.") }
        #expect(host.tree.find(.textField, "Option 2")?.style.foreground?.name == "red")

        try host.type("One", into: "Option 2")
        try host.tap("Add Option")
        try host.type("Later", into: "Option 3")
        try host.tap("Create")
        try await host.waitUntil("the draft in the list") {
            $0.topPresentation == nil && $0.texts.contains("Lunch at noon or one?")
        }
        #expect(host.tree.texts.contains("Poll · Draft · 0 votes"))
        try host.tap("Lunch at noon or one?")
        try await host.waitUntil("the draft") { $0.find(.button, "Open Poll") != nil }
        #expect(host.tree.texts.contains("Later"))
    }

    @Test func votesFromOtherPhonesMoveTheCardAndThePollWithoutAReload() async throws {
        let (app, poll) = try await Self.openPoll()
        let host = try await Self.anaOnTheDashboard(app)
        // Ana registered on the dashboard a moment ago: from then on it follows the card live, without her
        // leaving and coming back.
        #expect(host.tree.texts.contains("0 votes"))

        let bob = try await app.registeredPerson("Bob Babbage", email: "bob@example.com")
        try await Self.answer(poll, as: bob, app)
        try await host.waitUntil("Bob's vote on the card") { $0.texts.contains("1 vote") }
        #expect(host.tree.texts.contains("100%"))

        try host.tap("Tabs or spaces?")
        try await host.waitUntil("the poll") {
            $0.visibleNavigationTitle == "Live Poll" && $0.texts.contains("Poll · Open · 1 vote")
        }
        let carol = try await app.registeredPerson("Carol Shaw", email: "carol@example.com")
        try await Self.answer(poll, as: carol, app)
        try await host.waitUntil("Carol's vote on the poll") { $0.texts.contains("Poll · Open · 2 votes") }
        #expect(host.tree.visibleNavigationTitle == "Live Poll")
    }
}
