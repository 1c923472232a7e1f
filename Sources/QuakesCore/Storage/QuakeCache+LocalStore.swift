import APIClient
import Foundation
import LocalStore
import QuakeFeedCodec

extension QuakeCache {
    /// The device cache in ``LocalStore``: the feed's quakes and the count of features skipped in a compact binary
    /// form (``QuakeArchive``) with the feed's validators, and the hidden rows in the collection `quakes:<feed URL>`.
    ///
    /// NB: one cache entry, not a table of rows: writing one blob is far cheaper than 10,000 inserts,
    /// and every quake the server sent stays available for a reload answered by 304. The archive is
    /// streamed into the entry as it is encoded, so it never sits in memory whole.
    /// Times are stamped by the store's own clock.
    public static func live(_ store: LocalStore) -> QuakeCache {
        QuakeCache(
            load: { key in
                guard let entry = try await store.cachedEntry(for: key) else { return nil }
                // A copy that no longer reads (another version) is not worth an error: nothing is cached. The hidden
                // rows are kept apart from it, and outlive it (`hiddenIDs`).
                guard let contents = QuakeArchive.decodeContents(entry.body) else { return nil }
                return CachedFeed(
                    quakes: contents.quakes,
                    fetchedAt: entry.fetchedAt,
                    validators: FeedValidators(
                        etag: entry.validators.etag, lastModified: entry.validators.lastModified),
                    hiddenIDs: try await store.hiddenIDs(in: hiddenCollection(key)), skipped: contents.skipped)
            },
            save: { key, entry, keepHidden in
                let validators = Validators(etag: entry.validators.etag, lastModified: entry.validators.lastModified)
                let quakes = entry.quakes
                let skipped = entry.skipped
                try await store.storeCache(
                    count: QuakeArchive.encodedCount(quakes, skipped: skipped), for: key, validators: validators
                ) { emit in
                    try QuakeArchive.encode(quakes, skipped: skipped, into: emit)
                }
                if !keepHidden { try await store.unhideAll(in: hiddenCollection(key)) }
            },
            markFresh: { key, _, validators, keepHidden in
                try await store.markCacheFresh(
                    key, validators: Validators(etag: validators.etag, lastModified: validators.lastModified))
                if !keepHidden { try await store.unhideAll(in: hiddenCollection(key)) }
            },
            hide: { key, id in try await store.hide(id, in: hiddenCollection(key)) },
            hiddenIDs: { key in try await store.hiddenIDs(in: hiddenCollection(key)) }
        )
    }

    static func hiddenCollection(_ key: String) -> String { "quakes:" + key }
}
