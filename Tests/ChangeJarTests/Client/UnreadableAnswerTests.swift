import APIClient
import ChangeJarCore
import ChangeJarModels
import Foundation
import Locking
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the live client makes of a server answer it cannot wholly read: a list keeps the actions it can read; a body
/// that is no page at all is said as unexpected, never as an empty jar; one that is no JSON at all is not the jar's.
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

    /// A captive portal (hotel or airport Wi-Fi before its terms are accepted) answers every request 200 with its
    /// sign-in page. That is the jar out of reach, not a fault of the jar: nothing was read, sent or deleted.
    @Test func anHTMLPageSentWith200IsTheJarOutOfReach() async {
        let client = Self.client(answering: "<html><body>Sign in to the hotel Wi-Fi</body></html>")
        let calls: [@Sendable () async throws -> Void] = [
            { _ = try await client.all(nil) }, { _ = try await client.new(nil, nil, nil) },
            { _ = try await client.newCount(nil, nil) }, { _ = try await client.mine("t", nil) },
            { _ = try await client.search("walk", nil) }, { _ = try await client.action(nil, "a1") },
            {
                _ = try await client.create(
                    "t", NewAction(title: "a", content: "b", authSource: .google, providerUserID: "u"))
            },
            { _ = try await client.edit("t", "a1", ActionEdit(title: "a", content: "b")) },
            { try await client.delete("t", "a1") }, { _ = try await client.profile("t") },
        ]
        for call in calls {
            await #expect(throws: ChangeJarError.unreachable) { try await call() }
        }
    }

    /// All Actions behind a captive portal shows the actions saved on this device, as when the jar is down.
    @MainActor @Test func allActionsBehindACaptivePortalShowsTheSavedCopy() async {
        let portal = Locked(false)
        let page = #"{"items":[\#(Self.good)]}"#
        let clock = ChangeJarClock(now: { Date(timeIntervalSince1970: 0) }, sleep: { _ in })
        let actions = ActionsClient.live(
            baseURL: URL(string: "http://jar.test")!,
            send: { request in
                let response = HTTPURLResponse(
                    url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])!
                return (Data((portal.withLock { $0 } ? "<html>Accept our terms</html>" : page).utf8), response)
            },
            errorReporter: .silent)
        let signIn = SignInService(
            providers: ProviderSignIn(availableSources: [.google]) { _ in
                throw ChangeJarError.signInFailed("not part of the test")
            },
            identity: CognitoIdentityClient(getID: { _, _ in "" }, getOpenIDToken: { id, _ in (id, "") }),
            identityPoolID: "us-east-1:5d8b7c2e-0f3a-4c1e-9a6b-2f4d8e1c7a90", clock: clock)
        let app = AppModel(
            dependencies: ChangeJarDependencies(signIn: signIn, actions: actions, cache: .inMemory(), clock: clock))
        await app.all.refreshPulled()
        #expect(app.all.rows.map(\.title) == ["Walk more"])

        portal.withLock { $0 = true }
        await app.all.refreshPulled()
        #expect(
            app.all.banner == .notice("The jar can't be reached right now. Showing the actions saved on this device."))
        #expect(app.all.isShowingSavedCopy)
        #expect(app.all.rows.map(\.title) == ["Walk more"])
    }
}
