import APIClient
import AttendeeServer
import ChangeJarModels
import Foundation
import HTTPServer
import Locking
import QuakesCore
import QuartetServer

/// `quartet serve`: runs the Quartet server until SIGINT or SIGTERM.
enum ServeCommand {
    /// What `serve` does with every option left out: the configuration's own defaults, which the help shows.
    static let defaults = ServerConfiguration()

    static var spec: CommandSpec {
        CommandSpec(
            "serve",
            summary: "run the Quartet server (all backends and the stand-ins)",
            options: [
                OptionSpec(
                    "host",
                    value: "HOST",
                    help: "address to listen on",
                    environment: "QUARTET_HOST",
                    default: defaults.host
                ),
                OptionSpec(
                    "port",
                    value: "PORT",
                    help: "port to listen on (0 picks a free one)",
                    environment: "QUARTET_PORT",
                    default: String(defaults.port)
                ),
                OptionSpec(
                    "data-dir",
                    value: "DIR",
                    help: "where the server keeps its database and keys",
                    environment: "QUARTET_SERVER_DATA_DIR",
                    default: ServerConfiguration.defaultDataDirectory
                ),
                OptionSpec(
                    "database",
                    value: "URL",
                    help: "sqlite:///path/file.sqlite or postgres://user@host:port/db (default: DIR/quartet.sqlite)",
                    environment: "QUARTET_DATABASE"
                ),
                OptionSpec(
                    "usgs-feed-dir",
                    value: "DIR",
                    help:
                        "folder of USGS feed files to replay, named as USGS names them: all_month.geojson, "
                        + "4.5_week.geojson, significant_day.geojson… (default: a generated "
                        + "\(QuakeFeed.allMonth.period.days)-day feed)",
                    environment: "QUARTET_USGS_FEED_DIR"
                ),
                OptionSpec(
                    "rate-limit",
                    value: "N",
                    help:
                        "requests per second each client address (an IPv6 client's /\(RateLimitMiddleware.ipv6NetworkBits)) may make, bursts of "
                        + "\(ServerConfiguration.burstPerRate)N (0: no limit)",
                    environment: "QUARTET_RATE_LIMIT",
                    default: written(defaults.rateLimit)
                ),
                OptionSpec(
                    "max-connections-per-address",
                    value: "N",
                    help:
                        "most connections open at once from one client address (0: no limit; behind a reverse proxy "
                        + "every client shares its address: raise it)",
                    environment: "QUARTET_MAX_CONNECTIONS_PER_ADDRESS",
                    default: String(defaults.connectionsPerAddress)
                ),
                OptionSpec(
                    "min-body-rate",
                    value: "BYTES",
                    help:
                        "the slowest a request body may arrive, in bytes per second after "
                        + "\(Server.MinimumBodyRate().grace.components.seconds) s of grace; bytes sent ahead spare a "
                        + "stall of up to \(Server.MinimumBodyRate().longestStall.components.seconds) s "
                        + "(slower: 408; 0: no limit)",
                    environment: "QUARTET_MIN_BODY_RATE",
                    default: String(defaults.minimumBodyRate)
                ),
                OptionSpec(
                    "trusted-proxy",
                    value: "ADDR[,ADDR]",
                    help:
                        "reverse proxies (IP addresses or CIDR blocks) whose X-Forwarded-For names the client, for the "
                        + "rate limit, Attendee's sign-up limit and the access log",
                    environment: "QUARTET_TRUSTED_PROXIES"
                ),
                OptionSpec(
                    "attendee-signin-failures",
                    value: "N",
                    help:
                        "Attendee: failed sign-ins allowed per e-mail, and sign-ups for taken e-mails per client "
                        + "address, before it must wait out the window (0: no limit)",
                    environment: "QUARTET_ATTENDEE_SIGNIN_FAILURES",
                    default: String(defaults.attendeeSignIn.allowedFailures)
                ),
                OptionSpec(
                    "attendee-signin-window",
                    value: "MINUTES",
                    help:
                        "Attendee: how long an e-mail's failed sign-ins (an address's refused sign-ups) count, from the first",
                    environment: "QUARTET_ATTENDEE_SIGNIN_WINDOW",
                    default: written(defaults.attendeeSignIn.window / 60)
                ),
                OptionSpec(
                    "public-url",
                    value: "URL",
                    help:
                        "the address people reach the server at, for the links it hands out and the Salesforce instance_url (default: the request's Host)",
                    environment: "QUARTET_PUBLIC_URL"
                ),
                OptionSpec(
                    "changejar-issuer",
                    value: "URL",
                    help: "Change Jar: the accepted tokens' issuer (default: Cognito Identity's)",
                    environment: "QUARTET_CHANGEJAR_ISSUER"
                ),
                OptionSpec(
                    "changejar-jwks-url",
                    value: "URL",
                    help: "Change Jar: the identity pool's signing keys (default: the stand-in's, in process)",
                    environment: "QUARTET_CHANGEJAR_JWKS_URL"
                ),
                OptionSpec(
                    "changejar-identity-pool",
                    value: "ID",
                    help:
                        "Change Jar: the identity pool (region:GUID) whose tokens are accepted (default: the stand-in's)",
                    environment: "QUARTET_CHANGEJAR_IDENTITY_POOL"
                ),
                OptionSpec(
                    "changejar-providers",
                    value: "LIST",
                    help: "Change Jar: the providers accepted, comma-separated (default: "
                        + AuthSource.allCases.map(\.rawValue).sorted().joined(separator: ",") + ")",
                    environment: "QUARTET_CHANGEJAR_PROVIDERS"
                ),
                .flag("quiet", help: "no access log"),
            ],
            body: run
        )
    }

    /// Reads the flags into a configuration (pure, so tests check it without starting anything).
    static func configuration(_ context: CommandContext) throws -> ServerConfiguration {
        let arguments = context.arguments
        let port = try arguments.value("port", as: "a port number (0-65535)") { UInt16($0) } ?? defaults.port
        let home = { (path: String) in ClientOptions.expandHome(path, environment: context.environment) }
        return ServerConfiguration(
            host: arguments.value("host") ?? defaults.host,
            port: port,
            dataDirectory: URL(
                fileURLWithPath: home(arguments.value("data-dir") ?? ServerConfiguration.defaultDataDirectory)),
            databaseURL: try arguments.value(
                "database", as: "sqlite:///path/file.sqlite, sqlite::memory: or postgres://user@host:port/db"
            ) { url in
                ["sqlite:", "postgres://", "postgresql://"].contains { url.hasPrefix($0) } ? url : nil
            },
            usgsFeedDirectory: try arguments.value("usgs-feed-dir", as: "a folder that exists") { path in
                var isFolder: ObjCBool = false
                let url = URL(fileURLWithPath: home(path))
                return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
                    ? url : nil
            },
            version: QuartetTool.version,
            accessLog: !arguments.flag("quiet"),
            rateLimit: try arguments.value(
                "rate-limit", as: "a number of requests per second from 0.01 to 1000000 (0 for no limit)"
            ) { Double($0).flatMap { $0 == 0 || (0.01...1_000_000).contains($0) ? $0 : nil } } ?? defaults.rateLimit,
            attendeeSignIn: try attendeeSignIn(arguments),
            changeJarTokens: try changeJarTokens(arguments),
            publicURL: try arguments.value("public-url", as: "an http(s) URL", URL.init(httpAddress:)),
            connectionsPerAddress: try arguments.value(
                "max-connections-per-address", as: "a whole number of connections (0 for no limit)"
            ) { Int($0).flatMap { (0...1_000_000).contains($0) ? $0 : nil } }
                ?? defaults.connectionsPerAddress,
            trustedProxies: try arguments.value("trusted-proxy", as: "IP addresses or CIDR blocks, comma-separated") {
                try? TrustedProxies($0.split(separator: ",").map(String.init))
            } ?? .none,
            minimumBodyRate: try arguments.value(
                "min-body-rate", as: "a whole number of bytes per second (0 for no limit)"
            ) {
                Int($0).flatMap { (0...1_000_000_000).contains($0) ? $0 : nil }
            } ?? defaults.minimumBodyRate
        )
    }

    /// The Attendee sign-in throttle the flags describe (absent: the configuration's, 5 failures in 15 minutes).
    static func attendeeSignIn(_ arguments: ParsedArguments) throws -> SignInThrottle {
        let throttle = defaults.attendeeSignIn
        let failures = try arguments.value(
            "attendee-signin-failures", as: "a whole number of failed sign-ins (0 for no limit)"
        ) { Int($0).flatMap { $0 >= 0 ? $0 : nil } }
        let minutes = try arguments.value("attendee-signin-window", as: "a whole number of minutes (at least 1)") {
            Int($0).flatMap { (1...525_600).contains($0) ? $0 : nil }
        }
        return SignInThrottle(
            allowedFailures: failures ?? throttle.allowedFailures,
            window: minutes.map { TimeInterval($0) * 60 } ?? throttle.window)
    }

    /// The Change Jar token check the flags describe (all absent: the stand-in's pool).
    static func changeJarTokens(_ arguments: ParsedArguments) throws -> ChangeJarTokenSettings {
        let httpURL = URL.init(httpAddress:)
        return ChangeJarTokenSettings(
            issuer: try arguments.value("changejar-issuer", as: "an http(s) URL", httpURL)?.absoluteString,
            jwksURL: try arguments.value("changejar-jwks-url", as: "an http(s) URL", httpURL),
            identityPoolID: try arguments.value("changejar-identity-pool", as: "an identity pool id (region:GUID)") {
                let parts = $0.split(separator: ":", omittingEmptySubsequences: false)
                return parts.count == 2 && parts[0].contains("-") && UUID(uuidString: String(parts[1])) != nil
                    ? $0 : nil
            },
            providers: try arguments.value(
                "changejar-providers", as: "a comma-separated list of facebook, google, twitter"
            ) { list in
                let sources = list.split(separator: ",").map {
                    AuthSource(rawValue: $0.trimmingCharacters(in: .whitespaces))
                }
                return sources.isEmpty || sources.contains(nil) ? nil : Set(sources.compactMap { $0 })
            })
    }

    /// A number of the configuration as the help writes it: `100`, not `100.0`.
    static func written(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Listens first, so a port that is taken stops the start before the database is touched; then builds the
    /// application (migrations, seed, cleanup) while answering 503 with `Retry-After`, and serves it until SIGINT
    /// or SIGTERM. A start that fails says why, in the words of what failed.
    static func run(_ context: CommandContext) async throws -> Int32 {
        let configuration = try configuration(context)
        // NB: the handler and receivers are made once (the rate limiter's buckets live in the handler).
        let serving = Locked<
            (handler: Handler, receivers: BodyReceiverFactory, limits: BodyLimitLookup, rateLimit: HeaderRateLimit?)?
        >(nil)
        var serverConfiguration = Server.Configuration(
            host: configuration.host,
            port: configuration.port,
            connectionsPerAddress: configuration.connectionsPerAddress,
            maxBodySize: configuration.maxBodySize
        )
        serverConfiguration.shapeRefusal = configuration.shapeRefusal
        serverConfiguration.accessLog = configuration.accessLog ? .standardError : nil
        serverConfiguration.minimumBodyRate =
            configuration.minimumBodyRate > 0
            ? Server.MinimumBodyRate(bytesPerSecond: configuration.minimumBodyRate) : nil
        let server = Server(
            configuration: serverConfiguration,
            handler: { request in
                guard let handler = serving.withLock({ $0?.handler }) else {
                    return startingResponse(to: request, configuration: configuration)
                }
                return try await handler(request)
            },
            bodyReceivers: { request in serving.withLock({ $0?.receivers })?(request) },
            bodyLimits: { request in serving.withLock({ $0?.limits })?(request) },
            rateLimit: { request in serving.withLock({ $0?.rateLimit })?(request) }
        )
        do {
            try server.start()
        } catch {
            // NB: the engine's words name the address and the reason (`Could not listen on …: Address already in use.`).
            context.console.failure("\(error)")
            return 1
        }
        // NB: signals are watched before the database is opened: a SIGTERM during a long migration stops the start
        // (the migration's transaction rolls back or commits whole) and exits 0, instead of killing the process.
        let signals = await SignalWatch.start([SIGINT, SIGTERM])
        let building = Task { try await buildApplication(configuration) }
        signals.onArrival { _ in building.cancel() }
        let built: Application
        switch await building.result {
        case .success(let application) where signals.arrived != nil:
            await application.close()
            return await stopped(server, signals, context)
        case .success(let application):
            built = application
        case .failure where signals.arrived != nil:
            return await stopped(server, signals, context)
        case .failure(let error):
            signals.stop()
            await server.shutdown(gracePeriod: .zero)
            context.console.failure("cannot start the server: \(startFailureMessage(error))")
            return 1
        }
        let (handler, rateLimit) = built.serving()
        serving.withLock { $0 = (handler, built.bodyReceivers(), built.bodyLimits(), rateLimit) }
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        context.console.line("Quartet listening on http://\(host):\(server.port)")
        context.console.line("Press Ctrl-C (SIGINT) or send SIGTERM to stop.")
        await server.run(until: signals)
        await built.close()
        context.console.errorLine("quartet: stopped")
        return 0
    }

    /// A signal came while the server was starting: the start is abandoned, the requests answered 503 meanwhile
    /// are let finish, and the command exits 0 as a stop after serving does.
    private static func stopped(_ server: Server, _ signals: SignalWatch, _ context: CommandContext) async -> Int32 {
        await server.run(until: signals)
        context.console.errorLine("quartet: stopped")
        return 0
    }
}
