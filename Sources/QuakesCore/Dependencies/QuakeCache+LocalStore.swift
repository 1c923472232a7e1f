import APIClient
import Foundation
import LocalStore

extension QuakeCache {
    /// The device cache in ``LocalStore``: the feed body as the server sent it (with its validators) and
    /// the hidden rows in the collection `quakes:<feed URL>`.
    ///
    /// NB: the body, not a table of rows, is what is kept: decoding it again takes a few milliseconds
    /// (the 3.3 MB week feed decodes in well under the time SQLite needs to write 4,711 rows), it keeps
    /// everything the server sent for a reload answered by 304, and a new app version reads it afresh.
    /// Times are stamped by the store's own clock.
    public static func live(_ store: LocalStore) -> QuakeCache {
        QuakeCache(
            load: { key in
                guard let entry = try await store.cachedEntry(for: key) else { return nil }
                let decoder = URL(string: key).map(QuakeFeedDecoder.init(feedURL:)) ?? QuakeFeedDecoder()
                // A body that no longer decodes is not worth an error: it is as if nothing were cached.
                guard let feed = try? decoder.decode(entry.body) else { return nil }
                return CachedFeed(
                    quakes: feed.quakes.sorted(by: Quake.newestFirst),
                    fetchedAt: entry.fetchedAt,
                    validators: FeedValidators(
                        etag: entry.validators.etag, lastModified: entry.validators.lastModified),
                    hiddenIDs: try await store.hiddenIDs(in: hiddenCollection(key)))
            },
            save: { key, entry, keepHidden in
                let validators = Validators(etag: entry.validators.etag, lastModified: entry.validators.lastModified)
                try await store.storeCache(entry.body, for: key, validators: validators)
                if !keepHidden { try await store.unhideAll(in: hiddenCollection(key)) }
            },
            markFresh: { key, _, _, keepHidden in
                try await store.markCacheFresh(key)
                if !keepHidden { try await store.unhideAll(in: hiddenCollection(key)) }
            },
            hide: { key, id in try await store.hide(id, in: hiddenCollection(key)) }
        )
    }

    static func hiddenCollection(_ key: String) -> String { "quakes:" + key }
}
