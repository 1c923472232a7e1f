import ChangeJarModels
import Database
import Foundation
import LocalStore
import Locking
import TestSupport
import Testing

@testable import ChangeJarCore

/// A shared phone after Alice (Google) is signed out: it keeps nothing of her own list, and New, which was read as
/// her (her own actions left out), is read again as whoever reads it now.
@MainActor
@Suite struct SignedOutDeviceTests {
    static let alicesList = CachedList.mine(.google, providerUserID: "alice")

    /// The app over a server whose My Actions answers Alice's row to her; once `refuse` is set it refuses every
    /// token (her session ends). New leaves the reader's own pledge out: Bob's for Alice, Alice's for Bob.
    static func app(
        cache: ActionCache, refuse: Locked<Bool> = Locked(false), offline: Locked<Bool> = Locked(false)
    ) -> AppModel {
        let clock = ChangeJarClock(now: { Date(timeIntervalSince1970: 0) }, sleep: { _ in })
        let signIn = MyActionsAfterSignOutTests.aliceOrBob(clock: clock)
        let alices = MyActionsAfterSignOutTests.action("1", "Alice's pledge", .google)
        let bobs = MyActionsAfterSignOutTests.action("2", "Bob's pledge", .facebook)
        var actions = InFlightStateTests.actions()
        actions.mine = { token, _ in
            if refuse.withLock({ $0 }) { throw ChangeJarError.signInRequired }
            return ActionPage(items: token == "token-us-east-1:a" ? [alices] : [bobs])
        }
        actions.new = { token, _, _ in
            if offline.withLock({ $0 }) { throw ChangeJarError.offline }
            return switch token {
            case "token-us-east-1:a": ActionPage(items: [bobs])
            case "token-us-east-1:b": ActionPage(items: [alices])
            default: ActionPage(items: [bobs, alices])
            }
        }
        actions.newCount = { token, _ in token == nil ? 2 : 1 }
        return AppModel(
            dependencies: ChangeJarDependencies(signIn: signIn, actions: actions, cache: cache, clock: clock))
    }

    @Test func signingOutForgetsTheSavedCopyOfHerList() async {
        let cache = ActionCache.inMemory()
        let app = Self.app(cache: cache)
        await app.settings.providerTapped(.google)
        #expect(await cache.load(Self.alicesList)?.map(\.title) == ["Alice's pledge"])

        await app.settings.signOutTapped()
        #expect(await cache.load(Self.alicesList) == nil)
    }

    /// Her session ends by itself (the server refuses even a renewed token): the device is signed out all the same.
    @Test func anEndedSessionForgetsTheSavedCopyToo() async {
        let cache = ActionCache.inMemory()
        let refuse = Locked(false)
        let app = Self.app(cache: cache, refuse: refuse)
        await app.settings.providerTapped(.google)
        #expect(await cache.load(Self.alicesList) != nil)

        refuse.withLock { $0 = true }
        await app.mine.refreshPulled()
        #expect(app.session.session == nil)
        #expect(app.mine.banner == .failure("Your sign-in has expired. Please sign in again."))
        #expect(await cache.load(Self.alicesList) == nil)
    }

    /// The copy on the device's SQLite store goes too, and so does one kept there before (by an older version).
    @Test func theLocalStoreForgetsEveryonesOwnListButNotTheOthers() async throws {
        let cache = ActionCache.local(try await LocalStore(database: try SQLiteDatabase(url: "sqlite::memory:")))
        let app = Self.app(cache: cache)
        let bobs = MyActionsAfterSignOutTests.action("2", "Bob's pledge", .facebook)
        await cache.save(.mine(.facebook, providerUserID: "bob"), [bobs])
        await cache.save(.all, [bobs])
        await app.settings.providerTapped(.google)

        await app.settings.signOutTapped()
        #expect(await cache.load(Self.alicesList) == nil)
        #expect(await cache.load(.mine(.facebook, providerUserID: "bob")) == nil)
        #expect(await cache.load(.all)?.map(\.title) == ["Bob's pledge"])
    }

    /// New was opened as Alice (Bob's pledge new to her); she signs out and Bob signs in elsewhere in the app: her
    /// reading is not his, and the badge counts what is new to him.
    @Test func newIsReadAgainForTheNextReader() async {
        let app = Self.app(cache: .inMemory())
        await app.settings.providerTapped(.google)
        await app.new.opened()
        #expect(app.new.rows.map(\.title) == ["Bob's pledge"])

        app.tab = .settings
        await app.settings.signOutTapped()
        #expect(app.new.rows.isEmpty, "Alice's reading leaves with her")
        #expect(app.new.badgeCount == 2)
        await app.settings.providerTapped(.facebook)
        #expect(app.new.rows.isEmpty)
        #expect(app.new.badgeCount == 1)

        await app.new.opened()
        #expect(app.new.rows.map(\.title) == ["Alice's pledge"])
    }

    /// New is on screen when Alice signs out (her session ends there): it shows at once what anyone reads.
    @Test func newOnScreenIsReadAgainAtOnce() async {
        let app = Self.app(cache: .inMemory())
        await app.settings.providerTapped(.google)
        app.tab = .new
        await app.new.opened()
        #expect(app.new.rows.map(\.title) == ["Bob's pledge"])

        await app.session.signOut()
        #expect(app.new.rows.map(\.title) == ["Bob's pledge", "Alice's pledge"])
    }

    /// New's saved copy is the reading of whoever read it: Alice's leaves her own pledge out and has Bob's in. Offline,
    /// Bob (signed in after her) and a signed-out reader are not shown it as theirs: nothing is saved for them.
    @Test func newsSavedCopyIsShownOnlyToItsReader() async {
        let offline = Locked(false)
        let cache = ActionCache.inMemory()
        let app = Self.app(cache: cache, offline: offline)
        await app.settings.providerTapped(.google)
        await app.new.opened()
        #expect(app.new.rows.map(\.title) == ["Bob's pledge"])

        app.tab = .settings
        await app.settings.signOutTapped()
        offline.withLock { $0 = true }
        await app.new.opened()
        #expect(app.new.banner == .failure("You're offline. Nothing is saved on this device yet."))
        #expect(app.new.rows.isEmpty && app.new.canRetry)

        offline.withLock { $0 = false }
        await app.settings.providerTapped(.facebook)
        offline.withLock { $0 = true }
        await app.new.opened()
        #expect(app.new.rows.isEmpty, "Alice's reading has Bob's own pledge in it, which is not new to him")
        #expect(app.new.banner == .failure("You're offline. Nothing is saved on this device yet."))

        // Online again, his own reading is the one saved, and offline he is shown it.
        offline.withLock { $0 = false }
        await app.new.opened()
        offline.withLock { $0 = true }
        await app.new.opened()
        #expect(app.new.rows.map(\.title) == ["Alice's pledge"])
        #expect(app.new.banner == .notice("You're offline. Showing the actions saved on this device."))
    }

    /// A reading of New as a person is theirs as My Actions is: the device's SQLite store keeps none of it after they
    /// sign out; what anyone reads stays.
    @Test func signingOutForgetsNewAsThePersonReadIt() async throws {
        let cache = ActionCache.local(try await LocalStore(database: try SQLiteDatabase(url: "sqlite::memory:")))
        let app = Self.app(cache: cache)
        await app.new.opened()
        await app.settings.providerTapped(.google)
        await app.new.opened()
        let alice = AuthSession.Person(authSource: .google, providerUserID: "alice")
        #expect(await cache.load(.new(alice))?.map(\.title) == ["Bob's pledge"])

        await app.settings.signOutTapped()
        #expect(await cache.load(.new(alice)) == nil)
        #expect(await cache.load(.new(nil))?.map(\.title) == ["Bob's pledge", "Alice's pledge"])
    }
}
