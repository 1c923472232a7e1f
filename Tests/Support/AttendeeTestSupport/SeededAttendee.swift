import AttendeeServer
import Database
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
