import ChangeJarModels
import Foundation
import PublicInit

/// A signed-in person: the Cognito identity, its OpenID token and when that token stops working, and the provider
/// login that renews it.
///
/// Its text (`String(describing:)`, `dump`) leaves out the token and the provider login: both are secrets, kept only
/// in the session's store.
@PublicInit
public struct AuthSession: Codable, Sendable, Hashable {
    /// The Cognito identity id (`region:GUID`), the token's `sub`.
    public var identityID: String
    /// The OpenID token sent as `Authorization: Bearer …`.
    public var token: String
    /// When the token expires (its `exp`).
    public var expiresAt: Date
    /// The sign-in mechanism.
    public var authSource: AuthSource
    /// The provider's user id, as the token's `amr` names it.
    public var providerUserID: String
    /// The name the provider gave, if any.
    public var displayName: String?
    /// The `Logins` value Cognito took at the sign-in (the provider's token; Twitter's `token;secret`), kept to renew
    /// ``token`` with `GetOpenIdToken` once it expires; `nil` in a session an older version saved, which cannot renew.
    public var providerLogin: String?

    /// Tokens this close to expiry count as expired, so a request does not die in flight.
    public static let expiryMargin: TimeInterval = 15

    /// Whether the token is still usable at `date`.
    public func isValid(at date: Date) -> Bool {
        date.addingTimeInterval(Self.expiryMargin) < expiresAt
    }

    /// Whether a new token can be asked for without the provider's sign-in: the provider login is kept.
    public var canRenew: Bool { providerLogin != nil }

    /// What Settings shows as the person's name: the display name, else the provider user id.
    public var displayLabel: String { displayName ?? providerUserID }

    /// A person as the jar knows an action's author: the provider and the provider's user id.
    public struct Person: Codable, Sendable, Hashable {
        /// The sign-in mechanism.
        public var authSource: AuthSource
        /// The provider's user id.
        public var providerUserID: String

        /// The person signed in with `authSource` as `providerUserID`.
        public init(authSource: AuthSource, providerUserID: String) {
            self.authSource = authSource
            self.providerUserID = providerUserID
        }
    }

    /// The signed-in person, as the jar knows the author of what they send: a renewed token is the same person.
    public var person: Person { Person(authSource: authSource, providerUserID: providerUserID) }

    /// Who is signed in, without the token: what `quartet changejar whoami --json` prints.
    public struct Summary: Encodable, Sendable, Hashable {
        /// The name the provider gave, if any.
        public var displayName: String?
        /// The sign-in mechanism.
        public var authSource: AuthSource
        /// The provider's user id.
        public var providerUserID: String
        /// The Cognito identity id.
        public var identityID: String
        /// When the token expires.
        public var expiresAt: Date
    }

    /// Who is signed in, without the token.
    public var summary: Summary {
        Summary(
            displayName: displayName, authSource: authSource, providerUserID: providerUserID, identityID: identityID,
            expiresAt: expiresAt)
    }
}

extension AuthSession: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Who is signed in and until when, without the token or the provider login (what a log may show).
    public var description: String {
        "AuthSession(\(authSource.rawValue):\(providerUserID), identity: \(identityID), expires: \(expiresAt))"
    }

    /// The same as ``description``: the secrets stay out of debug output too.
    public var debugDescription: String { description }

    /// The fields `dump` and debuggers show: the ``summary``'s, never the secrets.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "identityID": identityID, "expiresAt": expiresAt, "authSource": authSource,
                "providerUserID": providerUserID, "displayName": displayName as Any,
            ],
            displayStyle: .struct)
    }
}

/// The claims a client reads from its own OpenID token, without verifying it (the server verifies).
///
/// NB: the client only needs the expiry and the provider user id to label the session and to know when
/// to sign in again; trusting them is harmless because the server checks the signature on every call.
public struct OpenIDTokenClaims: Sendable, Hashable {
    /// The `sub` claim: the Cognito identity id.
    public var subject: String?
    /// The `exp` claim.
    public var expiresAt: Date?
    /// The `amr` entries (`authenticated`, `accounts.google.com`, `accounts.google.com:app:alice`).
    public var authenticationMethods: [String]

    /// Reads the payload of a compact JWS; `nil` when it is not one.
    public init?(token: String) {
        guard let object = Self.payload(of: token) else { return nil }
        subject = object["sub"] as? String
        expiresAt = (object["exp"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue) }
        authenticationMethods = (object["amr"] as? [Any])?.compactMap { $0 as? String } ?? []
    }

    /// When `token` stops working on this device's clock, for a token asked for at `askedAt` (this device's time):
    /// its lifetime (`exp` − `iat`, on the issuer's clock) from then; its `exp` when it has no `iat`, and `nil` when
    /// it has no `exp` either.
    ///
    /// NB: `exp` is the issuer's clock. On a device whose clock runs ahead of it by more than the 10-minute lifetime,
    /// every token looked expired as it arrived, and every signed-in call asked Cognito for a new one first; on one
    /// that runs behind, a token looked good for longer than the server took it.
    static func expiry(of token: String, askedAt: Date) -> Date? {
        guard let object = payload(of: token), let expiry = (object["exp"] as? NSNumber)?.doubleValue else {
            return nil
        }
        guard let issued = (object["iat"] as? NSNumber)?.doubleValue, issued <= expiry else {
            return Date(timeIntervalSince1970: expiry)
        }
        return askedAt.addingTimeInterval(expiry - issued)
    }

    /// The payload of a compact JWS as a JSON object, unverified.
    private static func payload(of token: String) -> [String: Any]? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { return nil }
        return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    }

    /// The provider user id from the `amr` entry `<provider key>:…:<user id>`.
    public func providerUserID(for source: AuthSource) -> String? {
        authenticationMethods.lazy
            .filter { $0.hasPrefix(source.providerKey + ":") }
            .compactMap { $0.split(separator: ":").last.map(String.init) }
            .first
    }
}
