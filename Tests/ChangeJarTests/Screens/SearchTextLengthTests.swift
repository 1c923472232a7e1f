import ChangeJarModels
import Foundation
import Locking
import Testing

@testable import ChangeJarCore

/// A search text longer than the jar takes is said on the device, in the app's words, and never sent: the server
/// refused it with a 422 in its own English.
@MainActor
@Suite struct SearchTextLengthTests {
    nonisolated static let action = Action(
        id: "1", title: "Walk to work", content: "Every day.", authSource: .google,
        createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))

    static func model(searched: Locked<[String]>) -> SearchModel {
        var client = ActionsClient.unimplemented
        client.search = { text, _ in
            searched.withLock { $0.append(text) }
            return ActionPage(items: [Self.action])
        }
        return SearchModel(
            client: client, cache: .inMemory(),
            clock: ChangeJarClock(now: { Date(timeIntervalSince1970: 0) }, sleep: { _ in }), format: DateFormat())
    }

    @Test func aTextLongerThanTheRuleIsSaidAndNotSent() async throws {
        let searched = Locked<[String]>([])
        let model = Self.model(searched: searched)
        model.queryChanged("walk")
        await model.activeSearch?.value
        #expect(model.rows.map(\.title) == ["Walk to work"])

        // Two hundred characters (family emoji count as one each, as the server counts them), then one more.
        let longest = String(repeating: "👨‍👩‍👧", count: 100) + String(repeating: "w", count: 100)
        #expect(longest.count == ActionRules.searchLength.upperBound)
        model.queryChanged("  " + longest + "x ")
        await model.activeSearch?.value
        #expect(model.banner == .failure("A search can be at most 200 characters. Please shorten it."))
        #expect(model.rows.isEmpty && model.emptyMessage == nil)
        #expect(!model.isSearching && !model.canRetry && !model.canLoadMore)
        #expect(model.query == "  " + longest + "x ")
        #expect(searched.withLock { $0 } == ["walk"])

        // Trimmed, the longest text the rule allows goes out.
        model.queryChanged(" " + longest + "\n")
        await model.activeSearch?.value
        #expect(model.banner == nil)
        #expect(model.rows.map(\.title) == ["Walk to work"])
        #expect(searched.withLock { $0 } == ["walk", longest])
    }
}
