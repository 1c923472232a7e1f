import AttendeeModels
import Foundation
import Testing

@Suite struct ContractTests {
    @Test func routesFillTheirParametersInOrder() {
        #expect(AttendeeRoute.attend.path("s 1") == ["attendee", "v1", "sessions", "s 1", "attendance"])
        #expect(AttendeeRoute.events.path() == ["attendee", "v1", "events"])
        #expect(AttendeeRoute.attend.description == "POST /attendee/v1/sessions/:sessionID/attendance")
        #expect(Set(AttendeeRoute.all.map(\.description)).count == AttendeeRoute.all.count)
        // The API is under its prefix; the page a shared session link opens is for people, at the server's root.
        #expect(
            AttendeeRoute.all.filter { !$0.pattern.hasPrefix("/attendee/v1/") }.map(\.description)
                == ["GET /sessions/:sessionID"])
    }

    @Test func guestsParseFromMailboxes() {
        #expect(
            Guest(mailbox: "Zoë Lindqvist <zoe@example.com>") == Guest(name: "Zoë Lindqvist", email: "zoe@example.com"))
        #expect(Guest(mailbox: "<a@b.co>") == Guest(name: "", email: "a@b.co"))
        #expect(Guest(mailbox: "no brackets") == nil)
        #expect(Guest(mailbox: "Open <a@b.co") == nil)
    }

    /// A password's length is counted in code points, as NIST SP 800-63B and the document's `minLength` count it:
    /// eight code points that are fewer characters (an emoji with a skin tone is two) are long enough.
    @Test func passwordLengthCountsCodePoints() {
        let password = "\u{1F44B}\u{1F3FB}abcdef"
        #expect(password.count == 7 && password.unicodeScalars.count == 8)
        #expect(SignUpRequest(email: "a@example.com", password: password, name: "A").validationError() == nil)
        #expect(
            SignUpRequest(email: "a@example.com", password: "abcdefg", name: "A").validationError()?.field == "password"
        )
    }

    @Test func messageCursorsAreDigitsOnly() {
        #expect(MessageRules.cursor("0000000000000000042") == 42)
        for refused in ["", "+1", " 1", "00000000000000000000", "9223372036854775808", "1e3"] {
            #expect(MessageRules.cursor(refused) == nil, "\(refused)")
        }
    }

    @Test func emailChecks() {
        #expect(EmailAddress.isPlausible("ana@example.com"))
        for bad in [
            "", "ana", "@example.com", "ana@", "ana@example", "ana@.com", "ana@example.com.", "a b@c.de", "a@b@c.de",
        ] {
            #expect(!EmailAddress.isPlausible(bad), "\(bad)")
        }
        #expect(EmailAddress.normalized("  Ana@Example.COM ") == "ana@example.com")
    }

    @Test func additionalInfoRulesListEveryProblem() {
        let fields = [AdditionalInfoField(key: "a", label: "A"), AdditionalInfoField(key: "b", label: "B")]
        let submission = AdditionalInfoSubmission(
            answers: ["a": "yes", "z": "?"],
            guests: [Guest(name: " ", email: "x@y.zz"), Guest(name: "G", email: "nope")])
        #expect(
            submission.validationErrors(fields: fields).map(\.field) == [
                "answers.b", "answers.z", "guests.0.name", "guests.1.email",
            ])
        #expect(submission.validationError(fields: fields)?.field == "answers.b")
        // "Later" asks for no answer and keeps none, but a guest it carries must still be well formed.
        #expect(AdditionalInfoSubmission(later: true, answers: ["z": "?"]).validationError(fields: fields) == nil)
        #expect(
            AdditionalInfoSubmission(later: true, guests: [Guest(name: "", email: "")]).validationErrors(fields: fields)
                .map(\.field) == ["guests.0.name", "guests.0.email"])
    }

    @Test func sessionSeatsAndOverlap() {
        let start = Date(timeIntervalSince1970: 0)
        let a = Session(
            id: "a", eventID: "e", title: "A", startsAt: start, endsAt: start + 3600, capacity: 10, seatsTaken: 12)
        #expect(a.seatsAvailable == 0)
        let b = Session(id: "b", eventID: "e", title: "B", startsAt: start + 3600, endsAt: start + 7200)
        #expect(b.seatsAvailable == nil)
        #expect(!a.overlaps(b))
        #expect(a.overlaps(Session(id: "c", eventID: "e", title: "C", startsAt: start + 3599, endsAt: start + 3601)))
        #expect(SessionKind(lenient: "KEYNOTE") == .keynote)
        #expect(SessionKind(lenient: "lightning") == .talk)
    }

    @Test func wireFormatUsesISODates() throws {
        let session = Session(
            id: "a", eventID: "e", title: "A", startsAt: Date(timeIntervalSince1970: 0),
            endsAt: Date(timeIntervalSince1970: 60))
        let text = String(decoding: try AttendeeCoding.encoder().encode(session), as: UTF8.self)
        #expect(text.contains(#""startsAt":"1970-01-01T00:00:00Z""#))
        #expect(try AttendeeCoding.decoder().decode(Session.self, from: Data(text.utf8)) == session)
    }

    @Test func feedbackRules() {
        #expect(EventFeedback(rating: 0).validationError()?.field == "rating")
        #expect(
            EventFeedback(rating: 5, comment: String(repeating: "x", count: 4001)).validationError()?.field == "comment"
        )
        #expect(
            SessionFeedback(rating: 3, speakerRatings: ["a": 6]).validationError(speakerIDs: ["a"])?.field
                == "speakerRatings.a")
        #expect(SessionFeedback(rating: 3).validationError(speakerIDs: []) == nil)
    }
}
