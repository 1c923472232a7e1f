import ChangeJarModels
import Foundation
import Locking
import TestSupport
import Testing

@testable import ChangeJarCore

/// A session outlives its 10-minute Cognito token: the screens renew it quietly with the provider login kept at the
/// sign-in, against the real server and stand-in (no sockets), and end it only when Cognito refuses that login.
@MainActor
@Suite("Change Jar session renewal")
struct SessionRenewalTests {
    static let expired = "Your sign-in has expired. Please sign in again."
    static let myActions = "GET /changejar/v1/actions/mine"
    static let postAction = "POST /changejar/v1/actions"

    /// How many `GetOpenIdToken` calls the stand-in was sent.
    static func renewals(_ harness: CoreHarness) -> Int {
        harness.network.cognitoCalls.filter { $0 == "GetOpenIdToken" }.count
    }

    @Test func submitMyActionsEditAndDeleteRenewAnExpiredTokenQuietly() async throws {
        try await withServer(.sqliteMemory) { server in
            let sessions = SessionStore.inMemory()
            let harness = CoreHarness(server: server, sessionStore: sessions)
            let app = harness.app
            await app.settings.providerTapped(.google)
            let signedIn = try #require(app.session.session)
            #expect(harness.network.cognitoCalls == ["GetId", "GetOpenIdToken"])

            // Ten minutes on, the token the device keeps is refused by the server; the person notices nothing.
            server.clock.advance(by: 11 * 60)
            app.tab = .submit
            app.submit.title = "Cycle to work"
            app.submit.content = "Twice a week."
            await app.submit.submitTapped()
            #expect(app.submit.banner == .confirmation("Your action is in the jar. Thank you!"))
            #expect(app.tab == .submit)
            #expect(harness.network.count(Self.postAction) == 1)
            #expect(Self.renewals(harness) == 2)
            let renewed = try #require(app.session.session)
            #expect(renewed.token != signedIn.token)
            #expect(renewed.expiresAt == server.clock.now.addingTimeInterval(600))
            #expect(renewed.identityID == signedIn.identityID && renewed.providerLogin == signedIn.providerLogin)
            #expect(renewed.displayName == "Alice" && renewed.providerUserID == "alice")
            #expect(sessions.load() == renewed)
            #expect(app.settings.content == .signedIn(name: "Alice", mechanism: "Google"))

            server.clock.advance(by: 11 * 60)
            await app.mine.refreshPulled()
            #expect(app.mine.banner == nil)
            #expect(app.mine.rows.map(\.title) == ["Cycle to work"])
            #expect(Self.renewals(harness) == 3)

            server.clock.advance(by: 11 * 60)
            let id = try #require(app.mine.rows.first?.id)
            app.mine.rowTapped(id)
            let page = try #require(app.mine.detail)
            page.editTapped()
            page.editor?.title = "Cycle to work, rain or shine"
            await page.saveTapped()
            #expect(page.banner == .confirmation("Saved “Cycle to work, rain or shine”."))
            #expect(Self.renewals(harness) == 4)
            app.mine.detailClosed()

            server.clock.advance(by: 11 * 60)
            app.mine.rowDeleteTapped(id)
            await app.mine.confirmTapped(id)
            #expect(app.mine.banner == .confirmation("Deleted “Cycle to work, rain or shine”."))
            #expect(app.mine.rows.isEmpty)
            #expect(Self.renewals(harness) == 5)
            #expect(app.session.session != nil)
        }
    }

    /// The device's clock runs behind the server's: the server refuses a token the device thought good. One renewal
    /// and one more try, and the list is there.
    @Test func aTokenRefusedWhileTheDeviceThoughtItGoodIsRenewedAndTheCallTriedOnceMore() async throws {
        try await withServer(.sqliteMemory) { server in
            try await server.create("Walk more", user: "alice")
            let device = TestClock(server.clock.now)
            let harness = CoreHarness(server: server, clock: device)
            let app = harness.app
            await app.settings.providerTapped(.google)
            let listed = harness.network.count(Self.myActions)

            server.clock.advance(by: 11 * 60)
            await app.mine.refreshPulled()
            #expect(app.mine.banner == nil)
            #expect(app.mine.rows.map(\.title) == ["Walk more"])
            #expect(harness.network.count(Self.myActions) == listed + 2)
            #expect(Self.renewals(harness) == 2)
        }
    }

    /// The device's clock runs ahead of the server's by more than a token's 10 minutes (set by hand, or never set):
    /// a token just given is good for its 10 minutes all the same. Every call used to take it for expired and ask
    /// Cognito for another first.
    @Test func aDeviceClockAheadOfTheServersUsesEachTokenForItsTenMinutes() async throws {
        try await withServer(.sqliteMemory) { server in
            try await server.create("Walk more", user: "alice")
            let device = TestClock(server.clock.now.addingTimeInterval(15 * 60))
            let harness = CoreHarness(server: server, clock: device)
            let app = harness.app
            await app.settings.providerTapped(.google)
            await app.mine.refreshPulled()
            await app.settings.appeared()
            #expect(app.mine.banner == nil)
            #expect(app.mine.rows.map(\.title) == ["Walk more"])
            #expect(Self.renewals(harness) == 1)
            let session = try #require(app.session.session)
            #expect(session.expiresAt == device.now.addingTimeInterval(600))

            // Its 10 minutes over, by either clock, it is renewed once, and the renewed one lasts 10 minutes too.
            server.clock.advance(by: 11 * 60)
            device.advance(by: 11 * 60)
            await app.mine.refreshPulled()
            await app.settings.appeared()
            #expect(app.mine.rows.map(\.title) == ["Walk more"])
            #expect(Self.renewals(harness) == 2)
        }
    }

    /// An hour on, the provider's own token has expired too, and Cognito refuses it: the session ends as a session
    /// always has, with the same words and states (Submit's side: `AppFlowTests`).
    @Test func myActionsSayTheSessionExpiredWhenCognitoRefusesTheLogin() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = CoreHarness(server: server)
            let app = harness.app
            await app.settings.providerTapped(.facebook)
            let listed = harness.network.count(Self.myActions)
            server.clock.advance(by: 2 * 3_600)

            await app.mine.refreshPulled()
            #expect(app.mine.banner == .failure(Self.expired))
            #expect(app.mine.emptyMessage == "Sign in to see your actions.")
            #expect(app.mine.needsSignIn)
            #expect(app.session.session == nil)
            #expect(harness.network.count(Self.myActions) == listed)
            #expect(Self.renewals(harness) == 2)
        }
    }

    /// No network for the renewal is being offline, not signed out: the saved copy shows, the session stays, and the
    /// next call with a network renews it.
    @Test func aRenewalThatMeetsNoNetworkKeepsTheSession() async throws {
        try await withServer(.sqliteMemory) { server in
            let sessions = SessionStore.inMemory()
            let harness = CoreHarness(server: server, sessionStore: sessions)
            let app = harness.app
            await app.settings.providerTapped(.google)
            app.submit.title = "Walk more"
            app.submit.content = "Every lunch."
            await app.submit.submitTapped()
            let signedIn = try #require(app.session.session)

            server.clock.advance(by: 11 * 60)
            harness.network.isOffline = true
            await app.mine.refreshPulled()
            #expect(app.mine.banner == .notice("You're offline. Showing the actions saved on this device."))
            #expect(app.mine.rows.map(\.title) == ["Walk more"])
            #expect(!app.mine.needsSignIn)
            app.submit.title = "Cycle"
            app.submit.content = "Twice a week."
            await app.submit.submitTapped()
            #expect(app.submit.banner == .failure("You're offline. Check your connection and try again."))
            #expect(app.tab != .settings)
            #expect(app.session.session == signedIn)
            #expect(sessions.load() == signedIn)
            #expect(app.settings.content == .signedIn(name: "Alice", mechanism: "Google"))
            // One try for each call, none repeated.
            #expect(Self.renewals(harness) == 3)

            harness.network.isOffline = false
            await app.mine.refreshPulled()
            #expect(app.mine.banner == nil)
            #expect(Self.renewals(harness) == 4)
            #expect(app.session.session?.token != signedIn.token)
        }
    }

    /// Cognito fails on its side as an expired token is renewed: Submit and My Actions say the sign-in service is
    /// not answering (they said "Something went wrong"), the typed action stays in the form, the session stays, and the next call once Cognito answers renews it and sends the action.
    @Test func aRenewalThatMeetsAFaultOfCognitoSaysSoAndKeepsTheTypedAction() async throws {
        try await withServer(.sqliteMemory) { server in
            let sessions = SessionStore.inMemory()
            let harness = CoreHarness(server: server, sessionStore: sessions)
            let app = harness.app
            await app.settings.providerTapped(.google)
            let signedIn = try #require(app.session.session)
            let unavailable = "The sign-in service is not answering right now. Please try again in a moment."

            server.clock.advance(by: 11 * 60)
            harness.network.cognitoAnswers = 503
            app.tab = .submit
            app.submit.title = "Cycle to work"
            app.submit.content = "Twice a week."
            await app.submit.submitTapped()
            #expect(app.submit.banner == .failure(unavailable))
            #expect(app.submit.title == "Cycle to work" && app.submit.content == "Twice a week.")
            #expect(app.tab == .submit)
            #expect(harness.network.count(Self.postAction) == 0)
            await app.mine.refreshPulled()
            #expect(app.mine.banner == .failure(unavailable))
            #expect(!app.mine.needsSignIn)
            #expect(app.session.session == signedIn)
            #expect(sessions.load() == signedIn)

            harness.network.cognitoAnswers = nil
            await app.submit.submitTapped()
            #expect(app.submit.banner == .confirmation("Your action is in the jar. Thank you!"))
            #expect(harness.network.count(Self.postAction) == 1)
        }
    }

    /// A session an older version saved keeps no provider login: it still loads and works, and at its expiry it
    /// ends as it always did, without asking Cognito for anything.
    @Test func aSessionSavedWithoutTheProviderLoginLoadsAndEndsAtExpiry() async throws {
        try await withServer(.sqliteMemory) { server in
            try await server.create("Walk more", user: "alice")
            let token = try await server.signIn(.google, "alice")
            let claims = try #require(OpenIDTokenClaims(token: token))
            let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(UUID().uuidString)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("session.json")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let expiry = ISO8601DateFormatter().string(from: try #require(claims.expiresAt))
            let older = """
                {"identityID":"\(try #require(claims.subject))","token":"\(token)","expiresAt":"\(expiry)",\
                "authSource":"google","providerUserID":"alice","displayName":"Alice"}
                """
            try Data(older.utf8).write(to: file)

            let harness = CoreHarness(server: server, sessionStore: .file(file))
            let app = harness.app
            let loaded = try #require(app.session.session)
            #expect(loaded.token == token && loaded.providerLogin == nil && !loaded.canRenew)
            #expect(app.settings.content == .signedIn(name: "Alice", mechanism: "Google"))
            await app.mine.refreshPulled()
            #expect(app.mine.rows.map(\.title) == ["Walk more"])

            server.clock.advance(by: 11 * 60)
            await app.mine.refreshPulled()
            #expect(app.mine.banner == .failure(Self.expired))
            #expect(app.session.session == nil)
            #expect(harness.network.cognitoCalls.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    // MARK: - One renewal at a time, and no loop

    nonisolated static let poolID = "us-east-1:5d8b7c2e-0f3a-4c1e-9a6b-2f4d8e1c7a90"
    nonisolated static let start = Date(timeIntervalSince1970: 1_780_000_000)

    /// A compact JWS whose payload is `claims` (the client reads it unverified).
    nonisolated static func token(expiring expiry: Date, serial: Int = 0) -> String {
        let payload = #"{"sub":"us-east-1:1","exp":\#(Int(expiry.timeIntervalSince1970)),"n":\#(serial)}"#
        let encoded = Data(payload.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        return "eyJhbGciOiJSUzUxMiJ9.\(encoded).c2ln"
    }

    /// A session whose token expired a minute before ``start``, with the login that renews it.
    nonisolated static let expiredSession = AuthSession(
        identityID: "us-east-1:1", token: token(expiring: start.addingTimeInterval(-60)),
        expiresAt: start.addingTimeInterval(-60), authSource: .google, providerUserID: "alice",
        displayName: "Alice", providerLogin: "provider-login")

    /// A session model at ``start`` over `getOpenIDToken` (Cognito) and a store holding ``expiredSession``.
    static func session(
        store: SessionStore = .inMemory(expiredSession),
        getOpenIDToken: @escaping GetOpenIDToken
    ) -> SessionModel {
        SessionModel(
            service: SignInService(
                providers: ProviderSignIn(availableSources: [.google]) { _ in
                    throw ChangeJarError.signInFailed("not part of the test")
                },
                identity: CognitoIdentityClient(getID: { _, _ in "us-east-1:1" }, getOpenIDToken: getOpenIDToken),
                identityPoolID: poolID,
                clock: ChangeJarClock(now: { start }, sleep: { _ in })),
            store: store)
    }

    @Test func callsThatMeetAnExpiredTokenTogetherShareOneRenewal() async throws {
        let gate = Gate(isOpen: false)
        let logins = Locked<[[String: String]]>([])
        let fresh = Self.token(expiring: Self.start.addingTimeInterval(600), serial: 1)
        let session = Self.session { identityID, given in
            logins.withLock { $0.append(given) }
            await gate.pass()
            return (identityID, fresh)
        }
        let calls = (0..<4).map { _ in
            Task { try await session.signedIn { current in current.token } }
        }
        // NB: every call has its turn on the main actor before the renewal's answer comes back. (Not `arrived(1)`:
        // a call that never reaches Cognito must fail the test, not leave it waiting.)
        for _ in 0..<1_000 {
            if await gate.arrivals >= calls.count { break }
            await Task.yield()
        }
        await gate.open()
        for call in calls { #expect(try await call.value == fresh) }
        #expect(logins.withLock { $0 } == [["accounts.google.com": "provider-login"]])
        #expect(session.session?.token == fresh)
        #expect(session.session?.expiresAt == Self.start.addingTimeInterval(600))
    }

    /// A renewed token the server refuses all the same is not renewed again: the call is tried twice, Cognito asked
    /// once, and the session ends.
    @Test func aRenewedTokenTheServerStillRefusesEndsTheSessionWithoutALoop() async throws {
        let renewals = Locked(0)
        var valid = Self.expiredSession
        valid.expiresAt = Self.start.addingTimeInterval(300)
        let session = Self.session(store: .inMemory(valid)) { identityID, _ in
            renewals.withLock { $0 += 1 }
            return (identityID, Self.token(expiring: Self.start.addingTimeInterval(600), serial: 1))
        }
        var tries = 0
        await #expect(throws: ChangeJarError.signInRequired) {
            try await session.signedIn { _ in
                tries += 1
                throw ChangeJarError.signInRequired
            }
        }
        #expect(tries == 2)
        #expect(renewals.withLock { $0 } == 1)
        #expect(session.session == nil)
    }

    /// A renewal that keeps failing is tried once for each call that needs it, and never loops.
    @Test func aRenewalThatKeepsFailingIsTriedOncePerCall() async throws {
        let renewals = Locked(0)
        let store = SessionStore.inMemory(Self.expiredSession)
        let session = Self.session(store: store) { _, _ in
            renewals.withLock { $0 += 1 }
            throw URLError(.notConnectedToInternet)
        }
        for attempt in 1...3 {
            var tries = 0
            await #expect(throws: ChangeJarError.offline) {
                try await session.signedIn { _ in tries += 1 }
            }
            #expect(tries == 0)
            #expect(renewals.withLock { $0 } == attempt)
        }
        #expect(session.session == Self.expiredSession)
        #expect(store.load() == Self.expiredSession)
        await #expect(throws: ChangeJarError.offline) { try await session.currentSession() }
    }
}
