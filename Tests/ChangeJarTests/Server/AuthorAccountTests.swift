import ChangeJarModels
import DatabaseTestSupport
import DynamicJSON
import Foundation
import HTTPServer
import Testing

@testable import ChangeJarServer

/// An author's account at their provider is theirs: no answer anyone may read names it (it let anyone list every
/// pledge of one Facebook, Google or Twitter account), and only a signed-in caller is told which actions are theirs.
@Suite("Change Jar authors' accounts")
struct AuthorAccountTests {
    /// Provider user ids no other text of the test contains, so a leak of one is plain.
    static let aliceID = "g-104729"
    static let bobID = "fb-7919"

    /// Every key of every item of a page, and the raw body.
    static func keys(_ response: Response) throws -> (keys: Set<String>, body: String) {
        let page = try JSONDecoder().decode(JSONValue.self, from: response.bodyData)
        let items = page["items"]?.arrayValue ?? [page]
        return (Set(items.flatMap { $0.objectValue?.keys.map { $0 } ?? [] }), response.bodyText)
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func answersAnyoneMayReadNameNoAccount(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let alice = try await server.signIn(.google, Self.aliceID)
            let bob = try await server.signIn(.facebook, Self.bobID)
            let own = try await server.create("Cycle to work", user: Self.aliceID, token: alice)
            server.clock.advance(by: 1)
            try await server.create("Cycle less, walk more", as: .facebook, user: Self.bobID, token: bob)

            // Twice each: the first page of All Actions is kept between writes, and served from memory the second time.
            for target in [
                "/changejar/v1/actions", "/changejar/v1/actions", "/changejar/v1/actions?limit=1",
                "/changejar/v1/actions/new", "/changejar/v1/actions/search?q=cycle", "/changejar/v1/actions/\(own.id)",
            ] {
                let response = try await server.send(.get, target)
                #expect(response.status == .ok, "\(target)")
                let (keys, body) = try Self.keys(response)
                #expect(keys.isSuperset(of: ["id", "title", "content", "authSource", "createdAt", "updatedAt"]))
                #expect(!keys.contains("providerUserID"), "\(target): \(body)")
                #expect(!keys.contains("isMine"), "\(target) says whose an action is to anyone: \(body)")
                #expect(!body.contains(Self.aliceID) && !body.contains(Self.bobID), "\(target): \(body)")
            }
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func aSignedInCallerIsToldWhichActionsAreTheirs(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let alice = try await server.signIn(.google, Self.aliceID)
            let bob = try await server.signIn(.facebook, Self.bobID)
            // The same user id at another provider is another person.
            let otherAlice = try await server.signIn(.facebook, Self.aliceID)
            let created = try await server.send(
                .post, "/changejar/v1/actions", token: alice,
                json: NewAction(
                    title: "Cycle to work", content: "Twice a week.", authSource: .google,
                    providerUserID: Self.aliceID))
            let action = try server.decode(Action.self, created)
            #expect(action.isMine == true)
            #expect(!created.bodyText.contains(Self.aliceID))

            /// Whether the read of the action as `token`'s person says it is theirs (`nil`: it says nothing).
            func isMine(_ token: String?) async throws -> Bool? {
                let response = try await server.send(.get, "/changejar/v1/actions/\(action.id)", token: token)
                #expect(response.status == .ok)
                #expect(!response.bodyText.contains(Self.aliceID))
                return try server.decode(Action.self, response).isMine
            }
            #expect(try await isMine(alice) == true)
            #expect(try await isMine(bob) == false)
            #expect(try await isMine(otherAlice) == false)
            #expect(try await isMine(nil) == nil)
            // A token that cannot be verified is refused, as on every signed-in route: it is not read as anyone's.
            let refused = try await server.send(.get, "/changejar/v1/actions/\(action.id)", token: "not.a.token")
            #expect(refused.status == .unauthorized)
            let unknown = try await server.send(.get, "/changejar/v1/actions/no-such-action", token: alice)
            #expect(unknown.status == .notFound)

            let mine = try server.decode(
                ActionPage.self, try await server.send(.get, "/changejar/v1/actions/mine", token: alice))
            #expect(mine.items.map(\.isMine) == [true])
            let edited = try await server.send(
                .put, "/changejar/v1/actions/\(action.id)", token: alice,
                json: ActionEdit(title: "Cycle to work", content: "Three times a week."))
            #expect(try server.decode(Action.self, edited).isMine == true)
            #expect(!edited.bodyText.contains(Self.aliceID))
        }
    }

    /// The document says the same: no account in an action, nothing else in it either, and a token optional on the
    /// read of one action.
    @Test func theDocumentedActionNamesNoAccount() throws {
        let read = try #require(
            ChangeJarService.operations.first { $0.method == .get && $0.path == ChangeJarRoute.action.pattern })
        #expect(read.acceptsAuthentication && !read.requiresAuthentication)
        let schema = try #require(read.responseBody)
        #expect(schema["properties"]?["providerUserID"] == nil)
        #expect(schema["properties"]?["isMine"]?["type"] == "boolean")
        #expect(schema["additionalProperties"] == false)
        #expect(schema["required"]?.arrayValue?.contains("providerUserID") == false)
    }
}
