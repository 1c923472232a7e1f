import APIClient
import ChangeJarModels
import Foundation
import Observation

/// Where a session is kept between launches: nowhere for the app (the life of the app session), a file for the CLI.
public typealias SessionStore = CredentialStore<AuthSession>

/// The signed-in person, shared by every screen; knows when the token expires.
@Observable @MainActor
public final class SessionModel {
    /// The current session, expired or not (see ``validSession()``).
    public private(set) var session: AuthSession?
    /// The provider whose sign-in is running.
    public private(set) var signingInWith: AuthSource?

    @ObservationIgnored let service: SignInService
    @ObservationIgnored let store: SessionStore
    @ObservationIgnored var clock: ChangeJarClock { service.clock }
    /// Runs after every successful sign-in (the app sends a pending submission from here).
    @ObservationIgnored var onSignedIn: [@MainActor () async -> Void] = []

    /// Creates the screen model over its dependencies.
    public init(service: SignInService, store: SessionStore = .discarding) {
        self.service = service
        self.store = store
        self.session = store.load()
    }

    /// The session if its token is still good; an expired one is dropped.
    public func validSession() -> AuthSession? {
        guard let session else { return nil }
        guard session.isValid(at: clock.now()) else {
            self.session = nil
            store.save(nil)
            return nil
        }
        return session
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

    /// Forgets the session.
    public func signOut() {
        session = nil
        store.save(nil)
    }

    /// Drops a session the server refused (expired or revoked).
    func sessionRefused() {
        signOut()
    }
}
