import ChangeJarModels
import Foundation
import Locking
import TestSupport
import Testing

@testable import ChangeJarCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A call that ends in a cancellation (SwiftUI cancels a view's task as the view leaves the screen, and the transport
/// ends its request) is no failure: no screen says "Something went wrong" or "The request was cancelled." of it.
@MainActor
@Suite("Change Jar cancelled calls")
struct CancelledCallTests {
    /// How a cancelled call ends: Swift's `CancellationError`, or URLSession's `URLError(.cancelled)`.
    enum Ending: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case cancellationError, urlErrorCancelled

        var error: any Error {
            switch self {
            case .cancellationError: CancellationError()
            case .urlErrorCancelled: URLError(.cancelled)
            }
        }

        var testDescription: String { rawValue }
    }

    nonisolated static let sample = InFlightStateTests.sample

    /// The app over `actions` (a call the test did not give fails), signed in with Google when `signedIn`.
    static func app(
        signedIn: Bool = false, _ actions: ActionsClient,
        profile: @escaping @Sendable (String) async throws -> AuthorProfile = { _ in AuthorProfile(name: "Alice") }
    ) async -> AppModel {
        let clock = ChangeJarClock(now: { Date(timeIntervalSince1970: 0) }, sleep: { _ in })
        var actions = actions
        // NB: the sign-in reads the person's name in the jar; unless the test is about it, it is "Alice".
        actions.profile = profile
        let app = AppModel(
            dependencies: ChangeJarDependencies(
                signIn: InFlightStateTests.signIn(clock: clock), actions: actions, cache: .inMemory(), clock: clock))
        if signedIn { await app.settings.providerTapped(.google) }
        return app
    }

    @Test(arguments: Ending.allCases) func allActionsRefreshSaysNothing(ending: Ending) async {
        var actions = ActionsClient.unimplemented
        actions.all = { _ in throw ending.error }
        let app = await Self.app(actions)
        await app.all.refreshPulled()
        #expect(app.all.banner == nil)
        #expect(!app.all.isBusy && !app.all.canRetry)
    }

    @Test(arguments: Ending.allCases) func myActionsRefreshSaysNothing(ending: Ending) async {
        var actions = ActionsClient.unimplemented
        actions.mine = { _, _ in throw ending.error }
        let app = await Self.app(signedIn: true, actions)
        await app.mine.refreshPulled()
        #expect(app.mine.banner == nil)
        #expect(app.session.session != nil)
    }

    @Test(arguments: Ending.allCases) func newActionsOpeningSaysNothing(ending: Ending) async {
        var actions = ActionsClient.unimplemented
        actions.new = { _, _, _ in throw ending.error }
        let app = await Self.app(actions)
        await app.new.opened()
        #expect(app.new.banner == nil)
        #expect(!app.new.canRetry)
    }

    @Test(arguments: Ending.allCases) func searchSaysNothing(ending: Ending) async {
        var actions = ActionsClient.unimplemented
        actions.search = { _, _ in throw ending.error }
        let app = await Self.app(actions)
        app.search.queryChanged("walk")
        await app.search.activeSearch?.value
        #expect(app.search.banner == nil)
        #expect(!app.search.isSearching)
    }

    @Test(arguments: Ending.allCases, [false, true])
    func anActionsPageSaysNothing(ending: Ending, signedIn: Bool) async {
        var actions = ActionsClient.unimplemented
        actions.action = { _, _ in throw ending.error }
        let app = await Self.app(signedIn: signedIn, actions)
        let page = app.actionPage(id: Self.sample.id)
        await page.opened()
        #expect(page.banner == nil)
        #expect(!page.isBusy)
    }

    /// Settings read the person's name in the jar as it appeared: a cancelled read is not "could not be read".
    @Test(arguments: Ending.allCases) func settingsNameReadSaysNothing(ending: Ending) async {
        let reads = Locked(0)
        var actions = ActionsClient.unimplemented
        // NB: the sign-in's own read fails quietly (the name is never read); the one as Settings appears is
        // cancelled, and the name not read is then no reason to say so.
        actions.profile = { _ in
            reads.withLock { $0 += 1 }
            throw ending.error
        }
        let app = await Self.app(signedIn: true, actions, profile: actions.profile)
        await app.settings.appeared()
        #expect(reads.withLock { $0 } == 2)
        #expect(app.settings.banner == nil)
    }

    /// A submission cancelled on its way says nothing, and what was typed stays in the form.
    @Test(arguments: Ending.allCases) func aCancelledSubmissionSaysNothingAndKeepsTheText(ending: Ending) async {
        var actions = ActionsClient.unimplemented
        actions.create = { _, _ in throw ending.error }
        let app = await Self.app(signedIn: true, actions)
        app.submit.title = "Recycle"
        app.submit.content = "Glass."
        await app.submit.submitTapped()
        #expect(app.submit.banner == nil)
        #expect(app.submit.title == "Recycle" && app.submit.content == "Glass.")
        #expect(!app.submit.isBusy)
    }

    /// The page's own task is cancelled (it left the screen) and the transport ends the request with another error
    /// of its own: what the task met is still nothing to say.
    @Test func aPageWhoseTaskWasCancelledSaysNothingWhateverTheRequestEndedWith() async {
        let gate = Gate(isOpen: false)
        var actions = ActionsClient.unimplemented
        actions.action = { _, _ in
            await gate.pass()
            throw URLError(.networkConnectionLost)
        }
        let app = await Self.app(actions)
        let page = app.actionPage(id: Self.sample.id)
        let opening = Task { await page.opened() }
        await gate.arrived(1)
        opening.cancel()
        await gate.open()
        await opening.value
        #expect(page.banner == nil)
        #expect(!page.isBusy)
    }
}
