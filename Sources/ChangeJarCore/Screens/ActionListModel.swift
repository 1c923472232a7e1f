import ChangeJarModels
import Foundation
import Localization
import Observation

/// All Actions and My Actions: newest first, more on scrolling, saved for offline reading; a row opens the action's
/// page, and in My Actions a swipe deletes it (after asking).
@Observable @MainActor
public final class ActionListModel: PagedActionList {
    /// Which list this screen shows.
    public enum Listing: Sendable, Hashable {
        /// Everyone's actions (open to all).
        case all
        /// The signed-in person's actions.
        case mine
    }

    /// Which list this screen shows.
    public let listing: Listing
    /// The rows on screen, newest first.
    public private(set) var rows: [ActionRow] = []
    /// Whether a request is running (spinner shown).
    public private(set) var isBusy = false
    /// The line over the list: a failure, a Save or Delete confirmed, or the notice that the rows are the saved copy.
    public internal(set) var banner: Banner?
    /// Whether the rows come from the device's saved copy.
    public private(set) var isShowingSavedCopy = false
    /// Whether scrolling further can load more.
    public var canLoadMore: Bool { nextCursor != nil }
    /// What an empty list says (sign in, nothing yet); `nil` while there are rows.
    public private(set) var emptyMessage: String?
    /// Whether the list offers Retry: the first page could not be read and nothing is saved to show instead.
    public private(set) var canRetry = false
    /// Whether a row can be deleted (swipe): in My Actions, while it shows the server's list.
    public var canChange: Bool { listing == .mine && !isShowingSavedCopy }
    /// Whether My Actions offers its Sign in button: nobody is signed in on this device.
    public var needsSignIn: Bool { listing == .mine && session.session == nil }
    /// The words of that button.
    public var signInTitle: String { Strings.text("mine.signIn") }
    /// Opens Settings, where the person signs in (the app model sets it).
    @ObservationIgnored public var showSettings: @MainActor () -> Void = {}
    /// The page of the action whose row was tapped, while it is open.
    public let openedPage: OpenedActionPage
    /// The question asked before one of the person's actions is deleted (its action is the row's id).
    public private(set) var confirmation: Confirmation<String>?

    /// The actions behind the rows, in their order.
    @ObservationIgnored public private(set) var actions: [Action] = []
    @ObservationIgnored private var nextCursor: String?
    /// The first-page load running now and whose list it loads (`nil`: nobody's, signed out), which a second
    /// pull for the same list joins rather than repeats.
    @ObservationIgnored private var refreshing: (list: CachedList?, task: Task<Void, Never>)?
    /// The loads running (the spinner shows until the last one ends), the list they load, and a next page asked
    /// for meanwhile.
    @ObservationIgnored var pages = PageRequests() {
        didSet { isBusy = pages.running > 0 }
    }
    @ObservationIgnored let session: SessionModel
    @ObservationIgnored let client: ActionsClient
    @ObservationIgnored let cache: ActionCache
    @ObservationIgnored let format: DateFormat
    /// Runs after the person deleted one of their actions by a swipe (every list drops it).
    @ObservationIgnored var onChange: @MainActor (ActionChange) async -> Void = { _ in }

    /// Creates the screen model over its dependencies.
    public init(listing: Listing, session: SessionModel, client: ActionsClient, cache: ActionCache, format: DateFormat)
    {
        self.listing = listing
        self.session = session
        self.client = client
        self.cache = cache
        self.format = format
        openedPage = OpenedActionPage { action in
            ActionDetailModel(id: action.id, copy: action, session: session, client: client, format: format)
        }
    }

    /// The screen appeared or the list was pulled: reload the first page. While one reload runs, another (the
    /// screen's own as the person pulls) waits for it instead of asking again.
    ///
    /// A reload started for someone else's list (or while signed out) is not joined: the person signed in or
    /// out since, so this one waits for it and then loads the list that is theirs now.
    public func refreshPulled() async {
        let list = savedList()
        if let running = refreshing, running.list != list { await running.task.value }
        if let running = refreshing, running.list == list { return await running.task.value }
        let refresh = Task { await loadFirstPage() }
        refreshing = (list, refresh)
        await refresh.value
        if refreshing?.task == refresh { refreshing = nil }
        if pages.takeKeptRequest() { await reachedEnd() }
    }

    private func loadFirstPage() async {
        banner = nil
        canRetry = false
        pages.newList()
        guard let saved = savedList() else {
            show([], next: nil)
            emptyMessage = Strings.signInToSeeMine
            return
        }
        if rowsAreFor != saved, listing == .mine {
            // NB: the rows on screen are someone else's (they signed out, or their session ended): they go now, not
            // when this person's list arrives.
            show([], next: nil)
            emptyMessage = nil
            rowsAreFor = nil
        }
        pages.started()
        defer { pages.ended() }
        do {
            let page = try await fetch(cursor: nil)
            // NB: the person it was read for signed out while it was on its way: it is nobody's to see now.
            guard savedList() == saved else { return }
            // NB: the page is saved before it is shown, so nothing is awaited between showing the rows and the
            // spinner going off.
            await cache.save(saved, page.items)
            isShowingSavedCopy = false
            show(page.items, next: page.nextCursor)
            rowsAreFor = saved
        } catch {
            let error = ChangeJarError(error)
            // NB: a failure read for a person no longer signed in says nothing about this list (their saved copy
            // least of all), unless it is their session ending under this very load.
            let sessionEnded = savedList() == nil && error == .signInRequired
            guard savedList() == saved || sessionEnded else { return }
            await failed(error, saved: saved)
        }
    }

    /// Retry, offered while the list could not be read and nothing was saved: the first page is read again.
    public func retryTapped() async { await refreshPulled() }

    /// The last row came into view: load the next page.
    ///
    /// While another load runs, the request is kept and served when it ends: the row's task runs once, when the
    /// row appears, and a request dropped then left the list without its next page.
    /// A next page that arrives after the list was reloaded belongs to the old list and is dropped.
    public func reachedEnd() async {
        guard !isShowingSavedCopy, pages.endReached(), let cursor = nextCursor else { return }
        let list = pages.list
        await loadNextPage(
            reading: { try await fetch(cursor: cursor) }, whileShown: { list == pages.list },
            show: { page in show(actions + page.items, next: page.nextCursor) })
    }

    // MARK: Deleting one's own action

    /// A row's Delete in My Actions (swiped): the list asks first.
    public func rowDeleteTapped(_ id: String) {
        guard canChange, let action = actions.first(where: { $0.id == id }) else { return }
        confirmation = ActionDeletion.question(action)
    }

    /// The question was dismissed (Cancel): the action stays.
    public func confirmationDismissed() { confirmation = nil }

    /// The question's Delete was tapped: the action leaves the jar, and the list.
    public func confirmTapped(_ id: String) async {
        confirmation = nil
        guard canChange, let action = actions.first(where: { $0.id == id }) else { return }
        banner = nil
        pages.started()
        let outcome = await ActionDeletion.delete(id, session: session, client: client)
        pages.ended()
        switch outcome {
        case .deleted:
            show(actions.filter { $0.id != id }, next: nextCursor)
            await keepSavedCopy()
            banner = .confirmation(Strings.format("banner.deleted", action.title))
            await onChange(.deleted(action))
        case .sessionEnded:
            signInAgain()
        case .refused(let error):
            banner = error.failureBanner
        }
    }

    /// The list the rows on screen were read as (My Actions: whose), `nil` before one was read.
    @ObservationIgnored private var rowsAreFor: CachedList?

    /// Only My Actions' rows say they are the person's.
    var rowsAreMine: Bool { listing != .all }

    /// One of the person's actions was saved or deleted (``apply(_:)``): the rows and the saved copy show it.
    func rowsChanged(to actions: [Action]) async {
        show(actions, next: nextCursor)
        await keepSavedCopy()
    }

    /// My Actions' Sign in button: Settings, with its providers.
    public func signInTapped() { showSettings() }

    /// The person signed out, or their session ended (`expired`, which the banner says): My Actions lets go of their
    /// rows at once, and says to sign in; then the device forgets its saved copy of their list (see DECISIONS.md:
    /// an ended session too, since nobody is signed in on the device either way).
    func signedOut(expired: Bool) async {
        guard listing == .mine else { return }
        pages.newList()
        rowsAreFor = nil
        isShowingSavedCopy = false
        confirmation = nil
        show([], next: nil)
        emptyMessage = Strings.signInToSeeMine
        banner = expired ? .failure(Strings.sessionExpired) : nil
        await cache.forgetOwnLists()
    }

    /// The session has ended (forgotten by ``SessionModel/signedIn(_:)``): the list is the signed-out one, saying so.
    private func signInAgain() {
        show([], next: nil)
        emptyMessage = Strings.signInToSeeMine
        banner = .failure(Strings.sessionExpired)
    }

    private func keepSavedCopy() async {
        if let saved = savedList() { await cache.save(saved, actions) }
    }

    private func savedList() -> CachedList? {
        switch listing {
        case .all: return .all
        case .mine:
            guard let current = session.session else { return nil }
            return .mine(current.authSource, providerUserID: current.providerUserID)
        }
    }

    private func fetch(cursor: String?) async throws -> ActionPage {
        switch listing {
        case .all:
            return try await client.all(cursor)
        case .mine:
            return try await session.signedIn { current in try await client.mine(current.token, cursor) }
        }
    }

    private func failed(_ error: ChangeJarError, saved: CachedList) async {
        if let banners = error.savedCopyBanners {
            // NB: with nothing saved, an empty list would say the jar is empty, which nobody knows.
            guard let copy = await cache.load(saved) else {
                // NB: the rows on screen may be the last person's (their session ended, someone else signed in):
                // they are not shown as this person's.
                if rowsAreFor != saved {
                    show([], next: nil)
                    emptyMessage = nil
                    rowsAreFor = nil
                }
                banner = .failure(banners.nothingSaved)
                canRetry = true
                return
            }
            banner = .notice(banners.showing)
            isShowingSavedCopy = true
            show(copy, next: nil)
            rowsAreFor = saved
            return
        }
        switch error {
        case .signInRequired where listing == .mine:
            signInAgain()
        default:
            banner = error.failureBanner
        }
    }

    private func show(_ actions: [Action], next: String?) {
        self.actions = actions
        nextCursor = next
        rows = actions.map { ActionRow($0, format: format) }
        emptyMessage = rows.isEmpty ? (listing == .all ? Strings.noActions : Strings.noMyActions) : nil
    }
}
