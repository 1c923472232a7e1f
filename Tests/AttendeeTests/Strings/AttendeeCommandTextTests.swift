import AttendeeModels
import Testing

@testable import AttendeeCore

/// The command line's own sentences read as English does: a count of one is singular, and a list of options
/// names every option there is.
@Suite struct AttendeeCommandTextTests {
    @Test func theCalendarLineCountsInTheSingularAndThePlural() {
        #expect(AttendeeCommandText.wroteCalendar(1, to: "bob.ics") == "Wrote 1 session to bob.ics.")
        #expect(AttendeeCommandText.wroteCalendar(3, to: "bob.ics") == "Wrote 3 sessions to bob.ics.")
        #expect(AttendeeCommandText.wroteCalendar(0, to: "bob.ics") == "Wrote 0 sessions to bob.ics.")
    }

    @Test func theImportSummaryCountsInTheSingularAndThePlural() {
        func summary(_ created: Int, _ updated: Int, removed: Int?, new: Bool = true) -> ImportSummary {
            ImportSummary(
                eventID: "e1", eventCreated: new, sessionsCreated: created, sessionsUpdated: updated,
                sessionsRemoved: removed, speakersCreated: updated, speakersUpdated: created, externalID: nil,
                capacitiesKept: nil)
        }
        #expect(
            AttendeeCommandText.imported(summary(1, 0, removed: nil))
                == "Created event e1: 1 session created, 0 updated; 0 speakers created, 1 updated.")
        #expect(
            AttendeeCommandText.imported(summary(0, 3, removed: 0, new: false))
                == "Updated event e1: 0 sessions created, 3 updated; 3 speakers created, 0 updated.")
        #expect(
            AttendeeCommandText.imported(summary(2, 1, removed: 1))
                == "Created event e1: 2 sessions created, 1 updated; 1 speaker created, 2 updated. "
                + "1 session no longer in the file was removed, with its seats and waitlist.")
        #expect(
            AttendeeCommandText.imported(summary(2, 1, removed: 4)).hasSuffix(
                " 4 sessions no longer in the file were removed, with their seats and waitlists."))
    }

    @Test func theDryRunCountsInTheSingularAndThePlural() {
        func report(sessions: Int, speakers: Int) -> ImportReport {
            let session = ProgrammeSession(
                externalID: "s", title: "Talk", startsAt: .init(timeIntervalSince1970: 0),
                endsAt: .init(timeIntervalSince1970: 60))
            return ImportReport(
                programme: ConferenceProgramme(
                    event: ProgrammeEvent(
                        externalID: "e", name: "Camp", startsAt: .init(timeIntervalSince1970: 0),
                        endsAt: .init(timeIntervalSince1970: 60), timeZone: "UTC", venue: Venue(name: "Hall")),
                    speakers: Array(repeating: ProgrammeSpeaker(externalID: "p", name: "Ana"), count: speakers),
                    sessions: Array(repeating: session, count: sessions)),
                skipped: [], format: .frab)
        }
        #expect(
            AttendeeCommandText.read(report(sessions: 1, speakers: 1))
                == "Read frab: Camp, 1 session, 1 speaker, 0 skipped; times in UTC.")
        #expect(
            AttendeeCommandText.read(report(sessions: 0, speakers: 2))
                == "Read frab: Camp, 0 sessions, 2 speakers, 0 skipped; times in UTC.")
    }

    @Test func profileEditNamesEveryFieldItTakes() {
        let sentence = AttendeeCommandText.profileEditNeedsField
        for option in ["--name", "--title", "--company", "--about", "--track", "--topic"] {
            #expect(sentence.contains(option), "\(option)")
        }
    }
}
