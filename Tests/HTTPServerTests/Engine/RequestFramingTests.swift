import Foundation
import TestSupport
import Testing

@testable import HTTPServer

/// What decides where a request ends and whom it is for, refused before a handler runs when it is ambiguous
/// (RFC 9112 §3.2, §6.1, §6.3), and an absolute-form target routed by its path (§3.2.2).
@Suite struct RequestFramingTests {
    private static func exchange(_ request: String, port: UInt16) throws -> RawConnection.Reply {
        // NB: the default receive timeout: a server that never answers still fails (its idle timeout closes the
        // connection unanswered), and a starved one that answers late no longer does (it was 10 s).
        let connection = try RawConnection(port: port)
        try connection.send(request)
        return try connection.readResponse()
    }

    private static func problem(_ reply: RawConnection.Reply) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: reply.body)) as? [String: Any]
    }

    @Test(arguments: [
        "POST /echo HTTP/1.1\r\nHost: q\r\nContent-Length: 2\r\nContent-Length: 40\r\n\r\nhi",
        "POST /echo HTTP/1.1\r\nHost: q\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n",
        "POST /echo HTTP/1.1\r\nHost: q\r\nTransfer-Encoding: chunked, gzip\r\n\r\n2\r\nhi\r\n0\r\n\r\n",
        "GET /hello/x HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n",
    ])
    func anAmbiguousRequestGets400(_ request: String) async throws {
        try await withServer(router: echoRouter()) { server in
            let port = server.port
            let reply = try await blocking { try Self.exchange(request, port: port) }
            #expect(reply.status == 400, "\(reply.text)")
            #expect(reply.header("Content-Type") == "application/problem+json")
            #expect(Self.problem(reply)?["status"] as? Int == 400)
        }
    }

    /// Header lines RFC 9112 tells a server to refuse, which libmicrohttpd took and a proxy in front may read
    /// otherwise: whitespace before the colon (MHD kept a field named `Transfer-Encoding ` and framed the body by
    /// `Content-Length`), a folded line (MHD appended it to the field's name), a name with a space, a bare CR.
    @Test(arguments: [
        "POST /echo HTTP/1.1\r\nHost: q\r\nTransfer-Encoding : chunked\r\nContent-Length: 2\r\n\r\nhi",
        "POST /echo HTTP/1.1\r\nHost: q\r\nContent-Length: 2\r\nTransfer-Encoding:\r\n chunked\r\n\r\nhi",
        "GET /hello/x HTTP/1.1\r\nHost: q\r\nX-A: 1\r\n\t2\r\n\r\n",
        "GET /hello/x HTTP/1.1\r\nHost: q\r\nX-Forwarded For: 10.0.0.1\r\n\r\n",
        "GET /hello/x HTTP/1.1\r\nHost: q\r\nX-A: a\rb\r\n\r\n",
    ])
    func aMalformedHeaderLineGets400(_ request: String) async throws {
        try await Self.expectRefused(request)
    }

    /// A NUL inside a header value, where libmicrohttpd 0.9.75 ends the value (it measures values with `strlen`), so
    /// the server read `q` where a proxy in front may read `q<NUL>.evil`; RFC 9110 §5.5 lets a recipient refuse it.
    @Test(arguments: [
        "GET /hello/x HTTP/1.1\r\nHost: q\r\nX-A: ab\u{0}cd\r\nX-B: 1\r\n\r\n",
        "GET /hello/x HTTP/1.1\r\nHost: q\r\nX-A: ab\u{0}cd\r\n\r\n",
        "GET /hello/x HTTP/1.1\r\nHost: q\r\nX-A: ab\u{0}\r\nX-B: 1\r\n\r\n",
        "GET /hello/x HTTP/1.1\r\nHost: q\r\nX-A: \u{0}cd\r\n\r\n",
        "GET /hello/x HTTP/1.1\nHost: q\u{0}.evil\nX-B: 1\n\n",
        "POST /echo HTTP/1.1\r\nHost: q\r\nContent-Length: 2\u{0}0\r\n\r\nhi",
    ])
    func aNULInAHeaderValueGets400(_ request: String) async throws {
        try await Self.expectRefused(request)
    }

    /// Sends `request` on a socket of its own: it must get a 400 problem that closes the connection.
    private static func expectRefused(_ request: String) async throws {
        try await withServer(router: echoRouter()) { server in
            let port = server.port
            let reply = try await blocking { try Self.exchange(request, port: port) }
            #expect(reply.status == 400, "\(reply.text)")
            #expect(reply.header("Content-Type") == "application/problem+json")
            #expect(reply.header("Connection") == "close")
        }
    }

    /// What the NUL check must not refuse: bare LF line ends, mixed line ends, and many long lines (past where MHD
    /// grows its read buffer).
    @Test(arguments: [
        "GET /hello/x HTTP/1.1\nHost: q\nX-A: 1\nX-B:\n\n",
        "GET /hello/x HTTP/1.1\r\nHost: q\nX-A: 1\r\nX-B: 2\n\r\n",
        "GET /hello/x HTTP/1.1\r\nHost: q\r\n"
            + (0..<40).map { "X-Long-\($0): \(String(repeating: "v", count: 1_000))\r\n" }.joined() + "\r\n",
    ])
    func headerLinesWithoutNULPass(_ request: String) async throws {
        try await withServer(router: echoRouter()) { server in
            let port = server.port
            let reply = try await blocking { try Self.exchange(request, port: port) }
            #expect(reply.status == 200, "\(reply.text)")
            #expect(reply.text == "hello x q=-")
        }
    }

    /// What the line check must not refuse: any amount of whitespace around a value, an empty value, a tab inside
    /// one, a name with every kind of token character.
    @Test func wellFormedHeaderLinesPass() async throws {
        try await withServer(router: echoRouter()) { server in
            let port = server.port
            let reply = try await blocking {
                try Self.exchange(
                    "GET /hello/x HTTP/1.1\r\nHost:q\r\nX-Spaced:    a \r\nX-Tab:\tb\tc\r\nX-Empty:\r\n"
                        + "X-Empty-Too: \r\nx!#$%&'*+.^_`|~9: d\r\n\r\n", port: port)
            }
            #expect(reply.status == 200, "\(reply.text)")
            #expect(reply.text == "hello x q=-")
        }
    }

    /// A list in one `Content-Length` line libmicrohttpd refuses itself (with its own HTML 400, before any hook).
    @Test func aListOfLengthsInOneLineIsRefused() async throws {
        try await withServer(router: echoRouter()) { server in
            let port = server.port
            let reply = try await blocking {
                try Self.exchange("POST /echo HTTP/1.1\r\nHost: q\r\nContent-Length: 2, 40\r\n\r\nhi", port: port)
            }
            #expect(reply.status == 400)
        }
    }

    /// A coding before `chunked` that the server does not decode: 501 at once, not a wait for the idle timeout.
    @Test(arguments: ["gzip, chunked", "gzip\r\nTransfer-Encoding: chunked"])
    func anUnsupportedTransferCodingGets501(_ codings: String) async throws {
        try await withServer(router: echoRouter()) { server in
            let port = server.port
            let request = "POST /echo HTTP/1.1\r\nHost: q\r\nTransfer-Encoding: \(codings)\r\n\r\n"
            let reply = try await blocking { try Self.exchange(request, port: port) }
            #expect(reply.status == 501, "\(reply.text)")
            #expect(reply.header("Content-Type") == "application/problem+json")
        }
    }

    /// What is not ambiguous still passes: the same length twice, and a chunked body.
    @Test func aRepeatedEqualLengthAndAChunkedBodyAreServed() async throws {
        try await withServer(router: echoRouter()) { server in
            let port = server.port
            let same = try await blocking {
                try Self.exchange(
                    "POST /echo HTTP/1.1\r\nHost: q\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nhi", port: port)
            }
            #expect(same.status == 200)
            #expect(same.text == "hi")
            let chunked = try await blocking {
                try Self.exchange(
                    "POST /echo HTTP/1.1\r\nHost: q\r\nTransfer-Encoding: Chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n",
                    port: port)
            }
            #expect(chunked.status == 200)
            #expect(chunked.text == "hi")
        }
    }

    /// `GET http://host/path` is the same request as `GET /path` with `Host: host`.
    @Test func anAbsoluteFormTargetIsRoutedByItsPath() async throws {
        var router = echoRouter()
        router.get("/host") { request in .text(request.headers["Host"] ?? "-") }
        try await withServer(router: router) { server in
            let port = server.port
            let hello = try await blocking {
                try Self.exchange(
                    "GET http://quartet.example/hello/abs?q=1 HTTP/1.1\r\nHost: other\r\n\r\n", port: port)
            }
            #expect(hello.status == 200, "\(hello.text)")
            #expect(hello.text == "hello abs q=1")
            let host = try await blocking {
                try Self.exchange("GET HTTPS://quartet.example:8443/host HTTP/1.1\r\nHost: other\r\n\r\n", port: port)
            }
            #expect(host.text == "quartet.example:8443")
        }
    }

    @Test func absoluteFormIsToldFromOriginForm() {
        #expect(ServerCore.absoluteForm("/a/b") == nil)
        #expect(ServerCore.absoluteForm("*") == nil)
        #expect(ServerCore.absoluteForm("http://h") ?? ("", "") == ("h", "/"))
        #expect(ServerCore.absoluteForm("http://h:1/x/y") ?? ("", "") == ("h:1", "/x/y"))
    }
}
