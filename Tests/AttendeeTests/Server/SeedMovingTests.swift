import AttendeeModels
import AttendeeServer
import AttendeeTestSupport
import DatabaseTestSupport
import Foundation
import Testing

/// A seed programme whose event is over loads moved forward by whole weeks (DECISIONS: "A seed whose event is
/// over loads moved to the future"): the demo conference is never one that is over, whatever the date.
@Suite struct SeedMovingTests {
    /// Saturday 5 June 2027, 12:00 UTC: the demo conference (Wednesday 10 to Thursday 11 March 2027) is over, and
    /// Lisbon keeps summer time (UTC+1) where the seed's times were winter time (UTC+0).
    static let afterTheEvent = Date(timeIntervalSince1970: 1_812_196_800)

    static func lisbon(_ date: Date) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Lisbon") ?? .gmt
        return calendar.dateComponents([.weekday, .hour, .minute], from: date)
    }

    /// What the server has of the demo event and its programme, on a server whose programme clock is `eventNow`.
    static func loaded(_ kind: DatabaseKind, eventNow: Date) async throws -> (Event, [Session]) {
        var loaded: (Event, [Session])?
        let onTheClock: (inout AttendeeService.Configuration) -> Void = { $0.eventNow = { eventNow } }
        try await AttendeeTestServer.with(kind, configure: onTheClock) { server in
            let events = try await server.client.get("/attendee/v1/events").decode([Event].self)
            loaded = (try #require(events.first), try await server.agenda())
            // Whoever starts the server then can still register for it.
            _ = try await server.registeredAttendee("Ana Ferreira")
        }
        return try #require(loaded)
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aSeedStillToComeLoadsAsItIs(kind: DatabaseKind) async throws {
        let (event, agenda) = try await Self.loaded(kind, eventNow: demoConferenceAhead)
        #expect(event.startsAt == ISO8601DateFormatter().date(from: "2027-03-10T08:30:00Z"))
        #expect(event.endsAt == ISO8601DateFormatter().date(from: "2027-03-11T18:00:00Z"))
        #expect(agenda.first?.startsAt == ISO8601DateFormatter().date(from: "2027-03-10T09:00:00Z"))
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aSeedWhoseEventIsOverLoadsMovedByWholeWeeksToTheFuture(kind: DatabaseKind) async throws {
        let (seed, seedAgenda) = try await Self.loaded(kind, eventNow: demoConferenceAhead)
        let (event, agenda) = try await Self.loaded(kind, eventNow: Self.afterTheEvent)
        // The fewest weeks that make it end after the clock: 13 (12 would end on Thursday 3 June).
        #expect(event.startsAt == ISO8601DateFormatter().date(from: "2027-06-09T07:30:00Z"))
        #expect(event.endsAt == ISO8601DateFormatter().date(from: "2027-06-10T17:00:00Z"))
        #expect(event.startsAt > Self.afterTheEvent)
        #expect(Self.lisbon(event.startsAt) == Self.lisbon(seed.startsAt))
        #expect(Self.lisbon(event.endsAt) == Self.lisbon(seed.endsAt))
        // Every session keeps its weekday and its local time, in the same order.
        #expect(agenda.map(\.title) == seedAgenda.map(\.title))
        #expect(agenda.count == seedAgenda.count)
        for (moved, session) in zip(agenda, seedAgenda) {
            #expect(Self.lisbon(moved.startsAt) == Self.lisbon(session.startsAt), "\(session.title)")
            #expect(Self.lisbon(moved.endsAt) == Self.lisbon(session.endsAt), "\(session.title)")
            #expect(moved.startsAt.timeIntervalSince(session.startsAt) == 13 * 7 * 86_400 - 3600, "\(session.title)")
        }
    }
}
