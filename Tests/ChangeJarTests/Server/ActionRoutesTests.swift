import ChangeJarModels
import CognitoDevServer
import DatabaseTestSupport
import DynamicJSON
import Foundation
import HTTPServer
import Testing

@testable import ChangeJarServer

@Suite("Change Jar actions API")
struct ActionRoutesTests {
    @Test(arguments: DatabaseKind.eachDialect)
    func createdActionCarriesTheVerifiedAuthorAndTrimmedText(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let token = try await server.signIn(.google, "alice")
            let response = try await server.send(
                .post, "/changejar/v1/actions", token: token,
                json: NewAction(
                    title: "  Cycle to work  ", content: "\nTwice a week.\n", authSource: .google,
                    providerUserID: "alice", authorName: "Alice"))
            #expect(response.status == .created)
            let action = try server.decode(Action.self, response)
            #expect(action.title == "Cycle to work")
            #expect(action.content == "Twice a week.")
            #expect(action.authSource == .google)
            #expect(action.authorName == "Alice")
            #expect(action.isMine == true)
            #expect(response.headers["Location"] == "/changejar/v1/actions/\(action.id)")

            let fetched = try await server.send(.get, "/changejar/v1/actions/\(action.id)")
            var anyones = action
            anyones.isMine = nil
            #expect(try server.decode(Action.self, fetched) == anyones)
        }
    }

    /// A submission sent again after its answer was lost (the person told to try again) is the same action, not a
    /// second one; another person's same words, or the person's other words, are actions of their own.
    @Test(arguments: DatabaseKind.eachDialect)
    func theSamePledgeSentTwiceByOnePersonIsOneAction(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let alice = try await server.signIn(.google, "alice")
            func post(
                _ title: String, _ content: String, as provider: AuthSource = .google, user: String = "alice",
                token: String
            ) async throws -> (HTTPStatus, Action) {
                let response = try await server.send(
                    .post, "/changejar/v1/actions", token: token,
                    json: NewAction(title: title, content: content, authSource: provider, providerUserID: user))
                return (response.status, try server.decode(Action.self, response))
            }
            let (firstStatus, first) = try await post("Cycle to work", "Twice a week.", token: alice)
            server.clock.advance(by: 30)
            let (againStatus, again) = try await post(" Cycle to work ", "Twice a week.\n", token: alice)
            #expect(firstStatus == .created)
            #expect(againStatus == .ok)
            #expect(again == first)

            let (otherWordsStatus, otherWords) = try await post("Cycle to work", "Every day.", token: alice)
            #expect(otherWordsStatus == .created && otherWords.id != first.id)
            let bob = try await server.signIn(.twitter, "bob")
            let (bobsStatus, bobs) = try await post(
                "Cycle to work", "Twice a week.", as: .twitter, user: "bob", token: bob)
            #expect(bobsStatus == .created && bobs.id != first.id)
            let all = try server.decode(ActionPage.self, try await server.send(.get, "/changejar/v1/actions"))
            #expect(all.items.count == 3)

            // Deleted, the same words make a new action.
            _ = try await server.send(.delete, "/changejar/v1/actions/\(first.id)", token: alice)
            let (afterStatus, after) = try await post("Cycle to work", "Twice a week.", token: alice)
            #expect(afterStatus == .created && after.id != first.id)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func validationNamesTheField(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let token = try await server.signIn(.facebook, "bob")
            let cases: [(String, String, String)] = [
                ("   ", "ok", "title"),
                (String(repeating: "t", count: 121), "ok", "title"),
                ("ok", "", "content"),
                ("ok", String(repeating: "c", count: 2_001), "content"),
            ]
            for (title, content, field) in cases {
                let response = try await server.send(
                    .post, "/changejar/v1/actions", token: token,
                    json: NewAction(title: title, content: content, authSource: .facebook, providerUserID: "bob"))
                #expect(response.status == .unprocessableContent)
                #expect(response.headers["Content-Type"] == "application/problem+json")
                #expect(problem(response)["field"] as? String == field)
            }
            // The limits themselves are accepted.
            let edge = try await server.send(
                .post, "/changejar/v1/actions", token: token,
                json: NewAction(
                    title: String(repeating: "t", count: 120), content: String(repeating: "c", count: 2_000),
                    authSource: .facebook, providerUserID: "bob"))
            #expect(edge.status == .created)
            // The rule counts characters: 2,000 family emoji (25 bytes each) are a pledge it allows.
            let family = "👨‍👩‍👧‍👦"
            let emoji = try await server.send(
                .post, "/changejar/v1/actions", token: token,
                json: NewAction(
                    title: String(repeating: family, count: 120), content: String(repeating: family, count: 2_000),
                    authSource: .facebook, providerUserID: "bob"))
            #expect(emoji.status == .created)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func malformedAndMissingFieldsAreRefused(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let token = try await server.signIn(.google, "alice")
            let malformed = await server.send(.post, "/changejar/v1/actions", token: token, body: Data("{\"ti".utf8))
            #expect(malformed.status == .badRequest)
            let missing = await server.send(
                .post, "/changejar/v1/actions", token: token,
                body: Data(#"{"title":"x","authSource":"google","providerUserID":"alice"}"#.utf8))
            #expect(missing.status == .unprocessableContent)
            #expect(problem(missing)["field"] as? String == "content")
            let oversize = await server.send(
                .post, "/changejar/v1/actions", token: token, body: Data(repeating: 0x20, count: 200_000))
            #expect(oversize.status == .contentTooLarge)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func allActionsPageNewestFirstWithOpaqueCursors(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let token = try await server.signIn(.google, "alice")
            for index in 1...5 {
                try await server.create("Action \(index)", user: "alice", token: token)
                server.clock.advance(by: 1)
            }
            let first = try server.decode(
                ActionPage.self, try await server.send(.get, "/changejar/v1/actions?limit=2"))
            #expect(first.items.map(\.title) == ["Action 5", "Action 4"])
            let cursor = try #require(first.nextCursor)
            let second = try server.decode(
                ActionPage.self, try await server.send(.get, "/changejar/v1/actions?limit=2&cursor=\(cursor)"))
            #expect(second.items.map(\.title) == ["Action 3", "Action 2"])
            let third = try server.decode(
                ActionPage.self,
                try await server.send(.get, "/changejar/v1/actions?limit=2&cursor=\(try #require(second.nextCursor))"))
            #expect(third.items.map(\.title) == ["Action 1"])
            #expect(third.nextCursor == nil)

            for bad in ["abc", "djE6LTE6MQ", "djI6MTox", "v1:5:5", String(repeating: "A", count: 80)] {
                let response = try await server.send(.get, "/changejar/v1/actions?cursor=\(bad)")
                #expect(response.status == .badRequest, "cursor \(bad)")
                #expect(problem(response)["field"] as? String == "cursor")
            }
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func pageSizeIsValidated(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let token = try await server.signIn(.google, "alice")
            for index in 1...3 { try await server.create("A\(index)", user: "alice", token: token) }
            // The maximum /openapi.json states is the one the server keeps.
            let operation = try #require(ChangeJarService.operations.first { $0.path == "/changejar/v1/actions" })
            guard case .number(let documented)? = operation.queryParameterSchemas["limit"]?["maximum"] else {
                Issue.record("the listing documents no maximum limit")
                return
            }
            let most = try await server.send(.get, "/changejar/v1/actions?limit=\(Int(documented))")
            #expect(most.status == .ok)
            #expect(try server.decode(ActionPage.self, most).items.count == 3)
            for bad in ["0", "-1", "ten", "\(Int(documented) + 1)", "100000"] {
                let response = try await server.send(.get, "/changejar/v1/actions?limit=\(bad)")
                #expect(response.status == .unprocessableContent)
                #expect(problem(response)["field"] as? String == "limit")
            }
        }
    }

    /// The text limits count characters as people see them, after trimming, and /openapi.json says so rather
    /// than give a `maxLength`, which counts code points: a title of 120 flags (two code points each) is accepted.
    @Test(arguments: DatabaseKind.eachDialect)
    func theDocumentedTextLimitsAreTheServersOwn(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let token = try await server.signIn(.google, "alice")
            let flags = String(repeating: "🇩🇰", count: ActionRules.titleLength.upperBound)
            let accepted = try await server.send(
                .post, "/changejar/v1/actions", token: token,
                json: NewAction(title: flags, content: "Visit.", authSource: .google, providerUserID: "alice"))
            #expect(accepted.status == .created)
            let refused = try await server.send(
                .post, "/changejar/v1/actions", token: token,
                json: NewAction(title: flags + "🇩🇰", content: "Visit.", authSource: .google, providerUserID: "alice"))
            #expect(refused.status == .unprocessableContent)
            #expect(problem(refused)["detail"] as? String == "The title must be 1 to 120 characters.")

            let create = try #require(
                ChangeJarService.operations.first { $0.path == "/changejar/v1/actions" && $0.method == .post })
            let properties = create.requestBody?["properties"]
            #expect(properties?["title"]?["x-maxGraphemes"] == .number(Double(ActionRules.titleLength.upperBound)))
            #expect(properties?["content"]?["x-maxGraphemes"] == .number(Double(ActionRules.contentLength.upperBound)))
            #expect(properties?["title"]?["maxLength"] == nil)
            #expect(properties?["authSource"]?["enum"] == .array(AuthSource.allCases.map { .string($0.rawValue) }))
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func newSinceTheHeadCursorAndItsCount(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let token = try await server.signIn(.twitter, "carol")
            try await server.create("Old one", as: .twitter, user: "carol", token: token)
            let everything = try server.decode(
                NewActionsCount.self, try await server.send(.get, "/changejar/v1/actions/new/count"))
            #expect(everything.count == 1)
            let seen = try server.decode(ActionPage.self, try await server.send(.get, "/changejar/v1/actions"))
            let head = try #require(seen.headCursor)

            let none = try server.decode(
                NewActionsCount.self, try await server.send(.get, "/changejar/v1/actions/new/count?since=\(head)"))
            #expect(none.count == 0)
            let empty = try server.decode(
                ActionPage.self, try await server.send(.get, "/changejar/v1/actions/new?since=\(head)"))
            #expect(empty.items.isEmpty)
            #expect(empty.headCursor == head)

            server.clock.advance(by: 1)
            try await server.create("New one", as: .twitter, user: "carol", token: token)
            try await server.create("Newer one", as: .twitter, user: "carol", token: token)
            let count = try server.decode(
                NewActionsCount.self, try await server.send(.get, "/changejar/v1/actions/new/count?since=\(head)"))
            #expect(count.count == 2)
            let new = try server.decode(
                ActionPage.self, try await server.send(.get, "/changejar/v1/actions/new?since=\(head)"))
            #expect(new.items.map(\.title) == ["Newer one", "New one"])
            let newHead = try #require(new.headCursor)
            let after = try server.decode(
                NewActionsCount.self, try await server.send(.get, "/changejar/v1/actions/new/count?since=\(newHead)"))
            #expect(after.count == 0)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func searchIgnoresAccentsOnEveryEngine(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let token = try await server.signIn(.google, "alice")
            try await server.create("Café à vélo", content: "Cycle to the café.", user: "alice", token: token)
            try await server.create("Creme brulee night", content: "Share dessert.", user: "alice", token: token)
            func titles(_ query: String) async throws -> Set<String> {
                let encoded = try #require(query.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed))
                let page = try server.decode(
                    ActionPage.self, try await server.send(.get, "/changejar/v1/actions/search?q=\(encoded)"))
                return Set(page.items.map(\.title))
            }
            #expect(try await titles("cafe velo") == ["Café à vélo"])
            #expect(try await titles("crème brûlée") == ["Creme brulee night"])
            #expect(try await titles("vél") == ["Café à vélo"])
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func searchRanksAndPages(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let token = try await server.signIn(.google, "alice")
            try await server.create("Recycle bottles", content: "Recycle every bottle.", user: "alice", token: token)
            try await server.create(
                "Walk more", content: "Take the stairs; recycle paper.", user: "alice", token: token)
            try await server.create("Plant a tree", content: "In spring.", user: "alice", token: token)

            let page = try server.decode(
                ActionPage.self, try await server.send(.get, "/changejar/v1/actions/search?q=recycle"))
            #expect(page.items.count == 2)
            #expect(page.items.first?.title == "Recycle bottles")
            let prefix = try server.decode(
                ActionPage.self, try await server.send(.get, "/changejar/v1/actions/search?q=pla"))
            #expect(prefix.items.map(\.title) == ["Plant a tree"])

            let first = try server.decode(
                ActionPage.self, try await server.send(.get, "/changejar/v1/actions/search?q=recycle&limit=1"))
            #expect(first.items.count == 1)
            let next = try #require(first.nextCursor)
            let second = try server.decode(
                ActionPage.self,
                try await server.send(.get, "/changejar/v1/actions/search?q=recycle&limit=1&cursor=\(next)"))
            #expect(second.items.count == 1)
            #expect(second.items != first.items)
            #expect(second.nextCursor == nil)

            // Operators and quotes in the text are words, never query syntax.
            let hostile = try await server.send(.get, "/changejar/v1/actions/search?q=%22)%20OR%20*%20NEAR(")
            #expect(hostile.status == .ok)
            let emptyQuery = try await server.send(.get, "/changejar/v1/actions/search?q=%20%20")
            #expect(emptyQuery.status == .unprocessableContent)
            #expect(problem(emptyQuery)["field"] as? String == "q")
            let long = try await server.send(
                .get, "/changejar/v1/actions/search?q=\(String(repeating: "a", count: 201))")
            #expect(long.status == .unprocessableContent)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func authorEditsAndDeletes(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let token = try await server.signIn(.google, "alice")
            let action = try await server.create("Draft", user: "alice", token: token)
            server.clock.advance(by: 5)
            let edited = try await server.send(
                .put, "/changejar/v1/actions/\(action.id)", token: token,
                json: ActionEdit(title: "Final", content: "Better words."))
            #expect(edited.status == .ok)
            let updated = try server.decode(Action.self, edited)
            #expect(updated.title == "Final")
            #expect(updated.updatedAt > updated.createdAt)
            let invalid = try await server.send(
                .put, "/changejar/v1/actions/\(action.id)", token: token, json: ActionEdit(title: "", content: "x"))
            #expect(invalid.status == .unprocessableContent)

            let searched = try server.decode(
                ActionPage.self, try await server.send(.get, "/changejar/v1/actions/search?q=better"))
            #expect(searched.items.map(\.id) == [action.id])

            let deleted = try await server.send(.delete, "/changejar/v1/actions/\(action.id)", token: token)
            #expect(deleted.status == .noContent)
            #expect(try await server.send(.get, "/changejar/v1/actions/\(action.id)").status == .notFound)
            #expect(
                try await server.send(.delete, "/changejar/v1/actions/\(action.id)", token: token).status == .notFound)
            let gone = try server.decode(
                ActionPage.self, try await server.send(.get, "/changejar/v1/actions/search?q=better"))
            #expect(gone.items.isEmpty)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func writesAreRateLimitedPerPerson(_ kind: DatabaseKind) async throws {
        try await withServer(kind, writesPerWindow: 2) { server in
            let alice = try await server.signIn(.google, "alice")
            let bob = try await server.signIn(.google, "bob")
            try await server.create("One", user: "alice", token: alice)
            try await server.create("Two", user: "alice", token: alice)
            let third = try await server.send(
                .post, "/changejar/v1/actions", token: alice,
                json: NewAction(title: "Three", content: "x", authSource: .google, providerUserID: "alice"))
            #expect(third.status == .tooManyRequests)
            #expect(Int(third.headers["Retry-After"] ?? "") ?? 0 >= 1)
            // Another person has their own budget; reads are not limited.
            try await server.create("Bob's", user: "bob", token: bob)
            #expect(try await server.send(.get, "/changejar/v1/actions").status == .ok)
            server.clock.advance(by: 61)
            try await server.create("Later", user: "alice", token: alice)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func theFirstPageIsFreshAfterLocalWritesAndWithinASecondOfOthers(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let token = try await server.signIn(.google, "alice")
            try await server.create("One", user: "alice", token: token)
            func titles() async throws -> [String] {
                try server.decode(ActionPage.self, try await server.send(.get, "/changejar/v1/actions")).items.map(
                    \.title)
            }
            #expect(try await titles() == ["One"])
            server.clock.advance(by: 0.001)
            let two = try await server.create("Two", user: "alice", token: token)
            #expect(try await titles() == ["Two", "One"])
            _ = try await server.send(
                .put, "/changejar/v1/actions/\(two.id)", token: token, json: ActionEdit(title: "Deux", content: "x"))
            #expect(try await titles() == ["Deux", "One"])

            // Another server process on the same database: its write shows here within the cache lifetime.
            let other = try ChangeJarService(
                database: server.database,
                configuration: ChangeJarConfiguration(
                    identityPoolID: TestServer.poolID, keys: server.cognito.keyFetcher, now: server.clock.closure))
            var otherRouter = Router()
            other.register(on: &otherRouter)
            server.clock.advance(by: 0.001)
            let created = try await TestClient(router: otherRouter).post(
                "/changejar/v1/actions",
                json: NewAction(title: "Three", content: "x", authSource: .google, providerUserID: "alice"),
                headers: ["Authorization": "Bearer \(token)"])
            #expect(created.status == .created)
            #expect(try await titles() == ["Deux", "One"])
            server.clock.advance(by: 1)
            #expect(try await titles() == ["Three", "Deux", "One"])
        }
    }

    @Test func unusableConfigurationsAreRefusedAtStart() async throws {
        try await withServer(.sqliteMemory) { server in
            #expect(throws: ChangeJarConfiguration.Invalid.self) {
                try ChangeJarService(
                    database: server.database,
                    configuration: .init(
                        identityPoolID: TestServer.poolID, keys: server.cognito.keyFetcher, writesPerWindow: 0))
            }
            #expect(throws: CognitoDevService.Configuration.Invalid.self) {
                try CognitoDevService(
                    database: server.database,
                    configuration: .init(
                        region: "eu-west-1", identityPoolID: TestServer.poolID, dataDirectory: server.dataDirectory))
            }
        }
    }

    @Test func documentedOperationsMatchTheRoutes() async throws {
        try await withServer(.sqliteMemory) { server in
            let routed = Set(server.router.endpoints.map { "\($0.method.rawValue) \($0.pattern)" })
            let documented = Set(
                (ChangeJarService.operations + CognitoDevService.operations).map {
                    "\($0.method.rawValue) \($0.path)"
                })
            #expect(routed == documented)
            #expect(Set(ChangeJarRoute.all.map { "\($0.method) \($0.pattern)" }).isSubset(of: routed))
        }
    }
}
