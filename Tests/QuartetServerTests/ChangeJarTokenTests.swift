import ChangeJarModels
import CognitoDevServer
import Database
import Foundation
import HTTPServer
import QuartetServer
import Testing

/// The Change Jar API configured for another identity pool, as it would be for a real one: its key set is fetched
/// over HTTP from a second Cognito stand-in ("the remote pool") with its own pool id and signing key.
@Suite struct ChangeJarTokenTests {
    static let remotePool = "eu-west-1:11111111-2222-4333-8444-555555555555"

    /// A Cognito OpenID token for `user` at `provider` from the Cognito service behind `client`.
    static func token(_ client: TestClient, pool: String, _ provider: AuthSource, _ user: String) async throws
        -> String
    {
        let signIn = try await client.post("/cognito/dev/signin", json: ["provider": provider.rawValue, "user": user])
        let providerToken = try #require(
            try JSONDecoder().decode([String: String].self, from: signIn.bodyData)["token"])
        let logins = [provider.providerKey: providerToken]
        func call(_ operation: String, _ body: [String: Any]) async throws -> [String: Any] {
            let response = try await client.post(
                "/cognito/", body: try JSONSerialization.data(withJSONObject: body),
                headers: [
                    "Content-Type": "application/x-amz-json-1.1",
                    "X-Amz-Target": "AWSCognitoIdentityService.\(operation)",
                ])
            return try #require(try JSONSerialization.jsonObject(with: response.bodyData) as? [String: Any])
        }
        let identityID = try #require(
            try await call("GetId", ["IdentityPoolId": pool, "Logins": logins])["IdentityId"])
        return try #require(
            try await call("GetOpenIdToken", ["IdentityId": identityID, "Logins": logins])["Token"] as? String)
    }

    static func post(_ client: TestClient, token: String, user: String, via provider: AuthSource) async throws
        -> HTTPStatus
    {
        try await client.request(
            .post, "/changejar/v1/actions",
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"],
            body: JSONEncoder().encode(
                NewAction(title: "Walk to work", content: "Mondays.", authSource: provider, providerUserID: user))
        ).status
    }

    @Test func onlyTokensOfTheConfiguredPoolAndProvidersAreAccepted() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quartet-pools-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }

        // The remote pool: its own database, signing key (in its own folder) and pool id, on a port of its own.
        let remoteDatabase = try SQLiteDatabase(url: "sqlite::memory:")
        var migrator = Migrator()
        CognitoDevService.registerMigrations(&migrator)
        try await migrator.migrate(remoteDatabase)
        let remote = try CognitoDevService(
            database: remoteDatabase,
            configuration: .init(
                region: "eu-west-1", identityPoolID: Self.remotePool,
                dataDirectory: folder.appendingPathComponent("remote")))
        var remoteRouter = Router()
        remote.register(on: &remoteRouter)
        let remoteServer = Server(configuration: .init(host: "127.0.0.1", port: 0), handler: remoteRouter.handler())
        try remoteServer.start()
        let remoteClient = TestClient(router: remoteRouter)

        // Quartet, told to trust the remote pool's keys and audience, and Google sign-ins only.
        let jwks = try #require(URL(string: "http://127.0.0.1:\(remoteServer.port)\(CognitoDevService.jwksPath)"))
        let app = try await buildApplication(
            ServerConfiguration(
                port: 0, dataDirectory: folder.appendingPathComponent("quartet"), databaseURL: "sqlite::memory:",
                changeJarTokens: ChangeJarTokenSettings(
                    jwksURL: jwks, identityPoolID: Self.remotePool, providers: [.google])))
        let quartet = TestClient(router: app.router)

        let remoteGoogle = try await Self.token(remoteClient, pool: Self.remotePool, .google, "alice")
        #expect(try await Self.post(quartet, token: remoteGoogle, user: "alice", via: .google) == .created)

        // The same pool, but a provider the configuration does not accept.
        let remoteFacebook = try await Self.token(remoteClient, pool: Self.remotePool, .facebook, "bob")
        #expect(try await Self.post(quartet, token: remoteFacebook, user: "bob", via: .facebook) == .unauthorized)

        // The stand-in's own pool, in the same process: another audience and another signing key.
        let standIn = try await Self.token(
            quartet, pool: "us-east-1:5d8b7c2e-0f3a-4c1e-9a6b-2f4d8e1c7a90", .google, "carol")
        #expect(try await Self.post(quartet, token: standIn, user: "carol", via: .google) == .unauthorized)

        let all = try await quartet.get("/changejar/v1/actions")
        #expect(String(decoding: all.bodyData, as: UTF8.self).contains("Walk to work"))
        await remoteServer.shutdown(gracePeriod: .seconds(1))
        await app.close()
    }
}
