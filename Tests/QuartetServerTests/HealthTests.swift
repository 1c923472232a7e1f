import Foundation
import HTTPServer
import Locking
import Testing

@testable import QuartetServer

private func makeApplication() async throws -> Application {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quartet-app-\(UUID().uuidString)")
    return try await buildApplication(
        ServerConfiguration(
            port: 0, dataDirectory: directory, databaseURL: "sqlite::memory:", version: "9.9.9", rateLimit: 0))
}

/// `/health` asked through `ask` until the readiness probe has found the database answering (for at most a minute).
///
/// NB: the probe gives the database 5 s to answer `SELECT 1` and says 503 until then (and for a second after); on a
/// loaded two-core machine a first check took longer, and a test that wanted 200 at its first ask failed on a
/// correct "not ready" (CI saw it in ``theDataDirectoryAndDatabaseAreTheServersUsersAlone``, then in
/// ``healthAnswersStatusAndVersion``). A probe that never finds the database still fails the test.
func askedUntilReady(_ ask: () async throws -> Response) async throws -> Response {
    let deadline = ContinuousClock.now.advanced(by: .seconds(60))
    while true {
        do {
            let response = try await ask()
            guard response.status == .serviceUnavailable, ContinuousClock.now < deadline else { return response }
        } catch let error as HTTPError where error.status == .serviceUnavailable && ContinuousClock.now < deadline {
            // Router.respond throws the probe's refusal; the served handler answers it.
        }
        try await Task.sleep(for: .milliseconds(50))
    }
}

/// Readiness tells the truth about the database: once it is gone `/health` is 503 with `Retry-After` and names
/// nothing of it, while `/health/live` still says the process is alive.
@Test func healthIsNotReadyOnceTheDatabaseIsGoneButStaysAlive() async throws {
    let app = try await makeApplication()
    let client = TestClient(handler: app.handler(log: .discard))
    #expect(try await askedUntilReady { try await client.request(.get, "/health") }.status == .ok)
    await app.database.close()
    // NB: the answer is kept for a second; ask until the probe has looked again (never a fixed wait).
    var ready = try await client.request(.get, "/health")
    for _ in 0..<600 where ready.status == .ok {
        try await Task.sleep(for: .milliseconds(50))
        ready = try await client.request(.get, "/health")
    }
    #expect(ready.status == .serviceUnavailable)
    #expect(ready.headers["Retry-After"] == "1")
    #expect(ready.headers["Content-Type"]?.hasPrefix("application/problem+json") == true)
    let text = String(decoding: ready.bodyData, as: UTF8.self).lowercased()
    for secret in ["sqlite", "sql", "memory", "closed", "select"] { #expect(!text.contains(secret), "\(secret)") }
    let live = try await client.request(.get, "/health/live")
    #expect(live.status == .ok)
    #expect(try JSONDecoder().decode([String: String].self, from: live.bodyData)["status"] == "ok")
}

/// However often `/health` is called, the database is asked at most once per interval, and calls that arrive
/// while a check runs share it.
@Test func readinessAsksTheDatabaseAtMostOncePerInterval() async throws {
    let checks = Locked(0)
    let clock = Locked(ContinuousClock.now)
    let probe = ReadinessProbe(
        interval: .seconds(1), now: { clock.withLock { $0 } },
        check: {
            checks.withLock { $0 += 1 }
            return true
        })
    await withTaskGroup(of: Bool.self) { group in
        for _ in 0..<50 { group.addTask { await probe.isReady() } }
        for await ready in group { #expect(ready) }
    }
    #expect(checks.withLock { $0 } == 1)
    clock.withLock { $0 = $0.advanced(by: .milliseconds(1_001)) }
    #expect(await probe.isReady())
    #expect(checks.withLock { $0 } == 2)
}

/// A failed check is kept as briefly as a good one, so a database that comes back is seen within a second.
@Test func readinessSeesADatabaseComeBack() async throws {
    let up = Locked(false)
    let clock = Locked(ContinuousClock.now)
    let probe = ReadinessProbe(
        interval: .seconds(1), now: { clock.withLock { $0 } }, check: { up.withLock { $0 } })
    #expect(await probe.isReady() == false)
    up.withLock { $0 = true }
    #expect(await probe.isReady() == false)
    clock.withLock { $0 = $0.advanced(by: .seconds(2)) }
    #expect(await probe.isReady())
}

/// A check that hangs (a database host that stopped answering) is waited for at most the timeout: readiness then
/// says "not ready", the calls within the interval are answered at once from that, no second check starts while
/// the first runs, and the first's own answer counts once it comes.
@Test(.timeLimit(.minutes(5))) func aHungCheckAnswersNotReadyWithinItsTimeout() async throws {
    let checks = Locked(0)
    let release = AsyncStream.makeStream(of: Void.self)
    let clock = Locked(ContinuousClock.now)
    let probe = ReadinessProbe(
        interval: .seconds(1), timeout: .milliseconds(50), now: { clock.withLock { $0 } },
        check: {
            checks.withLock { $0 += 1 }
            for await _ in release.stream { break }
            return true
        })
    #expect(await probe.isReady() == false)
    #expect(await probe.isReady() == false)
    clock.withLock { $0 = $0.advanced(by: .seconds(2)) }
    #expect(await probe.isReady() == false, "still hung: the same check is waited for again, no second one")
    #expect(checks.withLock { $0 } == 1)

    release.continuation.finish()
    // NB: the clock stands still: the "not ready" kept from the timeout is answered until the check's own answer
    // replaces it, which needs no new check.
    var ready = false
    for _ in 0..<600 where !ready {
        ready = await probe.isReady()
        if !ready { try await Task.sleep(for: .milliseconds(10)) }
    }
    #expect(ready)
    #expect(checks.withLock { $0 } == 1)
}

/// While the application is being built the process is alive but not ready, and a Salesforce client is told so
/// in Salesforce's words.
@Test func whileStartingTheServerIsAliveButNotReady() throws {
    let configuration = ServerConfiguration(port: 0, version: "9.9.9")
    let live = startingResponse(to: Request(method: .get, target: "/health/live"), configuration: configuration)
    #expect(live.status == .ok)
    #expect(
        try JSONDecoder().decode([String: String].self, from: live.bodyData) == [
            "status": "starting", "version": "9.9.9",
        ])
    let ready = startingResponse(to: Request(method: .get, target: "/health"), configuration: configuration)
    #expect(ready.status == .serviceUnavailable)
    #expect(ready.headers["Retry-After"] == "1")
    let salesforce = startingResponse(
        to: Request(method: .get, target: "/services/data/v32.0/sobjects/Account/001000000000001"),
        configuration: configuration)
    #expect(salesforce.status == .serviceUnavailable)
    #expect(String(decoding: salesforce.bodyData, as: UTF8.self).contains("\"errorCode\":\"SERVER_UNAVAILABLE\""))
}
