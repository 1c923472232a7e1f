import Foundation
import Observation
import QuakesModels

/// What a tapped row opens.
public enum QuakePresentation: Sendable, Hashable, Identifiable {
    /// The quake's USGS event page (``Quake/eventPage(feedURL:)``), in the in-app browser (`SFSafariViewController` on
    /// iOS).
    case eventPage(URL, String)
    /// The quake's detail, when the feed gave it no event page, or one the app does not open (its note says why).
    case detail(QuakeDetail)

    /// The quake's id.
    public var id: String {
        switch self {
        case .eventPage(_, let id): id
        case .detail(let detail): detail.id
        }
    }
}

/// Where the list shows that it is loading.
public enum QuakeBusyIndicator: Sendable, Hashable {
    /// A spinner in place of the rows: nothing is on screen yet.
    case replacingRows
    /// A spinner in the toolbar: rows stay on screen while a refresh runs.
    case inToolbar
}

/// The quake list screen: events in (`appeared()`, `refreshPulled()`…), plain state out (`rows`, `isBusy`…).
///
/// ```swift
/// let model = QuakeListModel(service: service)
/// await model.appeared()      // cached rows at once, then a refresh when older than a minute
/// await model.refreshPulled() // everything the server sends, deleted rows included
/// ```
@Observable @MainActor
public final class QuakeListModel {
    /// The rows on screen, after the filter.
    public private(set) var rows: [QuakeRow] = []
    /// The quakes of ``rows``, in the same order: what an export or the command line's table is made of.
    public private(set) var quakes: [Quake] = []
    /// A request is in flight.
    public private(set) var isBusy = false
    /// What went wrong last, with a retry; `nil` when all is well.
    public private(set) var banner: QuakeBanner?
    /// `Updated 12:04`; `nil` before the first data.
    public private(set) var lastUpdated: String?
    /// `3 earthquakes could not be read`: a quiet line under ``lastUpdated`` when the feed's last answer held
    /// features the app could not read (the list shows the rest); `nil` when it read them all.
    ///
    /// NB: the device's copy keeps the count with its quakes, so a list shown from it (a launch, a 304) says so too.
    public private(set) var skippedNote: String?
    /// The USGS event page to open in the in-app browser; set by ``rowTapped(id:)``.
    public private(set) var selectedEventPage: URL?
    /// The detail of the tapped row.
    public private(set) var selectedDetail: QuakeDetail?

    /// What a row tap opened: the USGS event page in the in-app browser, or the detail when the feed gave the
    /// quake no page; `nil` when nothing is open.
    public var presented: QuakePresentation? {
        if let selectedEventPage, let selectedDetail { return .eventPage(selectedEventPage, selectedDetail.id) }
        return selectedDetail.map { .detail($0) }
    }

    /// What the list says when the feed (after the filter) has no row and nothing is loading: that the search or
    /// the filter hides every quake the feed has, so an empty list is not taken for an empty feed. Offline, under
    /// the banner, it says the same of the copy on screen.
    public var emptyMessage: String? {
        guard rows.isEmpty, !isBusy, let listing else { return nil }
        guard !listing.quakes.isEmpty else { return QuakeScreenText.empty }
        if canClearFilter { return QuakeScreenText.noneInFilter }
        let search = filter.searchText.trimmingCharacters(in: .whitespaces)
        return search.isEmpty ? QuakeScreenText.empty : QuakeScreenText.noMatch(search)
    }

    /// Whether the empty list offers to lift the magnitude floor and time window, which hide every quake.
    public var canClearFilter: Bool {
        rows.isEmpty && listing?.quakes.isEmpty == false && (filter.minimumMagnitude != nil || filter.window != nil)
    }

    /// The empty list's "show all" button: the magnitude floor and time window go; the search stays, as its field
    /// shows it.
    public func clearFilterTapped() {
        var filter = filter
        filter.minimumMagnitude = nil
        filter.window = nil
        filterChanged(filter)
    }

    /// Whether the list shows a spinner in place of rows (nothing on screen yet) or in the toolbar (rows on
    /// screen while a refresh runs); `nil` when nothing loads.
    public var busyIndicator: QuakeBusyIndicator? {
        guard isBusy else { return nil }
        return rows.isEmpty ? .replacingRows : .inToolbar
    }
    /// Pins for the rows on screen of magnitude ≥ 3.5.
    public private(set) var mapAnnotations: [QuakeMapAnnotation] = []
    /// A region fitting ``mapAnnotations`` (the world when there are none).
    public private(set) var mapRegion: QuakeMapRegion = .world
    /// The map's title: the magnitude its pins start at, 3.5 or the filter's floor when higher ("Magnitude 4.5 and
    /// above" under an M 4.5+ filter, which the title once ignored).
    public var mapTitle: String {
        QuakeScreenText.mapTitle(service.formatter.decimal(QuakeMapAnnotation.floor(for: filter)))
    }
    /// What the map says over itself when it has no pin (no quake in the list reads 3.5, or the filter's floor, or
    /// more), so that an empty map is not taken for one still loading or broken; `nil` while it has pins.
    public var mapEmptyMessage: String? {
        guard mapAnnotations.isEmpty else { return nil }
        return QuakeScreenText.mapEmpty(service.formatter.decimal(QuakeMapAnnotation.floor(for: filter)))
    }
    /// The magnitude floors the filter menu offers, in the digits of the rows (``QuakeRowFormatter/numbers``).
    public var magnitudeChoices: [QuakeFilterChoice<Double>] {
        QuakeFilter.magnitudeChoices(numbers: service.formatter.numbers)
    }
    /// The filter in force.
    public private(set) var filter: QuakeFilter = .none

    /// Data older than this is refreshed when the screen appears.
    public static let staleAfter: TimeInterval = 60

    private var service: QuakeFeedService
    /// The device's time zone as it is now.
    private let currentTimeZone: @Sendable () -> TimeZone
    /// The zone the rows of ``listing`` were written in.
    private var listingZone: TimeZone?
    private let now: @Sendable () -> Date
    private var listing: QuakeListing?
    private var lastRefreshWasReload = false
    /// Rows deleted while the refresh now running was on its way: its answer was read before they went.
    private var deletedDuringRefresh: Set<String> = []
    /// A pull came while a refresh that is no reload ran: a reload follows it.
    private var reloadsWhenDone = false
    /// Pulls and appearances that came while a refresh ran, resumed when it (and the reload it owes) is done.
    private var waitingForRefresh: [CheckedContinuation<Void, Never>] = []

    /// A list of `service`'s feed; `now` is the clock for fetch times, staleness, "Updated" texts and the filter's
    /// time window (tests pass a fixed one); `timeZone` reads the device's zone when the app comes back to the
    /// foreground (``becameActive()``; tests pass one that changes).
    public init(
        service: QuakeFeedService, now: @escaping @Sendable () -> Date = { Date() },
        timeZone: @escaping @Sendable () -> TimeZone = { TimeZone.current }
    ) {
        self.service = service
        self.now = now
        self.currentTimeZone = timeZone
    }

    /// The screen appeared: show the cache at once, then refresh it if it is stale.
    public func appeared() async {
        await showSavedCopy()
        if let listing, QuakeFeedService.isFresh(fetchedAt: listing.fetchedAt, now: now(), staleAfter: Self.staleAfter)
        {
            return
        }
        await refresh(reload: false)
    }

    /// The app came back to the foreground: the rows' local times follow the device's zone as it is now (a person
    /// who flew across zones with the app in the background sees the times of where they are), "Updated" and a
    /// time filter's window move on to now, and a list gone stale meanwhile refreshes, as at launch.
    public func becameActive() async {
        service.formatter.timeZone = currentTimeZone()
        if let listing { show(listing, formattedIn: listingZone) }
        await appeared()
    }

    /// Pull to reload: everything the server returns is shown again, deleted rows included. With nothing on screen
    /// yet (the command line's `--reload` is a pull as the screen opens), the saved copy is read first, so a reload
    /// that fails shows it rather than saying there is nothing to show.
    public func refreshPulled() async {
        await showSavedCopy()
        await refresh(reload: true)
    }

    /// Shows the copy the device keeps, when nothing is on screen yet.
    private func showSavedCopy() async {
        guard listing == nil else { return }
        do {
            let zone = service.formatter.timeZone
            if let cached = try await service.cached() { show(cached, formattedIn: zone) }
        } catch {
            banner = QuakeBanner(message: error.message, canRetry: false)
        }
    }

    /// The banner's Retry button: repeats the request that failed.
    public func retryTapped() async {
        await refresh(reload: lastRefreshWasReload)
    }

    /// Swipe to delete: the row leaves the list and the cache until the next reload. What it did is returned, so a
    /// view that must act on a failure (the command line's exit status) reads it rather than the banner's sentence.
    @discardableResult
    public func rowDeleted(id: String) async -> QuakeRowDeletion {
        guard var listing, listing.quakes.contains(where: { $0.id == id }) else { return .notListed }
        listing.remove(id: id)
        self.listing = listing
        applyFilter()
        if isBusy { deletedDuringRefresh.insert(id) }
        do {
            try await service.hide(id: id)
            return .deleted
        } catch {
            banner = QuakeBanner(message: error.message, canRetry: false)
            return .notSaved
        }
    }

    /// A row was tapped: its USGS event page opens in the in-app browser; a quake whose link is none, or leads
    /// elsewhere (``Quake/eventPage(feedURL:)``), opens its detail, which says why there is no page.
    public func rowTapped(id: String) {
        guard let quake = listing?.quakes.first(where: { $0.id == id }) else { return }
        let detail = QuakeDetail(quake, formatter: service.formatter, feedURL: service.feedURL)
        selectedEventPage = detail.eventPage
        selectedDetail = detail
    }

    /// The in-app browser was closed.
    public func eventPageDismissed() {
        selectedEventPage = nil
        selectedDetail = nil
    }

    /// The person typed in the search field.
    public func searchChanged(_ text: String) {
        var filter = filter
        filter.searchText = text
        filterChanged(filter)
    }

    /// The person changed the magnitude floor, time window or search text.
    public func filterChanged(_ filter: QuakeFilter) {
        self.filter = filter
        applyFilter()
    }

    private func refresh(reload: Bool) async {
        guard !isBusy else {
            // NB: a pull while the screen's own refresh runs returned at once: the pull's spinner went away with the
            // rows not yet loaded, and the deleted rows the pull was to bring back stayed hidden. It now waits for the
            // running refresh, which then reloads once more when it was not itself a reload.
            if reload && !lastRefreshWasReload { reloadsWhenDone = true }
            await withCheckedContinuation { waitingForRefresh.append($0) }
            return
        }
        isBusy = true
        var reload = reload
        while true {
            await load(reload: reload)
            guard reloadsWhenDone else { break }
            reloadsWhenDone = false
            reload = true
        }
        isBusy = false
        let waiting = waitingForRefresh
        waitingForRefresh = []
        for waiter in waiting { waiter.resume() }
    }

    /// One request and what it shows; ``isBusy`` is already set.
    private func load(reload: Bool) async {
        lastRefreshWasReload = reload
        deletedDuringRefresh = []
        defer { deletedDuringRefresh = [] }
        do {
            let zone = service.formatter.timeZone
            var fresh = try await service.refresh(reload: reload, now: now())
            // NB: the rows stay on screen while a refresh runs, so one can be swiped away meanwhile; the answer read
            // the hidden rows before that (and a reload cleared them), and would bring it back. A pull brings back
            // what was deleted before it, not after.
            for id in deletedDuringRefresh { fresh.remove(id: id) }
            banner = nil
            show(fresh, formattedIn: zone)
            if reload {
                for id in deletedDuringRefresh.sorted() { await hideAgain(id) }
            }
        } catch .cancelled {
            // NB: SwiftUI cancels a `.refreshable` or `.task` action when its view goes away or is rebuilt; the
            // request did not fail, so the screen stays as it was rather than saying the earthquakes could not load.
        } catch {
            banner = QuakeBanner(message: bannerMessage(for: error), canRetry: true, isOffline: error == .offline)
            if let listing { lastUpdated = service.formatter.lastUpdatedText(listing.fetchedAt, now: now()) }
        }
    }

    /// Hides a row deleted during a reload once more: the reload cleared the hidden rows, maybe after its hide.
    private func hideAgain(_ id: String) async {
        do {
            try await service.hide(id: id)
        } catch {
            banner = QuakeBanner(message: error.message, canRetry: false)
        }
    }

    private func bannerMessage(for error: QuakeFeedError) -> String {
        // NB: when the copy was fetched is the toolbar's "Updated …" under the list, so the banner does not say it
        // again.
        guard listing != nil else { return Strings.format("quakes.banner.nothingCached", error.message) }
        return Strings.format("quakes.banner.showingCached", error.message)
    }

    /// Shows `listing`, whose rows were written in `zone`: written again when the device's zone has changed since.
    private func show(_ listing: QuakeListing, formattedIn zone: TimeZone?) {
        var listing = listing
        // NB: a refresh that was on its way as the app came back in a new zone wrote its rows in the old one.
        if zone != service.formatter.timeZone { listing.rows = service.formatter.rows(for: listing.quakes) }
        self.listing = listing
        listingZone = service.formatter.timeZone
        lastUpdated = service.formatter.lastUpdatedText(listing.fetchedAt, now: now())
        skippedNote = QuakeScreenText.skipped(listing.skipped, numbers: service.formatter.numbers)
        applyFilter()
    }

    private func applyFilter() {
        guard let listing else { return }
        let (quakes, rows) = listing.filtered(filter, now: now())
        self.rows = rows
        self.quakes = quakes
        mapAnnotations = QuakeMapAnnotation.annotations(for: quakes)
        mapRegion = QuakeMapRegion.fitting(mapAnnotations.map(\.coordinate))
    }
}
