import ChangeJarModels
import Foundation
import Locking
import TestSupport
import Testing

@testable import ChangeJarCore

/// My Actions on a shared phone: Alice (Google) signs out and Bob (Facebook) signs in; Alice's rows are never shown
/// to him, not while his list loads, nor when a reload of hers lands late.
@MainActor
@Suite struct MyActionsAfterSignOutTests {
    nonisolated static func action(_ id: String, _ title: String, _ source: AuthSource) -> Action {
        Action(
            id: id, title: title, content: "Words.", authSource: source, createdAt: Date(timeIntervalSince1970: 0),
            updatedAt: Date(timeIntervalSince1970: 0), isMine: true)
    }

    /// Sign-in on a shared phone: Google signs Alice in (identity `us-east-1:a`), Facebook Bob (`us-east-1:b`); an
    /// identity's token is `token-` and its id.
    static func aliceOrBob(clock: ChangeJarClock) -> SignInService {
        SignInService(
            providers: ProviderSignIn(availableSources: [.google, .facebook]) { source in
                ProviderCredential(
                    source: source, token: "p", userID: source == .google ? "alice" : "bob",
                    displayName: source == .google ? "Alice" : "Bob")
            },
            identity: CognitoIdentityClient(
                getID: { _, logins in logins[AuthSource.google.providerKey] != nil ? "us-east-1:a" : "us-east-1:b" },
                getOpenIDToken: { id, _ in (id, "token-\(id)") }),
            identityPoolID: "us-east-1:5d8b7c2e-0f3a-4c1e-9a6b-2f4d8e1c7a90", clock: clock)
    }

    /// The app over a server whose My Actions answers Alice's row to her token and Bob's to his; Bob's (and, once
    /// `holdAlice` is set, Alice's) answers pass `gate` first.
    static func app(gate: Gate, holdAlice: Locked<Bool> = Locked(false)) -> AppModel {
        let clock = ChangeJarClock(now: { Date(timeIntervalSince1970: 0) }, sleep: { _ in })
        let signIn = MyActionsAfterSignOutTests.aliceOrBob(clock: clock)
        var actions = InFlightStateTests.actions()
        actions.mine = { token, _ in
            if token == "token-us-east-1:a" {
                if holdAlice.withLock({ $0 }) { await gate.pass() }
                return ActionPage(items: [action("1", "Alice's pledge", .google)])
            }
            await gate.pass()
            return ActionPage(items: [action("2", "Bob's pledge", .facebook)])
        }
        return AppModel(
            dependencies: ChangeJarDependencies(
                signIn: signIn, actions: actions, cache: .inMemory(), clock: clock))
    }

    @Test func signingOutTakesAlicesRowsAwayAtOnceAndBobNeverSeesThem() async {
        let gate = Gate(isOpen: false)
        let app = Self.app(gate: gate)
        await app.settings.providerTapped(.google)
        #expect(app.mine.rows.map(\.title) == ["Alice's pledge"])

        await app.settings.signOutTapped()
        #expect(app.mine.rows.isEmpty)
        #expect(app.mine.emptyMessage == "Sign in to see your actions.")
        #expect(app.mine.confirmation == nil)
        #expect(app.mine.banner == nil, "she signed out: nothing expired")

        let bob = Task { await app.settings.providerTapped(.facebook) }
        await gate.arrived(1)
        #expect(app.mine.rows.isEmpty, "Bob's list is loading")
        await gate.open()
        await bob.value
        #expect(app.mine.rows.map(\.title) == ["Bob's pledge"])
    }

    /// Alice pulls My Actions and signs out before the answer lands: the answer is hers, and shows nothing.
    @Test func aReloadOfAlicesLandingAfterSheSignedOutShowsNothing() async {
        let gate = Gate(isOpen: false)
        let holdAlice = Locked(false)
        let app = Self.app(gate: gate, holdAlice: holdAlice)
        await app.settings.providerTapped(.google)
        holdAlice.withLock { $0 = true }

        let pull = Task { await app.mine.refreshPulled() }
        await gate.arrived(1)
        await app.settings.signOutTapped()
        await gate.open()
        await pull.value

        #expect(app.mine.rows.isEmpty)
        #expect(app.mine.emptyMessage == "Sign in to see your actions.")
        #expect(!app.mine.isBusy)
    }

    /// Alice's session ends by itself (not through Settings) while My Actions shows her rows; Bob signs in: while
    /// his list loads, hers is not on screen.
    @Test func afterAnEndedSessionTheNextPersonsLoadStartsFromNothing() async {
        let gate = Gate(isOpen: false)
        let app = Self.app(gate: gate)
        await app.settings.providerTapped(.google)
        #expect(app.mine.rows.map(\.title) == ["Alice's pledge"])
        app.session.onSignedOut = []  // as if My Actions had not heard of the ending
        await app.session.signOut()

        let bob = Task { try? await app.session.signIn(with: .facebook) }
        await gate.arrived(1)
        #expect(app.mine.rows.isEmpty)
        await gate.open()
        await bob.value
        #expect(app.mine.rows.map(\.title) == ["Bob's pledge"])
    }
}
