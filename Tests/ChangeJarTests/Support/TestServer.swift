import APIClient
import ChangeJarModels
import ChangeJarServer
import CognitoDevServer
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import HTTPTypes
import TestSupport
import TokenVerifier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Change Jar server and the Cognito stand-in on one router, over a fresh database, driven without sockets.
struct TestServer: Sendable {
    let router: Router
    let database: any SQLDatabase
    let clock: TestClock
    let cognito: CognitoDevService
    let dataDirectory: URL

    static let poolID = "us-east-1:5d8b7c2e-0f3a-4c1e-9a6b-2f4d8e1c7a90"
    static let baseURL = URL(string: "http://test.local")!

    /// Builds everything over `database`, its data in a new temporary folder (the caller removes it);
    /// `writesPerWindow` sets the write rate limit.
    static func start(_ database: any SQLDatabase, writesPerWindow: Int = 1_000, extraKeys: [JWK] = []) async throws
        -> TestServer
    {
        var migrator = Migrator()
        CognitoDevService.registerMigrations(&migrator)
        ChangeJarService.registerMigrations(&migrator)
        try await migrator.migrate(database)
        let clock = TestClock(Date(timeIntervalSince1970: 1_780_000_000))
        let directory = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("changejar-" + UUID().uuidString.prefix(8).lowercased())
        let cognito = try CognitoDevService(
            database: database,
            configuration: .init(identityPoolID: poolID, dataDirectory: directory),
            now: clock.closure)
        let keySet = JWKS(keys: cognito.keySet.keys + extraKeys)
        let changeJar = try ChangeJarService(
            database: database,
            configuration: ChangeJarConfiguration(
                identityPoolID: poolID, keys: JWKSFetcher { try JSONEncoder().encode(keySet) },
                writesPerWindow: writesPerWindow,
                now: clock.closure))
        var router = Router()
        cognito.register(on: &router)
        changeJar.register(on: &router)
        return TestServer(
            router: router, database: database, clock: clock, cognito: cognito, dataDirectory: directory)
    }

    /// One request through the router and the engine's error mapping (HTTPServer's TestClient, no sockets).
    func respond(_ request: Request) async -> Response {
        do {
            return try await TestClient(router: router).send(request)
        } catch {
            return Response(status: .internalServerError)
        }
    }

    /// A request from parts.
    func send(
        _ method: HTTPMethod, _ target: String, token: String? = nil, json body: (some Encodable)? = String?.none,
        headers: HTTPHeaders = [:]
    ) async throws -> Response {
        var headers = headers
        if let token { headers["Authorization"] = "Bearer \(token)" }
        var data = Data()
        if let body {
            headers["Content-Type"] = headers["Content-Type"] ?? "application/json"
            data = try Self.encoder.encode(body)
        }
        return await respond(Request(method: method, target: target, headers: headers, body: data))
    }

    /// A raw-body request.
    func send(_ method: HTTPMethod, _ target: String, token: String? = nil, body: Data, headers: HTTPHeaders = [:])
        async -> Response
    {
        var headers = headers
        if let token { headers["Authorization"] = "Bearer \(token)" }
        return await respond(Request(method: method, target: target, headers: headers, body: body))
    }

    /// The transport closure the core's clients take: URLRequest in, the router's answer out (in process).
    var transport: @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse) {
        HTTPTransport.inProcess(router).send
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    func decode<T: Decodable>(_ type: T.Type, _ response: Response) throws -> T {
        try Self.decoder.decode(T.self, from: response.bodyData)
    }

    // MARK: - Sign-in through the stand-in, as a client would

    /// A Cognito call: `POST /cognito/` with the AWS JSON 1.1 headers.
    func cognitoCall(_ operation: String, _ body: [String: Any]) async throws -> Response {
        await send(
            .post, "/cognito/", body: try JSONSerialization.data(withJSONObject: body),
            headers: [
                "Content-Type": "application/x-amz-json-1.1",
                "X-Amz-Target": "AWSCognitoIdentityService.\(operation)",
            ])
    }

    /// A provider token from the development sign-in.
    func providerToken(_ provider: AuthSource, _ user: String, name: String? = nil) async throws -> String {
        var body = ["provider": provider.rawValue, "user": user]
        if let name { body["name"] = name }
        let response = try await send(.post, "/cognito/dev/signin", json: body)
        let object = try JSONSerialization.jsonObject(with: response.bodyData) as? [String: Any]
        guard response.status == .ok, let token = object?["token"] as? String else {
            throw HTTPError(response.status, detail: "dev sign-in failed")
        }
        return token
    }

    /// A Cognito OpenID token for `user` at `provider`, through GetId and GetOpenIdToken.
    func signIn(_ provider: AuthSource, _ user: String) async throws -> String {
        let logins = [provider.providerKey: try await providerToken(provider, user)]
        let idResponse = try await cognitoCall("GetId", ["IdentityPoolId": Self.poolID, "Logins": logins])
        let identity = try JSONSerialization.jsonObject(with: idResponse.bodyData) as? [String: Any]
        guard let identityID = identity?["IdentityId"] as? String else {
            throw HTTPError(idResponse.status, detail: "GetId failed")
        }
        let tokenResponse = try await cognitoCall("GetOpenIdToken", ["IdentityId": identityID, "Logins": logins])
        let token = try JSONSerialization.jsonObject(with: tokenResponse.bodyData) as? [String: Any]
        guard let value = token?["Token"] as? String else {
            throw HTTPError(tokenResponse.status, detail: "GetOpenIdToken failed")
        }
        return value
    }

    /// Creates an action as `user` and returns it.
    @discardableResult
    func create(
        _ title: String, content: String = "Some words.", as provider: AuthSource = .google, user: String,
        token: String? = nil
    ) async throws -> Action {
        let bearer: String
        if let token {
            bearer = token
        } else {
            bearer = try await signIn(provider, user)
        }
        let response = try await send(
            .post, "/changejar/v1/actions", token: bearer,
            json: NewAction(title: title, content: content, authSource: provider, providerUserID: user))
        guard response.status == .created else {
            throw HTTPError(response.status, detail: String(decoding: response.bodyData, as: UTF8.self))
        }
        return try decode(Action.self, response)
    }

    /// The private key the stand-in signs with (for forging validly signed tokens in tests).
    func signingKey() throws -> RSAKey {
        let pem = try String(
            contentsOf: dataDirectory.appendingPathComponent("cognito/signing-key.pem"), encoding: .utf8)
        return try RSAKey.privateKey(pem: pem)
    }
}

/// Runs `body` against a fresh server on a fresh database of `kind`, removing both afterwards.
func withServer(
    _ kind: DatabaseKind, writesPerWindow: Int = 1_000, extraKeys: [JWK] = [],
    isolation: isolated (any Actor)? = #isolation,
    _ body: (TestServer) async throws -> Void
) async throws {
    try await withTestDatabase(kind, maximumConnections: 4) { test in
        let server = try await TestServer.start(test.database, writesPerWindow: writesPerWindow, extraKeys: extraKeys)
        defer { try? FileManager.default.removeItem(at: server.dataDirectory) }
        try await body(server)
    }
}

/// The problem document of a response.
func problem(_ response: Response) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: response.bodyData) as? [String: Any]) ?? [:]
}
