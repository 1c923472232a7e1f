import Foundation

/// Where the app's services are: the API, Cognito Identity and the identity pool.
///
/// Production builds read them from a configuration file (``read(from:)``); anything given later
/// (flags, environment) overrides the file.
public struct ChangeJarSettings: Sendable, Hashable {
    /// The Quartet server (`https://changejar.example.com`).
    public var apiBaseURL: URL
    /// The Cognito Identity endpoint: AWS's `https://cognito-identity.<region>.amazonaws.com/`, or `<server>/cognito/`.
    public var cognitoEndpoint: URL
    /// The identity pool id, `region:GUID`.
    public var identityPoolID: String
    /// The pool's AWS region (the part of the pool id before `:` unless set).
    public var region: String

    /// The stand-in's default pool (what `quartet serve` configures).
    public static let developmentPoolID = "us-east-1:5d8b7c2e-0f3a-4c1e-9a6b-2f4d8e1c7a90"

    /// Creates a value from its parts.
    public init(
        apiBaseURL: URL, cognitoEndpoint: URL? = nil, identityPoolID: String = developmentPoolID, region: String? = nil
    ) {
        self.apiBaseURL = apiBaseURL
        self.cognitoEndpoint = cognitoEndpoint ?? apiBaseURL.appendingPathComponent("cognito/")
        self.identityPoolID = identityPoolID
        self.region = region ?? String(identityPoolID.split(separator: ":").first ?? "us-east-1")
    }

    /// The stand-in's development sign-in, next to its Cognito endpoint.
    public var developmentSignInURL: URL {
        cognitoEndpoint.appendingPathComponent("dev/signin")
    }

    /// Values a configuration file or the command line may set; `nil` keeps the current value.
    public struct Overrides: Codable, Sendable, Hashable {
        /// The Quartet server.
        public var apiBaseURL: URL?
        /// The Cognito Identity endpoint.
        public var cognitoEndpoint: URL?
        /// The identity pool id, `region:GUID`.
        public var identityPoolID: String?
        /// The AWS region of the pool.
        public var region: String?
    }

    /// A configuration problem, said in a sentence.
    public struct Invalid: Error, Sendable, Hashable, CustomStringConvertible {
        /// The problem, in a sentence.
        public var description: String
    }

    /// The overrides in a JSON configuration file (`{"identityPoolID": "eu-west-1:…", …}`); none when it is absent.
    public static func read(from file: URL) throws -> Overrides {
        guard let data = try? Data(contentsOf: file) else { return Overrides() }
        do {
            return try JSONDecoder().decode(Overrides.self, from: data)
        } catch {
            throw Invalid(description: Strings.format("settings.badFile", file.path))
        }
    }

    /// These settings with `overrides` applied, checked.
    public func applying(_ overrides: Overrides) throws -> ChangeJarSettings {
        var result = self
        if let url = overrides.apiBaseURL {
            result.apiBaseURL = url
            if overrides.cognitoEndpoint == nil, cognitoEndpoint == apiBaseURL.appendingPathComponent("cognito/") {
                result.cognitoEndpoint = url.appendingPathComponent("cognito/")
            }
        }
        if let url = overrides.cognitoEndpoint { result.cognitoEndpoint = url }
        if let pool = overrides.identityPoolID {
            result.identityPoolID = pool
            result.region = String(pool.split(separator: ":").first ?? "")
        }
        if let region = overrides.region { result.region = region }
        let parts = result.identityPoolID.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, UUID(uuidString: String(parts[1])) != nil else {
            throw Invalid(description: Strings.format("settings.badPool", result.identityPoolID))
        }
        guard parts[0] == result.region else {
            throw Invalid(description: Strings.format("settings.poolRegion", result.identityPoolID, result.region))
        }
        // A pool other than the stand-in's, with no endpoint given, is at AWS in its region.
        let standIn = result.apiBaseURL.appendingPathComponent("cognito/")
        if overrides.cognitoEndpoint == nil, result.cognitoEndpoint == standIn,
            result.identityPoolID != Self.developmentPoolID
        {
            result.cognitoEndpoint = Self.awsEndpoint(region: result.region)
        }
        return result
    }

    /// Cognito Identity's endpoint in `region`: `https://cognito-identity.<region>.amazonaws.com/`.
    public static func awsEndpoint(region: String) -> URL {
        var components = URLComponents()
        components.scheme = "https"
        components.host = "cognito-identity.\(region).amazonaws.com"
        components.path = "/"
        return components.url ?? URL(fileURLWithPath: "/")
    }
}
