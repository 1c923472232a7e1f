import Foundation
import QuakeFeedCodec
import QuakesModels

/// Loads, refreshes and edits one feed: the logic shared by the app's view model and the command line.
///
/// Every method runs off the main actor (`@concurrent`), so decoding and sorting never block a screen.
public struct QuakeFeedService: Sendable {
    /// The feed's address (a USGS or replay URL, or a `file:` URL); also the key it is cached under.
    public var feedURL: URL
    /// Fetches the feed, conditionally when the cache has validators.
    public var client: QuakeFeedClient
    /// Where the last feed and its hidden rows are kept.
    public var cache: QuakeCache
    /// Builds the rows of each listing; the screens write their other times and numbers with it too.
    public var formatter: QuakeRowFormatter
    /// Reads feed bodies; relative links resolve against ``feedURL``'s origin (USGS's for a file).
    public var decoder: QuakeFeedDecoder

    /// A service for the feed at `feedURL`, with a decoder for that URL's links.
    public init(feedURL: URL, client: QuakeFeedClient, cache: QuakeCache, formatter: QuakeRowFormatter) {
        self.feedURL = feedURL
        self.client = client
        self.cache = cache
        self.formatter = formatter
        self.decoder = QuakeFeedDecoder(feedURL: feedURL)
    }

    /// The key the cache files this feed under.
    public var cacheKey: String { feedURL.absoluteString }

    /// What the device has for this feed, ready to show; `nil` when it was never fetched.
    @concurrent
    public func cached() async throws(QuakeFeedError) -> QuakeListing? {
        try await cachedSet().map(listing)
    }

    /// Asks the server for the feed (conditionally when cached) and stores what it sends.
    ///
    /// - Parameter reload: a pull to reload: deleted rows come back (the hidden set is cleared).
    ///   Otherwise deleted rows stay hidden.
    @concurrent
    public func refresh(reload: Bool, now: Date) async throws(QuakeFeedError) -> QuakeListing {
        listing(try await refreshedSet(reload: reload, now: now))
    }

    /// Decodes, sorts, builds rows and stores a feed body: the work measured by the benchmark.
    ///
    /// The body is released as soon as it is decoded: hand over the only reference (`consume body`) and its
    /// memory is free again before the rows are built.
    @concurrent
    public func ingest(
        _ data: consuming Data, validators: FeedValidators, fetchedAt: Date, hidden: Set<String> = [],
        keepHidden: Bool = false
    ) async throws(QuakeFeedError) -> QuakeListing {
        listing(
            try await store(
                consume data, validators: validators, fetchedAt: fetchedAt, hidden: hidden, keepHidden: keepHidden))
    }

    /// The cached quakes without rows (`quartet quakes delete`, which shows none); `nil` when never fetched.
    @concurrent
    public func cachedSet() async throws(QuakeFeedError) -> QuakeSet? {
        guard let feed = try await loadCache() else { return nil }
        return QuakeSet(quakes: feed.visibleQuakes, fetchedAt: feed.fetchedAt, skipped: feed.skipped)
    }

    func refreshedSet(reload: Bool, now: Date) async throws(QuakeFeedError) -> QuakeSet {
        let cached = try await loadCache()
        let response: QuakeFeedClient.Response
        do {
            response = try await client.fetch(feedURL, cached?.validators)
        } catch {
            throw QuakeFeedError(error)
        }
        switch consume response {
        case .notModified(let confirmed):
            guard var cached else { throw QuakeFeedError.unreadable }
            // NB: a 304 carries the validators to send next time (its ETag at least, RFC 9110 §15.4.5), and they
            // update the stored ones (RFC 9111 §4.3.4): kept as they were, the next launch asked with old ones.
            cached.validators = cached.validators.updated(by: confirmed)
            do {
                try await cache.markFresh(cacheKey, now, cached.validators, !reload)
            } catch {
                throw QuakeFeedError.other(Strings.text("quakes.error.storage"))
            }
            if reload { cached.hiddenIDs = [] }
            // NB: the body confirmed is the one cached, so the features it could not read are the same.
            return QuakeSet(quakes: cached.visibleQuakes, fetchedAt: now, skipped: cached.skipped)
        case .fresh(let data, let validators):
            let hidden = reload ? [] : await hiddenIDs(cached)
            return try await store(
                consume data, validators: validators, fetchedAt: now, hidden: hidden, keepHidden: !reload)
        }
    }

    /// Decodes, sorts and stores a body; returns the visible quakes.
    private func store(
        _ data: consuming Data, validators: FeedValidators, fetchedAt: Date, hidden: Set<String>, keepHidden: Bool
    ) async throws(QuakeFeedError) -> QuakeSet {
        var decoded: DecodedFeed
        do {
            decoded = try decoder.decode(data)
        } catch {
            throw QuakeFeedError.unreadable
        }
        // NB: nothing past this point reads the body (the cache keeps an archive of the quakes, not the
        // body), so it goes now: the largest block of an ingest, freed before the archive, rows and time
        // texts take their memory.
        _ = consume data
        var sorted = decoded.quakes
        decoded.quakes = []
        sorted.sortNewestFirst()
        sorted.removeRepeatedIDs()
        do {
            let entry = QuakeCache.Entry(
                quakes: sorted, fetchedAt: fetchedAt, validators: validators, skipped: decoded.skipped)
            try await cache.save(cacheKey, entry, keepHidden)
        } catch {
            throw QuakeFeedError.other(Strings.text("quakes.error.storage"))
        }
        let visible = hidden.isEmpty ? sorted : sorted.filter { !hidden.contains($0.id) }
        return QuakeSet(quakes: visible, fetchedAt: fetchedAt, skipped: decoded.skipped)
    }

    /// Hides a row until the next reload.
    @concurrent
    public func hide(id: String) async throws(QuakeFeedError) {
        do {
            try await cache.hide(cacheKey, id)
        } catch {
            throw QuakeFeedError.other(Strings.text("quakes.error.storage"))
        }
    }

    /// The rows the person deleted: the cached copy's, or when there is no copy that reads, the ones stored apart.
    ///
    /// NB: a copy written by another version of the app does not read, and its deleted rows came back for one launch
    /// (the store still had them, and hid them again at the next). They are read on their own; when even that
    /// fails, the feed is shown with them rather than not at all.
    private func hiddenIDs(_ cached: CachedFeed?) async -> Set<String> {
        if let cached { return cached.hiddenIDs }
        return (try? await cache.hiddenIDs(cacheKey)) ?? []
    }

    private func loadCache() async throws(QuakeFeedError) -> CachedFeed? {
        do {
            return try await cache.load(cacheKey)
        } catch {
            throw QuakeFeedError.other(Strings.text("quakes.error.storage"))
        }
    }

    private func listing(_ set: QuakeSet) -> QuakeListing {
        QuakeListing(
            quakes: set.quakes, rows: formatter.rows(for: set.quakes), fetchedAt: set.fetchedAt, skipped: set.skipped)
    }
}

/// Visible quakes, newest first, before any row is built.
public struct QuakeSet: Sendable, Equatable {
    /// The quakes not hidden, newest first, one per id.
    public var quakes: [Quake]
    /// When the server last sent or confirmed them.
    public var fetchedAt: Date
    /// Features of the last body that could not be read.
    public var skipped: Int = 0
}

extension QuakeFeedService {
    /// Whether data fetched at `fetchedAt` is still fresh at `now`: fetched no more than `staleAfter` ago, and not
    /// more than that in the future.
    ///
    /// NB: a copy stamped ahead of `now` was fetched while the device's clock ran fast and was then set right;
    /// taken as fresh, it kept the list from refreshing on its own until the clock caught up (a day set ahead, a
    /// day without new quakes unless the person pulled).
    public static func isFresh(fetchedAt: Date, now: Date, staleAfter: TimeInterval) -> Bool {
        let age = now.timeIntervalSince(fetchedAt)
        return age <= staleAfter && age >= -staleAfter
    }
}
