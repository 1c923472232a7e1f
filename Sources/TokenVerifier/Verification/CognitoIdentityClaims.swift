/// Who signed in, read from a verified Cognito Identity OpenID token.
///
/// Cognito writes `amr` as `["authenticated", "<provider key>", "<provider key>:<pool…>:<provider user id>"]`;
/// all three kinds of entry are required, and the last colon-separated field is the provider user id.
public struct CognitoIdentityClaims: Sendable, Hashable {
    /// The social sign-in providers Change Jar accepts, by their Cognito `Logins` key.
    public enum Provider: String, Sendable, Hashable, CaseIterable, Codable {
        /// Facebook Login.
        case facebook = "graph.facebook.com"
        /// Twitter (X) sign-in.
        case twitter = "api.twitter.com"
        /// Google Sign-In.
        case google = "accounts.google.com"

        /// The provider's key in Cognito `Logins` maps and `amr` entries.
        public var key: String { rawValue }
    }

    /// The Cognito identity id (the token's `sub`).
    public let identityID: String
    /// The provider the person signed in with.
    public let provider: Provider
    /// The person's user id at that provider.
    public let providerUserID: String

    /// Reads the identity from a verified token; throws `TokenError.unauthenticated` unless `amr` proves a
    /// sign-in with a known provider.
    ///
    /// When `amr` names several providers, the first (in `amr` order) with a matching detailed entry is used.
    /// A provider whose detailed entries disagree on the user id is ambiguous and never used.
    public init(_ token: VerifiedToken) throws(TokenError) {
        guard let subject = token.subject, !subject.isEmpty else { throw .malformed(.claims) }
        let methods = token.authenticationMethods
        guard methods.contains("authenticated"), !methods.contains("unauthenticated") else {
            throw .unauthenticated
        }
        for method in methods {
            guard let provider = Provider(rawValue: method) else { continue }
            let userIDs = Set(
                methods.compactMap { entry -> Substring? in
                    let fields = entry.split(separator: ":", omittingEmptySubsequences: false)
                    guard fields.count >= 3, fields[0] == provider.key, let last = fields.last, !last.isEmpty
                    else { return nil }
                    return last
                })
            guard userIDs.count == 1, let userID = userIDs.first else { continue }
            self.identityID = subject
            self.provider = provider
            self.providerUserID = String(userID)
            return
        }
        throw .unauthenticated
    }
}
