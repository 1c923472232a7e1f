import ChangeJarModels
import Database
import DatabaseTestSupport
import Foundation
import Locking
import Testing

@testable import ChangeJarServer

/// New lists every action put in the jar after the head a reader was given: one that commits after a newer one was
/// read, or one stamped by a clock that stepped back, is not left out for good.
@Suite("Change Jar New's order")
struct NewActionsOrderTests {
    static let ana = Author(authSource: .google, providerUserID: "ana", identityID: "x")
    static let bo = Author(authSource: .google, providerUserID: "bo", identityID: "x")

    static func migrated(_ test: TestDatabase) async throws -> ActionStore {
        var migrator = Migrator()
        ChangeJarService.registerMigrations(&migrator)
        _ = try await migrator.migrate(test.database)
        return ActionStore(database: test.database)
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func anActionCommittingAfterANewerOneWasReadIsStillNew(_ kind: DatabaseKind) async throws {
        try await withTestDatabase(kind, maximumConnections: 3) { test in
            let store = try await Self.migrated(test)
            let now = Date()

            // NB: gates, not a race. Ana's action is inserted and held uncommitted; Bo's follows. On PostgreSQL the
            // test waits until Bo's has committed or waits behind Ana's, then reads New as a reader does. SQLite has
            // one writer: Bo's waits.
            let held = HeldTransaction(test.database) { db in
                try ActionStore.insertUnlessTheAuthorHasIt(
                    publicID: "held", title: "Walk to work", content: "Every day.", author: Self.ana, at: now, in: db
                ).0.action.id
            }
            let holder = try await held.started("Ana's action is inserted")
            let boDone = Locked(false)
            let boInsert = Task {
                defer { boDone.withLock { $0 = true } }
                return try await store.insertUnlessTheAuthorHasIt(
                    title: "Cook at home", content: "Twice a week.", author: Self.bo, at: now)
            }
            if kind == .postgres {
                _ = try await LockWaits.until("Bo's action commits or waits for Ana's") {
                    if boDone.withLock({ $0 }) { return true }
                    return try await LockWaits.waiting(on: [holder.pid], test.database).isEmpty ? nil : true
                }
            }
            let seen = try await store.page(after: nil, newerThan: nil, author: nil, limit: 20).items
            let head = seen.first?.cursor

            try await held.commit()
            let bos = try await boInsert.value.action.action.id
            let new = try await store.page(after: nil, newerThan: head, author: nil, limit: 20).items
            let told = Set((seen + new).map(\.action.id))
            #expect(
                told == [holder.value, bos], "seen \(seen.map(\.action.title)), then new \(new.map(\.action.title))")
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func anActionStampedByAClockThatSteppedBackIsStillNew(_ kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            let store = try await Self.migrated(test)
            let now = Date()
            let first = try await store.insertUnlessTheAuthorHasIt(
                title: "Walk to work", content: "Every day.", author: Self.ana, at: now)
            let head = try #require(
                try await store.page(after: nil, newerThan: nil, author: nil, limit: 20).items.first)
            #expect(head.action.id == first.action.action.id)

            let stepped = try await store.insertUnlessTheAuthorHasIt(
                title: "Cook at home", content: "Twice a week.", author: Self.bo, at: now.addingTimeInterval(-3600))
            let new = try await store.page(after: nil, newerThan: head.cursor, author: nil, limit: 20).items
            #expect(new.map(\.action.id) == [stepped.action.action.id])
            #expect(try await store.count(newerThan: head.cursor) == 1)
            // A fresh action's stamps agree: it was not edited.
            #expect(stepped.action.action.createdAt == stepped.action.action.updatedAt)
        }
    }
}
