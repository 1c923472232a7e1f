import APIClient
import ChangeJarModels
import Foundation
import PublicInit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a social provider hands back after a sign-in: the token Cognito accepts in `Logins`.
@PublicInit
public struct ProviderCredential: Sendable, Hashable {
    /// The provider the person signed in with.
    public var source: AuthSource
    /// The `Logins` value: an access token (Facebook), an id token (Google), `token;secret` (Twitter).
    public var token: String
    /// The provider's user id, when the provider says it (Cognito's token is the authority).
    public var userID: String?
    /// The person's display name at the provider.
    public var displayName: String?
}

/// Signs a person in with a social provider (Facebook, Twitter, Google).
///
/// The Apple apps supply live implementations (the providers' SDKs); Linux and tests use
/// ``development(endpoint:user:send:)``, the stand-in's development sign-in.
@PublicInit
public struct ProviderSignIn: Sendable {
    /// The providers this build can offer, in the order Settings lists them.
    public var availableSources: [AuthSource]
    /// Runs the provider's sign-in; throws ``ChangeJarError/signInFailed(_:)`` when the provider refuses, and
    /// ``ChangeJarError/signInCancelled`` when the person closed it.
    public var signIn: @Sendable (AuthSource) async throws -> ProviderCredential
}

/// The body of the stand-in's development sign-in (`POST /cognito/dev/signin`).
public struct DevelopmentSignInRequest: Codable, Sendable, Hashable {
    /// The provider's wire name (`google`).
    public var provider: AuthSource
    /// The test user's id at that provider (`alice`).
    public var user: String
    /// An optional display name.
    public var name: String?
}

/// The answer of the development sign-in: a provider token only this stand-in accepts.
@PublicInit
public struct DevelopmentSignInResponse: Codable, Sendable, Hashable {
    /// The provider the token is for.
    public var provider: AuthSource
    /// The `Logins` value for ``provider``.
    public var token: String
    /// The test user's id at the provider.
    public var user: String
    /// The display name the test user gave.
    public var name: String?
}

extension ProviderSignIn {
    /// The stand-in's development sign-in: every provider, for the named test user.
    ///
    /// - Parameters:
    ///   - endpoint: the development sign-in URL (`<server>/cognito/dev/signin`).
    ///   - user: the test user's provider id (`alice`); `name` is shown in Settings.
    ///   - send: performs one HTTP exchange.
    public static func development(
        endpoint: URL,
        user: String,
        name: String? = nil,
        send: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)
    ) -> ProviderSignIn {
        ProviderSignIn(availableSources: AuthSource.allCases) { source in
            var request = URLRequest(url: endpoint)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONEncoder().encode(
                DevelopmentSignInRequest(provider: source, user: user, name: name))
            let (data, response) = try await send(request)
            guard (200..<300).contains(response.statusCode) else {
                throw ChangeJarError.signInFailed(
                    ProblemDetails.parse(data)?.detail ?? Strings.text("signin.providerRefused"))
            }
            guard let answer = try? JSONDecoder().decode(DevelopmentSignInResponse.self, from: data) else {
                throw ChangeJarError.signInFailed(Strings.text("signin.providerUnreadable"))
            }
            return ProviderCredential(
                source: source, token: answer.token, userID: answer.user, displayName: answer.name)
        }
    }
}

extension ProviderSignIn {
    /// A sign-in with a token the provider already gave: Google's ID token, Facebook's access token, or Twitter's
    /// `token;secret` pair, exactly as Cognito's `Logins` map takes it (the command line's `--id-token FILE`).
    ///
    /// Throws ``ChangeJarError/signInFailed(_:)`` when the token cannot be one of `source`'s.
    public static func given(token: String, for source: AuthSource) throws(ChangeJarError) -> ProviderSignIn {
        let token = token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty, !token.contains(where: \.isWhitespace) else {
            throw .signInFailed(Strings.text("signin.tokenEmpty"))
        }
        if source == .twitter {
            let parts = token.split(separator: ";", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw .signInFailed(Strings.text("signin.twitterPair"))
            }
        }
        return ProviderSignIn(availableSources: [source]) { requested in
            guard requested == source else { throw ChangeJarError.signInFailed(Strings.text("signin.otherProvider")) }
            return ProviderCredential(source: source, token: token)
        }
    }
}
