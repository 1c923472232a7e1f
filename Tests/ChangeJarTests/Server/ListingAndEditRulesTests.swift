import ChangeJarModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

@testable import ChangeJarServer

/// Defects a QA pass found in the listings and the write rules: search pages that moved under a write, an edit that
/// made a twin, one's own action counted as new, control characters kept in text.
@Suite("Change Jar listings and write rules")
struct ListingAndEditRulesTests {
    /// Twenty-five actions that match "plastic" equally (same words, same length), so only the id orders them.
    static func plasticActions(_ server: TestServer, token: String) async throws {
        for index in 0..<25 {
            try await server.create(
                "Less plastic \(index + 10)", content: "Bring a bag.", user: "alice", token: token)
            server.clock.advance(by: 1)
        }
    }

    static func searchPage(_ server: TestServer, cursor: String? = nil) async throws -> ActionPage {
        let target = "/changejar/v1/actions/search?q=plastic&limit=20" + (cursor.map { "&cursor=\($0)" } ?? "")
        let response = try await server.send(.get, target)
        #expect(response.status == .ok, "\(response.bodyText)")
        return try server.decode(ActionPage.self, response)
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func aSearchsNextPageNeitherRepeatsNorSkipsAfterAPost(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            try await Self.plasticActions(server, token: try await server.signIn(.google, "alice"))
            let first = try await Self.searchPage(server)
            #expect(first.items.count == 20)
            // Another person puts the best match of all in the jar between the two pages.
            try await server.create("plastic plastic plastic", content: "plastic", user: "bob")
            let next = try #require(first.nextCursor)
            let second = try await Self.searchPage(server, cursor: next)
            let ids = (first.items + second.items).map(\.id)
            #expect(ids.count == 25)
            #expect(Set(ids).count == 25, "a result came twice")
            #expect(second.nextCursor == nil)
            // A new search finds it, first.
            #expect(try await Self.searchPage(server).items.first?.title == "plastic plastic plastic")
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func aSearchsNextPageSkipsNothingAfterADeletion(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let alice = try await server.signIn(.google, "alice")
            try await Self.plasticActions(server, token: alice)
            let first = try await Self.searchPage(server)
            let gone = try #require(first.items.first)
            #expect(
                try await server.send(.delete, "/changejar/v1/actions/\(gone.id)", token: alice).status == .noContent)
            let next = try #require(first.nextCursor)
            let second = try await Self.searchPage(server, cursor: next)
            #expect(second.items.count == 5, "a result was skipped")
            #expect(Set(first.items.map(\.id)).isDisjoint(with: second.items.map(\.id)))
        }
    }

    @Test func anOffsetCursorOfTheOlderVersionIsRefused() async throws {
        try await withServer(.sqliteMemory) { server in
            let old = Data("s1:20".utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
            let response = try await server.send(.get, "/changejar/v1/actions/search?q=plastic&cursor=\(old)")
            #expect(response.status == .badRequest)
        }
    }

    /// An empty cursor is the first page on the search as on every other list (`Request.issuedValue`), as the
    /// document's `allowEmptyValue` says; it was a 400 here alone.
    @Test func anEmptySearchCursorIsTheFirstPage() async throws {
        try await withServer(.sqliteMemory) { server in
            let alice = try await server.signIn(.google, "alice")
            try await server.create("Refuse plastic bags", content: "Bring a bag.", user: "alice", token: alice)
            let first = try await Self.searchPage(server)
            let empty = try await Self.searchPage(server, cursor: "")
            #expect(!first.items.isEmpty)
            #expect(empty.items.map(\.id) == first.items.map(\.id))
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func anEditCannotMakeATwinOfAnotherOfTheAuthorsActions(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let alice = try await server.signIn(.google, "alice")
            try await server.create("Cycle to work", content: "Twice a week.", user: "alice", token: alice)
            let other = try await server.create("Walk", content: "Daily.", user: "alice", token: alice)
            let twin = try await server.send(
                .put, "/changejar/v1/actions/\(other.id)", token: alice,
                json: ActionEdit(title: " Cycle to work", content: "Twice a week. "))
            #expect(twin.status == .conflict)
            let kept = try server.decode(Action.self, try await server.send(.get, "/changejar/v1/actions/\(other.id)"))
            #expect(kept.title == "Walk" && kept.content == "Daily.")
            // Saving an action unchanged, or as another person's pair, is no twin.
            let same = try await server.send(
                .put, "/changejar/v1/actions/\(other.id)", token: alice,
                json: ActionEdit(title: "Walk", content: "Daily."))
            #expect(same.status == .ok)
            let bob = try await server.signIn(.google, "bob")
            let bobs = try await server.create("Read", content: "A book a month.", user: "bob", token: bob)
            let sameAsAlices = try await server.send(
                .put, "/changejar/v1/actions/\(bobs.id)", token: bob,
                json: ActionEdit(title: "Cycle to work", content: "Twice a week."))
            #expect(sameAsAlices.status == .ok)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func onesOwnActionsAreNotNewToOneself(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let gina = try await server.signIn(.google, "gina")
            let bob = try await server.signIn(.google, "bob")
            let opened = try server.decode(ActionPage.self, try await server.send(.get, "/changejar/v1/actions/new"))
            try await server.create("Bob's", user: "bob", token: bob)
            server.clock.advance(by: 1)
            try await server.create("Gina's", user: "gina", token: gina)
            let since = opened.headCursor.map { "?since=\($0)" } ?? ""

            func count(_ token: String?) async throws -> Int {
                try server.decode(
                    NewActionsCount.self,
                    try await server.send(.get, "/changejar/v1/actions/new/count\(since)", token: token)
                ).count
            }
            func titles(_ token: String?) async throws -> [String] {
                try server.decode(
                    ActionPage.self, try await server.send(.get, "/changejar/v1/actions/new\(since)", token: token)
                ).items.map(\.title)
            }
            #expect(try await count(gina) == 1)
            #expect(try await titles(gina) == ["Bob's"])
            #expect(try await count(bob) == 1)
            #expect(try await titles(bob) == ["Gina's"])
            #expect(try await count(nil) == 2)
            #expect(try await titles(nil) == ["Gina's", "Bob's"])
            #expect(
                try await server.send(.get, "/changejar/v1/actions/new/count", token: "forged").status == .unauthorized)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func controlCharactersAreRefusedInTitlesAndAllButLineBreaksInContent(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let alice = try await server.signIn(.google, "alice")
            func post(_ title: String, _ content: String) async throws -> Response {
                try await server.send(
                    .post, "/changejar/v1/actions", token: alice,
                    json: NewAction(title: title, content: content, authSource: .google, providerUserID: "alice"))
            }
            for (title, content, field) in [
                ("Ring\u{7}the bell", "Words.", "title"), ("Red \u{1B}[31mtext", "Words.", "title"),
                ("Two\nlines", "Words.", "title"), ("Tab\there", "Words.", "title"),
                ("Next\u{2028}line", "Words.", "title"),
                ("Fine", "Bell \u{7}", "content"), ("Fine", "Esc \u{1B}[2J", "content"),
                ("Fine", "Null \u{0}", "content"),
                ("Fine", "C1 \u{85} here", "content"),
            ] {
                let refused = try await post(title, content)
                #expect(
                    refused.status == .unprocessableContent, "\(title.debugDescription) \(content.debugDescription)")
                #expect(problem(refused)["field"] as? String == field)
            }
            let kept = try await post("Walk", "Monday\nWednesday\r\n\tFriday")
            #expect(kept.status == .created)
            #expect(try server.decode(Action.self, kept).content == "Monday\nWednesday\r\n\tFriday")
            let edit = try await server.send(
                .put, "/changejar/v1/actions/\(try server.decode(Action.self, kept).id)", token: alice,
                json: ActionEdit(title: "Walk\u{7}", content: "Daily."))
            #expect(edit.status == .unprocessableContent)
            let all = try server.decode(ActionPage.self, try await server.send(.get, "/changejar/v1/actions"))
            #expect(all.items.map(\.title) == ["Walk"])
        }
    }
}
