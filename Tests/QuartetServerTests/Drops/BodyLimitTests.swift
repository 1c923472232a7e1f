import Foundation
import HTTPServer
import TestSupport
import Testing

/// The whole server over real sockets refuses a body too large for its route before reading it: a form's route
/// took up to the server's limit (40 MiB, which uploads need) into memory and refused it only once it was all in.
@Suite("Body limits as wired", .timeLimit(.minutes(5)))
struct BodyLimitTests {
    /// A sign-in, a Change Jar action and an unknown path each answer 413 to a `Content-Length` of 10 MiB before a
    /// byte of the body is sent. NB: the receive timeout ends the test if the server waits for the body instead.
    @Test func aFormsRouteRefusesALargeBodyAtItsHeaders() async throws {
        try await LiveComposedServer.with { live in
            let port = live.server.port
            for path in ["/attendee/v1/auth/signin", "/changejar/v1/actions", "/nowhere"] {
                let reply = try await blocking { () -> RawConnection.Reply in
                    let connection = try RawConnection(port: port, timeoutSeconds: 20)
                    try connection.send(
                        "POST \(path) HTTP/1.1\r\nHost: q\r\nContent-Type: application/json\r\n"
                            + "Content-Length: \(10 << 20)\r\n\r\n{")
                    return try connection.readResponse()
                }
                #expect(reply.status == 413, "\(path): \(reply.text)")
                #expect(reply.header("Content-Type") == "application/problem+json", "\(path)")
            }
            #expect(try await live.answersAFreshRequest())
        }
    }
}
