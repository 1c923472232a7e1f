import Foundation
import Testing

@testable import HTTPServer

/// Starts a server on 127.0.0.1 port 0 for one test, and stops it after.
func withServer(
    _ configuration: Server.Configuration = Server.Configuration(threadPoolSize: 2, log: .discard),
    router: Router,
    _ body: (Server) async throws -> Void
) async throws {
    let server = Server(configuration: configuration, handler: router.handler())
    try server.start()
    do {
        try await body(server)
    } catch {
        await server.shutdown(gracePeriod: .milliseconds(100))
        throw error
    }
    await server.shutdown(gracePeriod: .seconds(1))
}

func echoRouter() -> Router {
    var router = Router()
    router.get("/hello/:name") { request in
        .text("hello \(try request.parameter("name")) q=\(request.query["q"] ?? "-")")
    }
    router.post("/echo") { request in
        Response(status: .ok, headers: ["Content-Type": "application/octet-stream"], body: request.body)
    }
    return router
}

@Suite("Server over real sockets")
struct ServerTests {
    @Test func answersOnTheBoundPortAndStops() async throws {
        try await withServer(router: echoRouter()) { server in
            #expect(server.port != 0)
            let connection = try RawConnection(port: server.port)
            try connection.send("GET /hello/w%C3%B6rld?q=a+b%2Bc HTTP/1.1\r\nHost: x\r\n\r\n")
            let reply = try connection.readResponse()
            #expect(reply.status == 200)
            #expect(reply.text == "hello wörld q=a b+c")
        }
    }
}
