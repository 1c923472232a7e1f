import Foundation
import Locking
import Testing

@testable import HTTPServer

/// The client's address behind a trusted reverse proxy, for the rate limiter and the access log alike; and a
/// limiter that survives any positive rate.
@Suite struct ClientAddressTests {
    private static let proxies = try! TrustedProxies(["10.0.0.5", "10.9.0.0/16", "2001:db8::7"])

    private static func request(peer: String, _ headers: HTTPHeaders) -> Request {
        Request(method: .get, target: "/x", headers: headers, remoteAddress: peer)
    }

    @Test func onlyATrustedPeerIsBelievedAndTheRightMostUntrustedEntryIsTheClient() {
        let proxies = Self.proxies
        // A client that writes the header itself, straight to the server, is its own address.
        #expect(
            proxies.clientAddress(of: Self.request(peer: "203.0.113.9", ["X-Forwarded-For": "1.2.3.4"]))
                == "203.0.113.9")
        // Through the proxy: what the client wrote sits left of what the proxy appended.
        #expect(
            proxies.clientAddress(
                of: Self.request(peer: "10.0.0.5", ["X-Forwarded-For": "1.2.3.4, 198.51.100.20"])) == "198.51.100.20")
        // Through two trusted proxies, across two header lines.
        let twoHops = HTTPHeaders([
            ("X-Forwarded-For", "1.2.3.4, 198.51.100.20"), ("X-Forwarded-For", "10.9.3.3"),
        ])
        #expect(proxies.clientAddress(of: Self.request(peer: "10.0.0.5", twoHops)) == "198.51.100.20")
        // No header, or a malformed entry where the client should be: the peer.
        #expect(proxies.clientAddress(of: Self.request(peer: "10.0.0.5", [:])) == "10.0.0.5")
        #expect(
            proxies.clientAddress(of: Self.request(peer: "10.0.0.5", ["X-Forwarded-For": "1.2.3.4, nonsense"]))
                == "10.0.0.5")
        // Ports and IPv6, written canonically.
        #expect(
            proxies.clientAddress(of: Self.request(peer: "2001:db8::7", ["X-Forwarded-For": "198.51.100.20:5555"]))
                == "198.51.100.20")
        #expect(
            TrustedProxies.none.clientAddress(of: Self.request(peer: "10.0.0.5", ["X-Forwarded-For": "1.2.3.4"]))
                == "10.0.0.5")
    }

    @Test func theForwardedHeaderCanBeTheOneRead() throws {
        let proxies = try TrustedProxies(["10.0.0.5"], header: .forwarded)
        let headers: HTTPHeaders = [
            "Forwarded": "for=1.2.3.4, for=\"[2001:DB8:0:0::1]:4711\";proto=https", "X-Forwarded-For": "9.9.9.9",
        ]
        #expect(proxies.clientAddress(of: Self.request(peer: "10.0.0.5", headers)) == "2001:db8::1")
    }

    @Test func aListEntryThatIsNoAddressIsRefused() {
        #expect(throws: TrustedProxies.InvalidAddress(text: "proxy.example")) {
            try TrustedProxies(["10.0.0.1", "proxy.example"])
        }
        #expect(throws: TrustedProxies.InvalidAddress(text: "10.0.0.0/33")) { try TrustedProxies(["10.0.0.0/33"]) }
    }

    /// Behind the proxy each client has its own budget, and the access log names the same address.
    @Test func behindATrustedProxyEachClientHasItsOwnBudgetAndLogLine() async throws {
        let clock = ContinuousClock.now
        let log = LogCollector()
        let limiter = RateLimitMiddleware(rate: 1, burst: 1, trustedProxies: Self.proxies, now: { clock })
        var router = Router()
        router.get("/x") { _ in .text("ok") }
        let proxy = TestClient(
            router: router, middleware: [AccessLogMiddleware(sink: log.sink, trustedProxies: Self.proxies), limiter],
            remoteAddress: "10.0.0.5")
        #expect(try await proxy.get("/x", headers: ["X-Forwarded-For": "198.51.100.1"]).status == .ok)
        #expect(try await proxy.get("/x", headers: ["X-Forwarded-For": "198.51.100.2"]).status == .ok)
        #expect(try await proxy.get("/x", headers: ["X-Forwarded-For": "198.51.100.1"]).status == .tooManyRequests)
        // A client cannot buy a fresh budget by writing the header itself.
        #expect(
            try await proxy.get("/x", headers: ["X-Forwarded-For": "7.7.7.7, 198.51.100.1"]).status == .tooManyRequests)
        #expect(log.all.count == 4)
        #expect(log.all[0].contains("remote=198.51.100.1"))
        #expect(log.all[1].contains("remote=198.51.100.2"))
        #expect(!log.text.contains("10.0.0.5"))
    }

    /// One IPv6 host holds a whole /64: counted by address, it would take a fresh budget with every request. An
    /// IPv4 client written IPv4-mapped is the same client as written plainly.
    @Test func anIPv6ClientIsCountedByItsSlash64() async throws {
        #expect(RateLimitMiddleware.clientKey(ofAddress: "2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64")
        #expect(RateLimitMiddleware.clientKey(ofAddress: "::ffff:192.0.2.1") == "192.0.2.1")
        #expect(RateLimitMiddleware.clientKey(ofAddress: "192.0.2.1") == "192.0.2.1")
        #expect(RateLimitMiddleware.clientKey(ofAddress: "") == "")

        let clock = ContinuousClock.now
        let limiter = RateLimitMiddleware(rate: 1, burst: 1, now: { clock })
        var router = Router()
        router.get("/x") { _ in .text("ok") }
        func status(from address: String) async throws -> HTTPStatus {
            try await TestClient(router: router, middleware: [limiter], remoteAddress: address).get("/x").status
        }
        #expect(try await status(from: "2001:db8:1:2::1") == .ok)
        #expect(try await status(from: "2001:db8:1:2:ffff:ffff:ffff:fffe") == .tooManyRequests)
        #expect(try await status(from: "2001:db8:1:3::1") == .ok)
        #expect(try await status(from: "192.0.2.1") == .ok)
        #expect(try await status(from: "::ffff:192.0.2.1") == .tooManyRequests)
    }

    /// A crowd of clients all active at once (the clock stands still, so no bucket refills) keeps the table at
    /// `maxClients`; those forgotten are the least recently seen, and the latest keep their spent budgets.
    @Test func aCrowdOfActiveClientsDoesNotGrowTheTable() async throws {
        let clock = Locked(ContinuousClock.now)
        let limiter = RateLimitMiddleware(rate: 1, burst: 1, maxClients: 100, now: { clock.withLock { $0 } })
        var router = Router()
        router.get("/x") { _ in .text("ok") }
        for client in 0..<1_000 {
            clock.withLock { $0 = $0.advanced(by: .milliseconds(1)) }
            let address = "198.51.\(client / 256).\(client % 256)"
            let status = try await TestClient(router: router, middleware: [limiter], remoteAddress: address).get("/x")
                .status
            #expect(status == .ok)
            #expect(limiter.clientCount <= 100)
        }
        let latest = TestClient(router: router, middleware: [limiter], remoteAddress: "198.51.3.231")
        #expect(try await latest.get("/x").status == .tooManyRequests)
    }

    /// A rate so small that the next token is centuries away (or a rate that is no number) still answers 429
    /// with a sensible `Retry-After`, and the limiter goes on working.
    @Test(arguments: [1e-19, Double.leastNonzeroMagnitude, 0, -1, .nan, .infinity])
    func anyRateAnswersASensibleRetryAfter(_ rate: Double) async throws {
        let clock = Locked(ContinuousClock.now)
        let limiter = RateLimitMiddleware(rate: rate, burst: 1, maxClients: 1, now: { clock.withLock { $0 } })
        var router = Router()
        router.get("/x") { _ in .text("ok") }
        let client = TestClient(router: router, middleware: [limiter])
        let other = TestClient(router: router, middleware: [limiter], remoteAddress: "10.0.0.9")
        #expect(try await client.get("/x").status == .ok)
        let limited = try await client.get("/x")
        #expect(limited.status == .tooManyRequests)
        let retry = try #require(limited.headers["Retry-After"].flatMap(Int.init))
        #expect((1...RateLimitMiddleware.maxRetryAfterSeconds).contains(retry))
        // A second client with the table full evicts by refill time, which must not overflow either.
        clock.withLock { $0 = $0.advanced(by: .seconds(5)) }
        #expect(try await other.get("/x").status == .ok)
    }
}

/// Credentials stay out of the access log whatever the parameter is called.
@Suite struct AccessLogRedactionTests {
    private static let canaries = [
        "sid": "CANARY-sid-value",
        "user_sid": "CANARY-2",
        "sessId": "CANARY-3",
        "ticket": "CANARY-ticket",
        // A Salesforce session id under a name nobody would call secret.
        "ref": "00D5g000004CANR!AQ4AQHk8sGqfCANARYxyzSalesforceToken.Z",
        // Long mixed-case letters, and long hex, with no digit-letter mix to give them away.
        "next": "CANARYtokenAbcdefGhijkLmnopQrst",
        "v": "deadbeefcafef00ddeadbeefcafef00d",
    ]

    @Test func everyCanaryIsRedactedAndOrdinaryValuesAreKept() async throws {
        let log = LogCollector()
        var router = Router()
        router.get("/x") { _ in .text("ok") }
        let client = TestClient(router: router, middleware: [AccessLogMiddleware(sink: log.sink)])
        let query = Self.canaries.sorted { $0.key < $1.key }.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
        }
        let ordinary = "q=quakes+near+lisbon&side=left&page=2&id=550e8400-e29b-41d4-a716-446655440000&room=Main-Hall"
        _ = try await client.get("/x?" + query.joined(separator: "&") + "&" + ordinary)
        let line = log.text
        for (name, value) in Self.canaries {
            #expect(!line.contains(value), "leaked \(name)")
            #expect(line.contains("\(name)=[redacted]"), "\(name) not redacted")
        }
        for kept in [
            "q=quakes near lisbon", "side=left", "page=2", "id=550e8400-e29b-41d4-a716-446655440000", "room=Main-Hall",
        ] {
            #expect(line.contains(kept), "lost \(kept)")
        }
    }
}
