import ChangeJarModels
import Foundation
import Locking
import TestSupport
import Testing

@testable import ChangeJarCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Offline, Search shows the results saved for the query: a query typed while an older one's saved copy is read wins.
@MainActor
@Suite struct SearchLastQueryWinsTests {
    nonisolated static func action(_ id: String, _ title: String) -> Action {
        Action(
            id: id, title: title, content: "Words.", authSource: .google, createdAt: Date(timeIntervalSince1970: 0),
            updatedAt: Date(timeIntervalSince1970: 0))
    }

    @Test func anOlderQuerysSavedCopyReadLateDoesNotReplaceTheNewerQuerysRows() async throws {
        let gate = Gate(isOpen: false)
        let saved = ActionCache.inMemory()
        await saved.save(.search("water"), [Self.action("1", "Water the garden")])
        await saved.save(.search("walk"), [Self.action("2", "Walk to work")])
        var cache = saved
        cache.load = { list in
            if list == .search("water") { await gate.pass() }
            return await saved.load(list)
        }
        let client = ActionsClient(
            all: { _ in ActionPage(items: []) }, new: { _, _, _ in ActionPage(items: []) }, newCount: { _, _ in 0 },
            mine: { _, _ in ActionPage(items: []) }, search: { _, _ in throw URLError(.notConnectedToInternet) },
            action: { _, _ in Self.action("1", "Water the garden") }, create: { _, _ in .added(Self.action("3", "x")) },
            edit: { _, _, _ in Self.action("1", "x") }, delete: { _, _ in }, profile: { _ in AuthorProfile(name: nil) },
            rename: { _, name in AuthorProfile(name: name) })
        let model = SearchModel(
            client: client, cache: cache,
            clock: ChangeJarClock(now: { Date(timeIntervalSince1970: 0) }, sleep: { _ in }),
            format: DateFormat())

        model.queryChanged("water")
        let water = try #require(model.activeSearch)
        await gate.arrived(1)
        model.queryChanged("walk")
        await model.activeSearch?.value
        #expect(model.rows.map(\.title) == ["Walk to work"])
        await gate.open()
        await water.value

        #expect(model.query == "walk")
        #expect(model.rows.map(\.title) == ["Walk to work"])
        #expect(model.isShowingSavedCopy)
        #expect(!model.isSearching)
    }

    /// A newer query that the jar fails to answer (a 500, or a 422 for a text too long) does not leave the older
    /// query's results on screen under its text, where they read as its own (and scrolling loaded the older query's
    /// next page); the failure is said over no rows.
    @Test func aNewerQueryThatFailsDoesNotShowTheOlderQuerysResults() async throws {
        let searched = Locked<[String]>([])
        let client = ActionsClient(
            all: { _ in ActionPage(items: []) }, new: { _, _, _ in ActionPage(items: []) }, newCount: { _, _ in 0 },
            mine: { _, _ in ActionPage(items: []) },
            search: { text, cursor in
                searched.withLock { $0.append(text + (cursor.map { "@" + $0 } ?? "")) }
                guard text == "water" else { throw ChangeJarError.service("Internal error.") }
                return ActionPage(items: [Self.action("1", "Water the garden")], nextCursor: "c2")
            },
            action: { _, _ in Self.action("1", "Water the garden") }, create: { _, _ in .added(Self.action("3", "x")) },
            edit: { _, _, _ in Self.action("1", "x") }, delete: { _, _ in }, profile: { _ in AuthorProfile(name: nil) },
            rename: { _, name in AuthorProfile(name: name) })
        let model = SearchModel(
            client: client, cache: .inMemory(),
            clock: ChangeJarClock(now: { Date(timeIntervalSince1970: 0) }, sleep: { _ in }),
            format: DateFormat())

        model.queryChanged("water")
        await model.activeSearch?.value
        #expect(model.rows.map(\.title) == ["Water the garden"])
        #expect(model.canLoadMore)

        model.queryChanged("walk")
        await model.activeSearch?.value
        #expect(model.query == "walk")
        #expect(model.rows.isEmpty)
        #expect(model.banner == .failure("Internal error."))
        #expect(model.emptyMessage == nil)
        #expect(!model.canLoadMore)
        await model.reachedEnd()
        #expect(searched.withLock { $0 } == ["water", "walk"])
    }
}
