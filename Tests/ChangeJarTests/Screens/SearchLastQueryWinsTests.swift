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
}
