import Database
import DynamicJSON
import Foundation
import HTTPServer
import PublicInit
import SalesforceUpload

/// A Salesforce-compatible development server: OAuth 2.0, sObject REST (v32.0) and the Sales app's
/// two Apex REST endpoints, speaking Salesforce's paths, JSON shapes, error arrays and status codes.
///
/// ```swift
/// let salesforce = try await SalesforceDevService.start(store: try .inMemory())
/// salesforce.register(on: &router)
/// openAPI.add(SalesforceDevService.operations)
/// ```
public struct SalesforceDevService: Sendable {
    /// How the dev server behaves.
    @PublicInit
    public struct Configuration: Sendable {
        /// The `instance_url` handed out at sign-in; `nil` derives it from the request's `Host` (and
        /// `X-Forwarded-Proto`) when they are a well-formed address, else uses ``ownURL``.
        public var instanceURL: URL?
        /// The server's own address (`http://127.0.0.1:8080`), handed out when the request's headers are not fit
        /// to reflect.
        public var ownURL: URL? = nil
        /// How long an access token works (Salesforce's default session is two hours).
        public var accessTokenLifetime: TimeInterval = 7200
        /// Whether an empty store is filled with the demo data from the seed file.
        public var loadsSeed: Bool = true
        /// The clock (tests move it).
        public var now: @Sendable () -> Date = { Date() }
    }

    /// The REST API version in every sObject path.
    public static let apiVersion = "v32.0"

    /// Where records and tokens live.
    public let store: SObjectStore
    /// How the service behaves.
    public let configuration: Configuration
    /// The people who may sign in (from the seed file).
    public let users: [SeedData.User]

    /// Opens the service over a store, loading the demo data into it when it is empty.
    public static func start(store: SObjectStore, configuration: Configuration = Configuration()) async throws
        -> SalesforceDevService
    {
        let seed = try SeedData.bundled()
        let service = SalesforceDevService(store: store, configuration: configuration, users: seed.users)
        try await store.prepare()
        if configuration.loadsSeed, try await store.count() == 0 {
            try await seed.load(into: store, now: configuration.now())
        }
        return service
    }

    /// Removes the body files no record names and nothing has written for `age`: a body kept because its insert's
    /// commit might have happened (``Database/DatabaseError/mayHaveCommitted``) and did not, one left by a crash
    /// between a commit and the removal of the file it replaced, a staged upload abandoned. Answers how many went.
    @discardableResult
    public func sweepBodies(olderThan age: TimeInterval = 3600) async throws -> Int {
        store.bodies.sweep(keeping: try await store.namedBodies(), olderThan: age)
    }

    /// Removes from the store the access tokens past their expiry (``Configuration/accessTokenLifetime`` after
    /// issue; they answer INVALID_SESSION_ID already) and any left without the refresh token they were issued with
    /// (``SObjectStore/pruneTokens``). Answers how many went.
    ///
    /// With the refresh-token limits (``IssuedToken/refreshTokensPerApp``, ``IssuedToken/refreshTokensPerUser``)
    /// this bounds the tokens kept, in memory as in the database: the refresh tokens the limits allow and the
    /// access tokens issued within one lifetime.
    @discardableResult
    public func pruneTokens() async throws -> Int {
        try await store.pruneTokens(configuration.now())
    }

    /// Runs ``sweepBodies(olderThan:)`` and ``pruneTokens()`` every `interval` (the start swept already:
    /// ``start(store:configuration:)``) until the task is cancelled, so a server that runs for months does not keep
    /// what a start would remove, nor every session it ever opened.
    public func startCleanup(every interval: Duration = .seconds(3600), bodiesOlderThan age: TimeInterval = 3600)
        -> Task<Void, Never>
    {
        let service = self
        return Task.detached(priority: .background) {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                _ = try? await service.sweepBodies(olderThan: age)
                _ = try? await service.pruneTokens()
            }
        }
    }

    /// Creates the service without touching the store (the seed's users still sign in).
    public init(store: SObjectStore, configuration: Configuration = Configuration(), users: [SeedData.User]) {
        self.store = store
        self.configuration = configuration
        self.users = users
    }

    /// Registers every route listed in ``operations``.
    public func register(on router: inout Router) {
        let oauth = OAuthController(service: self)
        router.post("/services/oauth2/token") { request in try await oauth.token(request) }
        router.post("/services/oauth2/revoke") { request in try await oauth.revoke(request) }

        let sobjects = SObjectController(service: self)
        let base = "/services/data/\(Self.apiVersion)/sobjects"
        // NB: creates and updates take their bodies as they arrive, so an attachment's base64 is decoded and
        // written on a second core while the rest of it is still on the wire (see SObjectUpload).
        router.on(
            .post, "\(base)/:sobject", receiving: sobjects.upload,
            handler: { request, upload in
                try await sobjects.answer(request) { try await sobjects.create($0, upload.wrapped) }
            })
        router.get("\(base)/:sobject/:id") { request in try await sobjects.answer(request, sobjects.read) }
        router.on(
            .patch, "\(base)/:sobject/:id", receiving: sobjects.upload,
            handler: { request, upload in
                try await sobjects.answer(request) { try await sobjects.update($0, upload.wrapped) }
            })
        router.delete("\(base)/:sobject/:id") { request in try await sobjects.answer(request, sobjects.delete) }
        router.get("\(base)/:sobject/:id/:field") { request in try await sobjects.answer(request, sobjects.blob) }

        let apex = ApexController(service: self)
        router.get("/services/apexrest/Account/RetrieveAccount/:id") { request in
            try await sobjects.answer(request, apex.retrieveAccount)
        }
        router.get("/services/apexrest/2.0/WebContent/:id") { request in
            try await sobjects.answer(request, apex.webContent)
        }
    }

    /// The stand-in's tokens: OAuth access tokens from `/services/oauth2/token`.
    public static let securityScheme = BearerScheme(
        name: "salesforce", description: "A Salesforce OAuth 2.0 access token from /services/oauth2/token")

    /// The OpenAPI description of every route ``register(on:)`` adds.
    public static let operations: [APIOperation] = {
        let tag = "Salesforce (dev)"
        let base = "/services/data/\(apiVersion)/sobjects"
        let errors: [Int: String] = [
            400: "Salesforce error array (INVALID_FIELD, REQUIRED_FIELD_MISSING, MALFORMED_ID, …)",
            401: "INVALID_SESSION_ID",
            404: "NOT_FOUND (no such record, or a segment that is no id of the object) or ENTITY_IS_DELETED",
        ]
        func merged(_ extra: [Int: String]) -> [Int: String] { errors.merging(extra) { $1 } }
        // NB: Salesforce answers errors as JSON arrays (REST) or OAuth error objects, never problem details.
        let record = Schema.map(["type": ["string", "number", "boolean", "null"]])
        var operations = [
            APIOperation(
                .post, "/services/oauth2/token", summary: "OAuth 2.0 token: password and refresh_token grants",
                tag: tag, responses: [200: "Tokens and instance_url", 400: "invalid_grant and other OAuth errors"],
                requestBody: Schema.object(
                    [
                        "grant_type": Schema.oneOf(["password", "refresh_token"]),
                        "client_id": Schema.string(minLength: 1), "client_secret": Schema.string(),
                        "username": Schema.string(), "password": Schema.string(), "refresh_token": Schema.string(),
                    ], required: ["grant_type", "client_id"])),
            APIOperation(
                .post, "/services/oauth2/revoke", summary: "Revoke an access or refresh token", tag: tag,
                responses: [200: "Revoked", 400: "Unknown token"],
                requestBody: Schema.object(["token": Schema.string()], required: ["token"])),
            APIOperation(
                .post, "\(base)/:sobject", summary: "Create an sObject record", tag: tag,
                responses: merged([
                    201: "{id, success, errors}",
                    400: "Salesforce error array (INVALID_FIELD, REQUIRED_FIELD_MISSING for an empty Attachment body, "
                        + "MAXIMUM_SIZE_OF_ATTACHMENT over 25 MB, …)",
                ]), requestBody: record, requiresAuthentication: true),
            APIOperation(
                .get, "\(base)/:sobject/:id", summary: "Read an sObject record (optionally ?fields=A,B)", tag: tag,
                responses: merged([200: "The record"]), requiresAuthentication: true),
            APIOperation(
                .patch, "\(base)/:sobject/:id", summary: "Update an sObject record", tag: tag,
                responses: merged([204: "Updated"]), requestBody: record, requiresAuthentication: true),
            APIOperation(
                .delete, "\(base)/:sobject/:id", summary: "Delete an sObject record", tag: tag,
                responses: merged([204: "Deleted"]), requiresAuthentication: true),
            APIOperation(
                .get, "\(base)/:sobject/:id/:field",
                summary: "Download a binary field (Attachment Body, ContentVersion VersionData)", tag: tag,
                responses: merged([200: "The bytes"]), responseMediaType: "application/octet-stream",
                requiresAuthentication: true),
            APIOperation(
                .get, "/services/apexrest/Account/RetrieveAccount/:id",
                summary: "Apex: the account with its notes, attachments and Google Docs", tag: tag,
                responses: merged([200: "Account with notes, attachments, docs"]), requiresAuthentication: true),
            APIOperation(
                .get, "/services/apexrest/2.0/WebContent/:id", summary: "Apex: Know · Say · Show content", tag: tag,
                responses: merged([200: "{message, isSuccess, contentsforShow, contentsforSay, contentsforKnow}"]),
                requiresAuthentication: true),
        ]
        operations[0].requestMediaType = "application/x-www-form-urlencoded"
        operations[1].requestMediaType = "application/x-www-form-urlencoded"
        return operations.map { operation in
            var operation = operation
            operation.errorMediaType = "application/json"
            // A record id is 15 or 18 letters and digits; Salesforce reads anything else as an external ID field's
            // name (404 NOT_FOUND on the sObject routes, 400 MALFORMED_ID on the Apex ones).
            operation.pathParameterSchemas["id"] = Schema.string(pattern: "^[A-Za-z0-9]{15}([A-Za-z0-9]{3})?$")
            return operation
        }
    }()

    /// The `Authorization` schemes Salesforce takes an access token in.
    static let tokenSchemes: Set<String> = ["bearer", "oauth"]

    /// The token behind a request's `Authorization: Bearer …`, or INVALID_SESSION_ID.
    func authorize(_ request: Request) async throws -> IssuedToken {
        guard let bearer = request.bearerToken(schemes: Self.tokenSchemes),
            let token = try await store.token(bearer), token.kind == .access,
            (token.expiresAt ?? .distantFuture) > configuration.now()
        else { throw SalesforceFault.invalidSession }
        return token
    }

    /// A fresh id for an object.
    func newID(for object: String) -> String {
        var generator = SystemRandomNumberGenerator()
        return SalesforceID.generate(for: object, using: &generator)
    }

    /// A modification time strictly after `previous`, so every change moves `LastModifiedDate`.
    func modificationTime(after previous: Date?) -> Date {
        let now = configuration.now()
        guard let previous, now.timeIntervalSince(previous) < 0.001 else { return now }
        return previous.addingTimeInterval(0.001)
    }
}

extension SalesforceDevService {
    /// Registers the dev server's migrations (call before `Migrator.migrate`).
    public static func registerMigrations(_ migrator: inout Migrator) {
        SalesforceSchema.register(in: &migrator)
    }

    /// Opens the service over the Quartet database (migrated) and the folder of binary fields beside it,
    /// loading the demo data on first start.
    public static func start(
        database: any SQLDatabase, bodies: BodyFolder, configuration: Configuration = Configuration()
    ) async throws -> SalesforceDevService {
        try await start(store: .database(database, bodies: bodies), configuration: configuration)
    }
}
