import AttendeeCore
import Foundation
import Testing

/// How an event's dates read on its card and its page: a year is left out of the start only when the end names
/// the same one.
@Suite struct SessionTimeFormatterTests {
    /// The span's dash as the locale's interval format writes it: an en dash between thin spaces (`en_GB`).
    static let dash = "\u{2009}–\u{2009}"

    @Test(arguments: [
        ("2027-03-10T08:00", "2027-03-10T18:00", "10 Mar 2027"),
        ("2027-03-10T08:00", "2027-03-11T18:00", "10\(dash)11 Mar 2027"),
        ("2027-04-30T08:00", "2027-05-02T18:00", "30 Apr\(dash)2 May 2027"),
        ("2027-12-31T08:00", "2028-01-01T18:00", "31 Dec 2027\(dash)1 Jan 2028"),
        ("2027-06-01T08:00", "2099-06-01T18:00", "1 Jun 2027\(dash)1 Jun 2099"),
        ("2027-06-01T08:00", "2028-06-05T18:00", "1 Jun 2027\(dash)5 Jun 2028"),
    ])
    func eventDateSpan(start: String, end: String, shown: String) {
        let zone = "Europe/Lisbon"
        let formatter = SessionTimeFormatter(
            event: Demo.event(zone: zone), choice: .event, deviceTimeZone: .gmt, locale: Demo.british)
        #expect(formatter.dateSpan(from: Demo.at(start, zone), to: Demo.at(end, zone)) == shown)
    }

    /// The days are the event's: late on 31 December in Lisbon is already 1 January in Kiritimati.
    @Test func theYearIsTheEventZones() throws {
        let formatter = SessionTimeFormatter(
            event: Demo.event(zone: "Pacific/Kiritimati"), choice: .event, deviceTimeZone: .gmt, locale: Demo.british)
        let start = Demo.at("2027-12-30T20:00", "Europe/Lisbon")
        let end = Demo.at("2027-12-31T20:00", "Europe/Lisbon")
        #expect(formatter.dateSpan(from: start, to: end) == "31 Dec 2027\(Self.dash)1 Jan 2028")
    }

    /// The span in the reader's words and order: the month first in American English, the day's dot in German,
    /// and over New Year both years in either.
    @Test func theSpanFollowsTheLocale() {
        let zone = "Europe/Lisbon"
        func span(_ locale: Locale, _ start: String, _ end: String) -> String {
            SessionTimeFormatter(event: Demo.event(zone: zone), choice: .event, deviceTimeZone: .gmt, locale: locale)
                .dateSpan(from: Demo.at(start, zone), to: Demo.at(end, zone))
        }
        #expect(span(Demo.american, "2027-03-10T08:00", "2027-03-11T18:00") == "Mar 10\(Self.dash)11, 2027")
        #expect(
            span(Demo.american, "2027-12-31T08:00", "2028-01-01T18:00") == "Dec 31, 2027\(Self.dash)Jan 1, 2028")
        #expect(span(Demo.german, "2027-03-10T08:00", "2027-03-11T18:00") == "10.–11. März 2027")
        #expect(span(Demo.german, "2027-12-31T08:00", "2028-01-01T18:00") == "31. Dez. 2027\(Self.dash)1. Jan. 2028")
    }

    /// A session's time range and its day: 12-hour in American English, 24-hour in German, in the event's zone.
    @Test func aSessionReadsAsTheLocaleWritesIt() {
        let zone = "Europe/Lisbon"
        let session = Demo.session("a", "2027-03-10T09:00", "2027-03-10T13:30", zone: zone)
        func formatter(_ locale: Locale) -> SessionTimeFormatter {
            SessionTimeFormatter(event: Demo.event(zone: zone), choice: .event, deviceTimeZone: .gmt, locale: locale)
        }
        #expect(formatter(Demo.british).dayAndTime(session) == "Wed 10 Mar, 09:00 – 13:30")
        #expect(formatter(Demo.american).timeRange(session) == "9:00\u{202F}AM – 1:30\u{202F}PM")
        #expect(formatter(Demo.american).dayAndTime(session) == "Wed, Mar 10, 9:00\u{202F}AM – 1:30\u{202F}PM")
        #expect(formatter(Demo.german).timeRange(session) == "09:00 – 13:30")
        #expect(formatter(Demo.german).dayAndTime(session) == "Mi. 10. März, 09:00 – 13:30")
    }

    /// A session that ends on a later day than it starts names that day too, as its web page does: `18:00 – 09:00`
    /// read as a session that ends before it starts. A late talk read in a zone ahead of the event's crosses
    /// midnight the same way; an end at midnight is still the same evening.
    @Test func aSessionEndingOnALaterDayNamesThatDay() throws {
        let zone = "Europe/Lisbon"
        let formatter = SessionTimeFormatter(
            event: Demo.event(zone: zone), choice: .event, deviceTimeZone: .gmt, locale: Demo.british)
        let night = Demo.session("a", "2027-03-10T18:00", "2027-03-11T09:00", zone: zone)
        #expect(formatter.timeRange(night) == "18:00 – Thu 11 Mar, 09:00")
        #expect(formatter.dayAndTime(night) == "Wed 10 Mar, 18:00 – Thu 11 Mar, 09:00")
        let party = Demo.session("b", "2027-03-10T22:00", "2027-03-11T00:00", zone: zone)
        #expect(formatter.timeRange(party) == "22:00 – 00:00")
        let late = Demo.session("c", "2027-03-10T22:30", "2027-03-10T23:30", zone: zone)
        let paris = SessionTimeFormatter(
            event: Demo.event(zone: zone), choice: .device,
            deviceTimeZone: try #require(TimeZone(identifier: "Europe/Paris")), locale: Demo.british)
        #expect(paris.dayAndTime(late) == "Wed 10 Mar, 23:30 – Thu 11 Mar, 00:30")
        #expect(formatter.dayAndTime(late) == "Wed 10 Mar, 22:30 – 23:30")
    }

    /// Over New Year a session's day names its year, as the agenda's tabs do: `Sat 1 Jan` alone reads as the
    /// first day of the event's first year.
    @Test func aSessionOfAnEventOverNewYearNamesItsYear() {
        let zone = "Europe/Lisbon"
        var event = Demo.event(zone: zone)
        event.startsAt = Demo.at("2027-12-31T08:00", zone)
        event.endsAt = Demo.at("2028-01-01T18:00", zone)
        let formatter = SessionTimeFormatter(event: event, choice: .event, deviceTimeZone: .gmt, locale: Demo.british)
        let session = Demo.session("a", "2028-01-01T09:00", "2028-01-01T10:00", zone: zone)
        #expect(formatter.dayAndTime(session) == "Sat, 1 Jan 2028, 09:00 – 10:00")
        // One year: no year, as before.
        let march = SessionTimeFormatter(event: Demo.event(zone: zone), choice: .event, deviceTimeZone: .gmt)
        #expect(!march.namesYears)
    }
}
