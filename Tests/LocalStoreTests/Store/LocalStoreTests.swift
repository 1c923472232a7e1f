import APIClient
import Database
import Foundation
import TestSupport
import Testing

@testable import LocalStore

private struct Quake: Codable, Equatable, Sendable {
    var id: String
    var magnitude: Double
}

@Suite struct LocalStoreTests {
    private let clock = TestClock()

    private func makeStore() async throws -> LocalStore {
        try await LocalStore(database: SQLiteDatabase(url: "sqlite::memory:"), now: clock.closure)
    }

    @Test func migrationIsAppliedOnceAndReopeningIsHarmless() async throws {
        let database = try SQLiteDatabase(url: "sqlite::memory:")
        _ = try await LocalStore(database: database)
        _ = try await LocalStore(database: database)
        let applied = try await database.read { db in try Migrator.appliedMigrations(db) }
        #expect(
            applied == [
                "localstore.v1", "localstore.v2-cache-body-last", "localstore.v3-delivered-forgotten",
                "localstore.v4-outbox-scope",
            ])
    }

    @Test func cacheEntriesOfTheFirstSchemaSurviveTheBodyMovingLast() async throws {
        let database = try SQLiteDatabase(url: "sqlite::memory:")
        try await LocalStore.migrator.prefix(through: "localstore.v1").migrate(database)
        try await database.write { db in
            try db.execute(
                """
                INSERT INTO localstore_cache (key, body, etag, last_modified, fetched_at)
                VALUES (\("feed"), \(Data("v1".utf8)), \(#""e""#), NULL, \(Date(timeIntervalSince1970: 1_700_000_000)))
                """)
        }
        let store = try await LocalStore(database: database)
        let entry = try #require(try await store.cachedEntry(for: "feed"))
        #expect(entry.body == Data("v1".utf8))
        #expect(entry.validators == Validators(etag: #""e""#))
        let columns = try await database.read { db in
            try db.fetchColumn(String.self, "SELECT name FROM pragma_table_info('localstore_cache') ORDER BY cid")
        }
        #expect(columns == ["key", "etag", "last_modified", "fetched_at", "body"])
    }

    // MARK: - Cache

    @Test func cacheKeepsBodyValidatorsAndFetchTime() async throws {
        let store = try await makeStore()
        #expect(try await store.cachedEntry(for: "feed") == nil)
        let validators = Validators(etag: #"W/"abc""#, lastModified: "Tue, 14 Nov 2023 22:13:20 GMT")
        try await store.storeCache(Data("v1".utf8), for: "feed", validators: validators)
        let entry = try #require(try await store.cachedEntry(for: "feed"))
        #expect(entry == CacheEntry(key: "feed", body: Data("v1".utf8), validators: validators, fetchedAt: clock.now))
    }

    @Test func storingAgainReplacesAndFreshMarkMovesFetchTime() async throws {
        let store = try await makeStore()
        try await store.storeCache(Data("v1".utf8), for: "feed", validators: Validators(etag: "1"))
        clock.advance(by: 60)
        try await store.storeCache(Data("v2".utf8), for: "feed")
        let replaced = try #require(try await store.cachedEntry(for: "feed"))
        #expect(replaced.body == Data("v2".utf8))
        #expect(replaced.validators.isEmpty)
        clock.advance(by: 60)
        #expect(try await store.markCacheFresh("feed"))
        #expect(try await store.cachedEntry(for: "feed")?.fetchedAt == clock.now)
        #expect(try await store.markCacheFresh("other") == false)
    }

    /// A 304 carries the validators to send next time (RFC 9111 §4.3.4): they replace the stored ones with the body.
    @Test func aFreshMarkWithValidatorsStoresThemAndKeepsTheBody() async throws {
        let store = try await makeStore()
        try await store.storeCache(
            Data("v1".utf8), for: "feed", validators: Validators(lastModified: "Tue, 14 Nov 2023 22:13:20 GMT"))
        clock.advance(by: 60)
        let updated = Validators(etag: #""2""#, lastModified: "Tue, 14 Nov 2023 22:13:20 GMT")
        #expect(try await store.markCacheFresh("feed", validators: updated))
        #expect(
            try await store.cachedEntry(for: "feed")
                == CacheEntry(key: "feed", body: Data("v1".utf8), validators: updated, fetchedAt: clock.now))
        #expect(try await store.markCacheFresh("other", validators: updated) == false)
    }

    @Test func streamedBodyIsWrittenPieceByPieceAndReplacesTheEntry() async throws {
        let store = try await makeStore()
        try await store.storeCache(Data("v1".utf8), for: "feed", validators: Validators(etag: "1"))
        clock.advance(by: 60)
        let validators = Validators(etag: "2", lastModified: "Tue, 14 Nov 2023 22:13:20 GMT")
        try await store.storeCache(count: 11, for: "feed", validators: validators) { emit in
            for piece in ["hello", " ", "world"] { try Data(piece.utf8).withUnsafeBytes { try emit($0) } }
        }
        let entry = try #require(try await store.cachedEntry(for: "feed"))
        #expect(
            entry
                == CacheEntry(key: "feed", body: Data("hello world".utf8), validators: validators, fetchedAt: clock.now)
        )
        try await store.storeCache(count: 0, for: "empty") { _ in }
        #expect(try await store.cachedEntry(for: "empty")?.body == Data())
    }

    @Test func streamedBodyOfAnotherSizeThanAnnouncedKeepsThePreviousEntry() async throws {
        let store = try await makeStore()
        try await store.storeCache(Data("v1".utf8), for: "feed", validators: Validators(etag: "1"))
        for announced in [4, 6] {
            await #expect(throws: DatabaseError.self) {
                try await store.storeCache(count: announced, for: "feed") { emit in
                    try Data("12345".utf8).withUnsafeBytes { try emit($0) }
                }
            }
        }
        let entry = try #require(try await store.cachedEntry(for: "feed"))
        #expect(entry.body == Data("v1".utf8))
        #expect(entry.validators == Validators(etag: "1"))
    }

    @Test func cacheEntryAgeFollowsTheClock() async throws {
        let store = try await makeStore()
        try await store.storeCache(Data(), for: "k")
        clock.advance(by: 90)
        #expect(try await store.cachedEntry(for: "k")?.age(now: clock.now) == 90)
    }

    // MARK: - Hidden rows

    @Test func hiddenRowsArePerCollection() async throws {
        let store = try await makeStore()
        try await store.hide("ci1", in: "quakes")
        try await store.hide("ci1", in: "quakes")
        try await store.hide("ak2", in: "quakes")
        try await store.hide("ci1", in: "notes")
        #expect(try await store.hiddenIDs(in: "quakes") == ["ci1", "ak2"])
        #expect(try await store.hiddenIDs(in: "notes") == ["ci1"])
        try await store.unhideAll(in: "quakes")
        #expect(try await store.hiddenIDs(in: "quakes").isEmpty)
        #expect(try await store.hiddenIDs(in: "notes") == ["ci1"])
    }

    @Test func hostileIDsAreStoredVerbatim() async throws {
        let store = try await makeStore()
        let id = "x'); DROP TABLE localstore_hidden; --"
        try await store.hide(id, in: "quakes")
        #expect(try await store.hiddenIDs(in: "quakes") == [id])
    }

    // MARK: - Saved lists

    @Test func savedListsRoundTripAndReplace() async throws {
        let store = try await makeStore()
        #expect(try await store.savedList(Quake.self, named: "quakes") == nil)
        try await store.saveList([Quake(id: "a", magnitude: 1.5)], as: "quakes")
        clock.advance(by: 5)
        let quakes = [Quake(id: "b", magnitude: 4), Quake(id: "c", magnitude: 2.25)]
        try await store.saveList(quakes, as: "quakes")
        #expect(
            try await store.savedList(Quake.self, named: "quakes") == SavedList(elements: quakes, savedAt: clock.now))
        try await store.removeList(named: "quakes")
        #expect(try await store.savedList(Quake.self, named: "quakes") == nil)
    }

    @Test func listThatNoLongerDecodesReadsAsAbsent() async throws {
        let store = try await makeStore()
        try await store.saveList(["not", "quakes"], as: "quakes")
        #expect(try await store.savedList(Quake.self, named: "quakes") == nil)
    }
}
