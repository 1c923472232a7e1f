import ChangeJarModels
import Foundation
import Localization
import Observation

/// Search over titles and contents: debounced while typing; a newer query cancels the older one.
@Observable @MainActor
public final class SearchModel: PagedActionList {
    /// The text in the search field.
    public private(set) var query = ""
    /// The rows on screen, newest first.
    public private(set) var rows: [ActionRow] = []
    /// Whether a search is waiting or running.
    public private(set) var isSearching = false
    /// The line over the screen: a failure, or the notice that the results come from the saved copy.
    public internal(set) var banner: Banner?
    /// "No actions match …" after a search that found nothing.
    public private(set) var emptyMessage: String?
    /// Whether the screen offers Retry: the search could not go out and no results are saved for it.
    public private(set) var canRetry = false
    /// The search in flight (debounce included); tests and the command line await it.
    public private(set) var activeSearch: Task<Void, Never>?
    /// Whether the rows are the device's saved results for the query (offline).
    public private(set) var isShowingSavedCopy = false
    /// Whether scrolling further can load more results.
    public var canLoadMore: Bool { nextCursor != nil && !isShowingSavedCopy }
    /// The page of the action whose row was tapped, while it is open.
    public let openedPage = OpenedActionPage()
    /// The actions behind the rows.
    @ObservationIgnored public private(set) var actions: [Action] = []
    /// The query the rows answer, and where its next page starts.
    @ObservationIgnored private var shownQuery = ""
    @ObservationIgnored private var nextCursor: String?
    /// The next pages loading, and one asked for meanwhile.
    @ObservationIgnored var pages = PageRequests()

    /// How long typing must pause before a search goes out.
    public static let debounce: Duration = .milliseconds(300)

    @ObservationIgnored let client: ActionsClient
    @ObservationIgnored let cache: ActionCache
    @ObservationIgnored let clock: ChangeJarClock
    @ObservationIgnored let format: DateFormat

    /// Creates the screen model over its dependencies.
    public init(client: ActionsClient, cache: ActionCache, clock: ChangeJarClock, format: DateFormat) {
        self.client = client
        self.cache = cache
        self.clock = clock
        self.format = format
    }

    /// The search text changed.
    public func queryChanged(_ text: String) {
        query = text
        activeSearch?.cancel()
        canRetry = false
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return showNoResults(banner: nil) }
        // NB: refused here, in the app's words, rather than by the server in its own (a 422 in English) or cut to fit:
        // cut, the rows would answer another query than the text in the field.
        guard trimmed.count <= ActionRules.searchLength.upperBound else {
            return showNoResults(banner: .failure(Strings.searchTooLong))
        }
        isSearching = true
        activeSearch = Task { [weak self, clock] in
            do {
                try await clock.sleep(Self.debounce)
                // NB: an injected sleeper may return normally after cancellation; a stale query stops here.
                try Task.checkCancellation()
            } catch {
                return
            }
            await self?.run(trimmed)
        }
    }

    /// No search goes out and no row is shown: the field is empty (nothing said), or its text breaks the search's
    /// rule (`banner` says which).
    private func showNoResults(banner: Banner?) {
        activeSearch = nil
        isSearching = false
        isShowingSavedCopy = false
        nextCursor = nil
        actions = []
        rows = []
        self.banner = banner
        emptyMessage = nil
    }

    private func run(_ text: String) async {
        let result: Result<ActionPage, ChangeJarError>
        do {
            result = .success(try await client.search(text, nil))
        } catch {
            result = .failure(ChangeJarError(error))
        }
        // NB: a query typed meanwhile cancelled this task; its answer must not overwrite the newer one.
        guard !Task.isCancelled else { return }
        isSearching = false
        switch result {
        case .success(let page):
            banner = nil
            isShowingSavedCopy = false
            nextCursor = page.nextCursor
            show(page.items, for: text)
            await cache.save(.search(text), page.items)
        case .failure(let error):
            guard let banners = error.savedCopyBanners else {
                // NB: rows that answer an older query read as this one's results under its text, and scrolling loaded
                // the older query's next page: the failure is said over none (a retry of the same query keeps them).
                if text != shownQuery {
                    isShowingSavedCopy = false
                    nextCursor = nil
                    show([], for: text)
                    emptyMessage = nil
                }
                banner = error.failureBanner
                return
            }
            let saved = await cache.load(.search(text))
            // NB: a query typed while the saved copy was read owns the rows now: this one's copy (or its "not saved")
            // showed under the newer query's text.
            guard !Task.isCancelled else { return }
            guard let copy = saved else {
                // NB: no saved answer for this query: "no actions match" would be a guess.
                banner = .failure(banners.searchNotSaved)
                isShowingSavedCopy = false
                canRetry = true
                show([], for: text)
                emptyMessage = nil
                return
            }
            banner = .notice(banners.showing)
            isShowingSavedCopy = true
            show(copy, for: text)
        }
    }

    /// Retry, offered while the search could not go out and nothing was saved for it: the query goes out again at
    /// once (no typing to wait for).
    public func retryTapped() async {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard canRetry, !trimmed.isEmpty else { return }
        canRetry = false
        activeSearch?.cancel()
        isSearching = true
        let search = Task { [weak self] in
            guard let self else { return }
            await run(trimmed)
        }
        activeSearch = search
        await search.value
    }

    /// The last row came into view: the next page of the shown query's results (asked for while one loads, it
    /// follows when that one ends).
    public func reachedEnd() async {
        guard !isSearching, canLoadMore, pages.endReached(), let cursor = nextCursor else { return }
        let text = shownQuery
        // NB: a new query typed meanwhile owns the rows now.
        await loadNextPage(
            reading: { try await client.search(text, cursor) }, whileShown: { text == shownQuery },
            show: { page in
                guard !isSearching else { return }
                nextCursor = page.nextCursor
                show(Self.joined(actions, page.items), for: text)
            })
    }

    /// Search's rows are anyone's.
    var rowsAreMine: Bool { false }

    /// One of the person's actions was saved or deleted (``apply(_:)``): the rows show it, and so do the saved
    /// results while the rows are not them.
    func rowsChanged(to actions: [Action]) async {
        show(actions, for: shownQuery)
        if !isShowingSavedCopy { await cache.save(.search(shownQuery), actions) }
    }

    /// The rows so far and a next page, each action once: a result already shown keeps its place.
    ///
    /// NB: the server keeps a search's place between pages, but an action edited meanwhile can rank anew and come
    /// again; a list (SwiftUI's too) must never hold one id twice.
    static func joined(_ shown: [Action], _ page: [Action]) -> [Action] {
        var seen = Set(shown.map(\.id))
        return shown + page.filter { seen.insert($0.id).inserted }
    }

    private func show(_ actions: [Action], for text: String) {
        shownQuery = text
        self.actions = actions
        rows = actions.map { ActionRow($0, format: format) }
        emptyMessage = rows.isEmpty ? Strings.noSearchResults(text) : nil
    }
}
