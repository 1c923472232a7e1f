import Foundation
import PublicInit
import QuakesModels

/// The last feed as the device keeps it: every quake the server sent, when, its validators, and hidden rows.
public struct CachedFeed: Sendable, Equatable {
    /// Every quake of the last fetch, newest first (hidden ones included).
    public var quakes: [Quake]
    /// When the server last sent the feed or confirmed the cached copy (`304`).
    public var fetchedAt: Date
    /// The `ETag` and `Last-Modified` of the body cached, which make the next request conditional.
    public var validators: FeedValidators
    /// Rows the person deleted since the last reload.
    public var hiddenIDs: Set<String>
    /// Features of the body cached that could not be read; `0` for a copy written before the count was kept.
    ///
    /// NB: kept with the copy so the list still says so after a relaunch or a `304`, not only after a full answer.
    public var skipped: Int = 0

    /// The quakes to show: all but the hidden ones.
    public var visibleQuakes: [Quake] {
        hiddenIDs.isEmpty ? quakes : quakes.filter { !hiddenIDs.contains($0.id) }
    }
}

/// Where the last feed lives on the device, one entry per feed address.
///
/// `.live(…)` keeps it in SQLite; ``inMemory()`` serves tests and previews.
@PublicInit
public struct QuakeCache: Sendable {
    /// The cached feed for a key (the feed's URL), or `nil` when never fetched.
    public var load: @Sendable (_ key: String) async throws -> CachedFeed?
    /// Replaces the feed's quakes; `keepHidden` false also clears the hidden rows (a reload).
    public var save: @Sendable (_ key: String, _ entry: Entry, _ keepHidden: Bool) async throws -> Void
    /// Records that the server confirmed the cached copy (`304`): its fetch time and the validators to send next time
    /// (the stored ones updated with the 304's); `keepHidden` false clears the hidden rows.
    public var markFresh:
        @Sendable (_ key: String, _ fetchedAt: Date, _ validators: FeedValidators, _ keepHidden: Bool) async throws
            -> Void
    /// Hides one row until the next reload.
    public var hide: @Sendable (_ key: String, _ id: String) async throws -> Void
    /// The rows hidden for a key, read on their own: they outlive a cached copy that no longer reads (an update that
    /// changed its format), for which ``load`` answers `nil`.
    public var hiddenIDs: @Sendable (_ key: String) async throws -> Set<String>

    /// What a fresh fetch leaves in the cache.
    @PublicInit
    public struct Entry: Sendable {
        /// Every quake of the feed, newest first.
        public var quakes: [Quake]
        /// When the server sent the body.
        public var fetchedAt: Date
        /// The response's `ETag` and `Last-Modified`, for the next conditional request.
        public var validators: FeedValidators
        /// Features of the body that could not be read.
        public var skipped: Int = 0
    }

    /// A cache in memory, optionally pre-filled (tests, previews).
    public static func inMemory(_ initial: [String: CachedFeed] = [:]) -> QuakeCache {
        let store = MemoryStore(initial)
        return QuakeCache(
            load: { key in await store.feeds[key] },
            save: { key, entry, keepHidden in
                await store.save(key, entry, keepHidden: keepHidden)
            },
            markFresh: { key, fetchedAt, validators, keepHidden in
                await store.markFresh(key, fetchedAt: fetchedAt, validators: validators, keepHidden: keepHidden)
            },
            hide: { key, id in await store.hide(key, id: id) },
            hiddenIDs: { key in await store.feeds[key]?.hiddenIDs ?? [] }
        )
    }
}

private actor MemoryStore {
    var feeds: [String: CachedFeed]

    init(_ feeds: [String: CachedFeed]) { self.feeds = feeds }

    func save(_ key: String, _ entry: QuakeCache.Entry, keepHidden: Bool) {
        let hidden = keepHidden ? feeds[key]?.hiddenIDs ?? [] : []
        feeds[key] = CachedFeed(
            quakes: entry.quakes, fetchedAt: entry.fetchedAt, validators: entry.validators, hiddenIDs: hidden,
            skipped: entry.skipped)
    }

    func markFresh(_ key: String, fetchedAt: Date, validators: FeedValidators, keepHidden: Bool) {
        guard var feed = feeds[key] else { return }
        feed.fetchedAt = fetchedAt
        feed.validators = validators
        if !keepHidden { feed.hiddenIDs = [] }
        feeds[key] = feed
    }

    func hide(_ key: String, id: String) {
        feeds[key]?.hiddenIDs.insert(id)
    }
}
