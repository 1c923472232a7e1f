import AttendeeCore
import AttendeeModels
import Foundation
import Testing

@Suite struct CalendarFileTests {
    let stamp = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func escapesTextValues() {
        #expect(CalendarFile.escape(#"a;b,c\d"#) == #"a\;b\,c\\d"#)
        #expect(CalendarFile.escape("one\ntwo\r\nthree") == #"one\ntwo\nthree"#)
        #expect(CalendarFile.escape("bell\u{07}") == "bell")
        // RFC 5545's CONTROL includes DEL, which a TEXT value may not hold either.
        #expect(CalendarFile.escape("de\u{7F}l\tx") == "del\tx")
    }

    @Test func foldsAt75OctetsWithoutSplittingCharacters() {
        let line = "SUMMARY:" + String(repeating: "é", count: 100)
        let folded = CalendarFile.fold(line)
        let physical = folded.components(separatedBy: "\r\n")
        #expect(physical.count > 1)
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        #expect(physical.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        let unfolded = physical.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }
            .joined()
        #expect(unfolded == line)
        #expect(CalendarFile.fold("SHORT:x") == "SHORT:x")
    }

    /// A title from the programme may hold one character longer than a line (a letter under 60 accents): the
    /// file still keeps every line within 75 octets, with no empty line, splitting between code points.
    @Test func foldsACharacterLongerThanALine() {
        let stacked = "e" + String(repeating: "\u{301}", count: 60)
        for line in ["SUMMARY:" + stacked + "!", stacked + "x"] {
            let physical = CalendarFile.fold(line).components(separatedBy: "\r\n")
            #expect(physical.allSatisfy { $0.utf8.count <= 75 })
            #expect(physical.allSatisfy { !$0.isEmpty && $0 != " " })
            // NB: by code points: a continuation's space and the accents after it are one `Character`.
            let unfolded = physical.enumerated().map {
                $0.offset == 0 ? $0.element : String(String.UnicodeScalarView($0.element.unicodeScalars.dropFirst()))
            }.joined()
            #expect(Array(unfolded.unicodeScalars) == Array(line.unicodeScalars))
        }
    }

    @Test func utcFile() throws {
        var session = Demo.session("s1", "2027-03-10T09:00", "2027-03-10T10:00")
        session.title = "Swift; concurrency, really"
        let text = CalendarFile(
            event: Demo.event(), sessions: [session],
            sessionURL: { URL(string: "https://example.com/s/\($0.id)") }
        ).text(stamp: stamp)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Quartet//Attendee//EN\r\n"))
        #expect(text.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(text.contains("\r\nDTSTART:20270310T090000Z\r\n"))
        #expect(text.contains("\r\nDTEND:20270310T100000Z\r\n"))
        #expect(text.contains("\r\nDTSTAMP:20270115T080000Z\r\n"))
        #expect(text.contains("\r\nUID:s1@attendee.quartet\r\n"))
        #expect(text.contains(#"SUMMARY:Swift\; concurrency\, really"#))
        #expect(text.contains(#"LOCATION:Room s1\, Centro\, Praça 1\, Lisboa"#))
        #expect(text.contains("\r\nGEO:38.6981;-9.1936\r\n"))
        #expect(text.contains("\r\nURL:https://example.com/s/s1\r\n"))
        #expect(!text.contains("VTIMEZONE"))
    }

    /// A venue a few metres from the prime meridian or the equator: its `GEO` is written without an exponent, as
    /// RFC 5545's FLOAT is.
    @Test(arguments: [
        (0.00004, -0.00005, "GEO:0.00004;-0.00005"), (51.4779, -0.0000001, "GEO:51.4779;0"),
        (12, -179.9999999, "GEO:12;-180"),
    ])
    func coordinatesAreWrittenAsPlainDecimals(latitude: Double, longitude: Double, line: String) throws {
        var event = Demo.event()
        event.venue.latitude = latitude
        event.venue.longitude = longitude
        let session = Demo.session("s1", "2027-03-10T09:00", "2027-03-10T10:00")
        let text = CalendarFile(event: event, sessions: [session]).text(stamp: stamp)
        #expect(text.contains("\r\n" + line + "\r\n"), "\(text)")
    }

    @Test func zonedFileCarriesTheZonesRealTransitions() throws {
        let before = Demo.session("a", "2027-03-27T10:00", "2027-03-27T11:00")
        let after = Demo.session("b", "2027-03-29T10:00", "2027-03-29T11:00")
        let text = CalendarFile(event: Demo.event(), sessions: [before, after], times: .zoned).text(stamp: stamp)
        #expect(text.contains("\r\nDTSTART;TZID=Europe/Lisbon:20270327T100000\r\n"))
        #expect(text.contains("\r\nDTSTART;TZID=Europe/Lisbon:20270329T100000\r\n"))
        #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Lisbon\r\n"))
        // Lisbon moves from +0000 to +0100 at 01:00 local on 28 March 2027.
        #expect(
            text.contains("BEGIN:DAYLIGHT\r\nDTSTART:20270328T010000\r\nTZOFFSETFROM:+0000\r\nTZOFFSETTO:+0100\r\n"))
        #expect(text.contains("TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0000\r\nEND:STANDARD"))
    }
}
