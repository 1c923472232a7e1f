import APIClient
import ChangeJarCore
import ChangeJarModels
import Foundation
import LocalStore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What every `changejar` command shares: settings, the network, the device store and the saved session.
struct ChangeJarSession: Sendable {
    let settings: ChangeJarSettings
    let send: @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)
    let actions: ActionsClient
    let cache: ActionCache
    let sessions: SessionStore
    let format: DateFormat
    let clock = ChangeJarClock.live

    /// Reads `--server`, `--data-dir`, `<data-dir>/changejar/config.json`, `--cognito` and `--identity-pool`.
    init(_ context: CommandContext) async throws {
        let options = try ClientOptions(
            context.arguments, environment: context.environment, badServer: ChangeJarCommandText.badServer)
        let folder = options.dataDirectory.appendingPathComponent("changejar", isDirectory: true)
        var overrides = try ChangeJarSettings.read(from: folder.appendingPathComponent("config.json"))
        if let raw = context.arguments.value("cognito") {
            guard let url = URL(httpAddress: raw) else {
                throw UsageError(ChangeJarCommandText.badCognito(raw))
            }
            overrides.cognitoEndpoint = url
        }
        if let pool = context.arguments.value("identity-pool") { overrides.identityPoolID = pool }
        do {
            settings = try ChangeJarSettings(apiBaseURL: options.server).applying(overrides)
        } catch let error as ChangeJarSettings.Invalid {
            throw UsageError(error.description)
        }
        _ = try options.deviceFolder("changejar")
        format = DateFormat(locale: context.locale, timeZone: context.timeZone)
        let transport = HTTPTransport.live()
        send = transport.send
        actions = .live(baseURL: settings.apiBaseURL, send: transport.send)
        let opened = try await LocalStore.open(path: folder.appendingPathComponent("device.sqlite").path)
        if let notice = opened.notice { context.console.errorLine(notice) }
        cache = .local(opened.store)
        sessions = .file(folder.appendingPathComponent("session.json"))
    }

    /// The stand-in's development sign-in as `user`.
    func signInService(user: String, name: String?) -> SignInService {
        signInService(.development(endpoint: settings.developmentSignInURL, user: user, name: name, send: send))
    }

    /// Cognito sign-in through `providers`.
    func signInService(_ providers: ProviderSignIn) -> SignInService {
        SignInService(
            providers: providers,
            identity: .live(endpoint: settings.cognitoEndpoint, send: send),
            identityPoolID: settings.identityPoolID,
            clock: clock)
    }

    /// The app's dependencies over this device's store and session file; `user` is whom the development
    /// sign-in signs in.
    func dependencies(user: String, name: String? = nil) -> ChangeJarDependencies {
        ChangeJarDependencies(
            signIn: signInService(user: user, name: name), actions: actions, cache: cache, sessionStore: sessions,
            clock: clock, dateFormat: format)
    }

    /// Prints `value` as `--json` output, dates as ISO 8601 (as the Change Jar API writes them).
    func printJSON(_ value: some Encodable, on console: Console) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        try console.json(value, encoder: encoder)
    }
}
