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
    @Test func theDashboardCardOpensThePollWhereAVoteShowsInTheResults() async throws {
        let app = try await InProcessAttendee.make()
        let database = app.database
        let server = app.server
        let eventID = try #require(try await server.get("/attendee/v1/events").decode([Event].self).first?.id)
        let organizer = try await server.post(
            "/attendee/v1/auth/signup",
            json: SignUpRequest(email: "olga@example.com", password: "correct horse", name: "Olga")
        ).decode(AuthSession.self)
        let organizerID = organizer.profile.person.id
        _ = try await database.write { db in
            try db.execute("UPDATE attendee_event SET organizer_id = \(organizerID) WHERE id = \(eventID)")
        }
        let auth: HTTPHeaders = ["Authorization": "Bearer \(organizer.token)", "Content-Type": "application/json"]
        let draft = PollDraft(questions: [PollQuestionDraft(text: "Tabs or spaces?", options: ["Tabs", "Spaces"])])
        let poll = try await server.post("/attendee/v1/events/\(eventID)/polls", json: draft, headers: auth)
            .decode(Poll.self)
        _ = try await server.request(.post, "/attendee/v1/polls/\(poll.id)/open", headers: auth)

        let host = await app.host()
        try host.tap("New here? Create an account")
        try host.type("Ana Ferreira", into: "Name")
        try host.type("ana@example.com", into: "E-mail")
        try host.type("correct horse", into: "Password")
        try host.tap("Create account")
        try await host.waitUntil("the events") { $0.texts.contains("Quartet Summit 2027") }
        try host.tap("Quartet Summit 2027")
        try await host.waitUntil("the dashboard") { $0.find(.button, "Register") != nil }
        try host.tap("Register")
        try await host.waitUntil("additional info") { $0.topPresentation?.visibleNavigationTitle == "Additional Info" }
        try host.tap("Later, I haven't decided")
        try await host.waitUntil("the card") { $0.topPresentation == nil && $0.texts.contains("Tabs or spaces?") }
        #expect(host.tree.texts.contains("Live poll"))
        #expect(host.tree.texts.contains("0 votes"))

        try host.tap("Tabs or spaces?")
        try await host.waitUntil("the poll") { $0.visibleNavigationTitle == "Live poll" && $0.texts.contains("Open") }
        #expect(host.tree.find(.button, "Vote")?.isEnabled == false)
        try host.tap("Spaces")
        #expect(host.tree.find(.button, "Vote")?.isEnabled == true)
        try host.tap("Vote")
        try await host.waitUntil("the vote counted") { $0.texts.contains("1 vote") }
        #expect(host.tree.texts.contains("100%"))
        #expect(host.tree.find(.button, "Change my answer")?.isEnabled == false)
        #expect(host.tree.find(.button, "Close poll") == nil)
    }
}
