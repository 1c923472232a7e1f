import ChangeJarModels
import Localization
import Observation

/// The Settings screen: who is signed in and how, or a button per provider. No e-mail anywhere.
@Observable @MainActor
public final class SettingsModel {
    /// What Settings shows.
    public enum Content: Sendable, Hashable {
        /// One button per available provider.
        case signedOut(buttons: [ProviderButton])
        /// The person's name (or a word saying the provider gave none: never their user id) and the sign-in
        /// mechanism.
        case signedIn(name: String, mechanism: String)
    }

    /// A "Sign in with …" button.
    public struct ProviderButton: Sendable, Hashable, Identifiable {
        /// The provider the person signed in with.
        public var source: AuthSource
        /// The short name of the pledge (1–120 characters).
        public var title: String
        /// Buttons are identified by their provider.
        public var id: AuthSource { source }
    }

    /// The line over the screen: a failed sign-in, or the notice of why Settings was opened.
    public internal(set) var banner: Banner?

    @ObservationIgnored let session: SessionModel

    /// Creates the screen model over its dependencies.
    public init(session: SessionModel) {
        self.session = session
    }

    /// What the screen draws now.
    public var content: Content {
        if let current = session.session {
            return .signedIn(
                name: current.displayName ?? Strings.text("settings.noName"), mechanism: current.authSource.displayName)
        }
        return .signedOut(
            buttons: session.availableSources.map {
                ProviderButton(source: $0, title: Strings.signInWith($0.displayName))
            })
    }

    /// Whether a sign-in is running (buttons disabled, spinner shown).
    public var isBusy: Bool { session.signingInWith != nil }

    /// A provider button was tapped.
    public func providerTapped(_ source: AuthSource) async {
        banner = nil
        do {
            try await session.signIn(with: source)
        } catch {
            banner = .failure(error.message)
        }
    }

    /// "Sign out" was tapped.
    public func signOutTapped() {
        banner = nil
        session.signOut()
    }
}
