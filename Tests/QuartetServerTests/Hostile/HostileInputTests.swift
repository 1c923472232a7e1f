import DatabaseTestSupport
import Foundation
import HTTPServer
import HTTPTypes
import Locking
import QuartetServer
import Testing

/// Every route that takes a body, fed every body of ``HostileCorpus`` by a signed-in caller with real ids:
/// 4xx (or 2xx where the body happens to be valid), never 5xx, and no internals in any error body.
@Suite struct HostileInputTests {
    @Test func noHostileBodyGetsA5xxOrAnErrorBodyWithInternals() async throws {
        let server = try await ComposedServer.make()
        defer { server.remove() }
        let callers = try await SignedInCallers.make(server.client)
        var tried = 0
        // NB: signing out would end the caller's session for every later request; it reads no body anyway.
        let operations = server.application.openAPI.operations.filter {
            $0.method.takesBody && !$0.path.hasSuffix("/auth/signout")
        }
        for operation in operations {
            let target = callers.target(operation.path)
            var headers: HTTPHeaders = ["Content-Type": "application/json"]
            if let authorization = callers.authorization(for: operation.path) {
                headers["Authorization"] = authorization
            }
            for (name, body) in HostileCorpus.bodies {
                let response = try await server.client.request(
                    operation.method, target, headers: headers, body: body)
                tried += 1
                if operation.requiresAuthentication {
                    // The corpus is wasted on a route that stops at the door: the caller must get past it.
                    #expect(
                        response.status != .unauthorized,
                        "\(operation.method.rawValue) \(operation.path) refused the signed-in caller")
                }
                #expect(
                    response.status.rawValue < 500,
                    "\(operation.method.rawValue) \(operation.path) with \(name): \(response.status.rawValue)")
                if response.status.rawValue >= 400 {
                    let leaks = HostileCorpus.leaks(in: response.bodyText)
                    #expect(
                        leaks.isEmpty,
                        "\(operation.method.rawValue) \(operation.path) with \(name) leaks \(leaks): \(response.bodyText.prefix(300))"
                    )
                }
            }
        }
        #expect(tried >= 15 * HostileCorpus.bodies.count)
        #expect(server.serverErrors().isEmpty, "server errors logged: \(server.serverErrors().prefix(3))")
    }

    /// A JSON body larger than any form sends is a 413 before it is parsed, on every route that reads one: parsing
    /// 40 MiB (the server's limit, which uploads need) took a core two seconds, sign-in's included. The import of a
    /// programme alone reads more, and Change Jar less.
    @Test func anOversizedJSONBodyIsRefusedBeforeItIsParsed() async throws {
        let server = try await ComposedServer.make()
        defer { server.remove() }
        let callers = try await SignedInCallers.make(server.client)
        let body = Data(("{\"text\":\"" + String(repeating: "a", count: 300 * 1024) + "\"}").utf8)
        let operations = server.application.openAPI.operations.filter {
            $0.method.takesBody && $0.requestBody != nil && $0.requestMediaType == "application/json"
                && !$0.path.hasPrefix("/services/") && !$0.path.hasPrefix("/cognito")
        }
        var refused: [String] = []
        for operation in operations {
            var headers: HTTPHeaders = ["Content-Type": "application/json"]
            if let authorization = callers.authorization(for: operation.path) {
                headers["Authorization"] = authorization
            }
            let response = try await server.client.request(
                operation.method, callers.target(operation.path), headers: headers, body: body)
            let name = "\(operation.method.rawValue) \(operation.path)"
            if operation.path.hasSuffix("/import") {
                #expect(response.status == .unprocessableContent, "\(name): \(response.bodyText)")
                continue
            }
            // NB: a route that looks its id up first answers 404 for the callers' made-up thread, note or post.
            #expect(
                [.contentTooLarge, .notFound].contains(response.status),
                "\(name): \(response.status.rawValue) \(response.bodyText)")
            if response.status == .contentTooLarge { refused.append(name) }
        }
        #expect(refused.count >= 15, "\(refused)")
        #expect(refused.contains("POST /attendee/v1/auth/signin"))
        await server.close()
    }

    /// Bodies that would be accepted but for a comma before `}` or `]` (which Foundation's parser takes): 400, and
    /// nothing is written.
    @Test func aCommaBeforeAClosingBracketIsNotJSONAndWritesNothing() async throws {
        let server = try await ComposedServer.make()
        defer { server.remove() }
        let callers = try await SignedInCallers.make(server.client)
        let json: HTTPHeaders = ["Content-Type": "application/json"]
        let signUp = try await server.client.request(
            .post, "/attendee/v1/auth/signup", headers: json,
            body: Data(#"{"email":"comma@example.com","password":"correct horse","name":"Comma",}"#.utf8))
        #expect(signUp.status == .badRequest, "\(signUp.bodyText)")
        #expect(signUp.bodyText.contains("not valid JSON"))
        let signIn = try await server.client.request(
            .post, "/attendee/v1/auth/signin", headers: json,
            body: Data(#"{"email":"comma@example.com","password":"correct horse"}"#.utf8))
        #expect(signIn.status == .unauthorized)

        var changeJar = json
        changeJar["Authorization"] = callers.authorization(for: "/changejar/v1/actions")
        let before = try await server.client.get("/changejar/v1/actions").bodyText
        let create = try await server.client.request(
            .post, "/changejar/v1/actions", headers: changeJar,
            body: Data(
                #"{"title":"Walk to work","content":"Every day.","authSource":"google","providerUserID":"hostile-1",}"#
                    .utf8))
        #expect(create.status == .badRequest, "\(create.bodyText)")
        #expect(try await server.client.get("/changejar/v1/actions").bodyText == before)
        await server.close()
    }
}

/// A composed Quartet server on a database of its own (a SQLite file unless told), without a rate limit,
/// logging into memory.
struct ComposedServer: Sendable {
    let application: Application
    let client: TestClient
    let directory: URL
    let lines: Locked<[String]>
    private let database: TestDatabase?

    static func make(_ kind: DatabaseKind = .sqliteFile) async throws -> ComposedServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quartet-hostile-\(UUID())")
        var databaseURL = "sqlite://" + directory.appendingPathComponent("quartet.sqlite").path
        var database: TestDatabase?
        if kind == .postgres {
            // A schema of its own on the test server, which the composed server reaches through its search path.
            let test = try await TestDatabase.make(.postgres)
            let url = try DatabaseKind.requirePostgresURL()
            databaseURL = url + (url.contains("?") ? "&" : "?") + "options=-csearch_path%3D" + test.location
            database = test
        }
        let application = try await buildApplication(
            ServerConfiguration(port: 0, dataDirectory: directory, databaseURL: databaseURL, rateLimit: 0))
        let lines = Locked<[String]>([])
        let client = TestClient(
            handler: application.handler(log: LogSink { line in lines.withLock { $0.append(line) } }),
            remoteAddress: "192.0.2.7")
        return ComposedServer(
            application: application, client: client, directory: directory, lines: lines, database: database)
    }

    /// Every log line so far.
    var logLines: [String] { lines.withLock { $0 } }

    /// The log lines of requests answered 5xx.
    func serverErrors() -> [String] {
        logLines.filter { $0.contains("status=5") }
    }

    /// Removes the server's folder; a PostgreSQL schema is dropped by ``close()``.
    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// Closes the application's database and drops a PostgreSQL schema made for it.
    func close() async {
        await application.close()
        await database?.close()
        remove()
    }
}

extension HTTPMethod {
    /// Whether requests of this method carry a body worth attacking.
    var takesBody: Bool { self == .post || self == .put || self == .patch }
}

/// NUL, which no text on Quartet's own APIs holds (PostgreSQL can neither store nor compare it): a 400 naming the
/// parameter in any path or query parameter, a 422 naming the field in any body text, the same on both engines,
/// and never a server error. The fields are the ones the contract run found reaching PostgreSQL.
@Suite struct NulFieldTests {
    @Test(arguments: [DatabaseKind.sqliteFile, .postgres])
    func aNulInAnyBodyTextIsA422NamingTheField(_ kind: DatabaseKind) async throws {
        let server = try await ComposedServer.make(kind)
        defer { server.remove() }
        let callers = try await SignedInCallers.make(server.client)
        let json: HTTPHeaders = ["Content-Type": "application/json"]
        var signedIn = json
        signedIn["Authorization"] = "Bearer \(callers.attendeeToken)"
        let cases: [(method: HTTPMethod, path: String, body: String, field: String, headers: HTTPHeaders)] = [
            (
                .post, "/attendee/v1/auth/signup",
                #"{"email":"nul@example.com","password":"correct horse","name":"Ana\u0000"}"#, "name", json
            ),
            // No account's e-mail holds NUL: refused before any lookup (PostgreSQL could not make one).
            (.post, "/attendee/v1/auth/signin", #"{"email":"ana\u0000@example.com","password":"x"}"#, "email", json),
            (.post, "/attendee/v1/events/:eventID/wall", #"{"text":"","imageID":"a\u0000b"}"#, "imageID", signedIn),
            (
                .post, "/attendee/v1/sessions/:sessionID/discussion", #"{"text":"","imageID":"\u0000"}"#, "imageID",
                signedIn
            ),
            (.post, "/attendee/v1/events/:eventID/threads", #"{"personID":"p\u0000"}"#, "personID", signedIn),
            // Deep in a body, and in a map's key.
            (
                .put, "/attendee/v1/events/:eventID/registration/additional-info",
                #"{"later":true,"answers":{},"guests":[{"name":"Bo","email":"bo@example.com"},{"name":"C\u0000","email":"c@example.com"}]}"#,
                "guests.1.name", signedIn
            ),
            (
                .put, "/attendee/v1/events/:eventID/registration/additional-info",
                #"{"later":true,"answers":{"diet\u0000":"none"},"guests":[]}"#, "answers.diet", signedIn
            ),
        ]
        for (method, path, body, field, headers) in cases {
            let response = try await server.client.request(
                method, callers.target(path), headers: headers, body: Data(body.utf8))
            #expect(response.status == .unprocessableContent, "\(kind) \(path): \(response.bodyText)")
            #expect(response.bodyText.contains("\"field\":\"\(field)\""), "\(kind) \(path): \(response.bodyText)")
        }
        #expect(server.serverErrors().isEmpty, "\(kind): \(server.serverErrors().prefix(3))")
        await server.close()
    }

    /// Every path and query parameter of every Attendee and Change Jar operation, read from the document.
    @Test(arguments: [DatabaseKind.sqliteFile, .postgres])
    func aNulInAnyParameterIsA400NamingIt(_ kind: DatabaseKind) async throws {
        let server = try await ComposedServer.make(kind)
        defer { server.remove() }
        let callers = try await SignedInCallers.make(server.client)
        let operations = server.application.openAPI.operations.filter(\.refusesNUL)
        #expect(operations.count > 60)
        var tried = 0
        for operation in operations where !operation.path.hasSuffix("/auth/signout") {
            var headers: HTTPHeaders = ["Content-Type": "application/json"]
            if let authorization = callers.authorization(for: operation.path) {
                headers["Authorization"] = authorization
            }
            let query = operation.queryParameters.keys.sorted() + operation.linkCredentials.keys.sorted()
            var targets: [(String, String)] = query.map { name in
                (name, callers.target(operation.path) + "?\(name)=a%00b")
            }
            let parts = callers.target(operation.path).split(separator: "/").map(String.init)
            for (index, part) in operation.path.split(separator: "/").enumerated()
            where part.hasPrefix(":") || part.hasPrefix("*") {
                var filled = parts
                filled[index] = "x%00"
                targets.append((String(part.dropFirst()), "/" + filled.joined(separator: "/")))
            }
            for (name, target) in targets {
                let response = try await server.client.request(
                    operation.method, target, headers: headers, body: Data("{}".utf8))
                tried += 1
                #expect(
                    response.status == .badRequest,
                    "\(kind) \(operation.method.rawValue) \(target): \(response.bodyText)")
                #expect(response.bodyText.contains("\"field\":\"\(name)\""), "\(kind) \(target): \(response.bodyText)")
            }
        }
        #expect(tried > 60)
        // The document says so: the parameters' schemas forbid NUL, and a 400 is among each one's answers.
        let document = try #require(
            try JSONSerialization.jsonObject(with: await server.client.get("/openapi.json").bodyData) as? [String: Any])
        let documents = try #require(
            (document["paths"] as? [String: Any])?["/attendee/v1/events/{eventID}/documents"] as? [String: Any])
        let list = try #require(documents["get"] as? [String: Any])
        let parameters = try #require(list["parameters"] as? [[String: Any]])
        for parameter in parameters {
            let schema = try #require(parameter["schema"] as? [String: Any])
            #expect(schema["pattern"] as? String == Schema.noNULPattern, "\(parameter)")
        }
        #expect((list["responses"] as? [String: Any])?["400"] != nil)
        #expect(server.serverErrors().isEmpty, "\(kind): \(server.serverErrors().prefix(3))")
        await server.close()
    }
}
