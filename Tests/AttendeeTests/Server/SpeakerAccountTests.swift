import AttendeeModels
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

@testable import AttendeeServer

/// A programme's speakers are profiles nobody signs in as: the organizer links one to the account the person
/// signed up with (a programme's e-mail only suggests one), and that account, and no other, then does what the
/// session's speakers may. Every speaker right here goes through a real link over HTTP.
@Suite struct SpeakerAccountTests {
    static let colour = PollDraft(
        kind: .poll, choice: .single, questions: [PollQuestionDraft(text: "Colour?", options: ["Red", "Blue"])])

    @Test(arguments: DatabaseKind.eachDialect)
    func aLinkedAccountRunsItsSessionsPollsAndDocumentsAndUnlinkingTakesThatAway(_ kind: DatabaseKind)
        async throws
    {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.organizer("Olga Organizer")
            let sue = try await server.signUp("Sue Speaker")
            let session = try #require(try await server.agenda().first { !$0.speakers.isEmpty })
            let speaker = try #require(session.speakers.first).id
            let spoken = try await server.client.get("/attendee/v1/events/\(server.eventID)/speakers/\(speaker)")
                .decode(SpeakerProfile.self).sessions.map(\.id)
            let notSpoken = try #require(try await server.agenda().first { !spoken.contains($0.id) }).id
            var forSession = Self.colour
            forSession.sessionID = session.id

            // Before the link Sue is nobody's speaker.
            #expect(try await server.scopes(sue) == nil)
            #expect(try await server.createPoll(forSession, sue).status == .forbidden)
            #expect(
                try await server.addDocument(Data("x".utf8), purpose: "material", sessionID: session.id, token: sue)
                    .status == .forbidden)

            let linked = try await server.linkSpeaker(speaker, "  Sue.Speaker@Example.com ", organizer)
            #expect(linked.status == .ok, "\(linked.bodyText)")
            #expect(
                try linked.decode(SpeakerAccount.self)
                    == SpeakerAccount(
                        speakerID: speaker, email: "sue.speaker@example.com", isLinked: true, linkedBy: .organizer,
                        status: .linked))
            #expect(try await server.speakerAccount(speaker, organizer).decode(SpeakerAccount.self).isLinked)

            // Sue is the speaker now: every session of the speaker, and only those.
            let agendaOrder = try await server.agenda().map(\.id).filter(spoken.contains)
            #expect(try await server.scopes(sue) == PollScopes(wholeEvent: false, sessionIDs: agendaOrder))
            #expect(try await server.createPoll(Self.colour, sue).status == .forbidden)
            var elsewhere = Self.colour
            elsewhere.sessionID = notSpoken
            #expect(try await server.createPoll(elsewhere, sue).status == .forbidden)
            let poll = try await server.createPoll(forSession, sue)
            #expect(poll.status == .created, "\(poll.bodyText)")
            let pollID = try poll.decode(Poll.self).id
            let draft = try await server.createPoll(forSession, sue).decode(Poll.self).id
            #expect(try await server.action("open", pollID, sue).decode(Poll.self).state == .open)
            #expect(try await server.action("close", pollID, sue).decode(Poll.self).state == .closed)
            let live = try await server.client.get(
                "/attendee/v1/sessions/\(session.id)/live", headers: .auth(sue))
            #expect(live.status == .ok)

            let slides = try await server.addDocument(
                Data("%PDF-1.7\nslides\n%%EOF\n".utf8), purpose: "material", sessionID: session.id, name: "Slides.pdf",
                token: sue)
            #expect(slides.status == .created, "\(slides.bodyText)")
            let slidesID = try slides.decode(MediaFile.self).id
            let extra = try await server.addDocument(
                Data("%PDF-1.7\nextra\n%%EOF\n".utf8), purpose: "material", sessionID: session.id, name: "Extra.pdf",
                token: sue)
            let extraID = try extra.decode(MediaFile.self).id
            #expect(
                try await server.addDocument(
                    Data("x".utf8), purpose: "material", sessionID: notSpoken, token: sue
                ).status == .forbidden)
            let listed = try await server.documents(sue, sessionID: session.id).decode(DocumentsPage.self)
            #expect(listed.canAdd)
            #expect(listed.materials.filter { $0.id == slidesID }.map(\.canRemove) == [true])
            let removed = try await server.client.delete("/attendee/v1/media/\(slidesID)", headers: .auth(sue))
            #expect((200..<300).contains(removed.status.rawValue), "\(removed.bodyText)")

            // Unlinked, Sue is nobody's speaker again, and what she began is the organizer's to finish.
            let unlinked = try await server.client.delete(
                "/attendee/v1/events/\(server.eventID)/speakers/\(speaker)/account", headers: .auth(organizer))
            #expect(
                try unlinked.decode(SpeakerAccount.self)
                    == SpeakerAccount(speakerID: speaker, email: nil, isLinked: false, linkedBy: nil, status: .none))
            #expect(try await server.scopes(sue) == nil)
            #expect(try await server.createPoll(forSession, sue).status == .forbidden)
            #expect(try await server.action("open", draft, sue).status != .ok)
            #expect(
                try await server.addDocument(Data("x".utf8), purpose: "material", sessionID: session.id, token: sue)
                    .status == .forbidden)
            let kept = try await server.client.delete("/attendee/v1/media/\(extraID)", headers: .auth(sue))
            #expect(kept.status.rawValue >= 400)
            #expect(try await server.action("open", draft, organizer).decode(Poll.self).state == .open)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func onlyTheOrganizerLinksAndNobodyElseLearnsWhichEmailsHaveAccounts(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.organizer("Olga Organizer")
            let ada = try await server.registeredAttendee("Ada Lovelace")
            _ = try await server.signUp("Sue Speaker")
            let speaker = try #require(try await server.agenda().first { !$0.speakers.isEmpty }?.speakers.first).id

            // Ada, at the event, is refused alike for an address with an account and one without.
            let known = try await server.linkSpeaker(speaker, "sue.speaker@example.com", ada)
            let unknown = try await server.linkSpeaker(speaker, "nobody@example.com", ada)
            #expect(known.status == .forbidden)
            #expect(known.bodyText == unknown.bodyText)
            #expect(try await server.linkSpeaker(speaker, "ada.lovelace@example.com", ada).status == .forbidden)
            #expect(try await server.speakerAccount(speaker, ada).status == .forbidden)
            #expect(
                try await server.client.delete(
                    "/attendee/v1/events/\(server.eventID)/speakers/\(speaker)/account", headers: .auth(ada)
                ).status == .forbidden)
            #expect(
                try await server.client.put(
                    "/attendee/v1/events/\(server.eventID)/speakers/\(speaker)/account",
                    json: SpeakerAccountLink(email: "sue.speaker@example.com")
                ).status == .unauthorized)
            #expect(try await server.scopes(ada) == nil)

            // The organizer: 404 for no such event or speaker, 422 for no address or no account.
            #expect(
                try await server.client.put(
                    "/attendee/v1/events/no-such-event/speakers/\(speaker)/account",
                    json: SpeakerAccountLink(email: "sue.speaker@example.com"), headers: .auth(organizer)
                ).status == .notFound)
            #expect(
                try await server.linkSpeaker("no-such-speaker", "sue.speaker@example.com", organizer).status
                    == .notFound)
            let ana = try await server.userID(ada)
            #expect(try await server.linkSpeaker(ana, "sue.speaker@example.com", organizer).status == .notFound)
            let nobody = try await server.linkSpeaker(speaker, "nobody@example.com", organizer)
            #expect(nobody.status == .unprocessableContent)
            #expect(nobody.problem["type"] == SpeakerAccount.noAccountProblem)
            #expect(nobody.problem["field"] == "email")
            let malformed = try await server.linkSpeaker(speaker, "not an address", organizer)
            #expect(malformed.status == .unprocessableContent)
            #expect(malformed.problem["field"] == "email")
            #expect(
                try await server.speakerAccount(speaker, organizer).decode(SpeakerAccount.self)
                    == SpeakerAccount(speakerID: speaker, email: nil, isLinked: false, linkedBy: nil, status: .none))
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func anAccountLinkedToAnotherEventsSpeakerGainsNothingHere(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            _ = try await server.organizer("Olga Organizer")
            let other = try await server.signUp("Oscar Other")
            let xavier = try await server.signUp("Xavier Speaker")
            let summary = try await server.importProgramme(Self.programme(), other)
            let theirs = try await server.agenda(eventID: summary.eventID)
            let theirSpeaker = try #require(theirs.first?.speakers.first).id
            let linked = try await server.linkSpeaker(
                theirSpeaker, "xavier.speaker@example.com", other, eventID: summary.eventID)
            #expect(linked.status == .ok, "\(linked.bodyText)")
            // The other event's organizer cannot link their speaker at the demo event, nor its speakers at theirs.
            let demoSpeaker = try #require(try await server.agenda().first { !$0.speakers.isEmpty }?.speakers.first)
            #expect(
                try await server.linkSpeaker(theirSpeaker, "xavier.speaker@example.com", other).status == .forbidden)
            #expect(
                try await server.linkSpeaker(
                    demoSpeaker.id, "xavier.speaker@example.com", other, eventID: summary.eventID
                ).status == .notFound)

            // At their event Xavier is the speaker; at the demo event, nobody's.
            var there = Self.colour
            there.sessionID = try #require(theirs.first).id
            let created = try await server.client.post(
                "/attendee/v1/events/\(summary.eventID)/polls", json: there, headers: .auth(xavier))
            #expect(created.status == .created, "\(created.bodyText)")
            #expect(try await server.scopes(xavier) == nil)
            for session in try await server.agenda() {
                var here = Self.colour
                here.sessionID = session.id
                #expect(try await server.createPoll(here, xavier).status == .forbidden)
            }
            let demoSession = try #require(try await server.agenda().first).id
            #expect(
                try await server.addDocument(Data("x".utf8), purpose: "material", sessionID: demoSession, token: xavier)
                    .status == .forbidden)
        }
    }

    /// The defect this pins: sign-up checks no e-mail, so a programme's published speaker address made whoever
    /// signed up with it first (before the import or after) that speaker. The address is a suggestion now: the
    /// account gains nothing (its sessions' polls, the event's files, their documents) until the organizer links it.
    @Test(arguments: DatabaseKind.eachDialect)
    func aProgrammesEmailGrantsNothingUntilTheOrganizerLinksIt(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let olga = try await server.signUp("Olga Organizer")
            let early = try await server.signUp("Early Bird", email: "early@example.com")
            var programme = Self.programme()
            programme.speakers[0].email = "Early@Example.com"
            programme.speakers[1].email = "late@example.com"
            let eventID = try await server.importProgramme(programme, olga).eventID
            let ids = try await server.speakerIDs(eventID)
            let sessions = try await server.agenda(eventID: eventID)
            let late = try await server.signUp("Late Comer", email: "late@example.com")
            let ada = try await server.signUp("Ada Lovelace")

            for (index, token, address) in [(0, early, "early@example.com"), (1, late, "late@example.com")] {
                let speakerID = ids["s\(index + 1)"] ?? ""
                var draft = Self.colour
                draft.sessionID = sessions[index].id
                let organizersDraft = try await server.createPoll(draft, olga, eventID: eventID).decode(Poll.self).id
                func documentsRead() async throws -> HTTPStatus {
                    try await server.client.get("/attendee/v1/events/\(eventID)/documents", headers: .auth(token))
                        .status
                }
                func documentAdded() async throws -> HTTPStatus {
                    try await server.upload(
                        "/attendee/v1/events/\(eventID)/documents?purpose=material&name=Slides.pdf"
                            + "&sessionID=\(sessions[index].id)",
                        Data("%PDF-1.7\nslides\n%%EOF\n".utf8), token: token
                    ).status
                }

                // The organizer is told of the suggestion, and that someone has signed up with it.
                #expect(
                    try await server.speakerAccount(speakerID, olga, eventID: eventID).decode(SpeakerAccount.self)
                        == SpeakerAccount(
                            speakerID: speakerID, email: address, isLinked: false, linkedBy: .programme,
                            status: .suggested, accountExists: true))
                // Anyone else is refused before the speaker is looked at, as for a speaker with no suggestion.
                let probed = try await server.speakerAccount(speakerID, ada, eventID: eventID)
                #expect(probed.status == .forbidden)
                #expect(
                    probed.bodyText
                        == (try await server.speakerAccount(ids["s3"] ?? "", ada, eventID: eventID)).bodyText)

                // Signed up with the speaker's address, the account is nobody's speaker yet.
                #expect(try await server.createPoll(draft, token, eventID: eventID).status == .forbidden)
                #expect(try await server.action("open", organizersDraft, token).status != .ok)
                #expect(try await documentsRead() == .forbidden)
                #expect(try await documentAdded() == .forbidden)

                // The organizer confirms the suggestion by linking its address: now it is.
                let confirmed = try await server.linkSpeaker(speakerID, address, olga, eventID: eventID)
                #expect(
                    try confirmed.decode(SpeakerAccount.self)
                        == SpeakerAccount(
                            speakerID: speakerID, email: address, isLinked: true, linkedBy: .organizer,
                            status: .linked))
                #expect(try await server.createPoll(draft, token, eventID: eventID).status == .created)
                #expect(try await server.action("open", organizersDraft, token).decode(Poll.self).state == .open)
                #expect(try await documentsRead() == .ok)
                #expect(try await documentAdded() == .created)
            }
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func aReimportKeepsTheLinkAndTheProgrammesEmailIsOnlyASuggestion(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let olga = try await server.signUp("Olga Organizer")
            let ada = try await server.signUp("Ada Lovelace")
            let bea = try await server.signUp("Bea Before", email: "bea@example.com")
            var programme = Self.programme()
            programme.speakers[1].email = "Grace@Example.com"
            programme.speakers[2].email = "bea@example.com"
            let eventID = try await server.importProgramme(programme, olga).eventID
            let ids = try await server.speakerIDs(eventID)
            let sessions = try await server.agenda(eventID: eventID)
            func account(_ speaker: String) async throws -> SpeakerAccount {
                try await server.speakerAccount(ids[speaker] ?? "", olga, eventID: eventID).decode(SpeakerAccount.self)
            }

            #expect(
                try await server.linkSpeaker(ids["s1"] ?? "", "ada.lovelace@example.com", olga, eventID: eventID)
                    .status == .ok)
            programme.event.name = "Renamed"
            programme.speakers[0].bio = "Renamed."
            _ = try await server.importProgramme(programme, olga)
            #expect(try await server.speakerIDs(eventID) == ids)
            #expect(
                try await account("s1")
                    == SpeakerAccount(
                        speakerID: ids["s1"] ?? "", email: "ada.lovelace@example.com", isLinked: true,
                        linkedBy: .organizer, status: .linked))
            var first = Self.colour
            first.sessionID = sessions[0].id
            #expect(try await server.createPoll(first, ada, eventID: eventID).status == .created)

            // An account that exists at the import is only suggested, and is not the speaker.
            #expect(
                try await account("s3")
                    == SpeakerAccount(
                        speakerID: ids["s3"] ?? "", email: "bea@example.com", isLinked: false, linkedBy: .programme,
                        status: .suggested, accountExists: true))
            var third = Self.colour
            third.sessionID = sessions[2].id
            #expect(try await server.createPoll(third, bea, eventID: eventID).status == .forbidden)

            // Grace's e-mail has no account yet; her sign-up changes what the organizer is told, and nothing else.
            #expect(
                try await account("s2")
                    == SpeakerAccount(
                        speakerID: ids["s2"] ?? "", email: "grace@example.com", isLinked: false, linkedBy: .programme,
                        status: .suggested, accountExists: false))
            var second = Self.colour
            second.sessionID = sessions[1].id
            let grace = try await server.signUp("Grace Hopper", email: "grace@example.com")
            #expect(try await account("s2").accountExists == true)
            #expect(try await account("s2").isLinked == false)
            #expect(try await server.createPoll(second, grace, eventID: eventID).status == .forbidden)
            // Confirmed by the organizer, Grace is the speaker.
            #expect(
                try await server.linkSpeaker(ids["s2"] ?? "", "grace@example.com", olga, eventID: eventID).status
                    == .ok)
            #expect(try await server.createPoll(second, grace, eventID: eventID).status == .created)

            // A file that drops the e-mails drops the suggestion, never the organizer's confirmed link.
            programme.speakers[1].email = nil
            programme.speakers[2].email = nil
            _ = try await server.importProgramme(programme, olga)
            #expect(try await account("s3").status == SpeakerAccountStatus.none)
            #expect(try await account("s3").email == nil)
            #expect(try await account("s2").status == .linked)
            #expect(try await server.createPoll(second, grace, eventID: eventID).status == .created)
            #expect(try await server.createPoll(third, bea, eventID: eventID).status == .forbidden)

            // The organizer's unlink stands over the file's e-mail, through another import: no suggestion returns.
            _ = try await server.client.delete(
                "/attendee/v1/events/\(eventID)/speakers/\(ids["s2"] ?? "")/account", headers: .auth(olga))
            programme.speakers[1].email = "grace@example.com"
            _ = try await server.importProgramme(programme, olga)
            #expect(try await account("s2").email == nil)
            #expect(try await account("s2").status == SpeakerAccountStatus.none)
            #expect(try await server.createPoll(second, grace, eventID: eventID).status == .forbidden)

            // An e-mail that is no address is refused, naming the speaker's field.
            programme.speakers[0].email = "not an address"
            let refused = try await server.client.post(
                "/attendee/v1/import", json: programme, headers: .auth(olga))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.problem["field"] == "speakers.0.email")
        }
    }

    /// The rows the auto-linking left: a programme's row holding the account that signed up with its e-mail. The
    /// migration makes each a suggestion (its account forgotten), so nothing it granted stays granted; an
    /// organizer's link is left as it was.
    @Test(arguments: DatabaseKind.eachDialect)
    func anAutoLinkedProgrammeRowBecomesASuggestionWhenMigrated(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let olga = try await server.signUp("Olga Organizer")
            let early = try await server.signUp("Early Bird", email: "early@example.com")
            let ada = try await server.signUp("Ada Lovelace")
            var programme = Self.programme()
            programme.speakers[0].email = "early@example.com"
            let eventID = try await server.importProgramme(programme, olga).eventID
            let ids = try await server.speakerIDs(eventID)
            let sessions = try await server.agenda(eventID: eventID)
            #expect(
                try await server.linkSpeaker(ids["s2"] ?? "", "ada.lovelace@example.com", olga, eventID: eventID)
                    .status == .ok)
            let earlyID = try await server.userID(early)
            let adaID = try await server.userID(ada)
            let autoLinked = ids["s1"] ?? ""
            _ = try await server.database.write { db in
                try db.execute(
                    "UPDATE attendee_speaker_account SET account_id = \(earlyID) WHERE speaker_id = \(autoLinked)")
                _ = try db.execute(
                    "DELETE FROM \(raw: Migrator.tableName) WHERE name = 'attendee.v11-programme-links-suggest'")
            }
            var migrator = Migrator()
            AttendeeService.registerMigrations(in: &migrator)
            #expect(try await migrator.migrate(server.database) == ["attendee.v11-programme-links-suggest"])

            let accounts = try await server.database.read { db in
                try db.query("SELECT speaker_id, account_id FROM attendee_speaker_account").map {
                    (try $0.decode(String.self, "speaker_id"), try $0.decode(String?.self, "account_id"))
                }
            }
            #expect(Dictionary(accounts, uniquingKeysWith: { $1 }) == [autoLinked: nil, ids["s2"] ?? "": adaID])
            #expect(
                try await server.speakerAccount(autoLinked, olga, eventID: eventID).decode(SpeakerAccount.self)
                    == SpeakerAccount(
                        speakerID: autoLinked, email: "early@example.com", isLinked: false, linkedBy: .programme,
                        status: .suggested, accountExists: true))
            var first = Self.colour
            first.sessionID = sessions[0].id
            #expect(try await server.createPoll(first, early, eventID: eventID).status == .forbidden)
            var second = Self.colour
            second.sessionID = sessions[1].id
            #expect(try await server.createPoll(second, ada, eventID: eventID).status == .created)
        }
    }

    /// Three speakers, each at a session of their own.
    static func programme() -> ConferenceProgramme {
        let start = Date(timeIntervalSince1970: 1_900_000_000)
        return ConferenceProgramme(
            event: ProgrammeEvent(
                externalID: "speaker-accounts", name: "Speaker Accounts Day", startsAt: start,
                endsAt: start.addingTimeInterval(4 * 3600), timeZone: "UTC",
                venue: Venue(name: "Hall", address: "Street 1")),
            speakers: ["s1", "s2", "s3"].map { ProgrammeSpeaker(externalID: $0, name: "Speaker " + $0) },
            sessions: ["s1", "s2", "s3"].enumerated().map { index, speaker in
                ProgrammeSession(
                    externalID: "talk-" + speaker, title: "Talk " + speaker,
                    startsAt: start.addingTimeInterval(Double(index) * 3600),
                    endsAt: start.addingTimeInterval(Double(index) * 3600 + 1800), speakerIDs: [speaker])
            })
    }
}

extension AttendeeTestServer {
    /// `PUT …/speakers/:speakerID/account` as `token`, at the demo event unless `eventID` says.
    func linkSpeaker(_ speakerID: String, _ email: String, _ token: String, eventID: String? = nil) async throws
        -> Response
    {
        try await client.put(
            "/attendee/v1/events/\(eventID ?? self.eventID)/speakers/\(speakerID)/account",
            json: SpeakerAccountLink(email: email), headers: .auth(token))
    }

    /// `GET …/speakers/:speakerID/account` as `token`.
    func speakerAccount(_ speakerID: String, _ token: String, eventID: String? = nil) async throws -> Response {
        try await client.get(
            "/attendee/v1/events/\(eventID ?? self.eventID)/speakers/\(speakerID)/account", headers: .auth(token))
    }

    /// What the person may create polls for at the demo event.
    func scopes(_ token: String) async throws -> PollScopes? {
        try await client.get("/attendee/v1/events/\(eventID)", headers: .auth(token)).decode(EventDetails.self)
            .pollScopes
    }

    /// Imports a programme as `token`, requiring it to go through.
    func importProgramme(_ programme: ConferenceProgramme, _ token: String) async throws -> ImportSummary {
        let response = try await client.post("/attendee/v1/import", json: programme, headers: .auth(token))
        try #require((200..<300).contains(response.status.rawValue), "\(response.bodyText)")
        return try response.decode(ImportSummary.self)
    }

    /// An event's agenda.
    func agenda(eventID: String) async throws -> [Session] {
        try await client.get("/attendee/v1/events/\(eventID)/agenda").decode([Session].self)
    }

    /// The event's speakers' ids by their name's last word (`Speaker s1` → `s1`).
    func speakerIDs(_ eventID: String) async throws -> [String: String] {
        let speakers = try await client.get("/attendee/v1/events/\(eventID)/speakers").decode([Person].self)
        return Dictionary(
            uniqueKeysWithValues: speakers.map { (String($0.name.split(separator: " ").last ?? ""), $0.id) })
    }

    /// Creates a poll at `eventID`.
    func createPoll(_ draft: PollDraft, _ token: String, eventID: String) async throws -> Response {
        try await client.post("/attendee/v1/events/\(eventID)/polls", json: draft, headers: .auth(token))
    }
}
