import AttendeeCore
import AttendeeModels
import Foundation
import SwiftUI
import Testing

@testable import AttendeeUI

/// The organizer links a programme's speaker to the account the person signed up with, from the speaker's page;
/// nobody else sees that part of the page.
@MainActor
struct SpeakerAccountViewTests {
    @Test func theOrganizerLinksASpeakerToTheirAccountAndTheyRunTheirSessionsPolls() async throws {
        let app = try await InProcessAttendee.make()
        let eventID = try await app.eventID()
        let olga = try await app.registeredPerson("Olga", email: "olga@example.com")
        let organizerID = olga.id
        _ = try await app.database.write { db in
            try db.execute("UPDATE attendee_event SET organizer_id = \(organizerID) WHERE id = \(eventID)")
        }
        let ana = try await app.registeredPerson("Ana Ferreira", email: "ana.ferreira@example.com")
        let keynote = try #require(
            try await app.server.get("/attendee/v1/events/\(eventID)/agenda").decode([Session].self).first)
        var draft = PollDraft(questions: [PollQuestionDraft(text: "Tabs or spaces?", options: ["Tabs", "Spaces"])])
        draft.sessionID = keynote.id
        func createPoll() async throws -> Int {
            try await app.server.post("/attendee/v1/events/\(eventID)/polls", json: draft, headers: ana.auth)
                .status.rawValue
        }
        #expect(try await createPoll() == 403)

        let host = await app.host()
        try host.type("olga@example.com", into: "E-mail")
        try host.type("correct horse", into: "Password")
        try host.tap("Sign In")
        try await host.waitUntil("the events") { $0.texts.contains("Quartet Summit 2027") }
        try host.tap("Quartet Summit 2027")
        try await host.waitUntil("the dashboard") { $0.texts.contains("Speakers") }
        try host.tap("Speakers")
        try await host.waitUntil("the speakers") { PeopleViewTests.personRow($0, "Ana Ferreira") != nil }
        try host.tap("Ana Ferreira")
        try await host.waitUntil("the account section") {
            $0.topPresentation?.texts.contains { $0.hasPrefix("No account is this speaker yet.") } == true
        }
        let page = try #require(host.tree.topPresentation)
        #expect(page.texts.contains("Speaker's Account"))
        #expect(page.find(.button, "Link Account")?.isEnabled == false)
        #expect(page.find(.button, "Unlink") == nil)

        try host.type("Ana.Ferreira@example.com", into: "E-mail they signed up with")
        try host.tap("Link Account")
        try await host.waitUntil("the link") {
            $0.topPresentation?.texts.contains("ana.ferreira@example.com is this speaker now.") == true
        }
        #expect(
            host.tree.topPresentation?.texts.contains(
                "ana.ferreira@example.com signs in as this speaker: they run the polls, quizzes and documents of "
                    + "this speaker's sessions.") == true)
        #expect(host.tree.topPresentation?.find(.button, "Unlink") != nil)
        #expect(try await createPoll() == 201)

        try host.tap("Unlink")
        try await host.waitUntil("the unlink") {
            $0.topPresentation?.texts.contains("No account is this speaker now.") == true
        }
        #expect(try await createPoll() == 403)
    }

    /// A programme's e-mail is only suggested: the organizer reads that nobody is the speaker until they link it,
    /// finds the address in the field, and Link Account confirms it.
    @Test func theOrganizerConfirmsTheProgrammesSuggestedAddress() async throws {
        var client = AttendeePreview.client
        let preview = client
        client.event = { id in
            var details = try await preview.event(id)
            details.pollScopes = PollScopes(wholeEvent: true, sessionIDs: [])
            return details
        }
        client.speakerAccount = { _, speakerID in
            SpeakerAccount(
                speakerID: speakerID, email: "ana.ferreira@example.com", isLinked: false, linkedBy: .programme,
                status: .suggested, accountExists: true)
        }
        client.linkSpeakerAccount = { _, speakerID, link in
            SpeakerAccount(
                speakerID: speakerID, email: link.normalizedEmail, isLinked: true, linkedBy: .organizer,
                status: .linked)
        }
        let host = ViewHost(
            NavigationStack { SpeakersView(model: SpeakersModel(client: client, eventID: "preview")) })
        try await host.waitUntil("the rows") { PeopleViewTests.personRow($0, "Ana Ferreira") != nil }
        try host.tap("Ana Ferreira")
        try await host.waitUntil("the suggestion") {
            $0.topPresentation?.texts.contains {
                $0.hasPrefix("The programme gives ana.ferreira@example.com, and an account has signed up with it.")
            } == true
        }
        let page = try #require(host.tree.topPresentation)
        #expect(page.find(.textField, "E-mail they signed up with")?.value == "ana.ferreira@example.com")
        #expect(page.find(.button, "Link Account")?.isEnabled == true)
        #expect(page.find(.button, "Unlink") != nil)

        try host.tap("Link Account")
        try await host.waitUntil("the link") {
            $0.topPresentation?.texts.contains("ana.ferreira@example.com is this speaker now.") == true
        }
        #expect(host.tree.topPresentation?.find(.textField, "E-mail they signed up with")?.value == "")
    }

    /// Someone who does not organize the event sees the speaker's page without the account section.
    @Test func anAttendeeSeesNoAccountSection() async throws {
        let host = ViewHost(
            NavigationStack { SpeakersView(model: SpeakersModel(client: AttendeePreview.client, eventID: "preview")) })
        try await host.waitUntil("the rows") { PeopleViewTests.personRow($0, "Ana Ferreira") != nil }
        try host.tap("Ana Ferreira")
        try await host.waitUntil("the card") { $0.topPresentation?.find(.button, "Done") != nil }
        #expect(host.tree.topPresentation?.texts.contains("Speaker's Account") == false)
        #expect(host.tree.topPresentation?.find(.button, "Link Account") == nil)
    }
}
