import APIClient
import AttendeeCore
import AttendeeModels
import AttendeeServer
import AttendeeTestSupport
import Database
import Foundation
import HTTPServer
import Locking
import SwiftUI
import TestSupport
import Testing
import TokenVerifier

@testable import AttendeeUI

/// The Attendee app driven through its views against the real server code in process, from the account page
/// through the events, the dashboard, the agenda and a session.
@MainActor
struct AttendeeRootViewTests {
    /// The app over a migrated, seeded server on a fresh in-memory database.
    static func host() async throws -> ViewHost<AttendeeRootView> {
        try await InProcessAttendee.make().host()
    }

    /// Signs up as Ana and waits for the events.
    static func signedIn(_ app: InProcessAttendee? = nil) async throws -> ViewHost<AttendeeRootView> {
        let host = if let app { await app.host() } else { try await host() }
        try host.tap("New here? Create an account")
        try host.type("Ana Ferreira", into: "Name")
        try host.type("ana@example.com", into: "E-mail")
        try host.type("correct horse", into: "Password")
        try host.tap("Create Account")
        try await host.waitUntil("the events") { $0.texts.contains("Quartet Summit 2027") }
        return host
    }

    /// Opens the demo event's dashboard, registers, and puts Additional Info off for later.
    static func registered(_ app: InProcessAttendee? = nil) async throws -> ViewHost<AttendeeRootView> {
        let host = try await signedIn(app)
        try host.tap("Quartet Summit 2027")
        try await host.waitUntil("the dashboard") { $0.find(.button, "Register") != nil }
        try host.tap("Register")
        try await host.waitUntil("additional info") { $0.topPresentation?.visibleNavigationTitle == "Additional Info" }
        try host.tap("Later, I haven't decided")
        try await host.waitUntil("registered") { $0.topPresentation == nil && $0.find(.button, "Registered") != nil }
        #expect(host.tree.find(.button, "Registered")?.isEnabled == false)
        return host
    }

    /// Additional Info: Submit waits for every answer and every guest's name and e-mail; a guest can be taken off.
    @Test func additionalInfoIsSubmittedOnceEveryAnswerIsGiven() async throws {
        let host = try await Self.signedIn()
        try host.tap("Quartet Summit 2027")
        try await host.waitUntil("the dashboard") { $0.find(.button, "Register") != nil }
        try host.tap("Register")
        try await host.waitUntil("additional info") { $0.topPresentation?.visibleNavigationTitle == "Additional Info" }
        func submit() -> ViewNode? { host.tree.topPresentation?.find(.button, "Submit") }
        #expect(submit()?.isEnabled == false)
        try host.type("None", into: "Dietary needs")
        try host.type("M", into: "T-shirt size")
        try host.type("Engineer", into: "Your role")
        #expect(submit()?.isEnabled == true)

        try host.tap("+ Add More")
        #expect(submit()?.isEnabled == false)
        try host.tap("Remove Guest")
        #expect(host.tree.topPresentation?.find(.button, "Remove Guest") == nil)
        #expect(submit()?.isEnabled == true)
        try host.tap("Submit")
        try await host.waitUntil("registered") { $0.topPresentation == nil && $0.find(.button, "Registered") != nil }
    }

    @Test func signingUpLeadsToTheEvents() async throws {
        let host = try await Self.host()
        #expect(host.tree.visibleNavigationTitle == "Welcome")
        #expect(host.tree.find(.secureField, "Password") != nil)
        try host.tap("New here? Create an account")
        try host.type("Ana", into: "Name")
        try host.type("not an address", into: "E-mail")
        try host.type("correct horse", into: "Password")
        try await host.tapAndSettle("Create Account")
        #expect(host.tree.visibleNavigationTitle == "Welcome")
        #expect(host.tree.all(.text).contains { $0.style.foreground?.name == "red" })

        let signedIn = try await Self.signedIn()
        #expect(signedIn.tree.visibleNavigationTitle == "Events")
        #expect(signedIn.tree.find(.button, "Sign Out") != nil)
    }

    @Test func theDashboardLinksToEveryPage() async throws {
        let host = try await Self.signedIn()
        try host.tap("Quartet Summit 2027")
        try await host.waitUntil("the dashboard") { $0.visibleNavigationTitle == "Quartet Summit 2027" }
        for (link, title) in [
            ("Attendees", "Attendees"), ("Agenda", "Agenda"), ("Speakers", "Speakers"), ("My Agenda", "My Agenda"),
            ("Feedback", "Feedback"), ("Location", "Venue"), ("Wall", "Wall"),
            ("Polls & Quizzes", "Polls & Quizzes"),
        ] {
            try host.tap(link)
            try await host.waitUntil("\(link) page") { $0.visibleNavigationTitle == title }
            try host.back()
            try await host.waitUntil("back on the dashboard") { $0.visibleNavigationTitle == "Quartet Summit 2027" }
        }
    }

    /// The dashboard is named from the moment it opens, with the name the events list showed: it had no title until
    /// the event loaded, and none at all when it could not load.
    @Test func theDashboardIsNamedBeforeTheEventLoads() async throws {
        let host = try await Self.signedIn()
        try host.tap("Quartet Summit 2027")
        // Nothing has been awaited since the tap: the page's load has not run.
        #expect(host.tree.find(.button, "Register") == nil)
        #expect(host.tree.visibleNavigationTitle == "Quartet Summit 2027")
        try await host.waitUntil("the dashboard") { $0.find(.button, "Register") != nil }
        #expect(host.tree.visibleNavigationTitle == "Quartet Summit 2027")
    }

    /// A session's page opened from the agenda is named as the agenda's row named it while it loads, as the
    /// dashboard is: it had no title at all until the session came, and none offline.
    @Test func aSessionIsNamedBeforeItLoads() async throws {
        let host = try await Self.signedIn()
        try host.tap("Quartet Summit 2027")
        try await host.waitUntil("the dashboard") { $0.find(.button, "Register") != nil }
        try host.tap("Agenda")
        try await host.waitUntil("the agenda") { $0.texts.contains("Opening keynote: one codebase, four apps") }
        try host.tap("Opening keynote: one codebase, four apps")
        // Nothing has been awaited since the tap: the page's load has not run.
        #expect(host.tree.find(.button, "Attend") == nil)
        #expect(host.tree.visibleNavigationTitle == "Opening keynote: one codebase, four apps")
        try await host.waitUntil("the session") { $0.find(.button, "Attend") != nil }
        #expect(host.tree.visibleNavigationTitle == "Opening keynote: one codebase, four apps")
    }

    /// The server stops taking the session (it expired, or was revoked elsewhere): the next page that needs it
    /// takes the person back to the account page, which says why, and the token is forgotten.
    @Test func aSessionTheServerNoLongerTakesGoesBackToTheAccountPage() async throws {
        let app = try await InProcessAttendee.make()
        let host = try await Self.registered(app)
        #expect(app.tokens.load() != nil)
        _ = try await app.database.write { db in try db.execute("DELETE FROM attendee_auth_token") }

        try host.tap("My Agenda")
        try await host.waitUntil("the account page") { $0.find(.button, "Sign In") != nil }
        #expect(host.tree.texts.contains("Your session has ended. Please sign in again."))
        #expect(host.tree.visibleNavigationTitle == "Welcome")
        #expect(app.tokens.load() == nil)

        try host.type("ana@example.com", into: "E-mail")
        try host.type("correct horse", into: "Password")
        try host.tap("Sign In")
        try await host.waitUntil("the events again") { $0.texts.contains("Quartet Summit 2027") }
    }

    /// The event's and the session's pages draw their name whole at the top of the page, so the bar shows it
    /// small (inline): a large title would cut a long name off ("Opening keynote: one codeb…") over the same
    /// name drawn whole. The event list keeps its large title.
    @Test func pagesNamedAfterAnEventOrSessionTitleTheBarInline() async throws {
        let host = try await Self.signedIn()
        #expect(!host.tree.visibleTitleIsInline)
        try host.tap("Quartet Summit 2027")
        try await host.waitUntil("the dashboard") { $0.find(.button, "Register") != nil }
        #expect(host.tree.visibleNavigationTitle == "Quartet Summit 2027")
        #expect(host.tree.visibleTitleIsInline)
        try await host.openKeynoteFromTheAgenda()
        #expect(host.tree.visibleNavigationTitle == "Opening keynote: one codebase, four apps")
        #expect(host.tree.visibleTitleIsInline)
    }

    @Test func fromTheAgendaASessionOpensAndAttendingChangesItsState() async throws {
        let host = try await Self.registered()
        try await host.openKeynoteFromTheAgenda()
        #expect(host.tree.texts.contains("Not attending"))
        #expect(host.tree.visibleNavigationTitle == "Opening keynote: one codebase, four apps")

        try host.tap("Get Directions")
        try await host.waitUntil("the location") { $0.visibleNavigationTitle == "Session Location" }
        // The venue on a map, pinned, and a link that asks Maps for directions to it.
        let map = try #require(host.tree.first { $0.kind == .map })
        let pin = try #require(map.all(.mapAnnotation).first)
        #expect(pin.value == "38.6981, -9.1936")
        #expect(pin.text?.isEmpty == false)
        try host.tap("Open in Maps")
        #expect(host.openedURLs.map(\.absoluteString) == ["https://maps.apple.com/?daddr=38.6981,-9.1936"])
        try host.back()
        try host.tap("Attendees")
        try await host.waitUntil("the attendees") { $0.visibleNavigationTitle == "Attendees" }
        try host.back()

        let attend = try #require(host.tree.first { $0.kind == .button && $0.text?.hasPrefix("Attend") == true })
        try host.tap(try #require(attend.text))
        try await host.waitUntil("attending") { $0.texts.contains("Attending") }
        try host.back()
        try await host.waitUntil("the agenda again") { $0.visibleNavigationTitle == "Agenda" }
        let mark = try #require(
            host.tree.first { $0.accessibilityLabel == "Leave Opening keynote: one codebase, four apps" })
        #expect(mark.kind == .button)
    }

    /// The last seat of a session: Leave asks before giving it to the next person waiting; Cancel keeps it.
    @Test func leavingAFullSessionAsksBeforeTheSeatGoes() async throws {
        let app = try await InProcessAttendee.make()
        let host = try await Self.registered(app)
        _ = try await app.database.write { db in
            try db.execute(
                "UPDATE attendee_session SET capacity = 1 WHERE title = 'Opening keynote: one codebase, four apps'")
        }
        try await host.openKeynoteFromTheAgenda()
        try host.tap("Attend")
        try await host.waitUntil("attending") { $0.texts.contains("Attending") }

        try await host.tapAndSettle("Leave")
        let dialog = try #require(host.tree.topPresentation)
        #expect(dialog.kind == .confirmationDialog)
        #expect(dialog.text == "Give Up Your Seat?")
        try host.tap("Cancel")
        #expect(host.tree.topPresentation == nil)
        #expect(host.tree.texts.contains("Attending"))
        try await host.tapAndSettle("Leave")
        try await host.tapAndSettle("Leave")
        try await host.waitUntil("left") { $0.find(.button, "Attend") != nil && $0.texts.contains("1 seat available") }
    }

    @Test func myAgendaOpensItsSessions() async throws {
        let host = try await Self.registered()
        try host.tap("Agenda")
        try await host.waitUntil("the agenda") { $0.texts.contains("Opening keynote: one codebase, four apps") }
        try host.tap("Attend Opening keynote: one codebase, four apps")
        try await host.waitUntil("attending") {
            $0.first { $0.accessibilityLabel == "Leave Opening keynote: one codebase, four apps" } != nil
        }
        try host.back()
        try host.tap("My Agenda")
        try await host.waitUntil("my agenda") { $0.texts.contains("Opening keynote: one codebase, four apps") }
        // The toolbar shares the agenda as a calendar file.
        let export = try #require(host.tree.first { $0.kind == .shareLink }, "\(host.tree.outline)")
        #expect(export.value?.contains("file://") == true)
        #expect(export.value?.contains("/My%20agenda%20at%20Quartet%20Summit%202027.ics") == true)
        try host.tap("Opening keynote: one codebase, four apps")
        #expect(host.tree.visibleNavigationTitle == "Opening keynote: one codebase, four apps")
        try await host.waitUntil("the session") { $0.find(.button, "Get Directions") != nil }
        let calendar = try #require(host.tree.find(.shareLink, "Add to Calendar"))
        #expect(calendar.value?.hasPrefix("file://") == true)
        #expect(calendar.value?.hasSuffix(".ics") == true)
    }

    @Test func speakersOpenTheirProfileAndAttendeesFilterAsYouType() async throws {
        let host = try await Self.registered()
        try host.tap("Speakers")
        try await host.waitUntil("the speakers") { PeopleViewTests.personRow($0, "Ana Ferreira") != nil }
        try host.tap("Ana Ferreira")
        try await host.waitUntil("the profile") { $0.topPresentation != nil }
        let profile = try #require(host.tree.topPresentation)
        #expect(profile.find("Sessions") != nil)
        // The header as the attendee page draws it: name, title · company, links named.
        #expect(profile.texts.contains { $0.contains(" · ") })
        #expect(profile.find(.label, "GitHub") != nil)
        #expect(profile.texts.contains { $0.hasPrefix("Wed 10 Mar") || $0.hasPrefix("Thu 11 Mar") })
        try host.dismiss()
        try host.back()

        try host.tap("Attendees")
        try await host.waitUntil("the attendees") { $0.texts.contains("Ana Ferreira") }
        try host.search("zzz-nobody")
        try await host.waitUntil("no match") { !$0.texts.contains("Ana Ferreira") }
        try host.search("ana")
        try await host.waitUntil("a match") { $0.texts.contains("Ana Ferreira") }
        try host.tap("Ana Ferreira")
        #expect(host.tree.topPresentation?.texts.contains("Ana Ferreira") == true)
    }

    @Test func eventFeedbackIsSentOnceAndThenShownAsGiven() async throws {
        // NB: the event has started (feedback opens then).
        let host = try await Self.registered(
            try await InProcessAttendee.make(now: runningClock(from: demoKeynoteUnderway)))
        try host.tap("Feedback")
        try await host.waitUntil("the feedback page") { $0.find(.button, "Give Feedback") != nil }
        #expect(host.tree.find(.button, "Give Feedback")?.isEnabled == false)
        try host.tap("This Event: 2 stars")
        let stars = host.tree.all(.button).filter { $0.accessibilityLabel?.hasPrefix("This Event: ") == true }
        #expect(stars.map { $0.all(.image).first?.systemImage } == ["star.fill", "star.fill", "star", "star", "star"])
        try host.type("Great talks.", into: "Comment")
        try await host.tapAndSettle("Give Feedback")
        try await host.waitUntil("the thanks") { $0.texts.contains("Thank you for your feedback.") }

        // Back on the dashboard, Feedback opens on what was given: shut, saying so, before anything is typed.
        try host.back()
        await host.settle()
        try host.tap("Feedback")
        try await host.waitUntil("the feedback page") { $0.find(.button, "Feedback Given") != nil }
        #expect(host.tree.texts.contains("You already gave feedback."))
        #expect(host.tree.find(.button, "Feedback Given")?.isEnabled == false)
        #expect(throws: (any Error).self) { try host.type("More.", into: "Comment") }
    }

    /// Before the event starts (the app's clock, days ahead of the demo), its Feedback page says when feedback
    /// opens and offers no Give Feedback that the server would refuse, as a session's page does.
    @Test func eventFeedbackBeforeTheStartSaysWhenItOpens() async throws {
        let host = try await Self.registered(
            try await InProcessAttendee.make(now: runningClock(from: demoConferenceAhead)))
        try host.tap("Feedback")
        try await host.waitUntil("the feedback page") { $0.find(.button, "Give Feedback") != nil }
        #expect(host.tree.texts.contains("Feedback opens when the event starts."))
        #expect(throws: (any Error).self) { try host.tap("This Event: 2 stars") }
        #expect(throws: (any Error).self) { try host.type("Great talks.", into: "Comment") }
        #expect(host.tree.find(.button, "Give Feedback")?.isEnabled == false)
    }

    /// Someone not registered finds the Feedback page shut, and why, before typing a word.
    @Test func eventFeedbackSaysToRegisterFirst() async throws {
        let host = try await Self.signedIn()
        try host.tap("Quartet Summit 2027")
        try await host.waitUntil("the dashboard") { $0.find(.button, "Register") != nil }
        try host.tap("Feedback")
        try await host.waitUntil("the feedback page") { $0.find(.button, "Give Feedback") != nil }
        #expect(host.tree.texts.contains("Register for this event first."))
        #expect(throws: (any Error).self) { try host.type("Great talks.", into: "Comment") }
        #expect(throws: (any Error).self) { try host.tap("This Event: 2 stars") }
        #expect(host.tree.find(.button, "Give Feedback")?.isEnabled == false)
    }

    /// Signed in, My Profile opened and loaded.
    static func profile() async throws -> ViewHost<AttendeeRootView> {
        let host = try await signedIn()
        try host.tap("My Profile")
        try await host.waitUntil("the profile") { $0.texts.contains("ana@example.com") }
        return host
    }

    @Test func theProfileEditsAboutMe() async throws {
        let host = try await Self.profile()
        #expect(host.tree.visibleNavigationTitle == "My Profile")
        try host.tap("Edit About Me")
        #expect(host.tree.first { $0.kind == .textEditor }?.accessibilityLabel == "About Me")
        try host.type("Maps and offline data.", into: "About Me")
        try await host.tapAndSettle("Save")
        try await host.waitUntil("the saved text") { $0.texts.contains("Maps and offline data.") }
    }

    /// The header's Edit: name, job title and company in fields; an emptied name is refused with the rule's
    /// sentence and Save stays off; the saved title and company show as the subtitle.
    @Test func theProfileEditsNameTitleAndCompany() async throws {
        let host = try await Self.profile()
        try host.tap("Edit Name, job title and company")
        try host.type("", into: "Name")
        #expect(host.tree.texts.contains("Name must not be empty."))
        #expect(host.tree.find(.button, "Save")?.isEnabled == false)
        try host.type("Ana F.", into: "Name")
        try host.type("iOS Engineer", into: "Job title")
        try host.type("Tejo Cloud", into: "Company")
        try await host.tapAndSettle("Save")
        try await host.waitUntil("the saved details") { $0.texts.contains("iOS Engineer · Tejo Cloud") }
        #expect(host.tree.texts.contains("Ana F."))
        #expect(host.tree.find(.textField, "Job title") == nil)
    }

    /// My Preferences: Edit, a line of tracks and one of topics, Save; the saved lists show, and stay after a
    /// reload.
    @Test func theProfileEditsMyPreferences() async throws {
        let host = try await Self.profile()
        #expect(host.tree.find(.textField, "Tracks") == nil)
        try host.tap("Edit My Preferences")
        try host.type("Swift, Server, swift", into: "Tracks")
        try host.type("Concurrency", into: "Topics")
        try await host.tapAndSettle("Save")
        try await host.waitUntil("the saved preferences") { $0.texts.contains("Swift, Server") }
        #expect(host.tree.texts.contains("Concurrency"))
        #expect(host.tree.find(.textField, "Tracks") == nil)

        try host.back()
        try host.tap("My Profile")
        try await host.waitUntil("the profile again") { $0.texts.contains("Swift, Server") }
    }
}

extension AttendeeRootViewTests {
    /// A seat another person gives back goes to the first person waiting: their open agenda and session page show
    /// it at once, not "On the waitlist" until read again (the server tells them on their own live stream).
    @Test func aSeatGivenBackReachesThePersonWaitingWithoutAReload() async throws {
        let keynote = "Opening keynote: one codebase, four apps"
        let app = try await InProcessAttendee.make()
        let host = try await Self.registered(app)
        let bob = try await app.registeredPerson("Bob Babbage", email: "bob@example.com")
        let sessionID = try #require(
            try await app.server.get("/attendee/v1/events/\(try await app.eventID())/agenda")
                .decode([AttendeeModels.Session].self).first { $0.title == keynote }?.id)
        _ = try await app.database.write { db in
            try db.execute("UPDATE attendee_session SET capacity = 1 WHERE id = \(sessionID)")
        }
        let taken = try await app.server.post(
            "/attendee/v1/sessions/\(sessionID)/attendance", json: AttendRequest(), headers: bob.auth)
        try #require(taken.status == .ok, "\(taken.bodyText)")
        func bobLeaves() async throws {
            let left = try await app.server.request(
                .delete, "/attendee/v1/sessions/\(sessionID)/attendance", headers: bob.auth)
            try #require(left.status == .ok, "\(left.bodyText)")
        }

        // On the agenda: Ana joins the waitlist; Bob gives his seat back; her mark becomes Leave.
        try host.tap("Agenda")
        try await host.waitUntil("the agenda") { $0.texts.contains(keynote) }
        try await host.tapAndSettle("Join the waitlist for \(keynote)")
        try await host.waitUntil("waitlisted") {
            $0.first { $0.accessibilityLabel == "On the waitlist for \(keynote)" } != nil
        }
        try await bobLeaves()
        try await host.waitUntil("the seat") { $0.first { $0.accessibilityLabel == "Leave \(keynote)" } != nil }

        // On the session page: Bob takes the seat back when Ana gives it up, she waits again; he leaves again.
        try host.tap(keynote)
        try await host.waitUntil("the session") { $0.texts.contains("Attending") }
        try await host.tapAndSettle("Leave")
        try await host.tapAndSettle("Leave")
        try await host.waitUntil("left") { $0.find(.button, "Attend") != nil }
        #expect(
            try await app.server.post(
                "/attendee/v1/sessions/\(sessionID)/attendance", json: AttendRequest(), headers: bob.auth
            ).status == .ok)
        try await host.pullToRefresh()
        try await host.waitUntil("full") { $0.find(.button, "Join Waitlist") != nil }
        try await host.tapAndSettle("Join Waitlist")
        try await host.waitUntil("waitlisted") { $0.texts.contains("On the waitlist") }
        try await bobLeaves()
        try await host.waitUntil("the seat again") { $0.texts.contains("Attending") }
    }
}
