import APIClient
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import HTTPTypes
import LocalStore
import Locking
import SalesCore
import SalesforceDevServer
import SalesforceUpload
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Counts what reached the server, and can pretend the network is down.
final class Wire: Sendable {
    private let sent = Locked<[URLRequest]>([])
    private let down = Locked(false)

    var requests: [URLRequest] { sent.withLock { $0 } }
    var isDown: Bool {
        get { down.withLock { $0 } }
        set { down.withLock { $0 = newValue } }
    }
    func record(_ request: URLRequest) { sent.withLock { $0.append(request) } }
    func count(_ method: String, pathSuffix: String) -> Int {
        requests.filter { $0.httpMethod == method && ($0.url?.path.hasSuffix(pathSuffix) ?? false) }.count
    }
    /// The JSON bodies sent with `method` to paths containing `path`.
    func bodies(_ method: String, path: String) -> [[String: FieldValue]] {
        requests.filter { $0.httpMethod == method && ($0.url?.path.contains(path) ?? false) }.compactMap {
            $0.httpBody.flatMap { try? JSONDecoder().decode([String: FieldValue].self, from: $0) }
        }
    }
}

/// The dev server in process, and a Sales client wired to it through its router (no sockets).
struct DevServerHarness {
    static let instance = URL(string: "http://salesforce.test")!
    static let username = "rep@quartet.dev"
    static let password = "quartet-sales"
    static let hospitalID = "001Q000000Demo1IAB"
    static let nonHospitalID = "001Q000000Demo3IAB"

    let service: SalesforceDevService
    let router: Router
    let clock: TestClock
    let wire: Wire

    /// Another rep of the same org, who may sign in on the same iPad (``make(tokenLifetime:store:withColleague:)``).
    static let colleague = (username: "colleague@quartet.dev", password: "quartet-sales-2")

    /// The dev server over a migrated in-memory SQLite database (the production store), or `store`; with
    /// `withColleague`, ``colleague`` may sign in too.
    static func make(tokenLifetime: TimeInterval = 7200, store: SObjectStore? = nil, withColleague: Bool = false)
        async throws -> DevServerHarness
    {
        let clock = TestClock()
        let chosen: SObjectStore
        if let store { chosen = store } else { chosen = try await migratedStore() }
        var service = try await SalesforceDevService.start(
            store: chosen,
            configuration: .init(instanceURL: instance, accessTokenLifetime: tokenLifetime, now: { clock.now }))
        if withColleague {
            let colleague = try JSONDecoder().decode(
                SeedData.User.self,
                from: Data(
                    """
                    {"username": "\(Self.colleague.username)", "password": "\(Self.colleague.password)",
                     "userID": "005Q00000000002IAA"}
                    """.utf8))
            service = SalesforceDevService(
                store: service.store, configuration: service.configuration, users: service.users + [colleague])
        }
        var router = Router()
        service.register(on: &router)
        return DevServerHarness(service: service, router: router, clock: clock, wire: Wire())
    }

    /// The production store over `database` (by default a new in-memory SQLite database), migrated, its bodies in
    /// `bodies` (by default a temporary folder removed with the store).
    static func migratedStore(_ database: (any SQLDatabase)? = nil, bodies: BodyFolder? = nil) async throws
        -> SObjectStore
    {
        let database = try database ?? SQLiteDatabase(url: "sqlite::memory:")
        var migrator = Migrator()
        SalesforceDevService.registerMigrations(&migrator)
        try await migrator.migrate(database)
        return .database(database, bodies: try bodies ?? .temporary())
    }

    /// Runs `body` with the production store over a fresh database of `kind` (removed afterwards) and that
    /// database, which tests can reopen.
    static func withMigratedStore(
        _ kind: DatabaseKind, bodies: BodyFolder? = nil, isolation: isolated (any Actor)? = #isolation,
        _ body: (SObjectStore, TestDatabase) async throws -> Void
    ) async throws {
        try await withTestDatabase(kind, maximumConnections: 4) { test in
            try await body(try await migratedStore(test.database, bodies: bodies), test)
        }
    }

    /// Sends a request straight to the router.
    func send(
        _ method: HTTPMethod, _ target: String, body: Data = Data(), token: String? = nil,
        headers: HTTPHeaders = [:]
    ) async throws -> Response {
        var headers = headers
        if let token { headers["Authorization"] = "Bearer \(token)" }
        if !body.isEmpty, headers["Content-Type"] == nil { headers["Content-Type"] = "application/json" }
        do {
            return try await router.respond(to: Request(method: method, target: target, headers: headers, body: body))
        } catch let error as HTTPError {
            return error.response()
        }
    }

    /// Signs in with the password grant and returns the access token.
    func accessToken() async throws -> String {
        let body = "grant_type=password&client_id=test&username=rep%40quartet.dev&password=quartet-sales"
        let response = try await send(
            .post, "/services/oauth2/token", body: Data(body.utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        let object = try JSONDecoder().decode([String: String].self, from: response.bodyData)
        return object["access_token"] ?? ""
    }

    /// Another device signed out: `client`'s refresh token is revoked on the server, then its access token expires.
    func revokeElsewhereAndExpire(_ client: SalesforceClient) async throws {
        let refresh = try #require(await client.session?.refreshToken)
        _ = try await send(
            .post, "/services/oauth2/revoke", body: Data("token=\(refresh)".utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        clock.advance(by: 120)
    }

    /// A transport that hands each URLRequest to the router in process, recording it (or failing as a network
    /// that is down).
    var transport: HTTPTransport {
        let wire = wire
        return .inProcess(router) { request in
            if wire.isDown { throw URLError(.notConnectedToInternet) }
            wire.record(request)
        }
    }

    /// A signed-in client, its session store, cache and a private notification centre.
    func client(
        signedIn: Bool = true, cache: AccountCache = .inMemory(), center: NotificationCenter = NotificationCenter()
    ) async throws -> SalesforceClient {
        try await client(over: transport, signedIn: signedIn, cache: cache, center: center)
    }

    /// A signed-in client whose every request goes through `relay` first: the relay may hold it at a gate, answer
    /// it itself (a fault the stand-in would not give), or pass it on to the stand-in with `standIn.send`.
    func client(
        cache: AccountCache = .inMemory(),
        relay:
            @escaping @Sendable (_ request: URLRequest, _ standIn: HTTPTransport) async throws -> (
                Data, HTTPURLResponse
            )
    ) async throws -> SalesforceClient {
        let standIn = transport
        return try await client(
            over: HTTPTransport { request in try await relay(request, standIn) }, signedIn: true, cache: cache,
            center: NotificationCenter())
    }

    private func client(
        over transport: HTTPTransport, signedIn: Bool, cache: AccountCache, center: NotificationCenter
    ) async throws -> SalesforceClient {
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: Self.instance), transport: transport,
            sessions: .inMemory(), notificationCenter: center, onSignedOut: { await cache.wipe() })
        if signedIn { try await client.signIn(username: Self.username, password: Self.password) }
        return client
    }

    /// The hospital's Account screen over `client`, written for an en_US iPad in UTC; not yet appeared.
    @MainActor
    static func hospitalScreen(_ client: SalesforceClient, cache: AccountCache = .inMemory()) async throws
        -> AccountScreenModel
    {
        AccountScreenModel(
            accountID: hospitalID, client: client, outbox: try await makeOutbox(), cache: cache,
            locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
    }

    /// A client wired as the app and `quartet sales` wire theirs (the device's cache and outbox kept by the
    /// sign-in rules), signed in as the demo rep.
    func deviceClient(cache: AccountCache, outbox: SalesOutbox) async throws -> SalesforceClient {
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: Self.instance), transport: transport,
            sessions: .inMemory(), notificationCenter: NotificationCenter(), cache: cache, outbox: outbox)
        try await client.signIn(username: Self.username, password: Self.password)
        return client
    }
}

/// The iPad as the app wires it: the stand-in, the device's cache and outbox, the client and the app's model, signed
/// in from the sign-in form as the demo rep (its Account screen opens on the hospital).
@MainActor
struct SalesDevice {
    let harness: DevServerHarness
    let cache: AccountCache
    let outbox: SalesOutbox
    let client: SalesforceClient
    let app: SalesAppModel

    /// A device whose tokens last 60 seconds, signed in through ``SalesAppModel/signInTapped()``; its client sends
    /// through `transport` (the stand-in's, as is, by default), and keeps its edits in `outbox` (a fresh one over
    /// SQLite in memory by default).
    static func signedIn(
        transport: (DevServerHarness) -> HTTPTransport = { $0.transport }, outbox given: SalesOutbox? = nil
    ) async throws -> SalesDevice {
        let harness = try await DevServerHarness.make(tokenLifetime: 60)
        let cache = AccountCache.inMemory()
        let outbox: SalesOutbox
        if let given { outbox = given } else { outbox = try await makeOutbox() }
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: DevServerHarness.instance),
            transport: transport(harness),
            sessions: .inMemory(), notificationCenter: NotificationCenter(), cache: cache, outbox: outbox)
        let app = SalesAppModel(client: client, outbox: outbox) {
            AccountScreenModel(
                accountID: DevServerHarness.hospitalID, client: client, outbox: outbox, cache: cache,
                locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
        }
        app.username = DevServerHarness.username
        app.password = DevServerHarness.password
        await app.signInTapped()
        return SalesDevice(harness: harness, cache: cache, outbox: outbox, client: client, app: app)
    }
}

extension SalesDevice {
    /// What a note typed on the device says.
    static let noteText = "Two pages of what the buyer said"

    /// The Account screen, appeared, with a new note typed into its editor and not saved yet.
    @MainActor
    func typingANote() async throws -> AccountScreenModel {
        let screen = try #require(app.account)
        await screen.appeared()
        screen.addTapped(.note)
        let editor = try #require(screen.editor)
        editor.nameEdited("Visit")
        editor.textEdited(Self.noteText)
        return screen
    }
}

/// A Sales outbox over a fresh in-memory local store.
func makeOutbox() async throws -> SalesOutbox {
    SalesOutbox(store: try await LocalStore(database: SQLiteDatabase(url: "sqlite::memory:")))
}

/// Collects the messages of `ServiceErrorOccurred` posted on a centre.
final class ErrorMessages: @unchecked Sendable {
    // NB: @unchecked for the observer token and the centre, which only init and deinit touch.
    private let messages = Locked<[String]>([])
    private var observer: (any NSObjectProtocol)?
    private let center: NotificationCenter

    init(_ center: NotificationCenter) {
        self.center = center
        observer = center.addObserver(forName: ServiceErrorNotification.name, object: nil, queue: nil) {
            [weak self] notification in
            let message = notification.userInfo?[ServiceErrorNotification.messageKey] as? String ?? ""
            self?.messages.withLock { $0.append(message) }
        }
    }

    deinit {
        if let observer { center.removeObserver(observer) }
    }

    var all: [String] { messages.withLock { $0 } }
}

/// The shared fixtures folder, or `nil` (tests then record that they did not run).
func fixturesFolder() -> URL? {
    guard let url = Fixtures("salesforce").url else { return nil }
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
}

extension SalesforceClient {
    /// The account `id` and its Know · Say · Show content asked at once, as the Account screen asks them: the
    /// errors the two calls threw, the account's first (a call that succeeded adds none).
    func accountAndContentAtOnce(_ id: String) async -> [SalesforceError?] {
        async let account = retrieveAccount(id: id)
        async let content = webContent(accountID: id)
        var errors: [SalesforceError?] = []
        do { _ = try await account } catch { errors.append(error as? SalesforceError) }
        do { _ = try await content } catch { errors.append(error as? SalesforceError) }
        return errors
    }
}

extension SalesforceError {
    /// What ``SalesforceClient/accountAndContentAtOnce(_:)`` answers for account `id` when the session ends under
    /// both calls: each signed out in its own operation's words.
    static func sessionEndedUnderAccountAndContent(_ id: String) -> [SalesforceError?] {
        [
            .signedOut(operation: "load the account \(id)", sessionEnded: true),
            .signedOut(operation: "load Know · Say · Show for \(id)", sessionEnded: true),
        ]
    }
}
