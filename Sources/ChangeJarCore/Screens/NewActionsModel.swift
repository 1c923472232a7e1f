import ChangeJarModels
import Foundation
import Localization
import Observation

/// New Actions and the badge: what appeared since this device last looked.
@Observable @MainActor
public final class NewActionsModel {
    /// The number on the tab's badge; 0 hides it.
    public private(set) var badgeCount = 0
    /// The rows on screen, newest first.
    public private(set) var rows: [ActionRow] = []
    /// Whether a request is running (spinner shown).
    public private(set) var isBusy = false
    /// The line over the screen: a failure, or the notice that the rows are the saved copy.
    public private(set) var banner: Banner?
    /// What an empty screen says, or `nil` while there are rows.
    public private(set) var emptyMessage: String?
    /// Whether the rows are the device's saved copy (offline).
    public private(set) var isShowingSavedCopy = false
    /// Whether scrolling further can load more.
    public var canLoadMore: Bool { nextCursor != nil && !isShowingSavedCopy }
    /// The actions behind the rows.
    @ObservationIgnored public private(set) var actions: [Action] = []
    /// What was seen before this opening: the next pages are new since then, as the first was.
    @ObservationIgnored private var since: String?
    @ObservationIgnored private var nextCursor: String?
    /// The loads running (the spinner), the opening they load for, and a next page asked for meanwhile.
    @ObservationIgnored private var pages = PageRequests() {
        didSet { isBusy = pages.running > 0 }
    }

    @ObservationIgnored let client: ActionsClient
    @ObservationIgnored let cache: ActionCache
    @ObservationIgnored let format: DateFormat

    /// Creates the screen model over its dependencies.
    public init(client: ActionsClient, cache: ActionCache, format: DateFormat) {
        self.client = client
        self.cache = cache
        self.format = format
    }

    /// The app came to the foreground or a timer fired: refresh the badge.
    public func badgeRefreshRequested() async {
        do {
            badgeCount = try await client.newCount(await cache.lastSeen())
        } catch {
            // NB: a badge that cannot refresh keeps its last number; the lists report the failure.
        }
    }

    /// The New Actions screen opened: show what is new, then count it as seen (every page of it: the rest are there
    /// to scroll to, ``reachedEnd()``).
    public func opened() async {
        banner = nil
        pages.newList()
        pages.started()
        do {
            let since = await cache.lastSeen()
            let page = try await client.new(since, nil)
            self.since = since
            nextCursor = page.nextCursor
            isShowingSavedCopy = false
            show(page.items)
            await cache.save(.new, page.items)
            await seen(upTo: page.headCursor)
        } catch {
            let error = ChangeJarError(error)
            if error == .offline, let copy = await cache.load(.new) {
                banner = .notice(Strings.offlineShowingSaved)
                isShowingSavedCopy = true
                show(copy)
            } else if error == .offline {
                banner = .failure(Strings.offlineNothingSaved)
            } else {
                banner = .failure(error.message)
            }
        }
        pages.ended()
        if pages.takeKeptRequest() { await reachedEnd() }
    }

    /// The last row came into view: the next page of what was new at this opening (asked for while a load runs,
    /// it follows when that load ends).
    public func reachedEnd() async {
        guard canLoadMore, pages.endReached(), let cursor = nextCursor else { return }
        let opening = pages.list
        pages.started()
        do {
            let page = try await client.new(since, cursor)
            // NB: a page that arrives after the screen opened again belongs to the old list.
            if opening == pages.list {
                nextCursor = page.nextCursor
                show(actions + page.items)
            }
        } catch {
            if opening == pages.list { banner = .failure(ChangeJarError(error).message) }
        }
        pages.ended()
        if pages.takeKeptRequest() { await reachedEnd() }
    }

    private func show(_ actions: [Action]) {
        self.actions = actions
        rows = actions.map { ActionRow($0, format: format) }
        emptyMessage = rows.isEmpty ? Strings.noNewActions : nil
    }

    /// The device has now shown everything up to `cursor` (from New or All Actions).
    func seen(upTo cursor: String?) async {
        guard let cursor else { return }
        await cache.setLastSeen(cursor)
        badgeCount = 0
    }
}
