import APIClient
import ChangeJarModels
import Foundation
import Observation

/// Where a session is kept between launches: the Keychain for the app, a file only its owner reads for the CLI,
/// nothing in previews. The provider login that renews the session is part of it, so it has the same protection.
public typealias SessionStore = CredentialStore<AuthSession>

/// The signed-in person, shared by every screen: renews the OpenID token when it expires, and ends the session when
/// it can no longer be renewed.
///
/// Cognito's OpenID tokens last 10 minutes. A call that needs the person goes through ``signedIn(_:)``, which asks
/// Cognito for a new token with the provider login kept at the sign-in (``SignInService/renew(_:)``) when the kept
/// one has expired, or when the server refuses one this device thought good; the person sees none of it. One
/// renewal runs at a time, and every call that needs one meanwhile waits for it.
@Observable @MainActor
public final class SessionModel {
    /// The current session, its token expired or not (see ``currentSession()``).
    public private(set) var session: AuthSession?
    /// The provider whose sign-in is running.
    public private(set) var signingInWith: AuthSource?

    @ObservationIgnored let service: SignInService
    @ObservationIgnored let store: SessionStore
    @ObservationIgnored var clock: ChangeJarClock { service.clock }
    /// Runs after every successful sign-in (the app sends a pending submission from here).
    @ObservationIgnored var onSignedIn: [@MainActor () async -> Void] = []
    /// Runs when the session is forgotten (My Actions lets go of the person's rows, and the device of their saved
    /// copy, here): `true` when it ended by itself (it could no longer be renewed), `false` when the person signed
    /// out.
    @ObservationIgnored var onSignedOut: [@MainActor (_ expired: Bool) async -> Void] = []
    /// The renewal running now, and whose: a call that needs one meanwhile waits for it rather than starting another.
    @ObservationIgnored private var renewal: (identityID: String, task: Task<Renewal, Never>)?

    /// What a renewal ends with: the session with its new token, or why there is none.
    private typealias Renewal = Result<AuthSession, ChangeJarError>

    /// Creates the screen model over its dependencies.
    public init(service: SignInService, store: SessionStore = .discarding) {
        self.service = service
        self.store = store
        self.session = store.load()
    }

    /// The session with a token good now: the kept one, or one renewed quietly when it has expired (or is about to).
    ///
    /// - Returns: `nil` when nobody is signed in, or the session has ended (it could not be renewed: the provider
    ///   no longer takes its login, or it keeps none) and is now forgotten.
    /// - Throws: the renewal's failure when it could not be done now (``ChangeJarError/isOutOfReach``): the session is
    ///   kept for the next try.
    public func currentSession() async throws(ChangeJarError) -> AuthSession? {
        do {
            return try await usableSession().session
        } catch .signInRequired {
            return nil
        }
    }

    /// Runs `call` as the signed-in person, with a token good now (``currentSession()``); when the server refuses a
    /// token this device thought good (revoked, or a clock that runs behind), renews it once and runs `call` once
    /// more.
    ///
    /// Throws ``ChangeJarError/signInRequired`` when nobody is signed in or the session has ended (forgotten by
    /// then), and otherwise what the renewal or `call` threw, as a ``ChangeJarError``.
    func signedIn<Output>(
        _ call: @MainActor (AuthSession) async throws -> Output
    ) async throws(ChangeJarError) -> Output {
        let (current, justRenewed) = try await usableSession()
        do {
            return try await call(current)
        } catch {
            let failure = ChangeJarError(error)
            // NB: a token just renewed and refused all the same would be refused again: no second renewal.
            guard failure == .signInRequired, !justRenewed else {
                if failure == .signInRequired { await end(current) }
                throw failure
            }
        }
        let renewed = try await renewed(from: current)
        do {
            return try await call(renewed)
        } catch {
            let failure = ChangeJarError(error)
            if failure == .signInRequired { await end(renewed) }
            throw failure
        }
    }

    /// The session if its token is good now, else renewed; and whether it was renewed (or joined a renewal) here.
    private func usableSession() async throws(ChangeJarError) -> (session: AuthSession, renewed: Bool) {
        guard let session else { throw .signInRequired }
        if session.isValid(at: clock.now()) { return (session, false) }
        return (try await renewed(from: session), true)
    }

    /// A new token for the person of `stale`: the one another call has renewed since, the renewal running now, or a
    /// renewal started here.
    private func renewed(from stale: AuthSession) async throws(ChangeJarError) -> AuthSession {
        if let current = session, current.identityID == stale.identityID, current.token != stale.token,
            current.isValid(at: clock.now())
        {
            return current
        }
        if let running = renewal, running.identityID == stale.identityID {
            return try await running.task.value.get()
        }
        let task = Task { await self.renew(stale) }
        renewal = (stale.identityID, task)
        return try await task.value.get()
    }

    /// One renewal, and what it does to the session: a new token is kept, a login refused for good ends it, and any
    /// other failure (no network) leaves it as it was.
    private func renew(_ stale: AuthSession) async -> Renewal {
        let result: Renewal
        do {
            result = .success(try await service.renew(stale))
        } catch {
            result = .failure(error)
        }
        if renewal?.identityID == stale.identityID { renewal = nil }
        // NB: the person signed out (or someone else signed in) while it ran: nothing of theirs to keep or end.
        guard session?.identityID == stale.identityID else { return .failure(.signInRequired) }
        switch result {
        case .success(let renewed):
            session = renewed
            store.save(renewed)
        case .failure(.signInRequired):
            await end(stale)
        case .failure:
            break
        }
        return result
    }

    /// Forgets the session of `ended`'s person, unless someone else has signed in since.
    private func end(_ ended: AuthSession) async {
        guard session?.identityID == ended.identityID else { return }
        await forget(expired: true)
    }

    /// The providers Settings offers.
    public var availableSources: [AuthSource] { service.providers.availableSources }

    /// Signs in; on success stores the session and runs the sign-in hooks.
    public func signIn(with source: AuthSource) async throws(ChangeJarError) {
        signingInWith = source
        let session: AuthSession
        do {
            session = try await service.signIn(with: source)
        } catch {
            signingInWith = nil
            throw error
        }
        signingInWith = nil
        self.session = session
        store.save(session)
        for hook in onSignedIn { await hook() }
    }

    /// Forgets the session, and runs the sign-out hooks (what the device kept of the person's own goes with it).
    public func signOut() async {
        await forget(expired: false)
    }

    private func forget(expired: Bool) async {
        session = nil
        store.save(nil)
        for hook in onSignedOut { await hook(expired) }
    }
}
