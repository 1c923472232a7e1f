import AttendeeServer
import Database
import Foundation
import HTTPServer
import TokenVerifier

/// The Attendee service as every Attendee test starts it: `database` migrated, the demo conference loaded, its
/// routes registered.
///
/// Passwords are hashed with a cost low enough for tests that sign many people up; `configure` sets the rest (a
/// media folder, a clock).
///
/// The programme's clock (`eventNow`: seats, feedback, registration, seed loading) runs from
/// ``demoConferenceAhead``, a few days before the demo conference, so the tests register for it and take seats on
/// any date, and the seed loads with the dates they expect; `configure` sets another (``demoKeynoteUnderway``) to
/// stand during the event. The service's other clock (`now`: tokens, share links, media sweeps) stays the real one.
///
/// ```swift
/// let (service, router) = try await seededAttendee(database) { $0.now = { clock.now } }
/// let client = TestClient(router: router)
/// ```
public func seededAttendee(
    _ database: any SQLDatabase, configure: (inout AttendeeService.Configuration) -> Void = { _ in }
) async throws -> (service: AttendeeService, router: Router) {
    var migrator = Migrator()
    AttendeeService.registerMigrations(in: &migrator)
    try await migrator.migrate(database)
    var configuration = AttendeeService.Configuration(
        passwordHasher: PasswordHasher(algorithm: .pbkdf2SHA256(iterations: 1000)),
        eventNow: runningClock(from: demoConferenceAhead))
    configure(&configuration)
    let service = try AttendeeService(database: database, configuration: configuration)
    try await service.loadSeedIfNeeded()
    var router = Router()
    service.register(on: &router)
    return (service, router)
}

/// Noon UTC on Saturday 6 March 2027, a few days before the demo conference (10–11 March 2027): everything in it is
/// still to come, whatever today's date. The programme's clock of every test server, and the app's and the command
/// line's clock in the tests that drive them over one.
public let demoConferenceAhead = Date(timeIntervalSince1970: 1_804_334_400)

/// Half an hour into the demo conference's opening keynote (09:00–10:00 UTC on 10 March 2027): the event has
/// started, so people register, rate it and rate the keynote, and every session but the keynote is still to come.
public let demoKeynoteUnderway = Date(timeIntervalSince1970: 1_804_671_000)

/// A clock that runs as real time does from `start`, for a server and an app that must agree on a moment of an
/// event: waitlists and messages still keep their order, and the tests never depend on today's date.
///
/// ```swift
/// let now = runningClock(from: demoKeynoteUnderway)
/// let (service, router) = try await seededAttendee(database) { $0.now = now }
/// ```
public func runningClock(from start: Date) -> @Sendable () -> Date {
    let offset = start.timeIntervalSince(Date())
    return { Date().addingTimeInterval(offset) }
}
