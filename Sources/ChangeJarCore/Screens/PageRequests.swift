import ChangeJarModels
import Localization

/// The loads of a list screen that reads a page at a time: how many run (the spinner), which list they belong to,
/// and a next page asked for while another load ran.
///
/// A row's task runs once, when the row appears: a next page asked for while a load runs is kept and served when
/// the last load ends, never dropped (dropped, the list stopped short of its end). A page that arrives after the
/// list was read anew belongs to the old list.
struct PageRequests {
    /// How many loads run.
    private(set) var running = 0
    /// Counts the lists read from their first page; a load remembers the one it was started for.
    private(set) var list = 0
    private var askedWhileBusy = false

    /// The list is read anew from its first page: pages still on their way belong to the old one.
    mutating func newList() { list += 1 }

    /// A load starts.
    mutating func started() { running += 1 }

    /// A load ended.
    mutating func ended() { running -= 1 }

    /// Whether a next page was asked for while a load ran, forgetting it: the caller asks again (``endReached()``
    /// keeps it once more if a load still runs).
    mutating func takeKeptRequest() -> Bool {
        guard askedWhileBusy else { return false }
        askedWhileBusy = false
        return true
    }

    /// The end of the list came into view: `true` when the next page may load now; else the request is kept
    /// (``takeKeptRequest()``).
    mutating func endReached() -> Bool {
        guard running == 0 else {
            askedWhileBusy = true
            return false
        }
        return true
    }
}

/// A list screen that reads a page at a time through its ``PageRequests``: All Actions, My Actions, New and Search.
@MainActor
protocol PagedActionList: AnyObject {
    /// The screen's loads.
    var pages: PageRequests { get set }
    /// The line over the list, where a next page that failed says why.
    var banner: Banner? { get set }
    /// The end of the list came into view: the next page, unless one is loading (then it is kept for later).
    func reachedEnd() async
}

extension PagedActionList {
    /// Reads a next page as one of the screen's loads: `fetch` reads it, and `show` adds it to the rows while
    /// `isStillShown` says the list it was asked for is still the one on screen (while it is, a failure says why on
    /// the banner; after, the page or failure belongs to the old list and is dropped; a load whose task was cancelled
    /// says nothing). A next page asked for meanwhile follows when it ends.
    func loadNextPage(
        reading fetch: () async throws -> ActionPage, whileShown isStillShown: () -> Bool, show: (ActionPage) -> Void
    ) async {
        pages.started()
        do {
            let page = try await fetch()
            if isStillShown() { show(page) }
        } catch {
            // NB: SwiftUI cancels the last row's task when the row leaves the screen, and its request then ends in a
            // cancellation: no failure to say ("Something went wrong"), as the row asks again when it next appears.
            if isStillShown(), let failure = ChangeJarError(error).failureBanner { banner = failure }
        }
        pages.ended()
        if pages.takeKeptRequest() { await reachedEnd() }
    }
}
