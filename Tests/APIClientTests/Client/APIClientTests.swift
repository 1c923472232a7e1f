import Foundation
import Locking
import Testing

@testable import APIClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private struct Item: Codable, Equatable, Sendable {
    var id: Int
}

@Suite struct APIClientTests {
    private let get = Endpoint<Item>.get("items", "1")
    private let post = Endpoint<Item>.post("items", body: .json(Item(id: 1)))

    // MARK: - Retries

    @Test func getIsRetriedOnServerErrorsWithJitteredBackoff() async throws {
        let server = StubServer(statuses: [500, 503, 200], body: #"{"id": 1}"#)
        let sleeper = RecordingSleeper()
        let item = try await APIClient.test(server.transport, sleeper: sleeper).send(get)
        #expect(item == Item(id: 1))
        #expect(server.requests.count == 3)
        // random() pinned to 0.5: half of 300 ms, then half of 600 ms.
        #expect(sleeper.durations == [.milliseconds(150), .milliseconds(300)])
    }

    @Test func getGivesUpAfterMaxAttempts() async {
        let server = StubServer(statuses: [502])
        let log = ReportLog()
        await #expect(throws: APIError.http(status: 502, problem: nil)) {
            try await APIClient.test(server.transport, log: log).send(get)
        }
        #expect(server.requests.count == 3)
        #expect(log.reports.count == 1)
    }

    @Test func postIsNotRetried() async {
        let server = StubServer(statuses: [503, 200])
        await #expect(throws: APIError.http(status: 503, problem: nil)) {
            try await APIClient.test(server.transport).send(post)
        }
        #expect(server.requests.count == 1)
    }

    @Test func postWithIdempotencyKeyIsRetriedWithTheSameKey() async throws {
        let server = StubServer(statuses: [503, 200], body: #"{"id": 2}"#)
        let endpoint = Endpoint<Item>.post("items", body: .json(Item(id: 2)), idempotencyKey: "abc")
        #expect(try await APIClient.test(server.transport).send(endpoint) == Item(id: 2))
        #expect(server.requests.map { $0.value(forHTTPHeaderField: "Idempotency-Key") } == ["abc", "abc"])
    }

    @Test func clientErrorsAreNotRetried() async {
        let server = StubServer(statuses: [404])
        await #expect(throws: APIError.self) { try await APIClient.test(server.transport).send(get) }
        #expect(server.requests.count == 1)
    }

    @Test func connectionErrorsAreRetriedForGetOnly() async throws {
        let failing = StubServer { _, index in
            if index == 0 { throw URLError(.cannotConnectToHost) }
            return (200, [:], Data(#"{"id": 1}"#.utf8))
        }
        #expect(try await APIClient.test(failing.transport).send(get) == Item(id: 1))
        let refusing = StubServer { _, _ in throw URLError(.cannotConnectToHost) }
        await #expect(throws: APIError.cannotConnect) { try await APIClient.test(refusing.transport).send(post) }
        #expect(refusing.requests.count == 1)
    }

    @Test func retryAfterSecondsIsHonoured() async throws {
        let server = StubServer { _, index in
            index == 0 ? (429, ["Retry-After": "7"], Data()) : (200, [:], Data(#"{"id": 1}"#.utf8))
        }
        let sleeper = RecordingSleeper()
        _ = try await APIClient.test(server.transport, sleeper: sleeper).send(get)
        #expect(sleeper.durations == [.seconds(7)])
    }

    /// A refusal the caller gets carries the wait its `Retry-After` asked for (seconds, or a date read against the
    /// sleeper's clock), so a screen can say how long: a POST, which is never retried, included.
    @Test func aRefusalCarriesTheWaitItsRetryAfterAskedFor() async {
        for (header, wait) in [
            ("900", Duration?.some(.seconds(900))), ("Tue, 14 Nov 2023 22:14:05 GMT", .seconds(45)), (nil, nil),
            ("soon", nil),
        ] {
            let server = StubServer(statuses: [429], headers: header.map { ["Retry-After": $0] } ?? [:])
            await #expect(throws: APIError.http(status: 429, problem: nil, retryAfter: wait)) {
                try await APIClient.test(server.transport).send(post)
            }
            #expect(APIError.http(status: 429, problem: nil, retryAfter: wait).retryAfter == wait)
        }
        #expect(APIError.offline.retryAfter == nil)
    }

    @Test func retryAfterHTTPDateIsHonoured() async throws {
        // 1_700_000_000 is Tue, 14 Nov 2023 22:13:20 GMT; the server asks for 45 seconds later.
        let server = StubServer { _, index in
            index == 0
                ? (503, ["Retry-After": "Tue, 14 Nov 2023 22:14:05 GMT"], Data())
                : (200, [:], Data(#"{"id": 1}"#.utf8))
        }
        let sleeper = RecordingSleeper()
        _ = try await APIClient.test(server.transport, sleeper: sleeper).send(get)
        #expect(sleeper.durations == [.seconds(45)])
    }

    @Test func tooLongRetryAfterIsNotWaitedFor() async {
        let server = StubServer(statuses: [503], headers: ["Retry-After": "3600"])
        let sleeper = RecordingSleeper()
        await #expect(throws: APIError.http(status: 503, problem: nil, retryAfter: .seconds(3600))) {
            try await APIClient.test(server.transport, sleeper: sleeper).send(get)
        }
        #expect(sleeper.durations.isEmpty)
        #expect(server.requests.count == 1)
    }

    @Test func retryAfterParsing() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(RetryPolicy.retryAfter("0", now: now) == .zero)
        #expect(RetryPolicy.retryAfter("-3", now: now) == nil)
        #expect(RetryPolicy.retryAfter("soon", now: now) == nil)
        #expect(RetryPolicy.retryAfter(nil, now: now) == nil)
        #expect(RetryPolicy.retryAfter("Tue, 14 Nov 2023 22:00:00 GMT", now: now) == .zero)
    }

    @Test func backoffIsCappedAndFullyJittered() {
        let high = RetryPolicy(baseDelay: .seconds(1), maxDelay: .seconds(5), random: { 0.999_999 })
        #expect(high.backoff(retry: 10) <= .seconds(5))
        #expect(high.backoff(retry: 1) > .milliseconds(1999))
        let low = RetryPolicy(random: { 0 })
        #expect(low.backoff(retry: 3) == .zero)
    }

    // MARK: - Authentication

    @Test func unauthorizedRefreshesOnceAndRetries() async throws {
        let token = Locked("old")
        let refreshes = Locked(0)
        let tokens = TokenProvider.bearer(
            token: { token.withLock { $0 } },
            refresh: {
                refreshes.withLock { $0 += 1 }
                token.withLock { $0 = "new" }
            })
        let server = StubServer { request, _ in
            request.value(forHTTPHeaderField: "Authorization") == "Bearer new"
                ? (200, [:], Data(#"{"id": 1}"#.utf8)) : (401, [:], Data())
        }
        // NB: POST is refreshed and repeated too: a 401 means the server did not act on it.
        #expect(try await APIClient.test(server.transport, tokens: tokens).send(post) == Item(id: 1))
        #expect(refreshes.withLock { $0 } == 1)
        #expect(server.requests.count == 2)
    }

    @Test func secondUnauthorizedMeansSignedOut() async {
        let refreshes = Locked(0)
        let tokens = TokenProvider.bearer(token: { "t" }, refresh: { refreshes.withLock { $0 += 1 } })
        let server = StubServer(statuses: [401])
        let log = ReportLog()
        await #expect(throws: APIError.signedOut) {
            try await APIClient.test(server.transport, log: log, tokens: tokens).send(get)
        }
        #expect(refreshes.withLock { $0 } == 1)
        #expect(server.requests.count == 2)
        #expect(log.reports.map(\.0) == [.signedOut])
    }

    @Test func missingCredentialsOrFailedRefreshMeanSignedOut() async {
        let none = TokenProvider.bearer(token: { nil }, refresh: {})
        let server = StubServer(statuses: [200])
        await #expect(throws: APIError.signedOut) { try await APIClient.test(server.transport, tokens: none).send(get) }
        #expect(server.requests.isEmpty)
        struct Expired: Error {}
        let failing = TokenProvider.bearer(token: { "t" }, refresh: { throw Expired() })
        await #expect(throws: APIError.signedOut) {
            try await APIClient.test(StubServer(statuses: [401]).transport, tokens: failing).send(get)
        }
    }

    /// A 401 to a request sent without credentials (the provider had none: nobody signed in) is no expired
    /// session: nothing is refreshed, and the failure says to sign in, not that a session ended.
    @Test func unauthorizedWithoutCredentialsMeansNotSignedIn() async {
        let refreshes = Locked(0)
        let anonymous = TokenProvider(credentials: { [:] }, refresh: { refreshes.withLock { $0 += 1 } })
        let server = StubServer(statuses: [401])
        await #expect(throws: APIError.notSignedIn) {
            try await APIClient.test(server.transport, tokens: anonymous).send(get)
        }
        #expect(refreshes.withLock { $0 } == 0)
        #expect(server.requests.count == 1)
        #expect(APIError.notSignedIn.message == "You are signed out. Sign in first.")
        #expect(APIError.signedOut.message == "Your session has ended. Please sign in again.")
    }

    // MARK: - Errors and reporting

    @Test func problemDetailsBecomeTheMessage() async {
        let body = #"{"type": "about:blank", "title": "Conflict", "status": 409, "detail": "The seat is taken."}"#
        let server = StubServer(statuses: [409], body: body)
        let log = ReportLog()
        do {
            _ = try await APIClient.test(server.transport, log: log).send(post)
            Issue.record("expected a failure")
        } catch {
            #expect(error.message == "The seat is taken.")
            #expect(error.status == 409)
            #expect(log.reports.first?.0.message == "The seat is taken.")
            #expect(log.reports.first?.1 == "POST http://api.test/v1/items")
        }
    }

    @Test func validationProblemKeepsTheFieldItNames() async {
        let body =
            #"{"title": "Unprocessable Content", "status": 422, "detail": "Title is too long.", "field": "title"}"#
        let server = StubServer(statuses: [422], body: body)
        do {
            _ = try await APIClient.test(server.transport, log: ReportLog()).send(post)
            Issue.record("expected a failure")
        } catch {
            guard case .http(422, let problem?, _) = error else {
                Issue.record("expected a 422 problem, got \(error)")
                return
            }
            #expect(problem.field == "title")
            #expect(error.message == "Title is too long.")
        }
    }

    @Test func anotherServicesErrorShapeFallsBackToTheStatusMessage() async {
        // Salesforce's error array is SalesCore's to read; the platform speaks from the status.
        let body =
            #"[{"message": "Account Name: required", "errorCode": "REQUIRED_FIELD_MISSING", "fields": ["Name"]}]"#
        let server = StubServer(statuses: [400], body: body)
        await #expect {
            try await APIClient.test(server.transport).send(post)
        } throws: { error in
            guard case .http(400, nil, _) = error as? APIError else { return false }
            return (error as? APIError)?.message == "The request was not accepted (400)."
        }
    }

    @Test func unreadableErrorBodyFallsBackToStatusMessage() {
        #expect(ProblemDetails.parse(Data("<html>".utf8)) == nil)
        #expect(ProblemDetails.parse(Data("[]".utf8)) == nil)
        #expect(ProblemDetails.parse(Data(#"{"status": 500, "title": {"nested": 1}}"#.utf8)) == nil)
        #expect(APIError.http(status: 503, problem: nil).message == "The server had a problem (503). Try again later.")
    }

    @Test func aServerFaultIsSaidInTheClientsWordsNeverItsBody() {
        let leaky = ProblemDetails(
            title: "Internal Server Error", status: 500,
            detail: "relation \"attendee_sessions\" does not exist at character 15")
        #expect(
            APIError.http(status: 500, problem: leaky).message == "The server had a problem (500). Try again later.")
        let starting = ProblemDetails(title: "Service Unavailable", status: 503, detail: "The server is starting.")
        #expect(
            APIError.http(status: 503, problem: starting).message == "The server had a problem (503). Try again later.")
        let refusal = ProblemDetails(title: "Conflict", status: 409, detail: "The session is full.")
        #expect(APIError.http(status: 409, problem: refusal).message == "The session is full.")
    }

    @Test func decodingFailureIsReportedWithPath() async {
        let server = StubServer(statuses: [200], body: #"{"id": "one"}"#)
        let log = ReportLog()
        await #expect(throws: APIError.self) { try await APIClient.test(server.transport, log: log).send(get) }
        guard case .decoding(let path, _)? = log.reports.first?.0 else {
            Issue.record("no decoding report")
            return
        }
        #expect(path == "id")
    }

    @Test func failurePostsServiceErrorOccurredWithMessageAndRequest() async throws {
        let center = NotificationCenter()
        let received = Locked<[[AnyHashable: Any]]>([])
        let observer = center.addObserver(forName: .serviceErrorOccurred, object: nil, queue: nil) { note in
            received.withLock { $0.append(note.userInfo ?? [:]) }
        }
        defer { center.removeObserver(observer) }
        var client = APIClient.test(StubServer(statuses: [404]).transport)
        client.errorReporter = .notificationCenter(center)
        await #expect(throws: APIError.self) { try await client.send(get) }
        let info = try #require(received.withLock { $0.first })
        #expect(Notification.Name.serviceErrorOccurred.rawValue == "ServiceErrorOccurred")
        #expect(info["message"] as? String == "This item no longer exists (404).")
        #expect(info["request"] as? String == "GET http://api.test/v1/items/1")
        #expect(info["error"] as? APIError == .http(status: 404, problem: nil))
    }

    @Test func defaultReporterPostsOnTheDefaultCenter() async throws {
        let marker = UUID().uuidString
        let received = Locked<[String]>([])
        let observer = NotificationCenter.default.addObserver(forName: .serviceErrorOccurred, object: nil, queue: nil) {
            note in
            if let request = note.userInfo?["request"] as? String, request.contains(marker) {
                received.withLock { $0.append(request) }
            }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        let client = APIClient(
            baseURL: URL(string: "http://api.test")!, transport: StubServer(statuses: [500]).transport,
            retryPolicy: .never)
        await #expect(throws: APIError.self) { try await client.send(Endpoint<Item>.get(marker)) }
        #expect(received.withLock { $0 } == ["GET http://api.test/\(marker)"])
    }

    @Test func cancellationThrowsCancelledAndReportsNothing() async {
        let started = AsyncStream<Void>.makeStream()
        let server = StubServer { _, _ in
            started.continuation.yield()
            try await Task.sleep(for: .seconds(60))
            return (200, [:], Data())
        }
        let log = ReportLog()
        let client = APIClient.test(server.transport, log: log)
        let task = Task { [get] in try await client.send(get) }
        for await _ in started.stream { break }
        task.cancel()
        await #expect(throws: APIError.cancelled) { try await task.value }
        #expect(log.reports.isEmpty)
    }

    @Test func cancellationDuringBackoffStopsRetrying() async {
        let server = StubServer(statuses: [503])
        let log = ReportLog()
        let sleeping = AsyncStream<Void>.makeStream()
        var client = APIClient.test(server.transport, log: log)
        client.sleeper = Sleeper { _ in
            sleeping.continuation.yield()
            try await Task.sleep(for: .seconds(60))
        }
        let task = Task { [get] in try await client.send(get) }
        for await _ in sleeping.stream { break }
        task.cancel()
        await #expect(throws: APIError.cancelled) { try await task.value }
        #expect(server.requests.count == 1)
        #expect(log.reports.isEmpty)
    }

    @Test func transportErrorsAreClassified() {
        #expect(APIError(transportError: URLError(.cannotConnectToHost)) == .cannotConnect)
        #expect(APIError(transportError: URLError(.timedOut)) == .timeout)
        #expect(APIError(transportError: URLError(.notConnectedToInternet)) == .offline)
        #expect(APIError(transportError: URLError(.networkConnectionLost)) == .connectionLost)
        #expect(APIError(transportError: URLError(.cancelled)) == .cancelled)
        #expect(APIError(transportError: CancellationError()) == .cancelled)
    }

    // MARK: - Conditional GET

    @Test func conditionalGetSendsValidatorsAndSurfacesNotModified() async throws {
        let server = StubServer { request, _ in
            // A 304 carries the ETag a 200 would (RFC 9110 §15.4.5), and here no Last-Modified.
            if request.value(forHTTPHeaderField: "If-None-Match") == #""v2""# {
                return (304, ["ETag": #""v2""#], Data())
            }
            return (
                200, ["ETag": #""v2""#, "Last-Modified": "Tue, 14 Nov 2023 22:13:20 GMT"], Data(#"{"id": 1}"#.utf8)
            )
        }
        let client = APIClient.test(server.transport)
        let first = try await client.sendConditional(get, validators: nil)
        let validators = Validators(etag: #""v2""#, lastModified: "Tue, 14 Nov 2023 22:13:20 GMT")
        #expect(first == .fresh(Item(id: 1), validators))
        #expect(
            try await client.sendConditional(get, validators: validators) == .notModified(Validators(etag: #""v2""#)))
        #expect(server.requests[1].value(forHTTPHeaderField: "If-Modified-Since") == "Tue, 14 Nov 2023 22:13:20 GMT")
    }

    @Test func plainSendTreatsNotModifiedAsAnError() async {
        await #expect(throws: APIError.http(status: 304, problem: nil)) {
            try await APIClient.test(StubServer(statuses: [304]).transport).send(get)
        }
    }
}
