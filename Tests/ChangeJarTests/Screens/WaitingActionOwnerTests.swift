import ChangeJarModels
import Database
import Foundation
import LocalStore
import Locking
import Testing

@testable import ChangeJarCore

/// An action kept for the next sign-in goes out only as the person who wrote it: a phone handed on after a session
/// ended does not put the last person's action into the jar under the next person's name.
@MainActor
@Suite("Change Jar: a waiting action goes out as its writer")
struct WaitingActionOwnerTests {
    static let expired = "Your sign-in has expired. Please sign in again."
    static let notSent =
        "This action was written while someone else was signed in, so it was not sent as yours. Submit it if it is yours to send, or clear it."

    /// One phone, handed from person to person: who signs in at the provider next, whether the jar still takes the
    /// signed-in person's session, and what it was sent (and as whom).
    struct Phone {
        let user = Locked("alice")
        /// Whether the jar refuses every token (the session was revoked): the session ends at the next Submit.
        let refusesSession = Locked(false)
        let posts = Locked<[NewAction]>([])
        /// Whether the jar is out of reach for My Actions and the name (Submit, driven by ``refusesSession``, is not).
        let jarOutOfReach = Locked(false)
        let cache: ActionCache
        let sessions = SessionStore.inMemory()

        init(cache: ActionCache = .inMemory()) { self.cache = cache }

        var dependencies: ChangeJarDependencies {
            let (user, refusesSession, posts, outOfReach) = (user, refusesSession, posts, jarOutOfReach)
            let clock = ChangeJarClock(now: { Date(timeIntervalSince1970: 0) }, sleep: { _ in })
            let signIn = SignInService(
                providers: ProviderSignIn(availableSources: [.google]) { source in
                    let name = user.withLock { $0 }
                    return ProviderCredential(
                        source: source, token: "p-\(name)", userID: name, displayName: name.capitalized)
                },
                identity: CognitoIdentityClient(
                    getID: { _, logins in "us-east-1:\(logins.values.first ?? "")" },
                    getOpenIDToken: { id, _ in (id, "t") }),
                identityPoolID: "us-east-1:5d8b7c2e-0f3a-4c1e-9a6b-2f4d8e1c7a90", clock: clock)
            var actions = InFlightStateTests.actions(create: { _, new in
                if refusesSession.withLock({ $0 }) { throw ChangeJarError.signInRequired }
                posts.withLock { $0.append(new) }
                return .added(InFlightStateTests.sample)
            })
            // NB: the jar says the action is the reader's: only its writer, Alice, reads it in these tests.
            actions.action = { _, _ in InFlightStateTests.mine }
            actions.mine = { _, _ in
                if outOfReach.withLock({ $0 }) { throw URLError(.notConnectedToInternet) }
                return ActionPage(items: [InFlightStateTests.mine])
            }
            actions.profile = { _ in
                if outOfReach.withLock({ $0 }) { throw URLError(.notConnectedToInternet) }
                return AuthorProfile(name: nil)
            }
            return ChangeJarDependencies(
                signIn: signIn, actions: actions, cache: cache, sessionStore: sessions, clock: clock)
        }

        /// Who the jar was sent actions as, in order.
        var postedAs: [String] { posts.withLock { $0.map(\.providerUserID) } }

        /// Alice is signed in and taps Submit; the jar no longer takes her session, so it ends and the action waits
        /// for the next sign-in.
        @MainActor func alicesSessionEndsAsSheSubmits(on app: AppModel) async {
            user.withLock { $0 = "alice" }
            await app.settings.providerTapped(.google)
            refusesSession.withLock { $0 = true }
            app.tab = .submit
            app.submit.title = "Recycle"
            app.submit.content = "Glass."
            await app.submit.submitTapped()
            refusesSession.withLock { $0 = false }
        }
    }

    @Test func aWaitingActionIsNotSentAsTheNextPersonWhoSignsIn() async {
        let phone = Phone()
        let app = AppModel(dependencies: phone.dependencies)
        await phone.alicesSessionEndsAsSheSubmits(on: app)
        #expect(app.session.session == nil)
        #expect(app.submit.hasPendingSubmission)
        #expect(app.submit.banner == .notice(Self.expired))
        #expect(app.tab == .settings)

        phone.user.withLock { $0 = "bob" }
        await app.settings.providerTapped(.google)
        #expect(app.session.session?.providerUserID == "bob")
        #expect(phone.postedAs.isEmpty)
        #expect(app.tab == .submit)
        #expect(app.submit.title == "Recycle" && app.submit.content == "Glass.")
        #expect(app.submit.banner == .notice(Self.notSent))
        #expect(app.submit.isSomeoneElses)
        #expect(!app.submit.hasPendingSubmission)
        #expect(await phone.cache.waitingAction() == nil)

        // Bob may send the draft as his own, deliberately.
        await app.submit.submitTapped()
        #expect(phone.postedAs == ["bob"])
        #expect(!app.submit.isSomeoneElses)
        #expect(app.submit.banner == .confirmation("Your action is in the jar. Thank you!"))
    }

    @Test func aWaitingActionGoesOutOnceWhenItsWriterSignsInAgain() async {
        let phone = Phone()
        let app = AppModel(dependencies: phone.dependencies)
        await phone.alicesSessionEndsAsSheSubmits(on: app)
        await app.settings.providerTapped(.google)
        #expect(phone.postedAs == ["alice"])
        #expect(app.submit.banner == .confirmation("Your action is in the jar. Thank you!"))
        #expect(!app.submit.isSomeoneElses)
        #expect(await phone.cache.waitingAction() == nil)
        #expect(app.submit.title.isEmpty && app.submit.content.isEmpty)
    }

    /// Submit tapped again while signed out, the action still waits for its writer: the tap does not make it anyone's.
    @Test func submittingAgainWhileSignedOutKeepsItsWriter() async {
        let phone = Phone()
        let app = AppModel(dependencies: phone.dependencies)
        await phone.alicesSessionEndsAsSheSubmits(on: app)
        app.tab = .submit
        await app.submit.submitTapped()
        #expect(app.submit.hasPendingSubmission)

        phone.user.withLock { $0 = "bob" }
        await app.settings.providerTapped(.google)
        #expect(phone.postedAs.isEmpty)
        #expect(app.submit.banner == .notice(Self.notSent))
    }

    /// The action is kept on the device with its writer: the app ends while the phone is handed on, and the next
    /// launch neither sends it as Bob (signing in after it, or signed in before it) nor loses its words; Alice's own
    /// sign-in after a launch sends it once, as hers.
    @Test func theWriterIsKeptAcrossALaunch() async throws {
        let store = try await LocalStore(database: try SQLiteDatabase(url: "sqlite::memory:"))
        let phone = Phone(cache: .local(store))
        await phone.alicesSessionEndsAsSheSubmits(on: AppModel(dependencies: phone.dependencies))
        #expect(await phone.cache.waitingAction()?.author?.providerUserID == "alice")

        let bobsLaunch = AppModel(dependencies: phone.dependencies)
        await bobsLaunch.launched()
        #expect(bobsLaunch.submit.hasPendingSubmission)
        phone.user.withLock { $0 = "bob" }
        await bobsLaunch.settings.providerTapped(.google)
        #expect(phone.postedAs.isEmpty)
        #expect(bobsLaunch.submit.title == "Recycle" && bobsLaunch.submit.content == "Glass.")
        #expect(bobsLaunch.submit.banner == .notice(Self.notSent))
        #expect(await phone.cache.waitingAction() == nil)

        // Kept for Alice again, then launched with Bob still signed in: not sent either, and said.
        await phone.cache.setWaitingAction(
            WaitingAction(
                ActionEdit(title: "Recycle", content: "Glass."),
                author: AuthSession.Person(authSource: .google, providerUserID: "alice")))
        let signedInAsBob = AppModel(dependencies: phone.dependencies)
        await signedInAsBob.launched()
        #expect(phone.postedAs.isEmpty)
        #expect(signedInAsBob.submit.title == "Recycle" && signedInAsBob.submit.content == "Glass.")
        #expect(signedInAsBob.submit.banner == .notice(Self.notSent))
        #expect(await phone.cache.waitingAction() == nil)

        // Alice's own: after a launch, her sign-in sends it once.
        await signedInAsBob.settings.signOutTapped()
        await phone.alicesSessionEndsAsSheSubmits(on: AppModel(dependencies: phone.dependencies))
        let alicesLaunch = AppModel(dependencies: phone.dependencies)
        await alicesLaunch.launched()
        await alicesLaunch.settings.providerTapped(.google)
        #expect(phone.postedAs == ["alice"])
        #expect(await phone.cache.waitingAction() == nil)
        let again = AppModel(dependencies: phone.dependencies)
        await again.launched()
        #expect(phone.postedAs == ["alice"])
    }

    /// Alice's own action's page, open when her session ends, does not offer Bob her Edit and Delete once he signs
    /// in.
    @Test func thePageOfTheLastPersonsActionOffersTheNextNoChange() async {
        let phone = Phone()
        let app = AppModel(dependencies: phone.dependencies)
        await app.settings.providerTapped(.google)
        let page = app.actionPage(id: "1")
        await page.opened()
        #expect(page.canChange)

        await phone.alicesSessionEndsAsSheSubmits(on: app)
        #expect(!page.canChange)
        phone.user.withLock { $0 = "bob" }
        await app.settings.providerTapped(.google)
        #expect(app.session.session?.providerUserID == "bob")
        #expect(!page.canChange)
    }

    /// Alice's session ends; Bob signs in while the jar is out of reach: Settings does not show Alice's jar name as
    /// his, nor My Actions her actions as his (with a swipe to delete them).
    @Test func theLastPersonsNameAndActionsAreNotShownAsTheNextOnes() async {
        let phone = Phone()
        let app = AppModel(dependencies: phone.dependencies)
        await phone.alicesSessionEndsAsSheSubmits(on: app)
        // NB: Settings let go of Alice's name as her session ended, and says why.
        #expect(app.settings.jarName == nil)
        #expect(app.settings.banner == .notice(Self.expired))
        // NB: My Actions let go of Alice's rows as her session ended, and says why.
        #expect(app.mine.rows.isEmpty)
        #expect(app.mine.banner == .failure("Your sign-in has expired. Please sign in again."))

        phone.jarOutOfReach.withLock { $0 = true }
        phone.user.withLock { $0 = "bob" }
        await app.settings.providerTapped(.google)
        await app.mine.refreshPulled()
        #expect(app.session.session?.providerUserID == "bob")
        #expect(app.settings.jarName == nil)
        #expect(app.settings.content == .signedIn(name: "Bob", mechanism: "Google"))
        #expect(app.settings.nameDraft == "Bob")
        #expect(app.mine.rows.isEmpty)
        #expect(app.mine.banner?.failure != nil)
    }

    /// Written while nobody was signed in, it is the action of whoever signs in next (the person at the phone), as
    /// before; one an older version kept, with no writer, reads back as such.
    @Test func anActionWrittenSignedOutGoesOutAsWhoeverSignsIn() async throws {
        let phone = Phone()
        phone.user.withLock { $0 = "bob" }
        let app = AppModel(dependencies: phone.dependencies)
        app.submit.title = "Walk more"
        app.submit.content = "Every day."
        await app.submit.submitTapped()
        #expect(await phone.cache.waitingAction()?.author == nil)
        await app.settings.providerTapped(.google)
        #expect(phone.postedAs == ["bob"])

        let older = try JSONDecoder().decode(WaitingAction.self, from: Data(#"{"title":"a","content":"b"}"#.utf8))
        #expect(older == WaitingAction(ActionEdit(title: "a", content: "b")))
    }
}
