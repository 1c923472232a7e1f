import ChangeJarCore
import ChangeJarModels
import Foundation

extension ChangeJarDependencies {
    /// The previews' world: the sample actions (`ActionsClient.preview`), a sign-in that always succeeds, no network.
    static func preview(signedIn: Bool = false) -> ChangeJarDependencies {
        let now = Date()
        let session = AuthSession(
            identityID: "us-east-1:00000000-0000-0000-0000-000000000000", token: "preview",
            expiresAt: now.addingTimeInterval(600), authSource: .google, providerUserID: "alice",
            displayName: "Alice")
        let identity = CognitoIdentityClient(
            getID: { _, _ in session.identityID }, getOpenIDToken: { id, _ in (id, "preview") })
        let providers = ProviderSignIn(availableSources: AuthSource.allCases) { source in
            ProviderCredential(source: source, token: "preview", userID: "alice", displayName: "Alice")
        }
        return ChangeJarDependencies(
            signIn: SignInService(
                providers: providers, identity: identity, identityPoolID: ChangeJarSettings.developmentPoolID,
                clock: .live),
            actions: .preview,
            cache: .inMemory(),
            sessionStore: signedIn ? SessionStore(load: { session }, save: { _ in }) : .discarding,
            clock: .live)
    }
}
