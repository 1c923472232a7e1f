import AttendeeServer
import ChangeJarModels
import Foundation
import HTTPServer
import PublicInit

/// Whose Cognito tokens the Change Jar API accepts: by default the stand-in's pool in this process; for a real
/// identity pool, its issuer, its key set's URL, its id (the tokens' audience) and the providers it federates.
@PublicInit
public struct ChangeJarTokenSettings: Sendable, Equatable {
    /// The tokens' `iss`; `nil`: Cognito Identity's, `https://cognito-identity.amazonaws.com`.
    public var issuer: String?
    /// Where the signing keys are (`https://cognito-identity.amazonaws.com/.well-known/jwks_uri`); `nil`: the
    /// stand-in's keys, read in process.
    public var jwksURL: URL?
    /// The identity pool (`region:GUID`) whose tokens are accepted; `nil`: the stand-in's.
    public var identityPoolID: String?
    /// The providers accepted; `nil`: all three.
    public var providers: Set<AuthSource>?
}

/// Everything `quartet serve` can be told: flags and `QUARTET_*` variables end up here.
public struct ServerConfiguration: Sendable, Equatable {
    /// The address to listen on; loopback by default.
    public var host: String
    /// The port; 0 picks a free one (the server reports the real one).
    public var port: UInt16
    /// Where the server keeps its database, keys and other state.
    public var dataDirectory: URL
    /// `sqlite:///path`, `sqlite::memory:` or `postgres://…`; `nil` means `<data-dir>/quartet.sqlite`.
    public var databaseURL: String?
    /// A folder of USGS feed files to replay; `nil` serves the generated demo feed.
    public var usgsFeedDirectory: URL?
    /// The version reported by `/health` and the OpenAPI document.
    public var version: String
    /// The largest request body accepted. A 25 MB Salesforce attachment travels as ~35 MB of base64 JSON.
    public var maxBodySize: Int
    /// Whether each request is logged on standard error (one logfmt line; never credentials).
    public var accessLog: Bool
    /// Requests per second each client address may make (bursts of ``burstPerRate`` times as many); `0` turns the
    /// limit off.
    public var rateLimit: Double
    /// How many requests a burst may hold for each request per second of ``rateLimit``: twice as many.
    public static let burstPerRate = 2
    /// How many Attendee sign-ins may fail for one e-mail, and for how long they count (default 5 in 15 minutes;
    /// 0 failures turns the limit off).
    public var attendeeSignIn: SignInThrottle
    /// Whose tokens the Change Jar API accepts.
    public var changeJarTokens: ChangeJarTokenSettings
    /// The address people reach the server at (`https://quartet.example.org`), for the links it hands out (an
    /// Attendee document's share link); `nil` builds them from the request's `Host`.
    public var publicURL: URL?
    /// The most connections open at once from one client address (0: no limit); behind a reverse proxy every
    /// client shares the proxy's address, so raise it there.
    public var connectionsPerAddress: Int
    /// The reverse proxies whose `X-Forwarded-For` (or `Forwarded`) names the client, for the rate limit and the
    /// access log; none by default.
    public var trustedProxies: TrustedProxies
    /// The slowest a request body may arrive, in bytes per second since its headers after a grace, bytes sent ahead
    /// sparing a stall (``Server/MinimumBodyRate``): slower gets 408 and the connection closed; `0` turns the rule off.
    public var minimumBodyRate: Int

    /// Where the server keeps its state when told nothing else: `.quartet` under the working directory, as
    /// `quartet serve --help` shows it.
    public static let defaultDataDirectory = "./.quartet"

    /// Settings with the defaults: `127.0.0.1:8080`, state in `.quartet` under the working directory
    /// (``defaultDataDirectory``), a 40 MiB body limit, 100 requests a second per client address, and the access log
    /// on. `quartet serve` falls back on these, and its help shows them.
    public init(
        host: String = "127.0.0.1",
        port: UInt16 = 8080,
        dataDirectory: URL = URL(fileURLWithPath: ServerConfiguration.defaultDataDirectory),
        databaseURL: String? = nil,
        usgsFeedDirectory: URL? = nil,
        version: String = "0.1.0",
        accessLog: Bool = true,
        maxBodySize: Int = 40 << 20,
        rateLimit: Double = 100,
        attendeeSignIn: SignInThrottle = SignInThrottle(),
        changeJarTokens: ChangeJarTokenSettings = ChangeJarTokenSettings(),
        publicURL: URL? = nil,
        connectionsPerAddress: Int = Server.Configuration.defaultConnectionsPerAddress,
        trustedProxies: TrustedProxies = .none,
        minimumBodyRate: Int = Server.MinimumBodyRate().bytesPerSecond
    ) {
        self.minimumBodyRate = minimumBodyRate
        self.connectionsPerAddress = connectionsPerAddress
        self.trustedProxies = trustedProxies
        self.attendeeSignIn = attendeeSignIn
        self.changeJarTokens = changeJarTokens
        self.publicURL = publicURL
        self.rateLimit = rateLimit
        self.maxBodySize = maxBodySize
        self.accessLog = accessLog
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.databaseURL = databaseURL
        self.usgsFeedDirectory = usgsFeedDirectory
        self.version = version
    }

    /// The database URL actually used.
    public var resolvedDatabaseURL: String {
        databaseURL ?? "sqlite://" + dataDirectory.standardizedFileURL.appendingPathComponent("quartet.sqlite").path
    }
}
