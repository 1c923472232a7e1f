import AttendeeCore
import AttendeeModels
import Foundation
import Testing

@Suite struct AgendaCalendarTests {
    @Test(arguments: ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Lisbon", "America/Los_Angeles"])
    func daysAreLocalToTheEventZone(zone: String) throws {
        let event = Demo.event(zone: zone)
        let early = Demo.session("a", "2027-03-10T08:00", "2027-03-10T09:00", zone: zone)
        let late = Demo.session("b", "2027-03-10T23:00", "2027-03-10T23:45", zone: zone)
        let second = Demo.session("c", "2027-03-11T00:30", "2027-03-11T01:00", zone: zone)
        let formatter = SessionTimeFormatter(event: event, choice: .event, deviceTimeZone: .gmt, locale: Demo.british)
        let days = AgendaCalendar.days(for: event, sessions: [second, late, early], formatter: formatter)
        #expect(days.map(\.label) == ["Wed 10 Mar", "Thu 11 Mar"])
        #expect(days.map(\.isoDate) == ["2027-03-10", "2027-03-11"])
        let first = AgendaCalendar.sessions(on: days[0], in: [second, late, early], formatter: formatter)
        #expect(first.map(\.id) == ["a", "b"])
        #expect(
            AgendaCalendar.sessions(on: days[1], in: [second, late, early], formatter: formatter).map(\.id) == ["c"])
        #expect(formatter.timeRange(early) == "08:00 – 09:00")
    }

    @Test func kiritimatiMorningIsThePreviousDayInUTC() {
        let zone = "Pacific/Kiritimati"
        let session = Demo.session("a", "2027-03-10T08:00", "2027-03-10T09:00", zone: zone)
        let utc = SessionTimeFormatter(timeZone: .gmt, locale: Demo.british)
        #expect(utc.dayLabel(session.startsAt) == "Tue 9 Mar")
        let local = SessionTimeFormatter(
            event: Demo.event(zone: zone), choice: .event, deviceTimeZone: .gmt, locale: Demo.british)
        #expect(local.dayLabel(session.startsAt) == "Wed 10 Mar")
    }

    @Test func deviceTimeShowsTheDevicesClock() throws {
        let event = Demo.event(zone: "Pacific/Pago_Pago")
        let session = Demo.session("a", "2027-03-10T23:00", "2027-03-10T23:30", zone: "Pacific/Pago_Pago")
        let device = try #require(TimeZone(identifier: "Europe/Paris"))
        let formatter = SessionTimeFormatter(
            event: event, choice: .device, deviceTimeZone: device, locale: Demo.british)
        #expect(formatter.dayAndTime(session) == "Thu 11 Mar, 11:00 – 11:30")
    }

    /// The tabs of an event over New Year name their years, so 1 January is not read as before 31 December; an
    /// event within one year keeps them short.
    @Test func tabsOverNewYearNameTheYear() {
        let zone = "Europe/Lisbon"
        var event = Demo.event(zone: zone)
        event.startsAt = Demo.at("2027-12-31T09:00", zone)
        event.endsAt = Demo.at("2028-01-01T18:00", zone)
        let eve = Demo.session("a", "2027-12-31T10:00", "2027-12-31T11:00", zone: zone)
        let newYear = Demo.session("b", "2028-01-01T10:00", "2028-01-01T11:00", zone: zone)
        let formatter = SessionTimeFormatter(event: event, choice: .event, deviceTimeZone: .gmt, locale: Demo.british)
        let days = AgendaCalendar.days(for: event, sessions: [eve, newYear], formatter: formatter)
        #expect(days.map(\.label) == ["Fri, 31 Dec 2027", "Sat, 1 Jan 2028"])
        let american = SessionTimeFormatter(
            event: event, choice: .event, deviceTimeZone: .gmt, locale: Demo.american)
        #expect(
            AgendaCalendar.days(for: event, sessions: [eve, newYear], formatter: american).map(\.label)
                == ["Fri, Dec 31, 2027", "Sat, Jan 1, 2028"])
        // A session the day after, in the new year, is enough: the days are what the tabs show.
        var december = Demo.event(zone: zone)
        december.startsAt = Demo.at("2027-12-30T09:00", zone)
        december.endsAt = Demo.at("2027-12-31T18:00", zone)
        let first = Demo.session("c", "2027-12-30T10:00", "2027-12-30T11:00", zone: zone)
        #expect(
            AgendaCalendar.days(for: december, sessions: [first, eve, newYear], formatter: formatter).map(\.label)
                == ["Thu, 30 Dec 2027", "Fri, 31 Dec 2027", "Sat, 1 Jan 2028"])
        #expect(
            AgendaCalendar.days(for: december, sessions: [first, eve], formatter: formatter).map(\.label)
                == ["Thu 30 Dec", "Fri 31 Dec"])
    }

    /// A day with no session to start has no tab: neither the day after a talk that ends past midnight, nor a day
    /// of the event with no talks (a frab file's `end` day); an event with no sessions has none at all.
    @Test func aDayWithoutSessionsHasNoTab() {
        let zone = "Europe/Lisbon"
        var event = Demo.event(zone: zone)
        event.startsAt = Demo.at("2027-03-10T09:00", zone)
        event.endsAt = Demo.at("2027-03-12T18:00", zone)
        let formatter = SessionTimeFormatter(event: event, choice: .event, deviceTimeZone: .gmt, locale: Demo.british)
        let party = Demo.session("a", "2027-03-10T22:00", "2027-03-11T01:30", zone: zone)
        let closing = Demo.session("b", "2027-03-12T09:00", "2027-03-12T10:00", zone: zone)
        #expect(
            AgendaCalendar.days(for: event, sessions: [party, closing], formatter: formatter).map(\.label)
                == ["Wed 10 Mar", "Fri 12 Mar"])
        #expect(AgendaCalendar.days(for: event, sessions: [], formatter: formatter).isEmpty)
    }
}

@Suite struct SeatsRuleTests {
    @Test func messageAppearsBelowTheThreshold() {
        func message(_ capacity: Int?, _ taken: Int, threshold: Int = 5) -> String? {
            SeatsRule.message(
                for: Demo.session("a", "2027-03-10T10:00", "2027-03-10T11:00", capacity: capacity, taken: taken),
                threshold: threshold)
        }
        #expect(message(nil, 500) == nil)
        #expect(message(30, 25) == nil)
        #expect(message(30, 26) == "4 seats available")
        #expect(message(30, 29) == "1 seat available")
        #expect(message(30, 30) == "Full")
        #expect(message(30, 20, threshold: 11) == "10 seats available")
    }

    @Test func clashNamesTheAttendedSession() {
        let attended = Demo.session("a", "2027-03-10T10:00", "2027-03-10T11:00", attendance: .attending)
        let overlapping = Demo.session("b", "2027-03-10T10:30", "2027-03-10T11:30")
        let touching = Demo.session("c", "2027-03-10T11:00", "2027-03-10T12:00")
        let cancelled = Demo.session("d", "2027-03-10T10:00", "2027-03-10T11:00", attendance: .cancelled)
        let all = [attended, overlapping, touching, cancelled]
        #expect(SeatsRule.clash(for: overlapping, in: all)?.id == "a")
        #expect(SeatsRule.clash(for: touching, in: all) == nil)
        #expect(SeatsRule.clash(for: attended, in: all) == nil)
        #expect(SeatsRule.clash(for: Demo.session("e", "2027-03-10T10:59", "2027-03-10T12:00"), in: [cancelled]) == nil)
    }
}
