import Foundation
import Locking
import TestSupport
import Testing

@testable import QuakesCore

/// A row swiped away while a refresh is on its way stays gone when the refresh answers: the rows stay on screen (the
/// spinner is in the toolbar), so a person can delete one then.
@MainActor @Suite struct DeleteDuringRefreshTests {
    /// A list over an in-memory cache whose fetches wait at `gate` and answer what `answers` holds next.
    @MainActor struct Harness {
        let gate = Gate()
        let answers = Locked<[QuakeFeedClient.Response]>([])
        let clock = Locked(ModelHarness.start)
        let zone = Locked(testFormatter.timeZone)
        let cache = QuakeCache.inMemory()
        let model: QuakeListModel

        init() {
            let (gate, answers) = (gate, answers)
            let client = QuakeFeedClient { _, _ in
                await gate.pass()
                return answers.withLock { $0.isEmpty ? .notModified(FeedValidators()) : $0.removeFirst() }
            }
            let (clock, zone) = (clock, zone)
            model = QuakeListModel(
                service: QuakeFeedService(
                    feedURL: ModelHarness.feedURL, client: client, cache: cache, formatter: testFormatter),
                now: { clock.withLock { $0 } }, timeZone: { zone.withLock { $0 } })
        }

        var titles: [String] { model.rows.map(\.title) }

        func hidden() async throws -> Set<String>? {
            try await cache.load(ModelHarness.feedURL.absoluteString)?.hiddenIDs
        }
    }

    static let all = ["M 7.1 - Napa", "M 5.0 - Anchorage", "M 1.2 - Volcano", "M ? - Sumatra"]

    /// A pull while the list's own refresh runs (it appeared stale) returned at once: the pull's spinner went away
    /// before the rows came, and the row deleted before the pull stayed hidden. The pull now waits, and a reload
    /// follows the refresh.
    @Test func aPullWhileTheListRefreshesWaitsAndThenReloads() async throws {
        let harness = Harness()
        harness.answers.withLock { $0 = [.fresh(QuakeListModelTests.feed, QuakeListModelTests.v1)] }
        await harness.model.appeared()
        await harness.model.rowDeleted(id: "nc1")
        harness.clock.withLock { $0 = $0.addingTimeInterval(120) }
        await harness.gate.close()
        let refreshing = Task { await harness.model.appeared() }
        await harness.gate.arrived(2)
        let pulled = Locked(false)
        let pulling = Task {
            await harness.model.refreshPulled()
            pulled.withLock { $0 = true }
        }
        await Task.yield()
        #expect(pulled.withLock { $0 } == false)
        #expect(harness.model.busyIndicator == .inToolbar)
        await harness.gate.open()
        await pulling.value
        #expect(harness.model.isBusy == false)
        #expect(await harness.gate.arrivals == 3)
        #expect(harness.titles == Self.all)
        #expect(try await harness.hidden() == [])
        await refreshing.value
    }

    @Test(arguments: [true, false])
    func aRowDeletedWhileTheStaleListRefreshesStaysGone(answersNotModified: Bool) async throws {
        let harness = Harness()
        harness.answers.withLock { $0 = [.fresh(QuakeListModelTests.feed, QuakeListModelTests.v1)] }
        await harness.model.appeared()
        #expect(harness.titles == Self.all)

        harness.clock.withLock { $0 = $0.addingTimeInterval(120) }
        harness.answers.withLock {
            $0 = [
                answersNotModified
                    ? .notModified(FeedValidators()) : .fresh(QuakeListModelTests.feed, QuakeListModelTests.v1)
            ]
        }
        await harness.gate.close()
        let refreshing = Task { await harness.model.appeared() }
        await harness.gate.arrived(2)
        #expect(harness.model.busyIndicator == .inToolbar)
        await harness.model.rowDeleted(id: "ak2")
        #expect(harness.titles == ["M 7.1 - Napa", "M 1.2 - Volcano", "M ? - Sumatra"])

        await harness.gate.open()
        await refreshing.value
        #expect(harness.model.isBusy == false)
        #expect(harness.titles == ["M 7.1 - Napa", "M 1.2 - Volcano", "M ? - Sumatra"])
        #expect(try await harness.hidden() == ["ak2"])
    }

    @Test(arguments: [true, false])
    func aRowDeletedWhileAPullReloadsStaysGoneWhileTheOnesBeforeComeBack(answersNotModified: Bool) async throws {
        let harness = Harness()
        harness.answers.withLock { $0 = [.fresh(QuakeListModelTests.feed, QuakeListModelTests.v1)] }
        await harness.model.appeared()
        await harness.model.rowDeleted(id: "nc1")
        #expect(try await harness.hidden() == ["nc1"])

        harness.answers.withLock {
            $0 = [
                answersNotModified
                    ? .notModified(FeedValidators()) : .fresh(QuakeListModelTests.feed, QuakeListModelTests.v1)
            ]
        }
        await harness.gate.close()
        let pulling = Task { await harness.model.refreshPulled() }
        await harness.gate.arrived(2)
        await harness.model.rowDeleted(id: "ak2")
        #expect(harness.titles == ["M 1.2 - Volcano", "M ? - Sumatra"])

        await harness.gate.open()
        await pulling.value
        // The pull brings back what was deleted before it, not what was deleted after it was asked for.
        #expect(harness.titles == ["M 7.1 - Napa", "M 1.2 - Volcano", "M ? - Sumatra"])
        #expect(try await harness.hidden() == ["ak2"])
    }
}
