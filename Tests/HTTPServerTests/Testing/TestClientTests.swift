import Foundation
import Testing

@testable import HTTPServer

@Suite("TestClient")
struct TestClientTests {
    private func inspector() -> Router {
        var router = Router()
        let describe: Handler = { request in
            .text(
                "\(request.method) \(request.path) \(request.remoteAddress) "
                    + "\(request.headers["Content-Type"] ?? "-") \(request.body.count)")
        }
        router.get("/inspect", describe)
        router.post("/inspect", describe)
        router.put("/inspect", describe)
        return router
    }

    @Test func sendsJSONWithItsContentTypeAndTheConfiguredRemoteAddress() async throws {
        let client = TestClient(router: inspector(), remoteAddress: "192.0.2.7")
        let posted = try await client.post("/inspect", json: ["a": 1])
        #expect(posted.bodyText == "POST /inspect 192.0.2.7 application/json 7")
        let put = try await client.put(
            "/inspect", json: ["a": 1], headers: ["Content-Type": "application/merge-patch+json"])
        #expect(put.bodyText == "PUT /inspect 192.0.2.7 application/merge-patch+json 7")
    }

    @Test func sendsARequestAsGiven() async throws {
        let request = Request(method: .get, target: "/inspect?x=1", remoteAddress: "198.51.100.1")
        let response = try await TestClient(router: inspector()).send(request)
        #expect(response.bodyText == "GET /inspect 198.51.100.1 - 0")
    }

    @Test func headAnswersCarryNoBody() async throws {
        let response = try await TestClient(router: inspector()).head("/inspect")
        #expect(response.status == .ok)
        #expect(response.bodyData.isEmpty)
    }

    @Test func decodesJSONResponses() async throws {
        var router = Router()
        router.get("/item") { _ in try .json(["title": "Walk"]) }
        let item = try await TestClient(router: router).get("/item").decode([String: String].self)
        #expect(item == ["title": "Walk"])
    }
}
