import ChangeJarModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

/// Another person can neither post as you, see your My Actions, nor edit or delete your actions.
@Suite("Change Jar ownership")
struct OwnershipTests {
    @Test(arguments: DatabaseKind.eachDialect)
    func nobodyPostsAsSomeoneElse(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let mallory = try await server.signIn(.google, "mallory")
            let otherUser = try await server.send(
                .post, "/changejar/v1/actions", token: mallory,
                json: NewAction(title: "Hi", content: "x", authSource: .google, providerUserID: "alice"))
            #expect(otherUser.status == .forbidden)
            #expect(problem(otherUser)["field"] as? String == "providerUserID")
            let otherSource = try await server.send(
                .post, "/changejar/v1/actions", token: mallory,
                json: NewAction(title: "Hi", content: "x", authSource: .facebook, providerUserID: "mallory"))
            #expect(otherSource.status == .forbidden)
            #expect(problem(otherSource)["field"] as? String == "authSource")
            let page = try server.decode(ActionPage.self, try await server.send(.get, "/changejar/v1/actions"))
            #expect(page.items.isEmpty)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func myActionsAreFoundByProviderAndUserID(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            // The same user id at two providers is two people.
            let googleAlice = try await server.signIn(.google, "alice")
            let facebookAlice = try await server.signIn(.facebook, "alice")
            let bob = try await server.signIn(.google, "bob")
            try await server.create("Google Alice's", as: .google, user: "alice", token: googleAlice)
            try await server.create("Facebook Alice's", as: .facebook, user: "alice", token: facebookAlice)
            try await server.create("Bob's", as: .google, user: "bob", token: bob)

            func mine(_ token: String) async throws -> [String] {
                let response = try await server.send(.get, "/changejar/v1/actions/mine", token: token)
                #expect(response.status == .ok)
                return try server.decode(ActionPage.self, response).items.map(\.title)
            }
            #expect(try await mine(googleAlice) == ["Google Alice's"])
            #expect(try await mine(facebookAlice) == ["Facebook Alice's"])
            #expect(try await mine(bob) == ["Bob's"])
            #expect(try await server.send(.get, "/changejar/v1/actions/mine").status == .unauthorized)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func nobodyEditsOrDeletesSomeoneElsesAction(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let alice = try await server.signIn(.google, "alice")
            let action = try await server.create("Alice's", user: "alice", token: alice)
            for intruder in [
                try await server.signIn(.google, "mallory"),
                try await server.signIn(.facebook, "alice"),
            ] {
                let edit = try await server.send(
                    .put, "/changejar/v1/actions/\(action.id)", token: intruder,
                    json: ActionEdit(title: "Hacked", content: "x"))
                #expect(edit.status == .forbidden)
                let delete = try await server.send(.delete, "/changejar/v1/actions/\(action.id)", token: intruder)
                #expect(delete.status == .forbidden)
            }
            let unsigned = try await server.send(
                .put, "/changejar/v1/actions/\(action.id)", json: ActionEdit(title: "Hacked", content: "x"))
            #expect(unsigned.status == .unauthorized)
            let unchanged = try server.decode(
                Action.self, try await server.send(.get, "/changejar/v1/actions/\(action.id)", token: alice))
            #expect(unchanged == action)
        }
    }
}
