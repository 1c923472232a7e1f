import AttendeeCore
import Foundation
import Testing

/// How an event's dates read on its card and its page: a year is left out of the start only when the end names
/// the same one.
@Suite struct SessionTimeFormatterTests {
    @Test(arguments: [
        ("2027-03-10T08:00", "2027-03-10T18:00", "10 Mar 2027"),
        ("2027-03-10T08:00", "2027-03-11T18:00", "10–11 Mar 2027"),
        ("2027-04-30T08:00", "2027-05-02T18:00", "30 Apr – 2 May 2027"),
        ("2027-12-31T08:00", "2028-01-01T18:00", "31 Dec 2027 – 1 Jan 2028"),
        ("2027-06-01T08:00", "2099-06-01T18:00", "1 Jun 2027 – 1 Jun 2099"),
        ("2027-06-01T08:00", "2028-06-05T18:00", "1 Jun 2027 – 5 Jun 2028"),
    ])
    func eventDateSpan(start: String, end: String, shown: String) {
        let zone = "Europe/Lisbon"
        let formatter = SessionTimeFormatter(event: Demo.event(zone: zone), choice: .event, deviceTimeZone: .gmt)
        #expect(formatter.dateSpan(from: Demo.at(start, zone), to: Demo.at(end, zone)) == shown)
    }

    /// The days are the event's: late on 31 December in Lisbon is already 1 January in Kiritimati.
    @Test func theYearIsTheEventZones() throws {
        let formatter = SessionTimeFormatter(
            event: Demo.event(zone: "Pacific/Kiritimati"), choice: .event, deviceTimeZone: .gmt)
        let start = Demo.at("2027-12-30T20:00", "Europe/Lisbon")
        let end = Demo.at("2027-12-31T20:00", "Europe/Lisbon")
        #expect(formatter.dateSpan(from: start, to: end) == "31 Dec 2027 – 1 Jan 2028")
    }
}
