import AuthenticationServices
import ChangeJarCore
import ChangeJarModels
import CryptoKit
import Foundation
import UIKit
import os

/// One social provider's OAuth 2.0 client, as Info.plist configures it under `QuartetSignInProviders`.
///
/// ```xml
/// <key>QuartetSignInProviders</key>
/// <dict>
///     <key>google</key>
///     <dict>
///         <key>AuthorizationURL</key> <string>https://accounts.google.com/o/oauth2/v2/auth</string>
///         <key>TokenURL</key>         <string>https://oauth2.googleapis.com/token</string>
///         <key>ClientID</key>         <string>1234-abcd.apps.googleusercontent.com</string>
///         <key>Scope</key>            <string>openid profile</string>
///         <key>TokenField</key>       <string>id_token</string>
///     </dict>
/// </dict>
/// ```
///
/// The client ids are configuration, not code: a build for another Facebook, Google or Twitter app changes the
/// plist only. No client secret ships in the app; a provider whose token exchange needs one (Twitter's OAuth 1.0a,
/// which Cognito's `token;secret` login expects) is reached through a broker of yours at `AuthorizationURL` and
/// `TokenURL`.
struct WebSignInProvider: Sendable, Hashable {
    /// The provider's sign-in page, opened in the system's web authentication sheet.
    var authorizationURL: URL
    /// Where the authorization code is exchanged for tokens.
    var tokenURL: URL
    /// The app's client id at the provider.
    var clientID: String
    /// The scopes asked for, space-separated.
    var scope: String
    /// Where the provider sends the person back; its scheme closes the sheet.
    var redirectURI: URL
    /// The field of the token answer Cognito accepts in `Logins`: `id_token` (Google), `access_token` (Facebook).
    var tokenField: String

    /// The callback scheme the sign-in sheet waits for, unless a provider's `RedirectURI` names another.
    static let callbackScheme = "quartet-changejar"

    /// The providers configured in `bundle` with a client id, by source.
    static func configured(in bundle: Bundle = .main) -> [AuthSource: WebSignInProvider] {
        let table = bundle.object(forInfoDictionaryKey: "QuartetSignInProviders") as? [String: [String: String]] ?? [:]
        var providers: [AuthSource: WebSignInProvider] = [:]
        for (name, entry) in table {
            func url(_ key: String) -> URL? { entry[key].flatMap { $0.isEmpty ? nil : URL(string: $0) } }
            guard let source = AuthSource(rawValue: name), let clientID = entry["ClientID"], !clientID.isEmpty,
                let authorizationURL = url("AuthorizationURL"), let tokenURL = url("TokenURL")
            else { continue }
            providers[source] = WebSignInProvider(
                authorizationURL: authorizationURL, tokenURL: tokenURL, clientID: clientID,
                scope: entry["Scope"] ?? "",
                redirectURI: url("RedirectURI") ?? URL(string: "\(callbackScheme)://signin/\(name)")!,
                tokenField: entry["TokenField"].flatMap { $0.isEmpty ? nil : $0 } ?? "access_token")
        }
        return providers
    }
}

extension ProviderSignIn {
    /// Signs in on each configured provider's own page: OAuth 2.0 authorization code with PKCE (RFC 7636),
    /// the flow for native apps (RFC 8252), in an `ASWebAuthenticationSession`.
    ///
    /// - Parameters:
    ///   - providers: the configured providers (``WebSignInProvider/configured(in:)``); only these are offered.
    ///   - send: performs one HTTP exchange (the token request).
    static func webAuthentication(
        _ providers: [AuthSource: WebSignInProvider],
        send: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)
    ) -> ProviderSignIn {
        ProviderSignIn(availableSources: AuthSource.allCases.filter { providers[$0] != nil }) { source in
            guard let provider = providers[source] else {
                throw WebSignInFailure.notConfigured(source).error
            }
            let state = randomToken()
            let verifier = randomToken()
            let callback = try await WebAuthenticator.callback(
                opening: provider.authorizationRequest(state: state, verifier: verifier),
                scheme: provider.redirectURI.scheme ?? WebSignInProvider.callbackScheme)
            let code = try provider.code(from: callback, state: state)
            let token = try await provider.token(for: code, verifier: verifier, send: send)
            // NB: the provider user id comes from Cognito's own token (its `amr` claim), which SignInService reads.
            return ProviderCredential(source: source, token: token)
        }
    }
}

extension WebSignInProvider {
    /// The sign-in page's address: the client, where to come back, and the PKCE challenge of `verifier`.
    func authorizationRequest(state: String, verifier: String) throws -> URL {
        let challenge = base64URL(Data(SHA256.hash(data: Data(verifier.utf8))))
        guard var components = URLComponents(url: authorizationURL, resolvingAgainstBaseURL: false) else {
            throw WebSignInFailure.pageAddressInvalid.error
        }
        let existing = components.queryItems ?? []
        components.queryItems =
            existing + [
                URLQueryItem(name: "response_type", value: "code"),
                URLQueryItem(name: "client_id", value: clientID),
                URLQueryItem(name: "redirect_uri", value: redirectURI.absoluteString),
                URLQueryItem(name: "scope", value: scope),
                URLQueryItem(name: "state", value: state),
                URLQueryItem(name: "code_challenge", value: challenge),
                URLQueryItem(name: "code_challenge_method", value: "S256"),
            ]
        guard let url = components.url else {
            throw WebSignInFailure.pageAddressInvalid.error
        }
        return url
    }

    /// The authorization code in the callback, after checking it answers this sign-in (`state`).
    func code(from callback: URL, state: String) throws -> String {
        let items = URLComponents(url: callback, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        // NB: the provider's `error_description` is its developers' English: the app says it in its own words.
        if value("error") != nil { throw WebSignInFailure.refused.error }
        guard value("state") == state, let code = value("code"), !code.isEmpty else {
            throw WebSignInFailure.unexpectedAnswer.error
        }
        return code
    }

    /// Exchanges the code (with the PKCE verifier) for the provider token Cognito accepts.
    func token(
        for code: String, verifier: String,
        send: @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)
    ) async throws -> String {
        var request = URLRequest(url: tokenURL)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.httpBody = formEncoded([
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI.absoluteString),
            ("client_id", clientID), ("code_verifier", verifier),
        ])
        let (data, response) = try await send(request)
        guard (200..<300).contains(response.statusCode),
            let answer = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let token = answer[tokenField] as? String, !token.isEmpty
        else {
            throw WebSignInFailure.noToken.error
        }
        return token
    }
}

/// Runs one `ASWebAuthenticationSession` and returns its callback URL.
@MainActor
private final class WebAuthenticator: NSObject, ASWebAuthenticationPresentationContextProviding {
    private var session: ASWebAuthenticationSession?

    /// Opens `url` in the sign-in sheet and waits for a redirect to `scheme`.
    static func callback(opening url: URL, scheme: String) async throws -> URL {
        // NB: the session holds its presentation context weakly: this call keeps the authenticator alive.
        let authenticator = WebAuthenticator()
        defer { authenticator.session = nil }
        return try await authenticator.run(url, scheme: scheme)
    }

    private func run(_ url: URL, scheme: String) async throws -> URL {
        try await withCheckedThrowingContinuation { continuation in
            // NB: a session that fails to start may or may not call its handler: resume exactly once.
            let pending = OSAllocatedUnfairLock<CheckedContinuation<URL, any Error>?>(initialState: continuation)
            let finish: @Sendable (Result<URL, any Error>) -> Void = { result in
                let waiting = pending.withLock { slot in
                    defer { slot = nil }
                    return slot
                }
                waiting?.resume(with: result)
            }
            let session = ASWebAuthenticationSession(url: url, callbackURLScheme: scheme) {
                @Sendable callback, error in
                if let callback {
                    finish(.success(callback))
                } else if (error as? ASWebAuthenticationSessionError)?.code == .canceledLogin {
                    finish(.failure(ChangeJarError.signInCancelled))
                } else {
                    finish(.failure(WebSignInFailure.sheetFailed.error))
                }
            }
            session.presentationContextProvider = self
            // NB: shares Safari's sign-in, so someone already signed in to the provider need not type a password
            // again; the system asks the person first.
            session.prefersEphemeralWebBrowserSession = false
            self.session = session
            if !session.start() { finish(.failure(WebSignInFailure.sheetDidNotOpen.error)) }
        }
    }

    nonisolated func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
        // NB: the session asks on the main thread; `nonisolated` fits whether or not the SDK marks the protocol
        // `@MainActor`.
        MainActor.assumeIsolated {
            let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
            let active = scenes.first { $0.activationState == .foregroundActive } ?? scenes.first
            return active?.keyWindow ?? ASPresentationAnchor()
        }
    }
}

/// 256 random bits, base64url: a PKCE verifier (43 characters, RFC 7636 §4.1) or an OAuth `state`.
private func randomToken() -> String {
    SymmetricKey(size: .bits256).withUnsafeBytes { base64URL(Data($0)) }
}

private func base64URL(_ data: Data) -> String {
    data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
}

/// An `application/x-www-form-urlencoded` body, every reserved character escaped.
private func formEncoded(_ fields: [(String, String)]) -> Data {
    let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    func escape(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "" }
    return Data(fields.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&").utf8)
}
