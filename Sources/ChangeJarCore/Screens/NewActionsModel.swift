import ChangeJarModels
import Foundation
import Localization
import Observation

/// New Actions and its badge: what was put in the jar since the person's last visit.
///
/// A visit starts when the app launches or comes back from the background (on the command line, each command is
/// one). For the whole visit New lists the actions newer than the mark the previous visit left, however often it
/// is opened and whatever All Actions shows. The badge counts what New lists that the person has not seen: all of
/// it until New is opened, which clears the badge and moves the mark, for the next visit, to the newest action New
/// showed (every page of it counts as seen: the rest are there to scroll to, ``reachedEnd()``). Only New moves the
/// mark, so the badge and the list always agree.
@Observable @MainActor
public final class NewActionsModel: PagedActionList {
    /// The number on the tab's badge; 0 hides it.
    public private(set) var badgeCount = 0
    /// The rows on screen, newest first.
    public private(set) var rows: [ActionRow] = []
    /// Whether a request is running (spinner shown).
    public private(set) var isBusy = false
    /// The line over the screen: a failure, or the notice that the rows are the saved copy.
    public internal(set) var banner: Banner?
    /// What an empty screen says, or `nil` while there are rows.
    public private(set) var emptyMessage: String?
    /// Whether the screen offers Retry: New could not be read and nothing is saved to show instead.
    public private(set) var canRetry = false
    /// Whether the rows are the device's saved copy (offline).
    public private(set) var isShowingSavedCopy = false
    /// Whether scrolling further can load more.
    public var canLoadMore: Bool { nextCursor != nil && !isShowingSavedCopy }
    /// The page of the action whose row was tapped, while it is open.
    public let openedPage = OpenedActionPage()
    /// The actions behind the rows.
    @ObservationIgnored public private(set) var actions: [Action] = []
    /// The mark the previous visit left, read once a visit: New lists what is newer.
    @ObservationIgnored private var visitMark: Task<String?, Never>?
    /// The mark the shown list was read after: its next pages are new since then, as the first was.
    @ObservationIgnored private var since: String?
    @ObservationIgnored private var nextCursor: String?
    /// Counts the badge's questions and New's openings: a count asked before a newer one, or before New was
    /// opened, answers for what the person has seen since, and is dropped.
    @ObservationIgnored private var badgeAsked = 0
    /// The loads running (the spinner), the opening they load for, and a next page asked for meanwhile.
    @ObservationIgnored var pages = PageRequests() {
        didSet { isBusy = pages.running > 0 }
    }
    /// The signed-in person, whose own actions are not new to them (the app model sets it).
    @ObservationIgnored var session: SessionModel?

    @ObservationIgnored let client: ActionsClient
    @ObservationIgnored let cache: ActionCache
    @ObservationIgnored let format: DateFormat

    /// Creates the screen model over its dependencies.
    public init(client: ActionsClient, cache: ActionCache, format: DateFormat) {
        self.client = client
        self.cache = cache
        self.format = format
    }

    /// A visit starts (the app came back from the background): New now lists what is newer than the mark the visit
    /// that ended left. The first visit starts by itself, at the first count or opening.
    public func visitStarted() {
        let cache = cache
        visitMark = Task { await cache.lastSeen() }
    }

    /// The app launched or came to the foreground: the badge is counted again. A count that fails keeps the last
    /// number; the lists report the failure.
    public func badgeRefreshRequested() async {
        _ = try? await unseenCount()
    }

    /// Counts the badge now (what New lists that the person has not seen) and returns the number; throws where
    /// ``badgeRefreshRequested()`` keeps the last number, for the command line to say the count failed.
    @discardableResult
    public func unseenCount() async throws(ChangeJarError) -> Int {
        _ = await mark()
        badgeAsked += 1
        let asked = badgeAsked
        let count: Int
        do {
            let since = await cache.lastSeen()
            count = try await asReader { token in try await client.newCount(token, since) }
        } catch {
            throw ChangeJarError(error)
        }
        // NB: New was opened (or the badge counted again) while this count was on its way: it is stale.
        if asked == badgeAsked { badgeCount = count }
        return count
    }

    /// The New Actions screen opened: what is new since the last visit, which now counts as seen (the badge clears,
    /// and the next visit's list starts after it).
    public func opened() async {
        banner = nil
        canRetry = false
        pages.newList()
        let opening = pages.list
        pages.started()
        let since = await mark()
        do {
            let page = try await asReader { token in try await client.new(token, since, nil) }
            // NB: someone signed in or out while it was on its way: it was read for the last reader.
            guard opening == pages.list else { return pages.ended() }
            self.since = since
            nextCursor = page.nextCursor
            isShowingSavedCopy = false
            show(page.items)
            await cache.save(savedList, page.items)
            await seen(upTo: page.headCursor)
        } catch {
            guard opening == pages.list else { return pages.ended() }
            let error = ChangeJarError(error)
            if let banners = error.savedCopyBanners, let copy = await cache.load(savedList) {
                banner = .notice(banners.showing)
                isShowingSavedCopy = true
                show(copy)
            } else if let banners = error.savedCopyBanners {
                banner = .failure(banners.nothingSaved)
                canRetry = true
            } else {
                banner = error.failureBanner
            }
        }
        pages.ended()
        if pages.takeKeptRequest() { await reachedEnd() }
    }

    /// Someone signed in, or the person signed out (or their session ended): the rows and the badge were read as the
    /// last reader, leaving their own actions out and the new reader's in. The rows go (and a load on its way for
    /// the last reader is dropped); New is read again as the new reader when it is on screen (`isOnScreen`) or
    /// next opened, and the badge is counted again.
    func readerChanged(isOnScreen: Bool) async {
        pages.newList()
        banner = nil
        canRetry = false
        isShowingSavedCopy = false
        nextCursor = nil
        actions = []
        rows = []
        emptyMessage = nil
        if isOnScreen {
            await opened()
        } else {
            await badgeRefreshRequested()
        }
    }

    /// Retry, offered while New could not be read and nothing was saved: New is read again, as when it opened.
    public func retryTapped() async { await opened() }

    /// The last row came into view: the next page of what is new in this visit (asked for while a load runs, it
    /// follows when that load ends).
    public func reachedEnd() async {
        guard canLoadMore, pages.endReached(), let cursor = nextCursor else { return }
        let opening = pages.list
        // NB: a page that arrives after the screen opened again belongs to the old list.
        await loadNextPage(
            reading: { try await asReader { token in try await client.new(token, since, cursor) } },
            whileShown: { opening == pages.list },
            show: { page in
                nextCursor = page.nextCursor
                show(actions + page.items)
            })
    }

    /// New's rows are anyone's.
    var rowsAreMine: Bool { false }

    /// One of the person's actions was saved or deleted (``apply(_:)``): the rows show it, and so does the saved copy
    /// while the rows are not it.
    func rowsChanged(to actions: [Action]) async {
        show(actions)
        if !isShowingSavedCopy { await cache.save(savedList, actions) }
    }

    /// The saved copy of New as the reader now reads it: the server leaves a signed-in reader's own actions out, so
    /// one person's copy (or anyone's) is not shown to another offline.
    private var savedList: CachedList { .new(session?.session?.person) }

    /// `call` as the signed-in person (a token renewed when it has expired), so the server leaves their own actions
    /// out; as anyone when nobody is signed in, or the session has ended.
    ///
    /// NB: the server leaves them out, not the device: a person's actions are theirs on every device, and moving
    /// the mark past one's own submission would also pass what others put in the jar before it.
    private func asReader<Output>(_ call: @MainActor (String?) async throws -> Output) async throws -> Output {
        if let session, session.session != nil {
            do {
                return try await session.signedIn { current in try await call(current.token) }
            } catch .signInRequired {
                // NB: the session has ended (and is forgotten): New is read as anyone reads it.
            }
        }
        return try await call(nil)
    }

    /// The mark New lists after in this visit, read from the device when the visit starts.
    private func mark() async -> String? {
        if let visitMark { return await visitMark.value }
        visitStarted()
        return await visitMark?.value ?? nil
    }

    private func show(_ actions: [Action]) {
        self.actions = actions
        rows = actions.map { ActionRow($0, format: format) }
        emptyMessage = rows.isEmpty ? Strings.noNewActions : nil
    }

    /// The person has now seen everything up to `head` (the newest action New showed): it is the next visit's mark,
    /// and the badge clears. A count asked before then is dropped when it answers.
    private func seen(upTo head: String?) async {
        if let head { await cache.setLastSeen(head) }
        badgeAsked += 1
        badgeCount = 0
    }
}
