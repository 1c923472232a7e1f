import ChangeJarModels
import Database
import DynamicJSON
import Foundation
import HTTPServer
import TokenVerifier

/// A Cognito Identity stand-in: `GetId`, `GetOpenIdToken` and `GetCredentialsForIdentity` (with credentials no AWS
/// service accepts) over the real JSON 1.1 wire protocol, each answer with an `x-amzn-RequestId`; its key set and
/// OpenID configuration; and a development sign-in for Facebook, Twitter and Google.
///
/// ```swift
/// var migrator = Migrator()
/// CognitoDevService.registerMigrations(&migrator)
/// try await migrator.migrate(database)
/// let cognito = try CognitoDevService(database: database, configuration: .init(dataDirectory: dataDirectory))
/// cognito.register(on: &router)         // POST /cognito/, /cognito/.well-known/…, POST /cognito/dev/signin
/// ```
public struct CognitoDevService: Sendable {
    /// Where the stand-in lives and which pool it serves.
    public struct Configuration: Sendable, Hashable {
        /// The AWS region (`us-east-1`): the prefix of identity ids and of the key id.
        public var region: String
        /// The one identity pool served (`region:GUID`).
        public var identityPoolID: String
        /// The tokens' `iss`; Cognito's own by default so verifiers need no change.
        public var issuer: String
        /// The folder that keeps the signing key (`<data-dir>/cognito`).
        public var keyDirectory: URL
        /// The application id written into `amr` (`<provider>:<application>:<user id>`).
        public var applicationID: String
        /// How long an OpenID token is valid: 10 minutes, like Cognito's.
        public var tokenLifetime: TimeInterval
        /// How long the stand-in credentials of `GetCredentialsForIdentity` last: an hour, like Cognito's.
        public var credentialsLifetime: TimeInterval = 3600

        /// A configuration that cannot work, said in a sentence.
        public struct Invalid: Error, Sendable, Hashable, CustomStringConvertible {
            /// What is wrong.
            public var description: String
        }

        /// Creates a configuration; the defaults are the development pool in `us-east-1`.
        public init(
            region: String = "us-east-1",
            identityPoolID: String = "us-east-1:5d8b7c2e-0f3a-4c1e-9a6b-2f4d8e1c7a90",
            issuer: String = "https://cognito-identity.amazonaws.com",
            dataDirectory: URL,
            applicationID: String = "quartet-dev",
            tokenLifetime: TimeInterval = 600
        ) {
            self.region = region
            self.identityPoolID = identityPoolID
            self.issuer = issuer
            self.keyDirectory = dataDirectory.appendingPathComponent("cognito", isDirectory: true)
            self.applicationID = applicationID
            self.tokenLifetime = tokenLifetime
        }
    }

    /// The path prefix of every route.
    public static let prefix = "/cognito"
    /// The operations endpoint (AWS's `POST /`); clients use `<server>/cognito/`.
    public static let operationsPath = prefix
    /// The key set, at the path Cognito publishes it.
    public static let jwksPath = prefix + "/.well-known/jwks_uri"
    /// The OpenID provider configuration.
    public static let openIDConfigurationPath = prefix + "/.well-known/openid-configuration"
    /// The development sign-in.
    public static let developmentSignInPath = prefix + "/dev/signin"

    /// The pool, region, issuer and key folder in use.
    public let configuration: Configuration
    let identities: IdentityStore
    let signer: JWTSigner
    let provider: DevelopmentProvider
    let now: @Sendable () -> Date
    /// The public key set, as `jwksPath` serves it.
    public let keySet: JWKS

    /// Opens the stand-in: loads (or on first start generates) its key; the database must be migrated.
    public init(
        database: any SQLDatabase, configuration: Configuration, now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        guard CognitoWire.isRegionID(configuration.identityPoolID),
            configuration.identityPoolID.hasPrefix(configuration.region + ":")
        else {
            throw Configuration.Invalid(
                description: "The identity pool id must be '<region>:<GUID>' in region \(configuration.region).")
        }
        let key = try SigningKeyFile.loadOrCreate(in: configuration.keyDirectory)
        self.configuration = configuration
        self.identities = IdentityStore(database: database)
        self.signer = JWTSigner(key: key, algorithm: .rs512, keyID: configuration.region + "-1", type: "JWS")
        self.provider = DevelopmentProvider(key: key, now: now)
        self.now = now
        self.keySet = JWKS(keys: [try key.publicJWK(keyID: configuration.region + "-1", algorithm: .rs512)])
    }

    /// Adds the stand-in's tables to a migrator.
    public static func registerMigrations(_ migrator: inout Migrator) {
        CognitoSchema.register(in: &migrator)
    }

    /// A key fetcher that reads this stand-in's key set in process (for a verifier in the same server).
    public var keyFetcher: JWKSFetcher {
        let keySet = keySet
        return JWKSFetcher { try JSONEncoder().encode(keySet) }
    }

    /// Registers every route listed in ``operations``.
    public func register(on router: inout Router) {
        router.group("", middleware: [AmazonRequestID()]) { router in
            router.post(Self.operationsPath) { request in await self.operation(request) }
            router.get(Self.jwksPath) { _ in try self.jwks() }
            router.get(Self.openIDConfigurationPath) { request in try self.openIDConfiguration(request) }
        }
        router.post(Self.developmentSignInPath) { request in try self.developmentSignIn(request) }
    }

    // MARK: - Operations

    func operation(_ request: Request) async -> Response {
        do {
            let target = request.headers["X-Amz-Target"] ?? ""
            guard target.hasPrefix(CognitoWire.targetPrefix) else {
                throw CognitoException(.unknownOperation, "Missing or unknown X-Amz-Target.")
            }
            let contentType = request.headers["Content-Type"] ?? ""
            guard contentType.hasPrefix(CognitoWire.contentType) || contentType.hasPrefix("application/json") else {
                throw CognitoException(.serialization, "Expected Content-Type \(CognitoWire.contentType).")
            }
            let body: Data
            switch target.dropFirst(CognitoWire.targetPrefix.count) {
            case "GetId": body = try JSONEncoder().encode(try await getID(try decode(request.body)))
            case "GetOpenIdToken": body = try JSONEncoder().encode(try await getOpenIDToken(try decode(request.body)))
            case "GetCredentialsForIdentity":
                body = try JSONEncoder().encode(try await getCredentials(try decode(request.body)))
            default:
                throw CognitoException(
                    .unknownOperation, "This stand-in serves GetId, GetOpenIdToken and GetCredentialsForIdentity.")
            }
            return Response(status: .ok, headers: ["Content-Type": CognitoWire.contentType], body: body)
        } catch let error as CognitoException {
            return error.response
        } catch {
            return CognitoException(.internalError, "Internal error.").response
        }
    }

    private func decode<T: Decodable>(_ body: Data) throws -> T {
        // NB: the server takes bodies of up to 40 MiB for uploads; parsing one costs about 50 ms a megabyte.
        guard body.count <= CognitoWire.maximumRequestSize else {
            throw CognitoException(.serialization, "The request body is larger than any request of this service.")
        }
        // NB: AWS refuses a comma before `}` as any JSON parser would; Foundation's would take it.
        guard JSONText.commaBeforeClose(in: body) == nil else {
            throw CognitoException(.serialization, "The request body is not the expected JSON.")
        }
        do {
            return try JSONDecoder().decode(T.self, from: body.isEmpty ? Data("{}".utf8) : body)
        } catch {
            throw CognitoException(.serialization, "The request body is not the expected JSON.")
        }
    }

    func getID(_ input: CognitoWire.GetIdInput) async throws -> CognitoWire.GetIdResponse {
        guard let poolID = input.IdentityPoolId, CognitoWire.isRegionID(poolID) else {
            throw CognitoException.invalidID(input.IdentityPoolId, member: "identityPoolId")
        }
        if let invalid = CognitoException.invalidLogins(input.Logins) { throw invalid }
        guard poolID == configuration.identityPoolID else {
            throw CognitoException(.resourceNotFound, "IdentityPool '\(poolID)' not found.")
        }
        let person = try person(from: input.Logins)
        let identityID = try await identities.identity(
            pool: poolID, region: configuration.region, provider: person.provider.providerKey, user: person.user,
            now: now())
        return CognitoWire.GetIdResponse(IdentityId: identityID)
    }

    func getOpenIDToken(_ input: CognitoWire.GetOpenIdTokenInput) async throws -> CognitoWire.GetOpenIdTokenResponse {
        guard let identityID = input.IdentityId, CognitoWire.isRegionID(identityID) else {
            throw CognitoException.invalidID(input.IdentityId, member: "identityId")
        }
        if let invalid = CognitoException.invalidLogins(input.Logins) { throw invalid }
        guard let identity = try await identities.find(identityID, pool: configuration.identityPoolID) else {
            throw CognitoException(.resourceNotFound, "Identity '\(identityID)' not found.")
        }
        let person = try person(from: input.Logins)
        guard person.provider.providerKey == identity.provider, person.user == identity.providerUserID else {
            throw CognitoException(
                .notAuthorized, "Logins don't match. Please include at least one valid login for this identity.")
        }
        let issued = now().timeIntervalSince1970.rounded(.down)
        let provider = person.provider.providerKey
        let claims: JSONObject = [
            "iss": .string(configuration.issuer),
            "sub": .string(identityID),
            "aud": .string(configuration.identityPoolID),
            "iat": .number(issued),
            "exp": .number(issued + configuration.tokenLifetime),
            "amr": .array([
                "authenticated", .string(provider),
                .string("\(provider):\(configuration.applicationID):\(person.user)"),
            ]),
        ]
        return CognitoWire.GetOpenIdTokenResponse(IdentityId: identityID, Token: try signer.sign(claims))
    }

    /// Credentials for an identity, after the same checks Cognito makes: the id well formed, the identity known in
    /// the pool, and (every identity here being an authenticated one) a login for it in `Logins`.
    ///
    /// The credentials are stand-ins that no AWS service accepts: the key id has characters no AWS key has, and
    /// the secret and session token say what they are. They expire after ``Configuration/credentialsLifetime``.
    /// `CustomRoleArn` is checked against the model (20 to 2048 characters) and otherwise unused: the pool's
    /// providers (Facebook, Twitter, Google) send no roles to choose from, so the pool's one authenticated role
    /// applies, as on Cognito for providers without role customization.
    func getCredentials(
        _ input: CognitoWire.GetCredentialsForIdentityInput
    ) async throws -> CognitoWire.GetCredentialsForIdentityResponse {
        guard let identityID = input.IdentityId, CognitoWire.isRegionID(identityID) else {
            throw CognitoException.invalidID(input.IdentityId, member: "identityId")
        }
        if let role = input.CustomRoleArn, !(20...2048).contains(role.count) {
            throw CognitoException.invalidLength(role, member: "customRoleArn", range: 20...2048)
        }
        if let invalid = CognitoException.invalidLogins(input.Logins) { throw invalid }
        guard let identity = try await identities.find(identityID, pool: configuration.identityPoolID) else {
            throw CognitoException(.resourceNotFound, "Identity '\(identityID)' not found.")
        }
        // NB: an authenticated identity asked for without its login is refused in Cognito's words.
        guard let logins = input.Logins, !logins.isEmpty else {
            throw CognitoException(.notAuthorized, "Access to Identity '\(identityID)' is forbidden.")
        }
        let person = try person(from: logins)
        guard person.provider.providerKey == identity.provider, person.user == identity.providerUserID else {
            throw CognitoException(
                .notAuthorized, "Logins don't match. Please include at least one valid login for this identity.")
        }
        let expiration = now().timeIntervalSince1970.rounded(.down) + configuration.credentialsLifetime
        return CognitoWire.GetCredentialsForIdentityResponse(
            IdentityId: identityID,
            Credentials: CognitoWire.Credentials(
                AccessKeyId: "QUARTET-DEV-" + Self.randomText(8, alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"),
                SecretKey: "quartet-dev-secret-not-valid-at-aws-" + Self.randomText(32),
                SessionToken: "quartet-dev-session-not-valid-at-aws-" + Self.randomText(64),
                Expiration: expiration))
    }

    /// `count` random characters of `alphabet`.
    private static func randomText(
        _ count: Int, alphabet: String = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    ) -> String {
        let characters = Array(alphabet)
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in characters[Int.random(in: 0..<characters.count, using: &generator)] })
    }

    /// The person the `Logins` map vouches for; exactly one provider login is accepted.
    private func person(from logins: [String: String]?) throws -> DevelopmentProvider.Person {
        guard let logins, !logins.isEmpty else {
            throw CognitoException(.notAuthorized, "Unauthenticated access is not supported for this identity pool.")
        }
        // NB: linking several providers into one identity is not modelled; each login is its own identity.
        guard logins.count == 1, let (name, token) = logins.first else {
            throw CognitoException(.invalidParameter, "This identity pool links one provider login per identity.")
        }
        guard let provider = AuthSource(providerKey: name) else {
            throw CognitoException(.notAuthorized, "Token is not from a supported provider of this identity pool.")
        }
        // NB: its length was checked with the model's other constraints (``CognitoException/invalidLogins(_:)``).
        guard let person = self.provider.verify(token, for: provider) else {
            throw CognitoException(.notAuthorized, "Invalid login token.")
        }
        return person
    }

    // MARK: - Keys and discovery

    func jwks() throws -> Response {
        try .json(keySet)
    }

    func openIDConfiguration(_ request: Request) throws -> Response {
        let host = request.headers["Host"] ?? "127.0.0.1"
        return try .json(
            OpenIDConfiguration(
                issuer: configuration.issuer,
                jwks_uri: "http://\(host)\(Self.jwksPath)",
                response_types_supported: ["id_token"],
                subject_types_supported: ["public"],
                id_token_signing_alg_values_supported: ["RS512"]))
    }

    // MARK: - Development sign-in

    func developmentSignIn(_ request: Request) throws -> Response {
        let input = try request.decode(DevelopmentSignInRequest.self)
        guard let provider = AuthSource(rawValue: input.provider) else {
            throw HTTPError(
                .unprocessableContent,
                detail: "The provider must be one of " + AuthSource.allCases.map(\.rawValue).joined(separator: ", ")
                    + ".",
                field: "provider")
        }
        guard DevelopmentProvider.isValidUser(input.user) else {
            throw HTTPError(
                .unprocessableContent,
                detail: "The user must be 1 to 64 letters, digits or . _ - @ characters.", field: "user")
        }
        let name = input.name.map { String($0.trimmingCharacters(in: .whitespacesAndNewlines).prefix(80)) }
        let person = DevelopmentProvider.Person(
            provider: provider, user: input.user, name: name?.isEmpty == true ? nil : name)
        return try .json(
            DevelopmentSignInResponse(
                provider: input.provider, token: try self.provider.issue(for: person), user: person.user,
                name: person.name))
    }
}

/// The OpenID provider metadata the stand-in publishes.
private struct OpenIDConfiguration: Encodable {
    var issuer: String
    var jwks_uri: String
    var response_types_supported: [String]
    var subject_types_supported: [String]
    var id_token_signing_alg_values_supported: [String]
}

/// Gives every answer of the Cognito routes the `x-amzn-RequestId` header AWS sends on each: a new UUID a request.
private struct AmazonRequestID: Middleware {
    func handle(_ request: Request, next: Handler) async throws -> Response {
        var response = try await next(request)
        response.headers[CognitoWire.requestIDHeader] = UUID().uuidString.lowercased()
        return response
    }
}
