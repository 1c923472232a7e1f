import Foundation
import HTTPServer

/// `GET /openapi.json`: the OpenAPI 3.1 description of every route the server registered.
struct OpenAPIController: Sendable {
    /// The encoded document, built once at start.
    var document: Data

    init(document: OpenAPIDocument) throws {
        var all = document
        all.add(Self.operations)
        self.document = try Response.jsonEncoder.encode(all.json)
    }

    static let operations = [
        APIOperation(.get, "/openapi.json", summary: "This OpenAPI document", tag: "server")
    ]

    func register(on router: inout Router) {
        let body = document
        router.get("/openapi.json") { _ in
            Response(status: .ok, headers: ["Content-Type": "application/json"], body: body)
        }
    }
}
