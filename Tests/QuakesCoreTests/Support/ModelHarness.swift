import Foundation
import Locking

@testable import QuakesCore

/// What a person sees of the list screen at one moment.
struct Screen: Equatable, CustomStringConvertible {
    var isBusy: Bool
    var banner: QuakeBanner?
    var lastUpdated: String?
    /// `title | coordinates | time | tint`.
    var rows: [String]

    @MainActor init(_ model: QuakeListModel) {
        isBusy = model.isBusy
        banner = model.banner
        lastUpdated = model.lastUpdated
        rows = model.rows.map { "\($0.title) | \($0.coordinateText) | \($0.timeText) | \($0.tint)" }
    }

    init(isBusy: Bool, banner: QuakeBanner? = nil, lastUpdated: String?, rows: [String]) {
        self.isBusy = isBusy
        self.banner = banner
        self.lastUpdated = lastUpdated
        self.rows = rows
    }

    var description: String {
        "busy=\(isBusy) banner=\(banner?.message ?? "-") updated=\(lastUpdated ?? "-")\n  "
            + rows.joined(separator: "\n  ")
    }
}

/// One answer of the scripted server.
enum Step: Sendable {
    case fresh(Data, FeedValidators)
    /// `304 Not Modified` with the validators it carried.
    case notModified(FeedValidators)
    case fail(QuakeFeedError)
    /// The client throws this error as it comes (a transport's, not yet classified).
    case raise(any Error & Sendable)
}

extension Step {
    /// A 304 that carries no validators.
    static var notModified: Step { .notModified(FeedValidators()) }
}

/// A list model wired to a scripted feed client, an in-memory cache and a settable clock.
///
/// Every fetch records the validators it was sent and a ``Screen`` of the model while the request is in
/// flight, so tests see the whole sequence: before, during and after.
@MainActor final class ModelHarness {
    static let feedURL = URL(fileURLWithPath: "/feeds/all_month.geojson")
    static let start = Date(timeIntervalSince1970: 1_456_923_000)  // 2016-03-02 04:50:00 in Los Angeles

    let clock = Locked(ModelHarness.start)
    /// The device's time zone, which a test moves (a flight with the app in the background).
    let zone = Locked(testFormatter.timeZone)
    let steps = Locked<[Step]>([])
    let requests = Locked<[FeedValidators?]>([])
    let screensDuringFetch = Locked<[Screen]>([])
    let cache: QuakeCache
    var model: QuakeListModel

    init(cache: QuakeCache = .inMemory()) {
        self.cache = cache
        model = QuakeListModel(
            service: QuakeFeedService(
                feedURL: Self.feedURL, client: .init { _, _ in .notModified(FeedValidators()) }, cache: cache,
                formatter: testFormatter))
        relaunch()
    }

    /// A first launch that fetched ``QuakeListModelTests/feed`` and shows it: the scene most tests start from, with
    /// the launch's request already taken.
    static func launched() async -> ModelHarness {
        let harness = ModelHarness()
        harness.answer(.fresh(QuakeListModelTests.feed, QuakeListModelTests.v1))
        await harness.model.appeared()
        _ = harness.takeRequests()
        return harness
    }

    /// A new model over the same cache: the app started again.
    func relaunch() {
        let steps = self.steps
        let requests = self.requests
        let screens = self.screensDuringFetch
        let clock = self.clock
        let zone = self.zone
        // NB: weak, or model → service → client → model would be a cycle and every test would leak its model.
        let current = Locked(WeakModel())
        let client = QuakeFeedClient { _, validators in
            requests.withLock { $0.append(validators) }
            if let model = current.withLock({ $0 }).model {
                await MainActor.run { screens.withLock { $0.append(Screen(model)) } }
            }
            let step = steps.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            switch step {
            case .fresh(let data, let validators): return .fresh(data, validators)
            case .notModified(let validators): return .notModified(validators)
            case .fail(let error): throw error
            case .raise(let error): throw error
            case nil: throw QuakeFeedError.other("unscripted request")
            }
        }
        let service = QuakeFeedService(feedURL: Self.feedURL, client: client, cache: cache, formatter: testFormatter)
        model = QuakeListModel(service: service, now: { clock.withLock { $0 } }, timeZone: { zone.withLock { $0 } })
        current.withLock { $0 = WeakModel(model: model) }
    }

    func answer(_ steps: Step...) { self.steps.withLock { $0 += steps } }

    func advance(_ seconds: TimeInterval) { clock.withLock { $0 = $0.addingTimeInterval(seconds) } }

    var screen: Screen { Screen(model) }

    /// Screens recorded during fetches since the last call.
    func takeScreensDuringFetch() -> [Screen] {
        screensDuringFetch.withLock { screens in
            defer { screens = [] }
            return screens
        }
    }

    func takeRequests() -> [FeedValidators?] {
        requests.withLock { requests in
            defer { requests = [] }
            return requests
        }
    }
}

/// A weak reference to the model, for the scripted client to read the screen through.
struct WeakModel {
    weak var model: QuakeListModel?
}
