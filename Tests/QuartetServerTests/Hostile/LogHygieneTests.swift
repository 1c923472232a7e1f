import Foundation
import HTTPServer
import HTTPTypes
import QuartetServer
import Testing

/// Secrets never reach the log: a canary password and token sent through every route, in every place a client
/// might put one, and the real session tokens of each domain, appear in no log line and in no error body.
@Suite struct LogHygieneTests {
    @Test func noCanaryOrSessionTokenAppearsInAnyLogLineOrErrorBody() async throws {
        let server = try await ComposedServer.make()
        defer { server.remove() }
        let password = "canary-password-\(UUID().uuidString)"
        let token = "canary-token-\(UUID().uuidString)"
        let callers = try await SignedInCallers.make(server.client, password: password)

        // Sign-in attempts that carry the canaries the way each domain expects them.
        _ = try await server.client.post(
            "/attendee/v1/auth/signin", json: ["email": "hostile@example.com", "password": password])
        _ = try await server.client.post(
            "/attendee/v1/auth/signin", json: ["email": "hostile@example.com", "password": password + "-wrong"])
        _ = try await server.client.post(
            "/services/oauth2/token",
            body: Data("grant_type=password&client_id=c&username=rep%40quartet.dev&password=\(password)".utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        _ = try await server.client.post(
            "/services/oauth2/token", body: Data("grant_type=refresh_token&client_id=c&refresh_token=\(token)".utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded"])

        var errorBodies: [(String, String)] = []
        for operation in server.application.openAPI.operations where !operation.path.hasSuffix("/auth/signout") {
            let target = callers.target(operation.path) + "?access_token=\(token)&token=\(token)&password=\(password)"
            let body = try JSONSerialization.data(withJSONObject: [
                "password": password, "token": token, "refresh_token": token, "email": "hostile@example.com",
            ])
            for authorization in [callers.authorization(for: operation.path), "Bearer \(token)"].compactMap({ $0 }) {
                let response = try await server.client.request(
                    operation.method, target,
                    headers: ["Authorization": authorization, "Content-Type": "application/json", "Cookie": token],
                    body: operation.method.takesBody ? body : Data())
                if response.status.rawValue >= 400 {
                    errorBodies.append(("\(operation.method.rawValue) \(operation.path)", response.bodyText))
                }
            }
        }

        let secrets = [password, token, callers.attendeeToken, callers.changeJarToken, callers.salesforceToken]
        let lines = server.logLines
        #expect(lines.count > 50, "the access log should have a line per request")
        for secret in secrets {
            let leaking = lines.filter { $0.contains(secret) }
            #expect(leaking.isEmpty, "a secret is logged: \(leaking.prefix(2))")
        }
        #expect(!errorBodies.isEmpty)
        for (operation, body) in errorBodies {
            #expect(!secrets.contains { body.contains($0) }, "\(operation) echoes a secret: \(body.prefix(200))")
            #expect(HostileCorpus.leaks(in: body).isEmpty, "\(operation) leaks internals: \(body.prefix(200))")
        }
    }
}
