import Foundation
import PublicInit

/// The Cognito Identity JSON 1.1 protocol, as the AWS API model (2014-06-30) writes it.
///
/// Every call is `POST /` with `Content-Type: application/x-amz-json-1.1` and
/// `X-Amz-Target: AWSCognitoIdentityService.<Operation>`; errors are HTTP 400 with `{"__type", "message"}`.
public enum CognitoIdentityWire {
    /// The `Content-Type` of every request.
    public static let contentType = "application/x-amz-json-1.1"
    /// The `X-Amz-Target` of `GetId`.
    public static let getIDTarget = "AWSCognitoIdentityService.GetId"
    /// The `X-Amz-Target` of `GetOpenIdToken`.
    public static let getOpenIDTokenTarget = "AWSCognitoIdentityService.GetOpenIdToken"

    /// `GetIdInput`.
    public struct GetIDRequest: Codable, Sendable, Hashable {
        /// The identity pool id, `region:GUID`.
        public var IdentityPoolId: String
        /// Provider name → provider token (`accounts.google.com` → id token).
        public var Logins: [String: String]?
        /// The AWS account id (unused by the stand-in).
        public var AccountId: String?

        /// Creates a value from its parts.
        public init(identityPoolID: String, logins: [String: String]?, accountID: String? = nil) {
            self.IdentityPoolId = identityPoolID
            self.Logins = logins
            self.AccountId = accountID
        }
    }

    /// `GetIdResponse`.
    public struct GetIDResponse: Codable, Sendable, Hashable {
        /// The identity id, `region:GUID`.
        public var IdentityId: String?

        /// Creates a value from its parts.
        public init(identityID: String?) { self.IdentityId = identityID }
    }

    /// `GetOpenIdTokenInput`.
    public struct GetOpenIDTokenRequest: Codable, Sendable, Hashable {
        /// The identity id, `region:GUID`.
        public var IdentityId: String
        /// Provider name → provider token (`accounts.google.com` → id token).
        public var Logins: [String: String]?

        /// Creates a value from its parts.
        public init(identityID: String, logins: [String: String]?) {
            self.IdentityId = identityID
            self.Logins = logins
        }
    }

    /// `GetOpenIdTokenResponse`.
    public struct GetOpenIDTokenResponse: Codable, Sendable, Hashable {
        /// The identity id, `region:GUID`.
        public var IdentityId: String?
        /// The OpenID token, valid for 10 minutes.
        public var Token: String?

        /// Creates a value from its parts.
        public init(identityID: String?, token: String?) {
            self.IdentityId = identityID
            self.Token = token
        }
    }

    /// The error body: `{"__type": "NotAuthorizedException", "message": "…"}`.
    @PublicInit
    public struct ErrorBody: Codable, Sendable, Hashable {
        /// The exception name (`NotAuthorizedException`), possibly `namespace#`-prefixed.
        public var type: String?
        /// The service's explanation.
        public var message: String?
        /// The exception name as some AWS JSON services write it instead of `__type`.
        public var code: String? = nil

        enum CodingKeys: String, CodingKey {
            case type = "__type"
            case message
            case capitalizedMessage = "Message"
            case code
        }

        /// Decodes `__type`, `code` and `message` (or `Message`).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            type = try container.decodeIfPresent(String.self, forKey: .type)
            code = try? container.decodeIfPresent(String.self, forKey: .code)
            // NB: AWS services write either `message` or `Message`; accept both.
            message =
                try container.decodeIfPresent(String.self, forKey: .message)
                ?? container.decodeIfPresent(String.self, forKey: .capitalizedMessage)
        }

        /// Encodes `__type` and `message`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(type, forKey: .type)
            try container.encodeIfPresent(message, forKey: .message)
        }

    }

    /// The exception an error answer names, read as the AWS JSON 1.1 protocol has clients read it: the
    /// `X-Amzn-ErrorType` header first, then the body's `code`, then its `__type`, each without a `namespace#`
    /// prefix or a `:uri` suffix (`aws.protocoltests#FooError:http://internal.amazon.com/coral/…` is `FooError`).
    public static func exceptionName(header: String?, body: ErrorBody?) -> String? {
        let named = [header, body?.code, body?.type].compactMap { $0 }.first { !$0.isEmpty }
        guard let named, let withoutURI = named.split(separator: ":", maxSplits: 1).first else { return nil }
        return String(withoutURI.split(separator: "#").last ?? withoutURI)
    }
}
