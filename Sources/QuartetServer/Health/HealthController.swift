import HTTPServer

/// `GET /health`: a liveness answer for load balancers and `make run` users.
struct HealthController: Sendable {
    var version: String

    struct Status: Codable, Equatable {
        var status: String
        var version: String
    }

    static let operations = [
        APIOperation(
            .get,
            "/health",
            summary: "Liveness check",
            tag: "server",
            responseBody: [
                "type": "object",
                "properties": ["status": ["type": "string"], "version": ["type": "string"]],
                "required": ["status", "version"],
            ]
        )
    ]

    func register(on router: inout Router) {
        router.get("/health") { _ in try .json(Status(status: "ok", version: version)) }
    }
}
