import APIClient

/// Says that the server no longer takes the session token (it expired, or was revoked), so the app can go back to
/// its account page rather than leave every page saying "Your session has ended".
///
/// The live clients raise it on a 401 answer while a token is kept, after forgetting the token; the app model
/// listens.
@MainActor
public final class SessionEndSignal {
    private var listener: (@MainActor () -> Void)?

    /// A signal nobody listens to yet.
    nonisolated public init() {}

    /// What happens when the session ends (one listener: the app model's).
    public func listen(_ action: @escaping @MainActor () -> Void) { listener = action }

    /// The server answered 401 while `tokens` may hold a token: when it does, the token is forgotten and the
    /// listener told. Checked and cleared on the main actor, so calls refused together end the session once.
    func tokenRefused(_ tokens: TokenStore) {
        guard tokens.load() != nil else { return }
        tokens.save(nil)
        listener?()
    }
}
