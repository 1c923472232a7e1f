import ChangeJarModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import HTTPTypes
import Testing

@testable import ChangeJarServer

/// Requests an API client could send to break the jar (NUL and broken UTF-8 in a query, a path or a body, cursors
/// and limits no server issued, JSON that is not an action, an id far longer than any): each answers a 4xx, or a
/// page, never a 500, on both engines. Written in a review that found none; kept so none comes back.
@Suite struct AdversarialProbeTests {
    @Test(arguments: DatabaseKind.eachDialect)
    func hostileRequestsAreNeverAServerFault(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let token = try await server.signIn(.google, "alice")
            let action = try await server.create("Walk", user: "alice", token: token)
            let targets = [
                "/changejar/v1/actions/search?q=a%00b", "/changejar/v1/actions/search?q=%FF%FE",
                "/changejar/v1/actions/search?q=%E2%80%AE", "/changejar/v1/actions/search?q=walk&cursor=%00",
                "/changejar/v1/actions/search?q=walk&cursor=zzzz", "/changejar/v1/actions?cursor=%00",
                "/changejar/v1/actions?cursor=9999999999999999999999",
                "/changejar/v1/actions?limit=99999999999999999999",
                "/changejar/v1/actions/new?since=%00", "/changejar/v1/actions/a%00b",
                "/changejar/v1/actions/\(String(repeating: "x", count: 5000))",
            ]
            for target in targets {
                let answer = try await server.send(.get, target)
                #expect(answer.status.rawValue < 500, "\(target): \(answer.status.rawValue)")
            }
            let bodies = [
                #"{"title":"a\u0000b","content":"c"}"#, #"{"title":"ok","content":"a\u0000b"}"#,
                #"{"title":"\ud800","content":"c"}"#, #"{"title":1e400,"content":"c"}"#, "[", "null", "{}",
                #"{"title":"ok","content":"c","authSource":"myspace"}"#,
            ]
            for body in bodies {
                for (method, path) in [
                    (HTTPMethod.post, "/changejar/v1/actions"), (.put, "/changejar/v1/actions/\(action.id)"),
                    (.put, "/changejar/v1/profile"),
                ] {
                    let answer = await server.send(method, path, token: token, body: Data(body.utf8))
                    #expect(answer.status.rawValue < 500, "\(method) \(path) \(body): \(answer.status.rawValue)")
                }
            }
            let name = await server.send(
                .put, "/changejar/v1/profile", token: token, body: Data(#"{"name":"a\u0000b"}"#.utf8))
            #expect(name.status.rawValue < 500)
        }
    }
}
