import AttendeeModels
import AttendeeServer
import DynamicJSON
import Foundation
import HTTPServer
import HTTPTypes
import QuartetServer
import Testing

private func makeApplication() async throws -> Application {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quartet-app-\(UUID().uuidString)")
    return try await buildApplication(
        ServerConfiguration(port: 0, dataDirectory: directory, databaseURL: "sqlite::memory:", version: "9.9.9")
    )
}

@Test func healthAnswersStatusAndVersion() async throws {
    let app = try await makeApplication()
    let response = try await askedUntilReady {
        try await app.router.respond(to: Request(method: .get, target: "/health"))
    }
    #expect(response.status == .ok)
    #expect(response.headers["content-type"] == "application/json; charset=utf-8")
    let body = try JSONDecoder().decode([String: String].self, from: response.bodyData)
    #expect(body == ["status": "ok", "version": "9.9.9"])
}

@Test func openAPIDocumentIsVersion31AndDescribesHealth() async throws {
    let app = try await makeApplication()
    let response = try await app.router.respond(to: Request(method: .get, target: "/openapi.json"))
    let document = try JSONDecoder().decode(JSONValue.self, from: response.bodyData)
    #expect(document["openapi"] == "3.1.0")
    #expect(document["info"]?["version"] == "9.9.9")
    #expect(document["paths"]?["/health"]?["get"]?["responses"]?["200"] != nil)
}

/// The contract: every route the server answers is documented, and every documented operation is routed.
@Test func everyRouteIsDocumentedAndEveryOperationIsRouted() async throws {
    let app = try await makeApplication()
    let routed = Set(app.router.endpoints.map { "\($0.method.rawValue) \($0.pattern)" })
    let documented = Set(app.openAPI.operations.map { "\($0.method.rawValue) \($0.path)" })
    #expect(routed == documented)

    let response = try await app.router.respond(to: Request(method: .get, target: "/openapi.json"))
    let document = try JSONDecoder().decode(JSONValue.self, from: response.bodyData)
    for operation in app.openAPI.operations {
        let entry = document["paths"]?[operation.openAPIPath]?[operation.method.rawValue.lowercased()]
        #expect(entry != nil, "\(operation.method) \(operation.openAPIPath) missing from /openapi.json")
    }
}

@Test func unknownPathIsNotFoundAndWrongMethodListsAllow() async throws {
    let app = try await makeApplication()
    await #expect(throws: HTTPError.self) {
        try await app.router.respond(to: Request(method: .get, target: "/nope"))
    }
    do {
        _ = try await app.router.respond(to: Request(method: .post, target: "/health"))
        Issue.record("POST /health should be refused")
    } catch let error as HTTPError {
        #expect(error.status == .methodNotAllowed)
        #expect(error.headers["Allow"] == "GET, HEAD")
    }
}

/// The served handler limits each client address: past the burst, 429 with `Retry-After`, other clients unaffected.
///
/// NB: asks `/health/live`, which every request passes the limiter to reach as well: `/health` asks the database,
/// and on a loaded machine its readiness probe may say 503 where this test wants a 200 from the limiter.
@Test func theServedHandlerLimitsEachClientAddress() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quartet-app-\(UUID().uuidString)")
    let app = try await buildApplication(
        ServerConfiguration(port: 0, dataDirectory: directory, databaseURL: "sqlite::memory:", rateLimit: 2))
    let greedy = TestClient(handler: app.handler(log: .discard), remoteAddress: "192.0.2.1")
    // NB: the bucket refills 2 a second, so on a loaded machine a fixed count of requests may all pass: the test
    // asks until it is refused, which only a limiter that works ever does.
    // The refusal looked at is the one that ended the loop: asked again, a loaded machine may have refilled the
    // bucket meanwhile and answered 200.
    var statuses: [Int] = []
    var refused: Response?
    while statuses.count < 500, refused == nil {
        let response = try await greedy.request(.get, "/health/live")
        statuses.append(response.status.rawValue)
        if response.status.rawValue == 429 { refused = response }
    }
    #expect(statuses.prefix(4) == [200, 200, 200, 200])
    let refusal = try #require(refused, "never refused: \(statuses.count) answers")
    #expect(refusal.headers["Retry-After"].flatMap(Int.init).map { $0 >= 1 } == true)
    #expect(refusal.headers["Content-Type"]?.hasPrefix("application/problem+json") == true)

    let other = TestClient(handler: app.handler(log: .discard), remoteAddress: "192.0.2.2")
    #expect(try await other.request(.get, "/health/live").status == .ok)

    let unlimited = try await buildApplication(
        ServerConfiguration(port: 0, dataDirectory: directory, databaseURL: "sqlite::memory:", rateLimit: 0))
    let client = TestClient(handler: unlimited.handler(log: .discard), remoteAddress: "192.0.2.1")
    for _ in 0..<50 { #expect(try await client.request(.get, "/health/live").status == .ok) }
}

/// The served Attendee sign-in counts failures per e-mail as the configuration says (`quartet serve
/// --attendee-signin-failures`, `--attendee-signin-window`), behind the per-address limit.
@Test func theServedSignInThrottlesAsConfigured() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quartet-app-\(UUID().uuidString)")
    let app = try await buildApplication(
        ServerConfiguration(
            port: 0, dataDirectory: directory, databaseURL: "sqlite::memory:",
            attendeeSignIn: SignInThrottle(allowedFailures: 2, window: 120)))
    let client = TestClient(handler: app.handler(log: .discard))
    func signIn() async throws -> Response {
        try await client.post(
            "/attendee/v1/auth/signin", json: SignInRequest(email: "who@example.com", password: "nope nope"))
    }
    #expect(try await signIn().status == .unauthorized)
    #expect(try await signIn().status == .unauthorized)
    let refused = try await signIn()
    #expect(refused.status == .tooManyRequests)
    // NB: the served clock is the real one; a loaded machine may take seconds between the requests.
    #expect(refused.headers["Retry-After"].flatMap(Int.init).map { (1...120).contains($0) } == true)
    #expect(refused.headers["Content-Type"]?.hasPrefix("application/problem+json") == true)
    #expect(ServerConfiguration().attendeeSignIn == SignInThrottle(allowedFailures: 5, window: 900))
}

/// Sign-in documents its own 429, and every 429 the `Retry-After` it carries, so a client (and the contract run)
/// knows to read it.
@Test func signInDocumentsItsThrottleAndEvery429ItsRetryAfter() async throws {
    let app = try await makeApplication()
    let response = try await app.router.respond(to: Request(method: .get, target: "/openapi.json"))
    let document = try JSONDecoder().decode(JSONValue.self, from: response.bodyData)
    let refused = document["paths"]?["/attendee/v1/auth/signin"]?["post"]?["responses"]?["429"]
    #expect(refused?["description"]?.stringValue?.contains("failed sign-ins for this e-mail") == true)
    #expect(refused?["content"]?["application/problem+json"] != nil)
    let retryAfter = refused?["headers"]?["Retry-After"]
    #expect(retryAfter?["required"] == true)
    #expect(retryAfter?["schema"] == ["type": "integer", "minimum": 1])
    for operation in app.openAPI.operations {
        let entry = document["paths"]?[operation.openAPIPath]?[operation.method.rawValue.lowercased()]
        #expect(entry?["responses"]?["429"]?["headers"]?["Retry-After"] == retryAfter, "\(operation.path)")
    }
}

/// Refusals the middleware and engine produce are documented on every operation they can reach, in the media
/// type the service actually answers with.
@Test func everyOperationDocumentsTheRefusalsItCanMeetInItsErrorMediaType() async throws {
    let app = try await makeApplication()
    let response = try await app.router.respond(to: Request(method: .get, target: "/openapi.json"))
    let document = try JSONDecoder().decode(JSONValue.self, from: response.bodyData)
    for operation in app.openAPI.operations {
        let entry = document["paths"]?[operation.openAPIPath]?[operation.method.rawValue.lowercased()]
        let responses = entry?["responses"]
        #expect(responses?["429"] != nil, "\(operation.path) lacks 429")
        if operation.requiresAuthentication { #expect(responses?["401"] != nil, "\(operation.path) lacks 401") }
        if operation.requestBody != nil { #expect(responses?["400"] != nil, "\(operation.path) lacks 400") }
    }
    let salesforceError = document["paths"]?["/services/data/v32.0/sobjects/{sobject}/{id}"]?["get"]?["responses"]?[
        "401"]?["content"]?["application/json"]
    #expect(salesforceError != nil)
    let attendeeError = document["paths"]?["/attendee/v1/me"]?["get"]?["responses"]?["401"]?["content"]?[
        "application/problem+json"]
    #expect(attendeeError != nil)
}

/// Each domain's operations name that domain's token, so a client (and the contract run) knows which to send.
@Test func eachDomainNamesItsOwnBearerScheme() async throws {
    let app = try await makeApplication()
    let response = try await app.router.respond(to: Request(method: .get, target: "/openapi.json"))
    let document = try JSONDecoder().decode(JSONValue.self, from: response.bodyData)
    let schemes = document["components"]?["securitySchemes"]
    for name in ["attendee", "changeJar", "salesforce"] {
        #expect(schemes?[name]?["scheme"] == "bearer", "\(name) missing")
    }
    #expect(schemes?["bearer"] == nil)
    let paths = document["paths"]
    #expect(paths?["/attendee/v1/me"]?["get"]?["security"] == [["attendee": []]])
    #expect(paths?["/changejar/v1/actions"]?["post"]?["security"] == [["changeJar": []]])
    // One action is open to everyone, and reads the token of a caller who sends one (is it theirs?).
    #expect(paths?["/changejar/v1/actions/{id}"]?["get"]?["security"] == .array([.object([:]), ["changeJar": []]]))
    #expect(paths?["/changejar/v1/actions/{id}"]?["get"]?["responses"]?["401"] != nil)
    #expect(paths?["/services/data/v32.0/sobjects/{sobject}/{id}"]?["get"]?["security"] == [["salesforce": []]])
    #expect(paths?["/health"]?["get"]?["security"] == nil)
}

/// What the handlers enforce is in the request schemas: required fields, enums, `null` where an optional takes
/// it, a required query parameter, and the 422 a JSON body of the wrong shape meets.
@Test func requestSchemasStateWhatTheHandlersEnforce() async throws {
    let app = try await makeApplication()
    let response = try await app.router.respond(to: Request(method: .get, target: "/openapi.json"))
    let document = try JSONDecoder().decode(JSONValue.self, from: response.bodyData)
    let signUp = document["paths"]?["/attendee/v1/auth/signup"]?["post"]
    let schema = signUp?["requestBody"]?["content"]?["application/json"]?["schema"]
    #expect(schema?["required"] == ["email", "name", "password"])
    #expect(schema?["properties"]?["password"]?["minLength"] == 8)
    #expect(schema?["properties"]?["name"]?["x-maxGraphemes"] == 80)
    // NB: a name is one line, and its code points are capped as any text people write to each other is.
    #expect(schema?["properties"]?["name"]?["maxLength"] == 640)
    #expect(schema?["properties"]?["name"]?["pattern"]?.stringValue?.contains(#"\u202A-\u202E"#) == true)
    #expect(signUp?["responses"]?["422"] != nil)
    let post = document["paths"]?["/attendee/v1/events/{eventID}/wall"]?["post"]
    let text = post?["requestBody"]?["content"]?["application/json"]?["schema"]?["properties"]?["text"]
    #expect(text?["x-maxGraphemes"] == 2000)
    // NB: characters are graphemes, which `maxLength` cannot count; the second cap, in code points, it can.
    #expect(text?["maxLength"] == 16000)
    let imageType = post?["requestBody"]?["content"]?["application/json"]?["schema"]?["properties"]?["imageID"]?[
        "type"]
    #expect(imageType == ["string", "null"])
    let documents = document["paths"]?["/attendee/v1/events/{eventID}/documents"]?["post"]?["parameters"]?.arrayValue
    let purpose = documents?.first { $0["name"] == "purpose" }
    #expect(purpose?["required"] == true)
    #expect(purpose?["schema"]?["enum"] == ["pre-read", "post-read", "material"])
}

/// The server's data directory and database hold every account, token and message: its user's alone.
@Test func theDataDirectoryAndDatabaseAreTheServersUsersAlone() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quartet-app-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    // NB: the migrations have written the database (and its WAL) by the time the build returns. A `/health` call
    // stood here, and on a loaded machine its check ran past the probe's timeout and failed the test with a 503.
    let app = try await buildApplication(ServerConfiguration(port: 0, dataDirectory: directory))
    func mode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }
    #expect(try mode(directory.path) == 0o700)
    let database = directory.appendingPathComponent("quartet.sqlite").path
    for file in [database, database + "-wal"] {
        #expect(try mode(file) == 0o600, "\(file)")
    }
    await app.close()
}

/// SQLite serves one server: a second on the same file would serve live streams that miss the first one's
/// events, so it is refused before it opens the database, and the file is free again once the first closes.
@Test func aSecondServerOnTheSameSQLiteFileIsRefused() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quartet-app-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let configuration = ServerConfiguration(port: 0, dataDirectory: directory)
    let first = try await buildApplication(configuration)
    do {
        _ = try await buildApplication(configuration)
        Issue.record("a second server started on the same SQLite file")
    } catch let error as ApplicationError {
        #expect(error.description.contains("another Quartet server is using"), "\(error)")
        #expect(startFailureMessage(error) == error.description)
    }
    // Another file in another folder is another server's business.
    let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("quartet-app-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let other = try await buildApplication(ServerConfiguration(port: 0, dataDirectory: elsewhere))
    await other.close()
    await first.close()
    let again = try await buildApplication(configuration)
    await again.close()
}

/// Behind a trusted reverse proxy each client has its own budget (every request comes from the proxy's address);
/// from anyone else, `X-Forwarded-For` changes nothing.
@Test func theServedHandlerLimitsEachClientBehindATrustedProxy() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quartet-app-\(UUID().uuidString)")
    let app = try await buildApplication(
        ServerConfiguration(
            port: 0, dataDirectory: directory, databaseURL: "sqlite::memory:", rateLimit: 1,
            trustedProxies: try TrustedProxies(["192.0.2.9"])))
    let handler = app.handler(log: .discard)
    func statuses(from peer: String, forwardedFor client: String) async throws -> [Int] {
        let proxy = TestClient(handler: handler, remoteAddress: peer)
        var seen: [Int] = []
        for _ in 0..<3 {
            // NB: the liveness route, which asks nothing of the database: at one request a second, a slow answer
            // would refill the bucket.
            seen.append(
                try await proxy.request(.get, "/health/live", headers: ["X-Forwarded-For": client]).status.rawValue)
        }
        return seen
    }
    #expect(try await statuses(from: "192.0.2.9", forwardedFor: "198.51.100.1") == [200, 200, 429])
    #expect(try await statuses(from: "192.0.2.9", forwardedFor: "198.51.100.2") == [200, 200, 429])
    // A client that writes the header itself is still known by its own address.
    #expect(try await statuses(from: "203.0.113.7", forwardedFor: "198.51.100.3") == [200, 200, 429])
    #expect(try await statuses(from: "203.0.113.7", forwardedFor: "198.51.100.4") == [429, 429, 429])
}

/// Every list that pages documents its `cursor` (a value only the server gives out, empty allowed) and its
/// `limit`, and New Actions its `since`: the wall, a post's replies and a discussion read them and named none.
@Test func everyPagedListDocumentsItsCursorAndLimit() async throws {
    let app = try await makeApplication()
    let response = try await app.router.respond(to: Request(method: .get, target: "/openapi.json"))
    let document = try JSONDecoder().decode(JSONValue.self, from: response.bodyData)
    let lists: [String: Set<String>] = [
        "/changejar/v1/actions": ["cursor", "limit"],
        "/changejar/v1/actions/new": ["cursor", "limit", "since"],
        "/changejar/v1/actions/new/count": ["since"],
        "/changejar/v1/actions/mine": ["cursor", "limit"],
        "/changejar/v1/actions/search": ["cursor", "limit", "q"],
        "/attendee/v1/events/{eventID}/wall": ["cursor", "limit"],
        "/attendee/v1/wall/{postID}/replies": ["cursor", "limit"],
        "/attendee/v1/sessions/{sessionID}/discussion": ["cursor", "limit"],
    ]
    for (path, names) in lists {
        let parameters = document["paths"]?[path]?["get"]?["parameters"]?.arrayValue ?? []
        let query = parameters.filter { $0["in"] == "query" }
        #expect(Set(query.compactMap { $0["name"]?.stringValue }) == names, "\(path)")
        for parameter in query where parameter["name"] == "cursor" || parameter["name"] == "since" {
            #expect(parameter["x-issuedByServer"] == true, "\(path)")
            #expect(parameter["allowEmptyValue"] == true, "\(path)")
            #expect(parameter["schema"]?["pattern"] == .string(Base64URL.pattern), "\(path)")
        }
        let limit = query.first { $0["name"] == "limit" }
        #expect(limit == nil || limit?["schema"]?["type"] == "integer", "\(path)")
    }
}

/// The served handler compresses for a client that accepts gzip, as USGS does its feeds, and a client revalidating
/// with the weak tag it was given still gets its 304.
@Test func theServedHandlerCompressesTheFeedAndStillRevalidatesIt() async throws {
    let app = try await makeApplication()
    let client = TestClient(handler: app.handler(log: .discard))
    let feed = "/usgs/feed/v1.0/summary/all_month.geojson"
    let plain = try await askedUntilReady { try await client.get(feed) }
    #expect(plain.status == .ok)
    #expect(plain.headers["Content-Encoding"] == nil)
    #expect(plain.headers["Vary"] == "Accept-Encoding")
    let compressed = try await client.get(feed, headers: ["Accept-Encoding": "gzip, deflate, br, zstd"])
    #expect(compressed.headers["Content-Encoding"] == "gzip")
    #expect(compressed.bodyData.prefix(2) == Data([0x1F, 0x8B]))
    #expect(compressed.bodyData.count * 4 < plain.bodyData.count)
    let etag = try #require(compressed.headers["ETag"])
    #expect(etag == "W/" + (plain.headers["ETag"] ?? ""))
    let revalidated = try await client.get(
        feed, headers: ["Accept-Encoding": "gzip", "If-None-Match": etag])
    #expect(revalidated.status == .notModified)
}
