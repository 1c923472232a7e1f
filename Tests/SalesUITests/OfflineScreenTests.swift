import Foundation
import Locking
import SalesCore
import SwiftUI
import TestSupport
import Testing

@testable import SalesUI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Account screen opened offline, for each of what the device may hold: the account and its Know · Say · Show
/// content, one of them, or neither. The page says it is offline once, and each section says only what it lacks.
@MainActor
struct OfflineScreenTests {
    static let showingSaved =
        "You're offline. Showing the copy saved on this device; changes are sent when the network returns."
    static let nothingSaved = "You're offline, and this account has not been opened on this device before."
    static let onlyContentSaved =
        "You're offline, and only this account's Know · Say · Show content is saved on this device."
    static let noContent = "No Know · Say · Show content for this account is saved on this device yet."

    /// The screen of the hospital drawn offline, over a device cache holding its account and content as asked.
    static func offlineHost(accountSaved: Bool, contentSaved: Bool) async throws -> ViewHost<some View> {
        let isDown = Locked(false)
        let (client, outbox, _) = try await AccountScreenTests.signedInStack { _ in
            if isDown.withLock({ $0 }) { throw URLError(.notConnectedToInternet) }
        }
        let cache = AccountCache.inMemory()
        let id = AccountScreenTests.hospitalID
        if accountSaved { await cache.save(try await client.retrieveAccount(id: id)) }
        if contentSaved { await cache.saveContent(id, try await client.webContent(accountID: id)) }
        isDown.withLock { $0 = true }
        let model = AccountScreenModel(
            accountID: id, client: client, outbox: outbox, cache: cache, locale: Locale(identifier: "en_US"),
            timeZone: TimeZone(identifier: "UTC")!)
        return await AccountScreenTests.host(model)
    }

    /// How many of the screen's texts say the screen is offline.
    static func offlineSaid(_ host: ViewHost<some View>) -> Int {
        host.tree.texts.filter { $0.contains("offline") }.count
    }

    @Test func accountAndContentSavedTheBannerAloneSaysOffline() async throws {
        let host = try await Self.offlineHost(accountSaved: true, contentSaved: true)
        #expect(host.tree.texts.contains(Self.showingSaved))
        #expect(host.tree.find(.disclosureGroup, "Know") != nil)
        #expect(!host.tree.texts.contains(Self.noContent))
        #expect(Self.offlineSaid(host) == 1)
    }

    @Test func accountSavedWithoutContentTheSectionSaysOnlyWhatItLacks() async throws {
        let host = try await Self.offlineHost(accountSaved: true, contentSaved: false)
        #expect(host.tree.texts.contains(Self.showingSaved))
        #expect(host.tree.texts.contains(Self.noContent))
        #expect(host.tree.find(.disclosureGroup, "Know") == nil)
        #expect(Self.offlineSaid(host) == 1)
    }

    @Test func contentSavedWithoutTheAccountTheBannerSaysWhatIsShown() async throws {
        let host = try await Self.offlineHost(accountSaved: false, contentSaved: true)
        #expect(host.tree.texts.contains(Self.onlyContentSaved))
        #expect(!host.tree.texts.contains(Self.nothingSaved))
        #expect(host.tree.find(.disclosureGroup, "Know") != nil)
        #expect(Self.offlineSaid(host) == 1)
    }

    @Test func nothingSavedTheBannerSaysItAllWithRetry() async throws {
        let host = try await Self.offlineHost(accountSaved: false, contentSaved: false)
        #expect(host.tree.texts.contains(Self.nothingSaved))
        #expect(!host.tree.texts.contains(Self.noContent))
        #expect(host.tree.find(.button, "Retry") != nil)
        #expect(Self.offlineSaid(host) == 1)
    }
}
