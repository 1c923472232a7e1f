import AttendeeServer
import ChangeJarModels
import ChangeJarServer
import CognitoDevServer
import Database
import DatabasePostgres
import Foundation
import HTTPServer
import SalesforceDevServer
import SalesforceUpload
import TokenVerifier
import USGSReplay

/// A composed Quartet server: its routes, their description, and what must be closed on shutdown.
public struct Application: Sendable {
    /// Every domain's routes (without the shared middleware: tests drive it directly).
    public var router: Router
    /// What `/openapi.json` serves.
    public var openAPI: OpenAPIDocument
    /// What the server was built from; ``handler(log:)`` and ``shapeRefusal`` read the middleware's settings from it.
    public var configuration: ServerConfiguration
    /// The database every domain stores its data in.
    public var database: any SQLDatabase
    /// Background work that runs while the server does (the Attendee media cleanup, the Salesforce body sweep);
    /// cancelled by ``close()``.
    var background: [Task<Void, Never>] = []
    /// On PostgreSQL, what brings other instances' live events to this one's streams.
    var liveRelay: LiveRelay?
    /// On a SQLite file, what keeps a second server off it.
    var databaseLock: DatabaseFileLock?

    /// The router behind the shared middleware: request id → access log (unless turned off) → gzip for a client that
    /// accepts it → Salesforce's error shape under `/services/` → problem details → rate limit (unless 0).
    public func handler(log: LogSink = .standardError) -> Handler {
        serving(log: log).handler
    }

    /// ``handler(log:)`` and the question its rate limiter answers at the headers (`nil` when the limit is 0); give
    /// both to ``Server`` (`rateLimit`), so that a client over its rate is refused before its body is read and each
    /// request is counted once.
    public func serving(log: LogSink = .standardError) -> (handler: Handler, rateLimit: HeaderRateLimit?) {
        var middleware: [any Middleware] = [RequestIDMiddleware()]
        let proxies = configuration.trustedProxies
        if configuration.accessLog { middleware.append(AccessLogMiddleware(sink: log, trustedProxies: proxies)) }
        // NB: inside the access log, which then logs what went out; outside the rest, so every answer is compressed,
        // the stand-ins' too (Salesforce and USGS compress theirs for a client that accepts gzip).
        middleware.append(CompressionMiddleware())
        // NB: outside the error middleware, so the refusals it words as problem details (no route, 405, 413, 429)
        // reach a Salesforce client under /services/ in Salesforce's shapes.
        middleware.append(salesforceErrors)
        middleware.append(ErrorMiddleware(log: log))
        // NB: after the error middleware, so a 429 is answered as problem JSON like every other refusal.
        var rateLimit: HeaderRateLimit?
        if configuration.rateLimit > 0 {
            let limiter = RateLimitMiddleware(
                rate: configuration.rateLimit,
                burst: Int(min(configuration.rateLimit * Double(ServerConfiguration.burstPerRate), 2_000_000)),
                trustedProxies: proxies)
            middleware.append(limiter)
            rateLimit = { limiter.decide($0) }
        }
        return (router.handler(middleware: middleware), rateLimit)
    }

    /// What words the refusals under `/services/` as Salesforce does.
    var salesforceErrors: SalesforceErrorShape { configuration.salesforceErrors }

    /// Rewords the engine's own refusals for the paths whose wire is another service's; give it to ``Server`` as
    /// `shapeRefusal` (the same as ``ServerConfiguration/shapeRefusal``).
    public var shapeRefusal: @Sendable (_ path: String, _ refusal: Response) -> Response {
        configuration.shapeRefusal
    }

    /// The receivers of the routes that take their bodies as they arrive; give them to ``Server`` beside
    /// ``handler(log:)``.
    public func bodyReceivers() -> BodyReceiverFactory {
        router.bodyReceivers()
    }

    /// Each route's body limit, so that the engine refuses a body too large for its route before reading it; give it
    /// to ``Server`` beside ``bodyReceivers()``.
    public func bodyLimits() -> BodyLimitLookup {
        router.bodyLimits()
    }

    /// Stops the background work and the live relay, and closes the database; call after the HTTP server has
    /// stopped.
    public func close() async {
        for task in background { task.cancel() }
        await liveRelay?.stop()
        await database.close()
        databaseLock?.release()
    }
}

/// What a request gets while the application is still being built (migrations, seed, cleanup): `/health/live`
/// says the process is alive; everything else, `/health` included, is 503 with `Retry-After`, worded for its path
/// as ``ServerConfiguration/shapeRefusal`` words it.
public func startingResponse(to request: Request, configuration: ServerConfiguration) -> Response {
    HealthController.whileStarting(request, version: configuration.version)
        ?? configuration.shapeRefusal(request.path, starting.response())
}

private let starting = HTTPError(
    .serviceUnavailable, detail: "The server is starting. Try again in a moment.", headers: ["Retry-After": "1"])

extension ServerConfiguration {
    /// What words the refusals under `/services/` as Salesforce does.
    var salesforceErrors: SalesforceErrorShape { SalesforceErrorShape(maxBodySize: maxBodySize) }

    /// Rewords the engine's own refusals (a body over the limit, a malformed request, header fields too large, a
    /// request timeout, a shutdown; the 503 while the server starts) for the paths whose wire is another
    /// service's. Needs no database, so a server still starting words its refusals the same way.
    public var shapeRefusal: @Sendable (_ path: String, _ refusal: Response) -> Response {
        let shape = salesforceErrors
        return { path, refusal in shape.reshape(refusal, method: nil, path: path) }
    }
}

/// Why the server could not be built; the message is safe to print.
public struct ApplicationError: Error, CustomStringConvertible {
    public var description: String
}

/// What an operator reads when the server cannot start: the cause in the words of whatever failed (a database
/// error keeps the engine's message, which never holds the URL's password), never a generic line.
public func startFailureMessage(_ error: any Error) -> String {
    switch error {
    case let error as ApplicationError: error.description
    case let error as DatabaseError: "the database failed: \(error.message)"
    default: String(describing: error)
    }
}

/// Builds the whole Quartet server from its configuration: opens (and creates) the database, applies every
/// domain's migrations in order, and registers each domain's routes and documented operations.
///
/// ```swift
/// let app = try await buildApplication(ServerConfiguration(port: 0, databaseURL: "sqlite::memory:"))
/// let response = try await app.router.respond(to: Request(method: .get, target: "/health"))
/// ```
public func buildApplication(_ configuration: ServerConfiguration) async throws -> Application {
    do {
        // NB: made readable by the server's user alone; one that is there keeps the mode its owner chose.
        try FileManager.default.createDirectory(
            at: configuration.dataDirectory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
    } catch {
        throw ApplicationError(description: "cannot create the data directory \(configuration.dataDirectory.path)")
    }
    let databaseLock = try SQLiteDatabase.location(of: configuration.resolvedDatabaseURL).flatMap { location in
        if case .file(let path) = location { try DatabaseFileLock(databasePath: path) } else { nil }
    }
    // NB: a server that fails to start lets the database go at once (a test may try again in-process).
    var started = false
    defer { if !started { databaseLock?.release() } }
    let database = try DatabaseOpener.open(configuration.resolvedDatabaseURL)

    var migrator = Migrator()
    CognitoDevService.registerMigrations(&migrator)
    ChangeJarService.registerMigrations(&migrator)
    AttendeeService.registerMigrations(in: &migrator)
    SalesforceDevService.registerMigrations(&migrator)
    _ = try await migrator.migrate(database)

    var router = Router()
    // NB: what every form's JSON fits in (routes that read more say so, and uploads take theirs as they arrive):
    // without it each route took bodies up to the server's limit (40 MiB) into memory before its handler refused them.
    router.bodyLimit = Request.jsonBodyLimit
    var openAPI = OpenAPIDocument(title: "Quartet", version: configuration.version)

    HealthController(version: configuration.version, readiness: ReadinessProbe(database: database))
        .register(on: &router)
    openAPI.add(HealthController.operations)

    USGSReplay(
        USGSReplayConfiguration(feedDirectory: configuration.usgsFeedDirectory, publicURL: configuration.publicURL)
    ).register(on: &router)
    openAPI.add(USGSReplay.operations)

    let cognito = try CognitoDevService(
        database: database,
        configuration: .init(dataDirectory: configuration.dataDirectory)
    )
    cognito.register(on: &router)
    openAPI.add(CognitoDevService.operations)

    let tokens = configuration.changeJarTokens
    let changeJar = try ChangeJarService(
        database: database,
        configuration: .init(
            identityPoolID: tokens.identityPoolID ?? cognito.configuration.identityPoolID,
            issuer: tokens.issuer ?? cognito.configuration.issuer,
            keys: tokens.jwksURL.map { JWKSFetcher.live(url: $0) } ?? cognito.keyFetcher,
            acceptedProviders: tokens.providers ?? Set(AuthSource.allCases))
    )
    // NB: Quartet's own APIs take no NUL in any parameter or text; the stand-ins answer as their services do.
    router.group("", middleware: [NULRefusalMiddleware()]) { changeJar.register(on: &$0) }
    openAPI.add(ChangeJarService.operations, securedBy: ChangeJarService.securityScheme, refusingNUL: true)

    // NB: an in-memory database keeps its uploads in a temporary folder that goes with it.
    let attendee = try AttendeeService(
        database: database,
        configuration: AttendeeService.Configuration(
            mediaDirectory: configuration.resolvedDatabaseURL.hasSuffix(":memory:")
                ? nil : configuration.dataDirectory.appendingPathComponent("media", isDirectory: true),
            publicBaseURL: configuration.publicURL, signInThrottle: configuration.attendeeSignIn,
            trustedProxies: configuration.trustedProxies,
            shareLinkKey: configuration.resolvedDatabaseURL.hasSuffix(":memory:")
                ? nil
                : try LinkSigner.loadOrCreateKey(
                    at: configuration.dataDirectory.appendingPathComponent("attendee/share-link.key")))
    )
    try await attendee.loadSeedIfNeeded()
    // Abandoned uploads, files no row names and live events past their replay window: swept at start, then hourly.
    let cleanup = attendee.startCleanup()
    router.group("", middleware: [NULRefusalMiddleware()]) { attendee.register(on: &$0) }
    openAPI.add(AttendeeService.operations, securedBy: AttendeeService.securityScheme, refusingNUL: true)

    // NB: an in-memory database keeps its attachment bodies in a temporary folder that goes with it.
    let bodies =
        configuration.resolvedDatabaseURL.hasSuffix(":memory:")
        ? try BodyFolder.temporary()
        : try BodyFolder(configuration.dataDirectory.appendingPathComponent("salesforce-bodies", isDirectory: true))
    // NB: the instance URL handed out at sign-in is the public URL when one is set; otherwise the request's own
    // address when it is well formed, else this server's.
    let listening = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
    let salesforce = try await SalesforceDevService.start(
        database: database, bodies: bodies,
        configuration: .init(
            instanceURL: configuration.publicURL,
            ownURL: URL(string: "http://\(listening):\(configuration.port)")))
    // Body files no record names (a commit that might have happened and did not, a crash's leftovers) and expired
    // access tokens: hourly.
    let bodySweep = salesforce.startCleanup()
    salesforce.register(on: &router)
    openAPI.add(SalesforceDevService.operations, securedBy: SalesforceDevService.securityScheme)

    let openAPIController = try OpenAPIController(document: openAPI)
    openAPIController.register(on: &router)
    openAPI.add(OpenAPIController.operations)
    // NB: only PostgreSQL is shared by several instances; with SQLite every writer is this process.
    let liveRelay =
        database.dialect == .postgres
        ? LiveRelay(url: configuration.resolvedDatabaseURL, attendee: attendee) : nil
    started = true
    return Application(
        router: router, openAPI: openAPI, configuration: configuration, database: database,
        background: [cleanup, bodySweep], liveRelay: liveRelay, databaseLock: databaseLock)
}
