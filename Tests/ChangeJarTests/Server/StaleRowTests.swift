import ChangeJarModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

@testable import ChangeJarServer

/// An edit or delete checks the author when it reads the action and again when it writes: the row id it read may
/// name someone else's action by then.
@Suite("Change Jar stale row ids")
struct StaleRowTests {
    @Test(arguments: DatabaseKind.eachDialect)
    func aRowIDReadBeforeTheAuthorsOwnDeleteNeverChangesTheNextPersonsAction(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let store = ActionStore(database: server.database)
            let alice = try await server.signIn(.google, "alice")
            let hers = try await server.create("Alice's", user: "alice", token: alice)
            let stale = try #require(try await store.find(publicID: hers.id))
            #expect(
                try await server.send(.delete, "/changejar/v1/actions/\(hers.id)", token: alice).status == .noContent)
            let bob = try await server.signIn(.google, "bob")
            let his = try await server.create("Bob's", user: "bob", token: bob)
            if kind != .postgres {
                // NB: SQLite gives the deleted newest row's id to the next insert: Alice's id is Bob's action now.
                #expect(try await store.find(publicID: his.id)?.rowID == stale.rowID)
            }

            // Alice's edit and delete that read her row before her delete went through now write.
            let aliceAuthor = Author(authSource: .google, providerUserID: "alice", identityID: "x")
            let edited = try await store.update(
                rowID: stale.rowID, by: aliceAuthor, title: "Hacked", content: "x", at: Date())
            #expect(edited == nil)
            #expect(try await store.delete(rowID: stale.rowID, by: aliceAuthor) == false)

            let kept = try await server.send(.get, "/changejar/v1/actions/\(his.id)", token: bob)
            #expect(kept.status == .ok)
            #expect(try server.decode(Action.self, kept) == his)
        }
    }
}
