import AttendeeModels
import ChangeJarModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import HTTPTypes
import Testing

/// Who may do what, for every operation of `/openapi.json`: each write and each private read is tried by a
/// second person, who gets 403 or 404 while nothing of the first person's changes.
///
/// The matrix names every operation; one the document lists and the matrix does not fails the test, so a new
/// route cannot ship without its rule.
@Suite struct OwnershipMatrixTests {
    /// What an operation lets a second person do.
    enum Rule: Sendable {
        /// Anyone may call it and it holds nothing private: called without credentials, it answers below 400 and
        /// shows none of Ada's private text.
        case open
        /// Exchanges credentials for a session; the sign-in suites test the credentials.
        case signIn
        /// Reads or changes only the caller's own things. A read of it by Ben shows none of Ada's.
        case callersOwn
        /// Ben (or whoever the attack names) tries it on Ada's (or Olga's) things: refused with one of
        /// `statuses`, nothing of Ada's in the answer, and every snapshot read unchanged.
        case refused(Attack)
    }

    struct Attack: Sendable {
        var statuses: Set<Int> = [403, 404]
        var send: @Sendable (OwnershipWorld) async throws -> Response
    }

    static func refused(
        _ statuses: Set<Int> = [403, 404], _ send: @escaping @Sendable (OwnershipWorld) async throws -> Response
    ) -> Rule {
        .refused(Attack(statuses: statuses, send: send))
    }

    // MARK: - The matrix

    static let matrix: [String: Rule] = [
        // Attendee: accounts and the caller's own things.
        "POST /attendee/v1/auth/signup": .signIn,
        "POST /attendee/v1/auth/signin": .signIn,
        "POST /attendee/v1/auth/signout": .callersOwn,
        "GET /attendee/v1/me": .callersOwn,
        "PATCH /attendee/v1/me": .callersOwn,
        "GET /attendee/v1/me/live": .callersOwn,
        "POST /attendee/v1/import": .callersOwn,
        "GET /attendee/v1/threads": .callersOwn,
        // Attendee: the public programme.
        "GET /attendee/v1/events": .open,
        "GET /attendee/v1/events/:eventID": .open,
        "GET /attendee/v1/events/:eventID/agenda": .open,
        "GET /attendee/v1/events/:eventID/speakers": .open,
        "GET /attendee/v1/sessions/:sessionID": .open,
        "GET /sessions/:sessionID": .open,
        "GET /attendee/v1/events/:eventID/speakers/:personID": .open,
        // Attendee: the caller's place in an event.
        "POST /attendee/v1/events/:eventID/registration": .callersOwn,
        "PUT /attendee/v1/events/:eventID/registration/additional-info": .callersOwn,
        "GET /attendee/v1/events/:eventID/my-agenda": .callersOwn,
        "POST /attendee/v1/events/:eventID/feedback": .callersOwn,
        "POST /attendee/v1/sessions/:sessionID/feedback": .callersOwn,
        "GET /attendee/v1/events/:eventID/notes": .callersOwn,
        "POST /attendee/v1/events/:eventID/notes": .callersOwn,
        // Ben has no seat; leaving (a no-op that answers "cancelled") frees nothing of Ada's.
        "DELETE /attendee/v1/sessions/:sessionID/attendance": refused([200]) { world in
            try await world.client.delete(
                "/attendee/v1/sessions/\(world.sessionID)/attendance", headers: OwnershipWorld.auth(world.ben))
        },
        // A seat for someone not signed up to the event.
        "POST /attendee/v1/sessions/:sessionID/attendance": refused { world in
            try await world.client.post(
                "/attendee/v1/sessions/\(world.sessionID)/attendance", json: AttendRequest(joinWaitlistIfFull: true),
                headers: OwnershipWorld.auth(world.cleo))
        },
        // Attendee: what only the event's people see, tried by Cleo, who is not signed up.
        "GET /attendee/v1/events/:eventID/attendees": outsider("/attendee/v1/events/{event}/attendees"),
        "GET /attendee/v1/sessions/:sessionID/attendees": outsider("/attendee/v1/sessions/{session}/attendees"),
        "GET /attendee/v1/people/:personID": outsider("/attendee/v1/people/{ada}"),
        "GET /attendee/v1/events/:eventID/wall": outsider("/attendee/v1/events/{event}/wall"),
        "POST /attendee/v1/events/:eventID/wall": outsider(
            .post, "/attendee/v1/events/{event}/wall", NewPost(text: "Hi")),
        "POST /attendee/v1/wall/:postID/replies": outsider(
            .post, "/attendee/v1/wall/{post}/replies", NewWallReply(text: "Hi")),
        "GET /attendee/v1/wall/:postID/replies": outsider("/attendee/v1/wall/{post}/replies"),
        "PUT /attendee/v1/wall/:postID/like": outsider(.put, "/attendee/v1/wall/{post}/like", [String: String]()),
        "GET /attendee/v1/sessions/:sessionID/discussion": outsider("/attendee/v1/sessions/{session}/discussion"),
        "POST /attendee/v1/sessions/:sessionID/discussion": outsider(
            .post, "/attendee/v1/sessions/{session}/discussion", NewPost(text: "Hi")),
        "GET /attendee/v1/events/:eventID/live": outsider("/attendee/v1/events/{event}/live"),
        "GET /attendee/v1/sessions/:sessionID/live": outsider("/attendee/v1/sessions/{session}/live"),
        "GET /attendee/v1/sessions/:sessionID/discussion/live": outsider(
            "/attendee/v1/sessions/{session}/discussion/live"),
        "GET /attendee/v1/events/:eventID/polls": outsider("/attendee/v1/events/{event}/polls"),
        "GET /attendee/v1/polls/:pollID": outsider("/attendee/v1/polls/{poll}"),
        "PUT /attendee/v1/polls/:pollID/answer": outsider(
            .put, "/attendee/v1/polls/{poll}/answer", PollAnswer(choices: [:])),
        "POST /attendee/v1/events/:eventID/threads": outsider(
            .post, "/attendee/v1/events/{event}/threads", StartThreadRequest(personID: "{ada}")),
        "GET /attendee/v1/events/:eventID/gallery": outsider("/attendee/v1/events/{event}/gallery"),
        "POST /attendee/v1/events/:eventID/gallery": refused { world in
            try await world.client.post(
                "/attendee/v1/events/\(world.eventID)/gallery?name=cleo.jpg", body: try OwnershipWorld.jpeg(),
                headers: ["Authorization": "Bearer \(world.cleo)", "Content-Type": "image/jpeg"])
        },
        "POST /attendee/v1/events/:eventID/attachments": refused { world in
            try await world.client.post(
                "/attendee/v1/events/\(world.eventID)/attachments?name=cleo.jpg", body: try OwnershipWorld.jpeg(),
                headers: ["Authorization": "Bearer \(world.cleo)", "Content-Type": "image/jpeg"])
        },
        "GET /attendee/v1/events/:eventID/documents": outsider("/attendee/v1/events/{event}/documents"),
        // A gallery photo is the event's; Ada's message picture is hers and Olga's, her note's picture hers alone:
        // Ben, at the same event, is told neither exists.
        "GET /attendee/v1/media/:mediaID": everyRefused(
            outsider("/attendee/v1/media/{photo}"), benReads("/attendee/v1/media/{message-picture}"),
            benReads("/attendee/v1/media/{note-picture}")),
        "GET /attendee/v1/media/:mediaID/thumbnail": everyRefused(
            outsider("/attendee/v1/media/{photo}/thumbnail"),
            benReads("/attendee/v1/media/{message-picture}/thumbnail"),
            benReads("/attendee/v1/media/{note-picture}/thumbnail")),
        "GET /attendee/v1/media/:mediaID/share": everyRefused(
            outsider("/attendee/v1/media/{document}/share"), benReads("/attendee/v1/media/{note-picture}/share")),
        // Attendee: what only the organizer (or a session's speaker) changes, tried by Ben, who is signed up.
        "POST /attendee/v1/events/:eventID/documents": refused([403]) { world in
            try await world.client.post(
                "/attendee/v1/events/\(world.eventID)/documents?purpose=pre-read&name=mine.txt",
                body: Data("Not yours to add.".utf8),
                headers: ["Authorization": "Bearer \(world.ben)", "Content-Type": "text/plain"])
        },
        "POST /attendee/v1/events/:eventID/polls": refused([403]) { world in
            try await world.client.post(
                "/attendee/v1/events/\(world.eventID)/polls",
                json: PollDraft(questions: [PollQuestionDraft(text: "Tea?", options: ["Yes", "No"])]),
                headers: OwnershipWorld.auth(world.ben))
        },
        // Ben, signed up to the event, cannot make himself (or anyone) its speaker, nor read or undo the link.
        "GET /attendee/v1/events/:eventID/speakers/:speakerID/account": benRequest(
            .get, "/attendee/v1/events/{event}/speakers/{speaker}/account", [403]),
        "PUT /attendee/v1/events/:eventID/speakers/:speakerID/account": benRequest(
            .put, "/attendee/v1/events/{event}/speakers/{speaker}/account", [403],
            body: SpeakerAccountLink(email: "ben@example.com")),
        "DELETE /attendee/v1/events/:eventID/speakers/:speakerID/account": benRequest(
            .delete, "/attendee/v1/events/{event}/speakers/{speaker}/account", [403]),
        "POST /attendee/v1/polls/:pollID/open": benRequest(.post, "/attendee/v1/polls/{poll}/open", [403]),
        "POST /attendee/v1/polls/:pollID/close": benRequest(.post, "/attendee/v1/polls/{poll}/close", [403]),
        "PUT /attendee/v1/polls/:pollID": benRequest(
            .put, "/attendee/v1/polls/{poll}", [403],
            body: PollEdit(
                kind: .poll, choice: .single, questions: [PollQuestionDraft(text: "Tea?", options: ["Yes", "No"])])),
        "DELETE /attendee/v1/polls/:pollID": benRequest(.delete, "/attendee/v1/polls/{poll}", [403]),
        // Attendee: Ada's own things, tried by Ben, who is signed up to the same event.
        "DELETE /attendee/v1/wall/:postID": benRequest(.delete, "/attendee/v1/wall/{post}"),
        "DELETE /attendee/v1/wall-replies/:replyID": benRequest(.delete, "/attendee/v1/wall-replies/{reply}"),
        // Ben never liked the post: his unlike leaves Ada's like in place.
        "DELETE /attendee/v1/wall/:postID/like": benRequest(.delete, "/attendee/v1/wall/{post}/like", [200, 204]),
        "DELETE /attendee/v1/discussion-messages/:messageID": benRequest(
            .delete, "/attendee/v1/discussion-messages/{discussion}"),
        "GET /attendee/v1/threads/:threadID": benRequest(.get, "/attendee/v1/threads/{thread}", [404]),
        "GET /attendee/v1/threads/:threadID/messages": benRequest(
            .get, "/attendee/v1/threads/{thread}/messages", [404]),
        "GET /attendee/v1/threads/:threadID/live": benRequest(.get, "/attendee/v1/threads/{thread}/live", [404]),
        "POST /attendee/v1/threads/:threadID/messages": benRequest(
            .post, "/attendee/v1/threads/{thread}/messages", [404], body: SendMessageRequest(text: "Let me in")),
        "PUT /attendee/v1/threads/:threadID/read": benRequest(
            .put, "/attendee/v1/threads/{thread}/read", [404], body: MarkReadRequest(messageID: "{message}")),
        "GET /attendee/v1/notes/:noteID": benRequest(.get, "/attendee/v1/notes/{note}", [404]),
        "PUT /attendee/v1/notes/:noteID": benRequest(
            .put, "/attendee/v1/notes/{note}", [404], body: NoteEdit(text: "Defaced", version: 1)),
        "DELETE /attendee/v1/notes/:noteID": benRequest(.delete, "/attendee/v1/notes/{note}", [404]),
        "DELETE /attendee/v1/media/:mediaID": benRequest(.delete, "/attendee/v1/media/{photo}"),

        // Change Jar: everyone reads the jar; only an action's author changes it.
        "GET /changejar/v1/actions": .open,
        "GET /changejar/v1/actions/new": .open,
        "GET /changejar/v1/actions/new/count": .open,
        "GET /changejar/v1/actions/search": .open,
        "GET /changejar/v1/actions/:id": .open,
        "POST /changejar/v1/actions": .callersOwn,
        "GET /changejar/v1/actions/mine": .callersOwn,
        "GET /changejar/v1/profile": .callersOwn,
        "PUT /changejar/v1/profile": .callersOwn,
        "PUT /changejar/v1/actions/:id": refused { world in
            try await world.client.put(
                "/changejar/v1/actions/\(world.actionID)", json: ActionEdit(title: "Defaced", content: "By Ben"),
                headers: ["Authorization": "Bearer \(world.benChangeJar)"])
        },
        "DELETE /changejar/v1/actions/:id": refused { world in
            try await world.client.delete(
                "/changejar/v1/actions/\(world.actionID)", headers: ["Authorization": "Bearer \(world.benChangeJar)"])
        },

        // Cognito Identity: Ben's login cannot fetch a token for Ada's identity (AWS answers 400).
        "POST /cognito": refused([400]) { world in
            try await OwnershipWorld.cognito(
                world.client, "GetOpenIdToken", ["IdentityId": world.adaIdentityID, "Logins": world.benLogins])
        },
        "POST /cognito/dev/signin": .signIn,
        "GET /cognito/.well-known/jwks_uri": .open,
        "GET /cognito/.well-known/openid-configuration": .open,

        // Salesforce: one org whose records its users share, as Salesforce's org-wide defaults do; the second
        // person is anyone without a live session of the org, here a revoked token.
        "POST /services/oauth2/token": .signIn,
        "POST /services/oauth2/revoke": .signIn,
        "GET /services/apexrest/Account/RetrieveAccount/:id": salesforce(
            .get, "/services/apexrest/Account/RetrieveAccount/{account}"),
        "GET /services/apexrest/2.0/WebContent/:id": salesforce(.get, "/services/apexrest/2.0/WebContent/{account}"),
        "POST /services/data/v32.0/sobjects/:sobject": salesforce(
            .post, "/services/data/v32.0/sobjects/Note", body: ["Title": "Intruder", "ParentId": "{account}"]),
        "GET /services/data/v32.0/sobjects/:sobject/:id": salesforce(
            .get, "/services/data/v32.0/sobjects/Account/{account}"),
        "PATCH /services/data/v32.0/sobjects/:sobject/:id": salesforce(
            .patch, "/services/data/v32.0/sobjects/Account/{account}", body: ["Name": "Defaced"]),
        "DELETE /services/data/v32.0/sobjects/:sobject/:id": salesforce(
            .delete, "/services/data/v32.0/sobjects/Account/{account}"),
        "GET /services/data/v32.0/sobjects/:sobject/:id/:field": salesforce(
            .get, "/services/data/v32.0/sobjects/Account/{account}/Name"),

        // The USGS replay and the server's own pages are public.
        "GET /usgs/feed/v1.0/summary/:feed": .open,
        "GET /usgs/feed/v1.0/detail/:file": .open,
        "GET /usgs/earthquakes/eventpage/:id": .open,
        "GET /health": .open,
        "GET /health/live": .open,
        "GET /openapi.json": .open,
    ]

    // MARK: - The test

    @Test(arguments: [DatabaseKind.sqliteFile, .postgres])
    func everyOperationHasARuleAndEveryRuleHolds(_ kind: DatabaseKind) async throws {
        let server = try await ComposedServer.make(kind)
        do {
            try await check(server)
        } catch {
            await server.close()
            throw error
        }
        await server.close()
    }

    private func check(_ server: ComposedServer) async throws {
        let world = try await OwnershipWorld.make(server.client)
        let operations = server.application.openAPI.operations
        let listed = Set(operations.map { "\($0.method.rawValue) \($0.path)" })
        let unlisted = listed.subtracting(Self.matrix.keys).sorted()
        #expect(unlisted.isEmpty, "operations without an ownership rule: \(unlisted)")
        let stale = Set(Self.matrix.keys).subtracting(listed).sorted()
        #expect(stale.isEmpty, "rules for operations the server no longer has: \(stale)")

        let before = try await world.snapshot()
        #expect(before.values.allSatisfy { $0.hasPrefix("2") }, "Ada cannot read her own things: \(before)")
        var refusals = 0
        for operation in operations {
            let key = "\(operation.method.rawValue) \(operation.path)"
            switch Self.matrix[key] {
            case .open?:
                try await checkOpen(operation, world)
            case .callersOwn? where operation.method == .get && !operation.path.hasSuffix("/live"):
                let response = try await world.client.get(
                    world.target(operation.path), headers: ["Authorization": world.benAuthorization(operation.path)])
                #expect(response.status.rawValue < 500, "\(key) as Ben: \(response.status.rawValue)")
                #expect(!response.bodyText.contains(world.marker), "\(key) shows Ben Ada's things")
                #expect(!response.bodyText.contains(OwnershipWorld.adaChangeJarUser), "\(key) names Ada's account")
            case .refused(let attack)?:
                let response = try await attack.send(world)
                refusals += 1
                #expect(
                    attack.statuses.contains(response.status.rawValue),
                    "\(key): \(response.status.rawValue) \(response.bodyText.prefix(200))")
                #expect(!response.bodyText.contains(world.marker), "\(key) answers with Ada's things")
                let after = try await world.snapshot()
                for (path, answer) in after where answer != before[path] {
                    Issue.record("\(key) changed \(path): \(before[path]?.prefix(200) ?? "") → \(answer.prefix(200))")
                }
            case .signIn?, .callersOwn?, nil:
                break
            }
        }
        #expect(refusals >= 40)
        #expect(server.serverErrors().isEmpty, "server errors logged: \(server.serverErrors().prefix(3))")
    }

    private func checkOpen(_ operation: APIOperation, _ world: OwnershipWorld) async throws {
        guard operation.method == .get else {
            Issue.record("\(operation.method.rawValue) \(operation.path) is a write and cannot be open")
            return
        }
        let response = try await world.client.get(world.target(operation.path))
        #expect(
            response.status.rawValue < 400, "\(operation.path) without credentials: \(response.status.rawValue)")
        #expect(!response.bodyText.contains(world.marker) || operation.path.hasPrefix("/changejar"))
        // NB: Change Jar's actions are public, Ada's account at her provider is not: with it, anyone could list
        // every pledge she made.
        #expect(
            !operation.path.hasPrefix("/changejar") || !response.bodyText.contains(OwnershipWorld.adaChangeJarUser),
            "\(operation.path) names Ada's account: \(response.bodyText.prefix(300))")
    }

    // MARK: - Attacks

    /// `GET path` by Cleo, who has an account but is not signed up to the event.
    static func outsider(_ path: String) -> Rule {
        refused { world in
            try await world.client.get(world.fill(path), headers: OwnershipWorld.auth(world.cleo))
        }
    }

    /// A write with a JSON body by Cleo.
    static func outsider(_ method: HTTPMethod, _ path: String, _ body: some Encodable & Sendable) -> Rule {
        refused { world in
            let json = String(decoding: try Response.jsonEncoder.encode(body), as: UTF8.self)
            return try await world.client.request(
                method, world.fill(path), headers: OwnershipWorld.auth(world.cleo), body: Data(world.fill(json).utf8))
        }
    }

    /// `GET path` by Ben, who is signed up to the same event as Ada, refused as if nothing were there.
    static func benReads(_ path: String) -> Rule {
        refused([404]) { world in
            try await world.client.get(world.fill(path), headers: OwnershipWorld.auth(world.ben))
        }
    }

    /// Several attacks on one operation: the first answer outside its own statuses, else the last answer.
    static func everyRefused(_ rules: Rule...) -> Rule {
        let attacks = rules.compactMap { rule -> Attack? in
            if case .refused(let attack) = rule { return attack }
            return nil
        }
        let statuses = attacks.reduce(into: Set<Int>()) { $0.formUnion($1.statuses) }
        return refused(statuses) { world in
            var last: Response?
            for attack in attacks {
                let response = try await attack.send(world)
                // NB: an answer outside this attack's own statuses is returned with a status the matrix refuses.
                guard attack.statuses.contains(response.status.rawValue) else {
                    return Response(status: .ok, body: Data("\(response.status.rawValue) \(response.bodyText)".utf8))
                }
                last = response
            }
            return try #require(last)
        }
    }

    /// A request by Ben, who is signed up to the same event as Ada.
    static func benRequest(
        _ method: HTTPMethod, _ path: String, _ statuses: Set<Int> = [403, 404],
        body: (some Encodable & Sendable)? = [String: String]?.none
    ) -> Rule {
        refused(statuses) { world in
            let json = try body.map { String(decoding: try Response.jsonEncoder.encode($0), as: UTF8.self) }
            return try await world.client.request(
                method, world.fill(path), headers: OwnershipWorld.auth(world.ben),
                body: json.map { Data(world.fill($0).utf8) } ?? Data())
        }
    }

    /// A Salesforce request with a revoked token, and with none: 401 both times.
    static func salesforce(_ method: HTTPMethod, _ path: String, body: [String: String]? = nil) -> Rule {
        refused([401]) { world in
            let data = try body.map { try JSONSerialization.data(withJSONObject: $0.mapValues(world.fill)) } ?? Data()
            let anonymous = try await world.client.request(
                method, world.fill(path), headers: ["Content-Type": "application/json"], body: data)
            guard anonymous.status == .unauthorized else { return anonymous }
            return try await world.client.request(
                method, world.fill(path),
                headers: [
                    "Authorization": "Bearer \(world.revokedSalesforceToken)", "Content-Type": "application/json",
                ], body: data)
        }
    }
}

extension OwnershipWorld {
    /// `text` with `{event}`, `{session}`, `{post}`… replaced by the world's ids.
    func fill(_ text: String) -> String {
        let ids = [
            "event": eventID, "session": sessionID, "post": postID, "reply": replyID,
            "discussion": discussionMessageID, "thread": threadID, "message": messageID, "note": noteID,
            "photo": photoID, "document": documentID, "message-picture": messagePictureID,
            "note-picture": notePictureID, "poll": pollID, "ada": adaID, "olga": olgaID,
            "account": SalesforceIDs.account, "speaker": speakerID,
        ]
        var filled = text
        for (name, id) in ids { filled = filled.replacingOccurrences(of: "{\(name)}", with: id) }
        return filled
    }

    /// An operation's pattern with Ada's and the event's ids in it.
    func target(_ pattern: String) -> String {
        let ids = [
            "eventID": eventID, "sessionID": sessionID, "personID": adaID, "postID": postID, "replyID": replyID,
            "messageID": discussionMessageID, "threadID": threadID, "noteID": noteID, "mediaID": photoID,
            "pollID": pollID, "id": actionID, "feed": "all_month.geojson", "file": quakeID + ".geojson",
            "speakerID": speakerID,
        ]
        if pattern.hasPrefix("/attendee/v1/events/:eventID/speakers/") {
            return "/attendee/v1/events/\(eventID)/speakers/\(speakerID)"
        }
        if pattern == "/changejar/v1/actions/search" { return pattern + "?q=cycle" }
        if pattern.hasPrefix("/usgs/earthquakes/eventpage/") { return "/usgs/earthquakes/eventpage/\(quakeID)" }
        return "/"
            + pattern.split(separator: "/").map { part in
                part.hasPrefix(":") ? ids[String(part.dropFirst())] ?? String(part) : String(part)
            }.joined(separator: "/")
    }

    /// Ben's bearer token for the operation's domain.
    func benAuthorization(_ path: String) -> String {
        path.hasPrefix("/changejar/") ? "Bearer \(benChangeJar)" : "Bearer \(ben)"
    }
}
