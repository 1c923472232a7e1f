import ChangeJarCore
import ChangeJarModels
import Foundation
import Locking
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The network between the core and the in-process server: can go offline, and records every request.
final class TestNetwork: Sendable {
    private let offline = Locked(false)
    private let down = Locked(false)
    private let answersLost = Locked(false)
    private let jarStatus = Locked<Int?>(nil)
    private let jarAnswersLost = Locked(false)
    private let cognitoStatus = Locked<Int?>(nil)
    private let log = Locked<[(method: String, path: String, query: String?, target: String?)]>([])
    let server: TestServer

    init(server: TestServer) {
        self.server = server
    }

    var isOffline: Bool {
        get { offline.withLock { $0 } }
        set { offline.withLock { $0 = newValue } }
    }

    /// Whether the device has a network but the server refuses every connection (it is down).
    var isDown: Bool {
        get { down.withLock { $0 } }
        set { down.withLock { $0 = newValue } }
    }

    /// Whether each request reaches the server and its answer is then lost (the connection drops on the way back).
    var losesAnswers: Bool {
        get { answersLost.withLock { $0 } }
        set { answersLost.withLock { $0 = newValue } }
    }

    /// A status the jar answers every request with, without doing it (a 500, a 429 in front of it); `nil`: the jar
    /// answers. Cognito still answers.
    var jarAnswers: Int? {
        get { jarStatus.withLock { $0 } }
        set { jarStatus.withLock { $0 = newValue } }
    }

    /// A status Cognito answers every call with, with no body (a fault of its own, a gateway's 503); `nil`: it
    /// answers. The jar still answers.
    var cognitoAnswers: Int? {
        get { cognitoStatus.withLock { $0 } }
        set { cognitoStatus.withLock { $0 = newValue } }
    }

    /// Whether each request to the jar (not Cognito) reaches it and its answer is then lost.
    var losesJarAnswers: Bool {
        get { jarAnswersLost.withLock { $0 } }
        set { jarAnswersLost.withLock { $0 = newValue } }
    }

    /// Requests sent so far as `METHOD /path`.
    var requests: [String] { log.withLock { $0.map { "\($0.method) \($0.path)" } } }

    /// The `q` of every search request sent.
    var searches: [String] {
        log.withLock {
            $0.filter { $0.path.hasSuffix("/actions/search") }.compactMap { entry in
                URLComponents(string: "x:/?" + (entry.query ?? ""))?.queryItems?.first { $0.name == "q" }?.value
            }
        }
    }

    func count(_ request: String) -> Int { requests.filter { $0 == request }.count }

    /// The Cognito operations sent so far (`GetId`, `GetOpenIdToken`), from their `X-Amz-Target`.
    var cognitoCalls: [String] {
        log.withLock { $0.compactMap { $0.target?.split(separator: ".").last.map(String.init) } }
    }

    var send: @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse) {
        let transport = server.transport
        return { request in
            self.log.withLock {
                $0.append(
                    (
                        request.httpMethod ?? "GET", request.url?.path ?? "", request.url?.query,
                        request.value(forHTTPHeaderField: "X-Amz-Target")
                    ))
            }
            let isOffline = self.isOffline
            if isOffline { throw URLError(.notConnectedToInternet) }
            if self.isDown { throw URLError(.cannotConnectToHost) }
            if let status = self.jarAnswers, let url = request.url, url.path.hasPrefix("/changejar/") {
                let problem = #"{"title":"Failure","status":\#(status),"detail":"Try again later."}"#
                let headers = ["Content-Type": "application/problem+json", "Retry-After": "1"]
                return (
                    Data(problem.utf8),
                    HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: headers)!
                )
            }
            if let status = self.cognitoAnswers, let url = request.url,
                request.value(forHTTPHeaderField: "X-Amz-Target") != nil
            {
                return (Data(), HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil)!)
            }
            let answer = try await transport(request)
            if self.losesAnswers { throw URLError(.networkConnectionLost) }
            if self.losesJarAnswers, request.url?.path.hasPrefix("/changejar/") == true {
                throw URLError(.networkConnectionLost)
            }
            return answer
        }
    }
}

/// A sleeper tests release by hand (search debounce).
actor ManualSleeper {
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func sleep() async {
        await withCheckedContinuation { waiters.append($0) }
    }

    var waiting: Int { waiters.count }

    func releaseAll() {
        for waiter in waiters { waiter.resume() }
        waiters = []
    }

    /// Waits until `count` sleeps are pending (at most a minute).
    ///
    /// NB: it used to give up after 10,000 yields; on two loaded cores the debounce's task could reach its sleep
    /// later, `releaseAll()` then released nothing, and the search (and the test awaiting it) slept forever.
    func untilWaiting(_ count: Int) async {
        let deadline = ContinuousClock.now + .seconds(60)
        while waiters.count < count, ContinuousClock.now < deadline {
            await Task.yield()
            if waiters.count < count { try? await Task.sleep(for: .milliseconds(1)) }
        }
    }
}

/// The app core wired to a real server and stand-in through ``TestNetwork``.
@MainActor
struct CoreHarness {
    let server: TestServer
    let network: TestNetwork
    let sleeper: ManualSleeper
    let cache: ActionCache
    let app: AppModel

    static let format = DateFormat(locale: Locale(identifier: "en_US_POSIX"), timeZone: TimeZone(identifier: "UTC")!)

    /// The app over `server`; its clock is the server's unless `clock` gives the device one of its own.
    init(
        server: TestServer, user: String = "alice", name: String? = "Alice", cache: ActionCache = .inMemory(),
        sessionStore: SessionStore = .discarding, clock deviceClock: TestClock? = nil
    ) {
        self.server = server
        self.cache = cache
        let network = TestNetwork(server: server)
        let sleeper = ManualSleeper()
        self.network = network
        self.sleeper = sleeper
        let clock = ChangeJarClock(now: (deviceClock ?? server.clock).closure, sleep: { _ in await sleeper.sleep() })
        let base = TestServer.baseURL
        let signIn = SignInService(
            providers: .development(
                endpoint: base.appendingPathComponent("cognito/dev/signin"), user: user, name: name,
                send: network.send),
            identity: .live(endpoint: base.appendingPathComponent("cognito/"), send: network.send),
            identityPoolID: TestServer.poolID,
            clock: clock)
        app = AppModel(
            dependencies: ChangeJarDependencies(
                signIn: signIn, actions: .live(baseURL: base, send: network.send), cache: cache,
                sessionStore: sessionStore, clock: clock, dateFormat: Self.format))
    }
}
