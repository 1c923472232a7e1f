import Foundation
import HTTPServer
import HTTPTypes
import SalesforceDevServer
import Testing

/// The token endpoint reflects only a well-formed address into `instance_url`, and honours a refresh token only
/// for the client it was issued to.
@Suite struct OAuthFidelityTests {
    let form = ["Content-Type": "application/x-www-form-urlencoded"] as HTTPHeaders

    @Test(
        arguments: [
            (["Host": "evil.example.com", "X-Forwarded-Proto": "javascript"], "http://127.0.0.1:9999"),
            (["Host": "evil.example.com/x?y", "X-Forwarded-Proto": "https"], "http://127.0.0.1:9999"),
            (["Host": "a b:80"], "http://127.0.0.1:9999"), (["Host": "host:99999"], "http://127.0.0.1:9999"),
            (["Host": "sales.example.com:8443", "X-Forwarded-Proto": "https"], "https://sales.example.com:8443"),
            (["Host": "[::1]:8080"], "http://[::1]:8080"), (["Host": "127.0.0.1:8080"], "http://127.0.0.1:8080"),
        ] as [([String: String], String)])
    func onlyAWellFormedAddressIsReflectedIntoTheInstanceURL(headers: [String: String], expected: String)
        async throws
    {
        let service = try await SalesforceDevService.start(
            store: try .inMemory(),
            configuration: .init(instanceURL: nil, ownURL: URL(string: "http://127.0.0.1:9999")))
        var router = Router()
        service.register(on: &router)
        var all = HTTPHeaders(headers.map { ($0.key, $0.value) })
        all["Content-Type"] = "application/x-www-form-urlencoded"
        let body = "grant_type=password&client_id=app&username=rep%40quartet.dev&password=quartet-sales"
        let response = try await router.respond(
            to: Request(method: .post, target: "/services/oauth2/token", headers: all, body: Data(body.utf8)))
        let token = try JSONDecoder().decode([String: String].self, from: response.bodyData)
        #expect(token["instance_url"] == expected)
    }

    @Test func aRefreshTokenWorksOnlyForTheClientItWasIssuedTo() async throws {
        let harness = try await DevServerHarness.make()
        let login = try await harness.send(
            .post, "/services/oauth2/token",
            body: Data("grant_type=password&client_id=app&username=rep%40quartet.dev&password=quartet-sales".utf8),
            headers: form)
        let refresh = try #require(
            try JSONDecoder().decode([String: String].self, from: login.bodyData)["refresh_token"])
        let other = try await harness.send(
            .post, "/services/oauth2/token",
            body: Data("grant_type=refresh_token&client_id=other&refresh_token=\(refresh)".utf8), headers: form)
        #expect(other.status == .badRequest)
        #expect(try JSONDecoder().decode([String: String].self, from: other.bodyData)["error"] == "invalid_grant")
        let same = try await harness.send(
            .post, "/services/oauth2/token",
            body: Data("grant_type=refresh_token&client_id=app&refresh_token=\(refresh)".utf8), headers: form)
        #expect(same.status == .ok)
    }
}
