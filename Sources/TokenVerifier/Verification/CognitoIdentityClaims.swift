/// Who signed in, read from a verified Cognito Identity OpenID token.
///
/// Cognito writes `amr` as `["authenticated", "<provider key>", "<provider key>:<pool…>:<provider user id>"]`;
/// all three kinds of entry are required, and the last colon-separated field is the provider user id.
public struct CognitoIdentityClaims: Sendable, Hashable {
    /// The Cognito identity id (the token's `sub`).
    public let identityID: String
    /// The Cognito key of the provider the person signed in with (`accounts.google.com`).
    public let providerKey: String
    /// The person's user id at that provider.
    public let providerUserID: String

    /// Reads the identity from a verified token; throws `TokenError.unauthenticated` unless `amr` proves a
    /// sign-in with one of `providers`, the Cognito provider keys the caller's identity pool accepts (the app
    /// names them: this module knows no provider).
    ///
    /// When `amr` names several providers, the first (in `amr` order) with a matching detailed entry is used.
    /// A provider whose detailed entries disagree on the user id is ambiguous and never used.
    public init(_ token: VerifiedToken, providers: Set<String>) throws(TokenError) {
        guard let subject = token.subject, !subject.isEmpty else { throw .malformed(.claims) }
        let methods = token.authenticationMethods
        guard methods.contains("authenticated"), !methods.contains("unauthenticated") else {
            throw .unauthenticated
        }
        for method in methods {
            guard providers.contains(method) else { continue }
            let userIDs = Set(
                methods.compactMap { entry -> Substring? in
                    let fields = entry.split(separator: ":", omittingEmptySubsequences: false)
                    guard fields.count >= 3, fields[0] == method, let last = fields.last, !last.isEmpty
                    else { return nil }
                    return last
                })
            guard userIDs.count == 1, let userID = userIDs.first else { continue }
            self.identityID = subject
            self.providerKey = method
            self.providerUserID = String(userID)
            return
        }
        throw .unauthenticated
    }
}
