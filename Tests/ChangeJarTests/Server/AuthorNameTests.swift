import ChangeJarModels
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

@testable import ChangeJarServer

/// Nobody may appear as someone else: a person has one name in the jar, kept by the server, on all of their actions,
/// and a name another person goes by (or one too like it) is refused.
@Suite("Change Jar authors' names")
struct AuthorNameTests {
    /// A submission as `user` at Google that proposes `name`.
    static func submit(
        _ server: TestServer, _ title: String, user: String, token: String, name: String?
    ) async throws -> Response {
        try await server.send(
            .post, "/changejar/v1/actions", token: token,
            json: NewAction(
                title: title, content: "Signed, \(user).", authSource: .google, providerUserID: user, authorName: name))
    }

    /// The author name on every action of All Actions, by title.
    static func bylines(_ server: TestServer) async throws -> [String: String] {
        let page = try server.decode(ActionPage.self, try await server.send(.get, "/changejar/v1/actions"))
        return Dictionary(uniqueKeysWithValues: page.items.map { ($0.title, $0.authorName ?? "-") })
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func aNameAnotherPersonGoesByIsRefused(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let alice = try await server.signIn(.google, "alice")
            let mallory = try await server.signIn(.google, "mallory")
            let real = try await Self.submit(server, "Cycle to work", user: "alice", token: alice, name: "Alice A")
            #expect(real.status == .created)

            // The same name, and names that only look the same: case and spacing, punctuation, a Cyrillic "А", a
            // zero-width space, a capital I for the l, full-width letters.
            for name in ["Alice A", "alice  a", "Alice A.", "\u{410}lice A", "Ali\u{200B}ce A", "AIice A", "Ａｌｉｃｅ A"] {
                let forged = try await Self.submit(
                    server, "I pledge to give Mallory $500", user: "mallory", token: mallory, name: name)
                #expect(forged.status == .conflict, "\(name)")
                #expect(problem(forged)["field"] as? String == "authorName")
            }
            #expect(try await Self.bylines(server) == ["Cycle to work": "Alice A"])

            // Under a name of their own, Mallory's pledges are theirs.
            let own = try await Self.submit(server, "Walk more", user: "mallory", token: mallory, name: "Mallory")
            #expect(own.status == .created)
            #expect(try server.decode(Action.self, own).authorName == "Mallory")
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func aPersonsNameIsTheServersNotTheBodys(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let alice = try await server.signIn(.google, "alice")
            _ = try await Self.submit(server, "Cycle to work", user: "alice", token: alice, name: "Alice A")
            // A later body naming someone else changes nothing: the person keeps their one name.
            let later = try await Self.submit(server, "Cook at home", user: "alice", token: alice, name: "Bob B")
            #expect(later.status == .created)
            #expect(try server.decode(Action.self, later).authorName == "Alice A")
            let profile = try await server.send(.get, "/changejar/v1/profile", token: alice)
            #expect(try server.decode(AuthorProfile.self, profile) == AuthorProfile(name: "Alice A"))
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func aNewNameIsOnEveryActionAtOnce(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let alice = try await server.signIn(.google, "alice")
            let bob = try await server.signIn(.google, "bob")
            _ = try await Self.submit(server, "Cycle to work", user: "alice", token: alice, name: "Alice A")
            _ = try await Self.submit(server, "Cook at home", user: "alice", token: alice, name: nil)
            _ = try await Self.submit(server, "Plant a tree", user: "bob", token: bob, name: "Bob")
            #expect(try await Self.bylines(server)["Cook at home"] == "Alice A")

            let renamed = try await server.send(
                .put, "/changejar/v1/profile", token: alice, json: AuthorProfile(name: "  Alice   Z "))
            #expect(renamed.status == .ok)
            #expect(try server.decode(AuthorProfile.self, renamed) == AuthorProfile(name: "Alice Z"))
            #expect(
                try await Self.bylines(server)
                    == ["Cycle to work": "Alice Z", "Cook at home": "Alice Z", "Plant a tree": "Bob"])

            // Bob cannot take Alice's name; the one she left is free, and anyone may take it.
            let taken = try await server.send(
                .put, "/changejar/v1/profile", token: bob, json: AuthorProfile(name: "alice z"))
            #expect(taken.status == .conflict)
            #expect(problem(taken)["field"] as? String == "name")
            let freed = try await server.send(
                .put, "/changejar/v1/profile", token: bob, json: AuthorProfile(name: "Alice A"))
            #expect(freed.status == .ok)

            // A name pasted with its newline is the name, trimmed as the app trims it (and as a title is).
            let pasted = try await server.send(
                .put, "/changejar/v1/profile", token: alice, json: AuthorProfile(name: "Alice Y\r\n"))
            #expect(pasted.status == .ok)
            #expect(try server.decode(AuthorProfile.self, pasted) == AuthorProfile(name: "Alice Y"))
            let back = try await server.send(
                .put, "/changejar/v1/profile", token: alice, json: AuthorProfile(name: "\tAlice Z\n"))
            #expect(try server.decode(AuthorProfile.self, back) == AuthorProfile(name: "Alice Z"))

            for bad in [
                "", "   ", "\n", "Al\u{7}ice", "Alice\nA", " Alice\nA\n", "...", String(repeating: "x", count: 81),
            ] {
                let refused = try await server.send(
                    .put, "/changejar/v1/profile", token: alice, json: AuthorProfile(name: bad))
                #expect(refused.status == .unprocessableContent, "\(bad)")
                #expect(problem(refused)["field"] as? String == "name")
            }
            #expect(try await server.send(.get, "/changejar/v1/profile").status == .unauthorized)
            #expect(try await Self.bylines(server)["Cycle to work"] == "Alice Z")
        }
    }

    /// A first submission's name longer than a name may be is cut to fit, and never at a space: the cut could leave
    /// the space before the next word at the end of the name, which nobody could type.
    @Test(arguments: DatabaseKind.eachDialect)
    func aLongFirstNameIsCutWithoutASpaceAtTheCut(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let al = try await server.signIn(.google, "al")
            let long = String(repeating: "a", count: 79) + " Smith"
            let created = try await Self.submit(server, "Cycle to work", user: "al", token: al, name: long)
            #expect(created.status == .created)
            #expect(try server.decode(Action.self, created).authorName == String(repeating: "a", count: 79))
            let profile = try await server.send(.get, "/changejar/v1/profile", token: al)
            #expect(try server.decode(AuthorProfile.self, profile).name == String(repeating: "a", count: 79))
        }
    }

    /// The rows of the version before: every action carried its body's name. The migration keeps each name with
    /// the person who used it first; a person keeps the latest name they hold, and one left with none says
    /// "Someone" (no name).
    @Test(arguments: DatabaseKind.eachDialect)
    func existingNamesMigrateToOnePerPersonAndNoneShared(_ kind: DatabaseKind) async throws {
        try await withTestDatabase(kind, maximumConnections: 2) { test in
            var full = Migrator()
            ChangeJarService.registerMigrations(&full)
            _ = try await full.prefix(through: "changejar.v3-search-unaccent").migrate(test.database)
            let rows: [(String, String, String?, Int64)] = [
                ("alice", "Cycle to work", "Alice A", 1_000),
                ("mallory", "Give Mallory $500", "alice a", 2_000),  // the same name, later: not Mallory's
                ("mallory", "Walk more", "Mallory", 3_000),
                ("alice", "Cook at home", "Alice B", 4_000),  // Alice's latest name
                ("carol", "Plant a tree", "ALICE A", 5_000),  // only names someone had first: none left
                ("dave", "Read more", nil, 6_000),
            ]
            for (index, row) in rows.enumerated() {
                _ = try await test.database.write { db in
                    try db.execute(
                        """
                        INSERT INTO changejar_action (public_id, title, content, auth_source, provider_user_id,
                            identity_id, author_name, created_at, updated_at)
                        VALUES (\("id-\(index)"), \(row.1), 'Words.', 'google', \(row.0), 'x', \(row.2), \(row.3),
                            \(row.3))
                        """)
                }
            }
            _ = try await full.migrate(test.database)
            let store = ActionStore(database: test.database)
            let (items, _) = try await store.page(after: nil, newerThan: nil, author: nil, limit: 20)
            let names = Dictionary(uniqueKeysWithValues: items.map { ($0.action.title, $0.action.authorName ?? "-") })
            #expect(
                names == [
                    "Cycle to work": "Alice B", "Cook at home": "Alice B", "Give Mallory $500": "Mallory",
                    "Walk more": "Mallory", "Plant a tree": "-", "Read more": "-",
                ])
            // Alice A is free again (Alice took Alice B); Carol may take it, Mallory may not take Alice B.
            let authors = AuthorStore(database: test.database)
            let carol = Author(authSource: .google, providerUserID: "carol", identityID: "x")
            try await authors.setName("Alice A", of: carol, at: Date())
            let mallory = Author(authSource: .google, providerUserID: "mallory", identityID: "x")
            await #expect(throws: NameTaken.self) { try await authors.setName("alice b", of: mallory, at: Date()) }
        }
    }
}
