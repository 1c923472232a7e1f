import Foundation
import Testing

@testable import HTTPServer

/// NUL on Quartet's own APIs: a 400 naming the parameter in a path or a query, a 422 naming the field in a body.
@Suite struct NULRefusalTests {
    private func client() -> TestClient {
        var router = Router()
        router.group("", middleware: [NULRefusalMiddleware()]) { api in
            api.get("/things/:id") { request in .text("thing \(try request.parameter("id"))") }
        }
        router.get("/open/:id") { request in .text("open \(try request.parameter("id"))") }
        return TestClient(router: router, middleware: [ErrorMiddleware()])
    }

    @Test func aNulInAPathParameterOrAQueryIsA400NamingIt() async throws {
        let client = client()
        let path = try await client.get("/things/a%00b")
        #expect(path.status == .badRequest)
        #expect(path.bodyText.contains(#""field":"id""#), "\(path.bodyText)")
        let value = try await client.get("/things/42?sessionID=%00")
        #expect(value.status == .badRequest)
        #expect(value.bodyText.contains(#""field":"sessionID""#), "\(value.bodyText)")
        // A NUL in a parameter's name: named without it.
        let name = try await client.get("/things/42?session%00ID=1")
        #expect(name.status == .badRequest)
        #expect(name.bodyText.contains(#""field":"sessionID""#), "\(name.bodyText)")
        #expect(!name.bodyText.contains(#"\u0000"#))
    }

    @Test func cleanRequestsAndRoutesOutsideTheGroupPassThrough() async throws {
        let client = client()
        let clean = try await client.get("/things/42?sessionID=s-1&text=caf%C3%A9")
        #expect(clean.status == .ok)
        #expect(clean.bodyText == "thing 42")
        // The stand-ins' routes are outside it: they answer as their services do.
        let open = try await client.get("/open/a%00b")
        #expect(open.status == .ok)
    }

    private struct Body: Decodable {
        struct Guest: Decodable { var name: String }
        enum Kind: String, Decodable { case plain }
        var title: String
        var note: String?
        var kind: Kind
        var guests: [Guest]
        var answers: [String: String]
        var scores: [Int]
        var when: Date?
    }

    private func decode(_ json: String) throws -> Body {
        try Request(method: .post, path: "/", body: Data(json.utf8)).decode(Body.self)
    }

    @Test(arguments: [
        (#"{"title":"a\u0000","kind":"plain","guests":[],"answers":{},"scores":[]}"#, "title"),
        (#"{"title":"a","note":"\u0000","kind":"plain","guests":[],"answers":{},"scores":[]}"#, "note"),
        (
            #"{"title":"a","kind":"plain","guests":[{"name":"x"},{"name":"y\u0000"}],"answers":{},"scores":[]}"#,
            "guests.1.name"
        ),
        (#"{"title":"a","kind":"plain","guests":[],"answers":{"k":"v\u0000"},"scores":[]}"#, "answers.k"),
        (#"{"title":"a","kind":"plain","guests":[],"answers":{"k\u0000":"v"},"scores":[]}"#, "answers.k"),
    ])
    func aNulInAnyStringTheBodyReadsIsA422NamingItsPath(json: String, field: String) throws {
        let error = #expect(throws: HTTPError.self) { try decode(json) }
        #expect(error?.status == .unprocessableContent)
        #expect(error?.extensions["field"] == field)
    }

    @Test func propertiesTheBodyDoesNotReadAreNotLookedAt() throws {
        let body = try decode(
            #"{"title":"a","kind":"plain","guests":[],"answers":{"k":"v"},"scores":[1],"when":"2026-12-02T09:00:00Z","extra":"\u0000","more":{"\u0000":1}}"#
        )
        #expect(body.title == "a")
        #expect(body.scores == [1])
    }
}
