import Foundation
import Testing

@testable import HTTPServer

@Suite("Router through TestClient")
struct RouterTests {
    private func router() -> Router {
        var router = Router()
        router.get("/users/:name") { request in .text("user \(try request.parameter("name"))") }
        router.put("/users/:name") { _ in .noContent }
        router.get("/files/*path") { request in .text("file \(try request.parameter("path"))") }
        router.get("/search") { request in .text("q=\(request.query["q"] ?? "")") }
        router.post("/items") { request in
            struct Item: Codable { var title: String }
            let item = try request.decode(Item.self)
            return try .json(item, status: .created)
        }
        return router
    }

    /// A path a literal pattern names is that resource: other methods are 405 with its methods, not a
    /// request to the parameter pattern beside it, whichever was registered first.
    @Test func aLiteralSegmentOwnsItsPathAgainstAParameterRegisteredFirst() async throws {
        var router = Router()
        router.get("/actions/:id") { request in .text("action \(try request.parameter("id"))") }
        router.put("/actions/:id") { _ in .noContent }
        router.get("/actions/mine") { _ in .text("mine") }
        router.get("/actions/:id/comments") { _ in .text("comments") }
        let client = TestClient(router: router)
        #expect(try await client.get("/actions/mine").bodyText == "mine")
        #expect(try await client.get("/actions/42").bodyText == "action 42")
        #expect(try await client.get("/actions/mine/comments").bodyText == "comments")
        let put = try await client.request(.put, "/actions/mine", headers: [:], body: Data())
        #expect(put.status == .methodNotAllowed)
        #expect(put.headers["Allow"] == "GET, HEAD")
        #expect(try await client.request(.put, "/actions/42", headers: [:], body: Data()).status == .noContent)
    }

    @Test func answers404WithAProblemForAnUnknownPath() async throws {
        let response = try await TestClient(router: router()).get("/nowhere")
        #expect(response.status == .notFound)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        let problem = try JSONSerialization.jsonObject(with: response.bodyData) as? [String: Any]
        #expect(problem?["status"] as? Int == 404)
        #expect(problem?["title"] as? String == "Not Found")
    }

    @Test func answers405WithAllowListingTheMethods() async throws {
        let response = try await TestClient(router: router()).delete("/users/ann")
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "GET, PUT, HEAD")
    }

    @Test func decodesPercentEncodedParametersAndQueries() async throws {
        let client = TestClient(router: router())
        #expect(try await client.get("/users/Z%C3%BCrich%20Team").bodyText == "user Zürich Team")
        #expect(try await client.get("/search?q=caf%C3%A9+au+lait").bodyText == "q=café au lait")
        #expect(try await client.get("/files/a/b/c.txt").bodyText == "file a/b/c.txt")
    }

    /// An encoded slash belongs to its segment: it must neither add a segment nor miss the route.
    @Test func aSlashAfterAPrependedMarkStillSeparatesSegments() async throws {
        let client = TestClient(router: router())
        let response = try await client.get("/users/ana\u{600}/extra")
        #expect(response.status == .notFound, "\(response.bodyText)")
    }

    @Test func encodedSlashStaysInsideItsSegment() async throws {
        let client = TestClient(router: router())
        #expect(try await client.get("/users/001%2Fx").bodyText == "user 001/x")
        #expect(try await client.get("/users/a%2F..%2Fadmin").bodyText == "user a/../admin")
    }

    @Test func headUsesTheGetRouteAndSendsNoBody() async throws {
        let response = try await TestClient(router: router()).head("/users/ann")
        #expect(response.status == .ok)
        #expect(response.bodyData.isEmpty)
    }

    /// Tags every response of its group.
    private struct GroupTag: Middleware {
        func handle(_ request: Request, next: Handler) async throws -> Response {
            var response = try await next(request)
            response.headers["X-Group"] = "admin"
            return response
        }
    }

    @Test func groupsApplyTheirPrefixAndMiddlewareOnlyToTheirRoutes() async throws {
        var router = Router()
        router.group("/admin/:tenant", middleware: [GroupTag()]) { admin in
            admin.get("/stats") { request in .text("stats for \(try request.parameter("tenant"))") }
        }
        router.get("/public") { _ in .text("public") }
        let client = TestClient(router: router)
        let admin = try await client.get("/admin/acme/stats")
        #expect(admin.bodyText == "stats for acme")
        #expect(admin.headers["X-Group"] == "admin")
        #expect(try await client.get("/public").headers["X-Group"] == nil)
    }

    @Test func mapsJSONDecodingFailuresTo400And422() async throws {
        let client = TestClient(router: router())
        let malformed = try await client.post("/items", body: Data("{not json".utf8))
        #expect(malformed.status == .badRequest)
        let missing = try await client.post("/items", json: ["name": "x"])
        #expect(missing.status == .unprocessableContent)
        #expect(missing.bodyText.contains("\"field\":\"title\""))
        let created = try await client.post("/items", json: ["title": "Walk"])
        #expect(created.status == .created)
    }

    /// Dates are read to the whole second answers carry, so a date sent back unchanged is the same date.
    @Test func datesAreReadToTheWholeSecond() throws {
        struct Event: Codable, Equatable { var startsAt: Date }
        let body = Data(#"{"startsAt":"2026-03-01T09:00:00.789+01:00"}"#.utf8)
        let read = try Request(method: .post, path: "/", body: body).decode(Event.self)
        #expect(read.startsAt == Date(timeIntervalSince1970: 1_772_352_000))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let again = try Request(method: .post, path: "/", body: try encoder.encode(read)).decode(Event.self)
        #expect(again == read)
        let bad = Data(#"{"startsAt":"1 March 2026"}"#.utf8)
        #expect(throws: HTTPError.self) { try Request(method: .post, path: "/", body: bad).decode(Event.self) }
    }
}

/// A route's body limit, held the same way without sockets (``TestClient``, ``Router/respond(to:)``).
@Suite struct RouterBodyLimitTests {
    @Test func aBodyOverItsRoutesLimitIs413AndOneUnderIsServed() async throws {
        var router = Router()
        router.bodyLimit = 8
        router.post("/form") { request in .text("\(request.body.count)") }
        router.on(.post, "/import", bodyLimit: 64) { request in .text("\(request.body.count)") }
        let client = TestClient(router: router)
        let over = try await client.request(.post, "/form", headers: [:], body: Data(count: 9))
        #expect(over.status == .contentTooLarge)
        #expect(over.bodyText.contains("larger than 8 bytes"))
        #expect(try await client.request(.post, "/form", headers: [:], body: Data(count: 8)).bodyText == "8")
        #expect(try await client.request(.post, "/import", headers: [:], body: Data(count: 64)).bodyText == "64")
        let lookup = router.bodyLimits()
        #expect(lookup(Request(method: .post, path: "/form")) == 8)
        #expect(lookup(Request(method: .post, path: "/import")) == 64)
        #expect(lookup(Request(method: .post, path: "/elsewhere")) == 8)
        #expect(Router().bodyLimits()(Request(method: .post, path: "/form")) == nil)
    }
}
