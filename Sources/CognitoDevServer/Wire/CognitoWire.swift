import Foundation

/// The request and response shapes of the operations served, named as in the AWS API model (2014-06-30).
enum CognitoWire {
    static let contentType = "application/x-amz-json-1.1"
    static let targetPrefix = "AWSCognitoIdentityService."
    /// The largest body the stand-in parses. The model's largest request, ten logins of a 128-character name and a
    /// 50,000-character token each, is about 500 KB; a mebibyte leaves room for escapes.
    static let maximumRequestSize = 1024 * 1024

    struct GetIdInput: Decodable {
        var IdentityPoolId: String?
        var Logins: [String: String]?
        var AccountId: String?
    }

    struct GetIdResponse: Encodable {
        var IdentityId: String
    }

    struct GetOpenIdTokenInput: Decodable {
        var IdentityId: String?
        var Logins: [String: String]?
    }

    struct GetOpenIdTokenResponse: Encodable {
        var IdentityId: String
        var Token: String
    }

    struct GetCredentialsForIdentityInput: Decodable {
        var IdentityId: String?
        var Logins: [String: String]?
        var CustomRoleArn: String?
    }

    struct GetCredentialsForIdentityResponse: Encodable {
        var IdentityId: String
        var Credentials: Credentials
    }

    /// Temporary AWS credentials; `Expiration` is a timestamp, which AWS JSON 1.1 writes as epoch seconds.
    struct Credentials: Encodable {
        var AccessKeyId: String
        var SecretKey: String
        var SessionToken: String
        var Expiration: Double
    }

    /// The header AWS sends on every answer: the id of the request, a UUID.
    static let requestIDHeader = "x-amzn-RequestId"

    /// `[\w-]+:[0-9a-f-]+`, 1…55 characters: the model's pattern for pool and identity ids.
    static func isRegionID(_ value: String) -> Bool {
        guard (1...55).contains(value.count) else { return false }
        let parts = value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
        let region = parts[0].unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || $0 == "_" || $0 == "-" || ("0"..."9").contains($0)
        }
        let guid = parts[1].unicodeScalars.allSatisfy {
            ("0"..."9").contains($0) || ("a"..."f").contains($0) || $0 == "-"
        }
        return region && guid
    }
}

/// The body of `POST /cognito/dev/signin`.
struct DevelopmentSignInRequest: Decodable {
    var provider: String
    var user: String
    var name: String?
}

/// The answer of `POST /cognito/dev/signin`.
struct DevelopmentSignInResponse: Encodable {
    var provider: String
    var token: String
    var user: String
    var name: String?
}
