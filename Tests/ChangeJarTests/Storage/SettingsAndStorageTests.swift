import APIClient
import ChangeJarModels
import Database
import Foundation
import LocalStore
import Locking
import Testing

@testable import ChangeJarCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Change Jar settings, session file and API errors")
struct SettingsAndStorageTests {
    static let server = URL(string: "http://127.0.0.1:8080")!

    @Test func aPoolOtherThanTheStandInsIsReachedAtAWSInItsRegion() throws {
        var overrides = ChangeJarSettings.Overrides()
        overrides.identityPoolID = "eu-west-1:11111111-2222-3333-4444-555555555555"
        let real = try ChangeJarSettings(apiBaseURL: Self.server).applying(overrides)
        #expect(real.cognitoEndpoint.absoluteString == "https://cognito-identity.eu-west-1.amazonaws.com/")
        #expect(real.region == "eu-west-1")

        overrides.identityPoolID = ChangeJarSettings.developmentPoolID
        let development = try ChangeJarSettings(apiBaseURL: Self.server).applying(overrides)
        #expect(development.cognitoEndpoint.absoluteString == "http://127.0.0.1:8080/cognito/")

        overrides.identityPoolID = "eu-west-1:11111111-2222-3333-4444-555555555555"
        overrides.cognitoEndpoint = URL(string: "http://localhost:9000/")
        #expect(try ChangeJarSettings(apiBaseURL: Self.server).applying(overrides).cognitoEndpoint.port == 9000)
    }

    @Test func cognitoEndpointDefaultsToTheServersStandIn() throws {
        let settings = ChangeJarSettings(apiBaseURL: Self.server)
        #expect(settings.cognitoEndpoint.absoluteString == "http://127.0.0.1:8080/cognito/")
        #expect(settings.developmentSignInURL.absoluteString == "http://127.0.0.1:8080/cognito/dev/signin")
        #expect(settings.region == "us-east-1")
    }

    @Test func aConfigurationFileIsReadAndOverridable() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("config.json")
        try Data(
            #"{"identityPoolID":"eu-west-1:11111111-2222-3333-4444-555555555555","cognitoEndpoint":"https://cognito-identity.eu-west-1.amazonaws.com/"}"#
                .utf8
        ).write(to: file)
        var overrides = try ChangeJarSettings.read(from: file)
        let production = try ChangeJarSettings(apiBaseURL: Self.server).applying(overrides)
        #expect(production.identityPoolID == "eu-west-1:11111111-2222-3333-4444-555555555555")
        #expect(production.region == "eu-west-1")
        #expect(production.cognitoEndpoint.host == "cognito-identity.eu-west-1.amazonaws.com")

        overrides.cognitoEndpoint = URL(string: "http://localhost:9000/")
        #expect(try ChangeJarSettings(apiBaseURL: Self.server).applying(overrides).cognitoEndpoint.port == 9000)
        #expect(try ChangeJarSettings.read(from: folder.appendingPathComponent("absent.json")) == .init())

        try Data("{not json".utf8).write(to: file)
        #expect(throws: ChangeJarSettings.Invalid.self) { try ChangeJarSettings.read(from: file) }
        for bad in [
            ChangeJarSettings.Overrides(identityPoolID: "nonsense"),
            ChangeJarSettings.Overrides(identityPoolID: "us-east-1:not-a-guid"),
            ChangeJarSettings.Overrides(region: "eu-west-1"),
        ] {
            #expect(throws: ChangeJarSettings.Invalid.self) {
                try ChangeJarSettings(apiBaseURL: Self.server).applying(bad)
            }
        }
    }

    @Test func theSessionFileIsOwnerOnlyAndRemovedOnSignOut() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("changejar/session.json")
        let store = SessionStore.file(file)
        #expect(store.load() == nil)
        let session = AuthSession(
            identityID: "us-east-1:1", token: "a.b.c", expiresAt: Date(timeIntervalSince1970: 1_800_000_000),
            authSource: .twitter, providerUserID: "dave", displayName: "Dave")
        store.save(session)
        #expect(store.load() == session)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: file.deletingLastPathComponent().path)
        #expect((folderAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        try Data("garbage".utf8).write(to: file)
        #expect(store.load() == nil)
        store.save(nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    /// The provider login that renews the session is a secret like the token: kept in the session's own owner-only
    /// file (the Keychain item on a phone), and in no text a log could take from the session.
    @MainActor
    @Test func theProviderLoginIsKeptWithTheSessionAndLeftOutOfItsText() async throws {
        try await withServer(.sqliteMemory) { server in
            let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(UUID().uuidString)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("changejar/session.json")
            let harness = CoreHarness(server: server, sessionStore: .file(file))
            await harness.app.settings.providerTapped(.twitter)
            let session = try #require(harness.app.session.session)
            let login = try #require(session.providerLogin)
            let parts = login.split(separator: ";").map(String.init)
            #expect(parts.count == 2)

            let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
            #expect(saved?["providerLogin"] as? String == login)
            #expect(SessionStore.file(file).load() == session)
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let folderAttributes = try FileManager.default.attributesOfItem(
                atPath: file.deletingLastPathComponent().path)
            #expect((folderAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)

            var dumped = ""
            dump(session, to: &dumped)
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            let summary = String(decoding: try encoder.encode(session.summary), as: UTF8.self)
            for text in [String(describing: session), String(reflecting: session), "\(session)", dumped, summary] {
                #expect(text.contains("alice"))
                for secret in parts + [session.token] { #expect(!text.contains(secret), "\(text)") }
            }
        }
    }

    @Test func sessionsExpireWithAMargin() {
        let expiry = Date(timeIntervalSince1970: 1_000)
        let session = AuthSession(
            identityID: "x", token: "t", expiresAt: expiry, authSource: .google, providerUserID: "alice")
        #expect(session.isValid(at: expiry.addingTimeInterval(-60)))
        #expect(!session.isValid(at: expiry.addingTimeInterval(-10)))
        #expect(!session.isValid(at: expiry))
        #expect(session.displayLabel == "alice")
    }

    /// A list saved on the device by the version before answers stopped naming authors' accounts still reads: the
    /// account in it is ignored, nothing in it says whose an action is, and an author without a name is not named
    /// by that account.
    @Test func listsSavedByTheLastVersionStillRead() async throws {
        struct SavedBefore: Codable, Sendable {
            var id: String
            var title: String
            var content: String
            var authSource: AuthSource
            var providerUserID: String
            var authorName: String?
            var createdAt: Date
            var updatedAt: Date
        }
        let store = try await LocalStore(database: try SQLiteDatabase(url: "sqlite::memory:"))
        let date = Date(timeIntervalSince1970: 1_780_000_000)
        try await store.saveList(
            [
                SavedBefore(
                    id: "1", title: "Walk", content: "Daily.", authSource: .google, providerUserID: "g-104729",
                    createdAt: date, updatedAt: date),
                SavedBefore(
                    id: "2", title: "Cook", content: "At home.", authSource: .facebook, providerUserID: "fb-7919",
                    authorName: "Bob", createdAt: date, updatedAt: date),
            ], as: "changejar.all")
        let saved = try #require(await ActionCache.local(store).load(.all))
        #expect(saved.map(\.title) == ["Walk", "Cook"])
        #expect(saved.allSatisfy { $0.isMine == nil && $0.createdAt == date })
        let bylines = saved.map { ActionRow($0, format: DateFormat()).byline }
        #expect(bylines == ["Someone via Google", "Bob via Facebook"])
    }

    @Test func tokenClaimsAreReadWithoutTrustingThem() {
        func token(_ payload: String) -> String {
            let encoded = Data(payload.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            return "eyJhbGciOiJSUzUxMiJ9.\(encoded).c2ln"
        }
        let claims = OpenIDTokenClaims(
            token: token(
                #"{"sub":"us-east-1:1","exp":1000,"amr":["authenticated","api.twitter.com","api.twitter.com:app:dave"]}"#
            ))
        #expect(claims?.subject == "us-east-1:1")
        #expect(claims?.expiresAt == Date(timeIntervalSince1970: 1_000))
        #expect(claims?.providerUserID(for: .twitter) == "dave")
        #expect(claims?.providerUserID(for: .google) == nil)
        #expect(OpenIDTokenClaims(token: "garbage") == nil)
        #expect(OpenIDTokenClaims(token: token("[1,2]")) == nil)
    }

    /// Every server answer becomes the error a screen shows.
    @Test(arguments: [
        (401, #"{"status":401}"#, ChangeJarError.signInRequired),
        (403, #"{"status":403}"#, .forbidden),
        (404, #"{"status":404}"#, .noJarHere),
        (
            422, #"{"status":422,"field":"title","detail":"The title must be 1 to 120 characters."}"#,
            .invalid(field: "title", message: "The title must be 1 to 120 characters.")
        ),
        (429, #"{"status":429}"#, .rateLimited),
        (502, "<html>Bad Gateway</html>", .unreachable),
        (503, "", .unreachable),
        (504, "", .unreachable),
        // NB: a refusal other than the named ones keeps the jar's words (its problem `detail`) ...
        (400, #"{"status":400,"detail":"The body is not valid JSON."}"#, .service("The body is not valid JSON.")),
        // ... but a fault on its side is said in the app's: its body is no sentence for a person, and a misconfigured
        // server or proxy writes internals there.
        (
            500, #"{"status":500,"detail":"relation \"action\" does not exist at /srv/jar/db.swift:42"}"#,
            .service("The jar had a problem on its side. Please try again later.")
        ),
        (500, "<html>", .service("The jar had a problem on its side. Please try again later.")),
        (
            501, #"{"detail":"Not Implemented by nginx/1.25"}"#,
            .service("The jar had a problem on its side. Please try again later.")
        ),
        (507, "", .service("The jar had a problem on its side. Please try again later.")),
    ])
    func problemsMapToScreenErrors(status: Int, body: String, expected: ChangeJarError) async {
        let client = ActionsClient.live(baseURL: Self.server) { request in
            (
                Data(body.utf8),
                HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: nil, headerFields: nil)!
            )
        }
        await #expect(throws: expected) { try await client.all(nil) }
    }

    @Test func unreadableAnswersAndDroppedConnectionsAreErrorsNotCrashes() async {
        let garbage = ActionsClient.live(baseURL: Self.server) { request in
            (
                Data(#"{"items":[{"id":1}]}"#.utf8),
                HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
            )
        }
        await #expect(throws: ChangeJarError.service("Something went wrong. Please try again.")) {
            try await garbage.all(nil)
        }
        let dropped = ActionsClient.live(baseURL: Self.server) { _ in throw URLError(.networkConnectionLost) }
        await #expect(throws: ChangeJarError.unreachable) { try await dropped.search("x", nil) }
    }

    @Test func requestsCarryTheRouteQueryAndBearer() async throws {
        let seen = SeenRequests()
        let client = ActionsClient.live(baseURL: URL(string: "http://example.com/base/")!) { request in
            seen.append(request)
            let page = #"{"items":[]}"#
            return (
                Data(page.utf8),
                HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
            )
        }
        _ = try await client.search("café & tea", "c1")
        _ = try await client.mine("tok", nil)
        let requests = seen.all
        #expect(requests[0].url?.path == "/base/changejar/v1/actions/search")
        let items = URLComponents(url: requests[0].url!, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items.first { $0.name == "q" }?.value == "café & tea")
        #expect(items.first { $0.name == "cursor" }?.value == "c1")
        #expect(requests[0].value(forHTTPHeaderField: "Authorization") == nil)
        #expect(requests[1].value(forHTTPHeaderField: "Authorization") == "Bearer tok")
    }
}

extension SettingsAndStorageTests {
    @Test func everyFailedCallPostsServiceErrorOccurred() async {
        let center = NotificationCenter()
        let messages = SeenMessages()
        let observer = center.addObserver(forName: .serviceErrorOccurred, object: nil, queue: nil) { note in
            messages.append(note.userInfo?["message"] as? String ?? "")
        }
        defer { center.removeObserver(observer) }
        let problem = ActionsClient.live(
            baseURL: Self.server,
            send: { request in
                (
                    Data(#"{"detail":"No action with this id.","status":404}"#.utf8),
                    HTTPURLResponse(url: request.url!, statusCode: 404, httpVersion: nil, headerFields: nil)!
                )
            }, errorReporter: .notificationCenter(center))
        await #expect(throws: ChangeJarError.notFound) { try await problem.delete("t", "x") }
        let offline = ActionsClient.live(
            baseURL: Self.server, send: { _ in throw URLError(.cannotConnectToHost) },
            errorReporter: .notificationCenter(center))
        await #expect(throws: ChangeJarError.unreachable) { try await offline.all(nil) }
        #expect(messages.all.count == 2)
        #expect(messages.all.first == "No action with this id.")
    }
}

/// Messages an observer saw.
final class SeenMessages: Sendable {
    private let messages = Locked<[String]>([])

    func append(_ message: String) { messages.withLock { $0.append(message) } }
    var all: [String] { messages.withLock { $0 } }
}

/// Requests a stub transport saw.
final class SeenRequests: Sendable {
    private let requests = Locked<[URLRequest]>([])

    func append(_ request: URLRequest) { requests.withLock { $0.append(request) } }
    var all: [URLRequest] { requests.withLock { $0 } }
}
