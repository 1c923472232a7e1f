import APIClient
import ChangeJarCore
import ChangeJarUI
import Foundation
import SwiftUI

/// The Change Jar iPhone app: the tabs over the Quartet server, Cognito sign-in and the device's saved lists.
@main
struct ChangeJarApp: App {
    var body: some Scene {
        WindowGroup {
            StartupView(build: Self.root)
        }
    }

    /// The app's tabs over the live dependencies, wired as `quartet changejar` wires them.
    @MainActor
    static func root() async -> ChangeJarRootView {
        let transport = HTTPTransport.live()
        let settings = Self.settings()
        let store = await DeviceStore.open("changejar")
        let dependencies = ChangeJarDependencies(
            signIn: SignInService(
                providers: Self.providers(settings, send: transport.send),
                identity: .live(endpoint: settings.cognitoEndpoint, send: transport.send),
                identityPoolID: settings.identityPoolID, clock: .live),
            actions: .live(baseURL: settings.apiBaseURL, send: transport.send),
            cache: .local(store),
            sessionStore: .keychain(service: "dev.quartet.changejar"),
            clock: .live)
        return ChangeJarRootView(app: AppModel(dependencies: dependencies))
    }

    /// The server, with `QuartetCognitoEndpoint` and `QuartetIdentityPoolID` applied when set.
    static func settings() -> ChangeJarSettings {
        let overrides = ChangeJarSettings.Overrides(
            cognitoEndpoint: AppConfiguration.url(forKey: "QuartetCognitoEndpoint"),
            identityPoolID: AppConfiguration.string(forKey: "QuartetIdentityPoolID"))
        do {
            return try ChangeJarSettings(apiBaseURL: AppConfiguration.server).applying(overrides)
        } catch {
            // NB: a malformed pool id is a mistake in this build's Info.plist, not something a person can fix.
            fatalError("Info.plist: \(error)")
        }
    }

    /// The providers of `QuartetSignInProviders`; with none configured, the development server's sign-in as
    /// `QuartetDevelopmentSignInUser` (what `quartet changejar signin --user` does).
    static func providers(
        _ settings: ChangeJarSettings, send: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)
    ) -> ProviderSignIn {
        let web = WebSignInProvider.configured()
        if web.isEmpty, let user = AppConfiguration.string(forKey: "QuartetDevelopmentSignInUser") {
            return .development(endpoint: settings.developmentSignInURL, user: user, send: send)
        }
        return .webAuthentication(web, send: send)
    }
}
