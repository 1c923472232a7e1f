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
        passwordHasher: PasswordHasher(algorithm: .pbkdf2SHA256(iterations: 1000)))
    configure(&configuration)
    let service = try AttendeeService(database: database, configuration: configuration)
    try await service.loadSeedIfNeeded()
    var router = Router()
    service.register(on: &router)
    return (service, router)
}

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
