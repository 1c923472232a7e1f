import APIClient
import ChangeJarCore
import ChangeJarModels
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the live client makes of a server answer it cannot wholly read: a list keeps the actions it can read; a body
/// that is no page at all is said as unexpected, never as an empty jar.
@Suite struct UnreadableAnswerTests {
    static let good = #"""
        {"id":"a1","title":"Walk more","content":"Every lunch.","authSource":"google","authorName":"Alice",
        "createdAt":"2026-01-02T03:04:05Z","updatedAt":"2026-01-02T03:04:05Z"}
        """#

    /// A client whose every call is answered 200 with `body`.
    static func client(answering body: String) -> ActionsClient {
        ActionsClient.live(
            baseURL: URL(string: "http://jar.test")!,
            send: { request in
                let response = HTTPURLResponse(
                    url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1",
                    headerFields: ["Content-Type": "application/json"])!
                return (Data(body.utf8), response)
            },
            errorReporter: .silent)
    }

    /// One action of a provider this version does not know (Sign in with Apple, added on the server), and one
    /// without its content: the list shows the rest, and its next page is still there to load.
    @Test func anActionThatDoesNotReadIsLeftOutAndTheRestOfThePageShows() async throws {
        let apple = Self.good.replacingOccurrences(of: #""google""#, with: #""apple""#)
            .replacingOccurrences(of: #""a1""#, with: #""a2""#)
        let noContent = Self.good.replacingOccurrences(of: #""content":"Every lunch.","#, with: "")
            .replacingOccurrences(of: #""a1""#, with: #""a3""#)
        let body = #"{"items":[\#(apple),\#(Self.good),\#(noContent)],"nextCursor":"n","headCursor":"h"}"#
        let client = Self.client(answering: body)
        let pages = [
            try await client.all(nil), try await client.new(nil, nil, nil), try await client.mine("t", nil),
            try await client.search("walk", nil),
        ]
        for page in pages {
            #expect(page.items.map(\.id) == ["a1"])
            #expect(page.nextCursor == "n" && page.headCursor == "h")
        }
    }

    @Test(arguments: [#"{}"#, #"{"items":null}"#, #"{"items":{"id":"a1"}}"#, #"{"items":[{"id":"a1"}]}"#])
    func aBodyThatIsNoPageIsUnexpectedNotAnEmptyJar(_ body: String) async {
        await #expect(throws: ChangeJarError.service("Something went wrong. Please try again.")) {
            _ = try await Self.client(answering: body).all(nil)
        }
    }
}
