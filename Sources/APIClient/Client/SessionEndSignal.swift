/// Says that the server no longer takes the session (it expired, or was revoked), so the app can go back to where a
/// person signs in rather than leave every page saying "Your session has ended".
///
/// A client raises it when the server refuses the credential it keeps, after forgetting that credential; the app
/// model listens. Attendee's live clients raise it on a 401 while a token is kept, Sales' client when Salesforce
/// refuses its session (a refused refresh, or a 401 after one).
///
/// ```swift
/// client.sessionEnd.listen { [weak self] in self?.sessionEnded() }   // the app model
/// await sessionEnd.credentialRefused(tokens)                          // the client, on a refusal
/// ```
@MainActor
public final class SessionEndSignal {
    private var listener: (@MainActor () -> Void)?

    /// A signal nobody listens to yet.
    nonisolated public init() {}

    /// What happens when the session ends (one listener: the app model's).
    public func listen(_ action: @escaping @MainActor () -> Void) { listener = action }

    /// The server refused the credential `store` may hold: when it holds one, it is forgotten and the listener
    /// told, and the answer is `true`. Checked and cleared on the main actor, so calls refused together end the
    /// session once (a second refusal finds nothing kept).
    @discardableResult
    public func credentialRefused<Value>(_ store: CredentialStore<Value>) -> Bool {
        guard store.load() != nil else { return false }
        store.save(nil)
        listener?()
        return true
    }
}
