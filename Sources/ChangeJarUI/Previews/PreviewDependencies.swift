import ChangeJarCore
import ChangeJarModels
import Foundation

extension ChangeJarDependencies {
    /// Sample data for the previews: a few actions, a sign-in that always succeeds, no network.
    static func preview(signedIn: Bool = false) -> ChangeJarDependencies {
        let now = Date()
        let samples = [
            Action(
                id: "1", title: "Cycle to work", content: "Twice a week, rain or shine.", authSource: .google,
                providerUserID: "alice", authorName: "Alice", createdAt: now, updatedAt: now),
            Action(
                id: "2", title: "Call my grandmother", content: "Every Sunday evening.", authSource: .facebook,
                providerUserID: "bob", authorName: "Bob", createdAt: now.addingTimeInterval(-3_600),
                updatedAt: now),
        ]
        let page = ActionPage(items: samples, headCursor: "preview")
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
            actions: ActionsClient(
                all: { _ in page }, new: { _ in ActionPage(items: [samples[0]]) }, newCount: { _ in 1 },
                mine: { _, _ in ActionPage(items: [samples[0]]) }, search: { _, _ in page },
                create: { _, _ in samples[0] }, edit: { _, _, _ in samples[0] }, delete: { _, _ in }),
            cache: .inMemory(),
            sessionStore: signedIn ? SessionStore(load: { session }, save: { _ in }) : .discarding,
            clock: .live)
    }
}
