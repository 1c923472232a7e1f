import AttendeeCore
import Testing

/// The command line's own sentences read as English does: a count of one is singular, and a list of options
/// names every option there is.
@Suite struct AttendeeCommandTextTests {
    @Test func theCalendarLineCountsInTheSingularAndThePlural() {
        #expect(AttendeeCommandText.wroteCalendar(1, to: "bob.ics") == "Wrote 1 session to bob.ics.")
        #expect(AttendeeCommandText.wroteCalendar(3, to: "bob.ics") == "Wrote 3 sessions to bob.ics.")
        #expect(AttendeeCommandText.wroteCalendar(0, to: "bob.ics") == "Wrote 0 sessions to bob.ics.")
    }

    @Test func profileEditNamesEveryFieldItTakes() {
        let sentence = AttendeeCommandText.profileEditNeedsField
        for option in ["--name", "--title", "--company", "--about", "--track", "--topic"] {
            #expect(sentence.contains(option), "\(option)")
        }
    }
}
