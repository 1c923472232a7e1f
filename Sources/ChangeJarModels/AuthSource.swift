/// The social sign-in mechanism behind an identity: how Cognito knows the person.
///
/// The raw value is the wire form (`"google"`); ``providerKey`` is the key Cognito uses in `Logins`
/// and in the token's `amr` claim.
public enum AuthSource: String, Codable, Sendable, Hashable, CaseIterable {
    case facebook
    case twitter
    case google

    /// The Cognito provider name (`Logins` key and `amr` entry): `accounts.google.com`, …
    public var providerKey: String {
        switch self {
        case .facebook: "graph.facebook.com"
        case .twitter: "api.twitter.com"
        case .google: "accounts.google.com"
        }
    }

    /// The provider's brand name, as Settings shows it.
    public var displayName: String {
        switch self {
        case .facebook: "Facebook"
        case .twitter: "Twitter"
        case .google: "Google"
        }
    }

    /// The source whose Cognito provider name is `key`, if any.
    public init?(providerKey key: String) {
        guard let source = AuthSource.allCases.first(where: { $0.providerKey == key }) else { return nil }
        self = source
    }
}
