import ChangeJarModels
import Database
import Foundation
import HTTPServer
import HTTPTypes

/// The Change Jar API under `/changejar/v1`: actions, their listings and search.
///
/// The author of a write is always the verified token's person; a body that claims someone else is refused.
///
/// ```swift
/// var migrator = Migrator()
/// ChangeJarService.registerMigrations(&migrator)
/// try await migrator.migrate(database)
/// let changeJar = try ChangeJarService(database: database, configuration: .init(identityPoolID: pool, keys: keys))
/// changeJar.register(on: &router)
/// ```
public struct ChangeJarService: Sendable {
    /// The service's settings (the composition convention's `ChangeJarService.Configuration`).
    public typealias Configuration = ChangeJarConfiguration

    /// The largest request body accepted, in bytes: room for the longest action the rules allow (120 + 2,000 + 80
    /// characters) in characters of up to 50 bytes each. A family emoji is 25 bytes, so the 16 KiB this once was
    /// refused a pledge of 700 of them that the 2,000-character rule allows.
    public static let maximumBodySize = 128 * 1024
    /// The longest search text accepted, in characters (``ActionRules/searchLength``, which the app checks too).
    public static let maximumSearchLength = ActionRules.searchLength.upperBound

    let store: ActionStore
    let authors: AuthorStore
    let authenticator: Authenticator
    let limiter: WriteRateLimiter
    let firstPages: FirstPageCache
    let now: @Sendable () -> Date

    /// Creates the service; the database must already be migrated (``registerMigrations(_:)``).
    public init(database: any SQLDatabase, configuration: ChangeJarConfiguration) throws {
        try self.init(database: database, configuration: configuration, authenticator: configuration.authenticator)
    }

    /// Creates the service with a custom token check (tests of code above authentication).
    public init(database: any SQLDatabase, configuration: ChangeJarConfiguration, authenticator: Authenticator) throws {
        guard configuration.writesPerWindow > 0, configuration.writeWindow > 0 else {
            throw ChangeJarConfiguration.Invalid(description: "The write rate limit must be positive.")
        }
        store = ActionStore(database: database)
        authors = AuthorStore(database: database)
        self.authenticator = authenticator
        limiter = WriteRateLimiter(
            limit: configuration.writesPerWindow, window: configuration.writeWindow, now: configuration.now)
        firstPages = FirstPageCache(lifetime: configuration.firstPageCacheLifetime, now: configuration.now)
        now = configuration.now
    }

    /// Adds the Change Jar tables (and the search index) to a migrator.
    public static func registerMigrations(_ migrator: inout Migrator) {
        ChangeJarSchema.register(in: &migrator)
    }

    /// Registers every route listed in ``operations``.
    public func register(on router: inout Router) {
        // NB: the literal paths (`new`, `mine`, `search`) come before `:id`, which would otherwise match them.
        let routes: [(Route, Handler)] = [
            (ChangeJarRoute.allActions, { try await self.all($0) }),
            (ChangeJarRoute.createAction, { try await self.create($0) }),
            (ChangeJarRoute.newActions, { try await self.new($0) }),
            (ChangeJarRoute.newActionsCount, { try await self.newCount($0) }),
            (ChangeJarRoute.myActions, { try await self.mine($0) }),
            (ChangeJarRoute.search, { try await self.search($0) }),
            (ChangeJarRoute.action, { try await self.show($0) }),
            (ChangeJarRoute.editAction, { try await self.edit($0) }),
            (ChangeJarRoute.deleteAction, { try await self.delete($0) }),
            (ChangeJarRoute.profile, { try await self.profile($0) }),
            (ChangeJarRoute.editProfile, { try await self.editProfile($0) }),
        ]
        for (route, handler) in routes { router.on(route, handler) }
    }

    // MARK: - Reads (open to everyone)

    func all(_ request: Request) async throws -> Response {
        let cursor = try KeysetCursor.query(request, ChangeJarQuery.cursor)
        let limit = try Self.limit(request)
        if cursor == nil, let body = firstPages.page(limit: limit) {
            return Response(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8"], body: body)
        }
        let generation = firstPages.currentGeneration
        let (items, hasMore) = try await store.page(after: cursor, newerThan: nil, author: nil, limit: limit)
        let response = try Response.json(
            Self.page(items, for: nil, hasMore: hasMore, head: cursor == nil ? items.first?.cursor : nil))
        if cursor == nil { firstPages.store(response.bodyData, limit: limit, generation: generation) }
        return response
    }

    /// What is new to the reader: a signed-in reader's own actions are not (they wrote them), so neither the list
    /// nor the count has them.
    func new(_ request: Request) async throws -> Response {
        let reader = try await optionalReader(request)
        let since = try KeysetCursor.query(request, ChangeJarQuery.since)
        let cursor = try KeysetCursor.query(request, ChangeJarQuery.cursor)
        let limit = try Self.limit(request)
        let (items, hasMore) = try await store.page(
            after: cursor, newerThan: since, author: nil, excluding: reader.map(Self.author), limit: limit)
        let head = cursor == nil ? (items.first?.cursor ?? since) : nil
        return try .json(Self.page(items, for: reader, hasMore: hasMore, head: head))
    }

    func newCount(_ request: Request) async throws -> Response {
        let reader = try await optionalReader(request)
        let since = try KeysetCursor.query(request, ChangeJarQuery.since)
        return try .json(
            NewActionsCount(count: try await store.count(newerThan: since, excluding: reader.map(Self.author))))
    }

    func search(_ request: Request) async throws -> Response {
        let text = (request.query[ChangeJarQuery.text] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard ActionRules.searchLength.contains(text.count) else {
            throw HTTPError(
                .unprocessableContent, detail: "The search text must be 1 to \(Self.maximumSearchLength) characters.",
                field: ChangeJarQuery.text)
        }
        let cursor = try request.issuedValue(ChangeJarQuery.cursor) { SearchCursor($0) }
        let limit = try Self.limit(request)
        let (items, next) = try await store.search(text, after: cursor, limit: limit)
        return try .json(ActionPage(items: items.map { $0.action(for: nil) }, nextCursor: next?.encoded))
    }

    /// One action, open to everyone. A caller who sends a token (checked as every signed-in route checks it, so a
    /// refused one is a 401) is also told whether the action is theirs: the app offers Edit and Delete on it.
    func show(_ request: Request) async throws -> Response {
        let reader = try await optionalReader(request)
        return try .json(try await existing(request).action(for: reader))
    }

    /// The caller of a route open to everyone: `nil` without a token; a token is checked as every signed-in route
    /// checks it (a refused one is a 401).
    private func optionalReader(_ request: Request) async throws -> AuthenticatedPerson? {
        request.headers["Authorization"] == nil ? nil : try await authenticate(request)
    }

    // MARK: - Signed in

    func mine(_ request: Request) async throws -> Response {
        let person = try await authenticate(request)
        let cursor = try KeysetCursor.query(request, ChangeJarQuery.cursor)
        let limit = try Self.limit(request)
        let (items, hasMore) = try await store.page(
            after: cursor, newerThan: nil, author: Self.author(person), limit: limit)
        return try .json(
            Self.page(items, for: person, hasMore: hasMore, head: cursor == nil ? items.first?.cursor : nil))
    }

    func create(_ request: Request) async throws -> Response {
        let person = try await authenticate(request)
        try limitWrites(person)
        let input = try request.decode(NewAction.self, limit: Self.maximumBodySize)
        guard input.authSource == person.authSource else {
            throw HTTPError(
                .forbidden, detail: "The authSource does not match the signed-in person.", field: "authSource")
        }
        guard input.providerUserID == person.providerUserID else {
            throw HTTPError(
                .forbidden, detail: "The providerUserID does not match the signed-in person.", field: "providerUserID")
        }
        let (title, content) = try Self.validated(title: input.title, content: input.content)
        let author = Self.author(person)
        // NB: the body's name only names a person who has none yet (their first submission); after that their name
        // is the one the server keeps, on every action, and it changes only through the profile.
        let nameIsNew = try await authors.name(of: author) == nil
        do {
            _ = try await authors.nameOrClaim(input.authorName, for: author, at: now())
        } catch let taken as NameTaken {
            throw Self.refusal(taken, field: "authorName")
        }
        let (stored, created) = try await store.insertUnlessTheAuthorHasIt(
            title: title, content: content, author: author, at: now())
        if nameIsNew { firstPages.invalidate() }
        if created { firstPages.invalidate() }
        return try .json(
            stored.action(for: person), status: created ? .created : .ok,
            headers: ["Location": ChangeJarRoute.action.href(stored.action.id)])
    }

    func edit(_ request: Request) async throws -> Response {
        let person = try await authenticate(request)
        try limitWrites(person)
        let stored = try await owned(request, by: person)
        let input = try request.decode(ActionEdit.self, limit: Self.maximumBodySize)
        let (title, content) = try Self.validated(title: input.title, content: input.content)
        let updated: StoredAction?
        do {
            updated = try await store.update(
                rowID: stored.rowID, by: Self.author(person), title: title, content: content, at: now())
        } catch is DuplicateAction {
            throw HTTPError(
                .conflict, detail: "You have an action with this title and content in the jar already.",
                field: "title")
        }
        guard let updated else { throw HTTPError(.notFound, detail: "No action with this id.") }
        firstPages.invalidate()
        return try .json(updated.action(for: person))
    }

    func delete(_ request: Request) async throws -> Response {
        let person = try await authenticate(request)
        try limitWrites(person)
        let stored = try await owned(request, by: person)
        // NB: a row gone meanwhile (the author's other delete) is deleted all the same, as before: 204.
        try await store.delete(rowID: stored.rowID, by: Self.author(person))
        firstPages.invalidate()
        return .noContent
    }

    // MARK: - The author's name

    func profile(_ request: Request) async throws -> Response {
        let person = try await authenticate(request)
        return try .json(AuthorProfile(name: try await authors.name(of: Self.author(person))))
    }

    /// A new name, on all of the person's actions at once; refused (409) when another person goes by it.
    func editProfile(_ request: Request) async throws -> Response {
        let person = try await authenticate(request)
        try limitWrites(person)
        let input = try request.decode(AuthorProfile.self, limit: Self.maximumBodySize)
        guard let proposed = input.name else {
            throw HTTPError(.unprocessableContent, detail: "A name is required.", field: "name")
        }
        if let violation = AuthorName.violation(proposed) {
            throw HTTPError(.unprocessableContent, detail: violation.detail(of: proposed), field: violation.field)
        }
        let name = AuthorName.normalized(proposed)
        do {
            try await authors.setName(name, of: Self.author(person), at: now())
        } catch let taken as NameTaken {
            throw Self.refusal(taken, field: "name")
        }
        firstPages.invalidate()
        return try .json(AuthorProfile(name: name))
    }

    /// The 409 for a name another person goes by (the app says it in its own words).
    private static func refusal(_ taken: NameTaken, field: String) -> HTTPError {
        HTTPError(
            .conflict,
            detail: "Someone else goes by the name \u{201C}\(taken.name)\u{201D}, or one too like it; choose another.",
            field: field)
    }

    // MARK: - Helpers

    /// The author a verified person is.
    static func author(_ person: AuthenticatedPerson) -> Author {
        Author(authSource: person.authSource, providerUserID: person.providerUserID, identityID: person.identityID)
    }

    /// The person the bearer token proves; 401 (with `WWW-Authenticate`) otherwise.
    func authenticate(_ request: Request) async throws -> AuthenticatedPerson {
        guard request.headers["Authorization"] != nil else {
            throw HTTPError(
                .unauthorized, detail: "Sign in to do this.", headers: ["WWW-Authenticate": "Bearer"])
        }
        guard let token = request.bearerToken() else {
            throw HTTPError(
                .unauthorized, detail: "Use the Bearer authentication scheme.",
                headers: ["WWW-Authenticate": "Bearer error=\"invalid_request\""])
        }
        do {
            return try await authenticator.authenticate(token)
        } catch {
            // NB: TokenError messages never repeat token content, so they are safe to send.
            throw HTTPError(
                .unauthorized, detail: error.description,
                headers: ["WWW-Authenticate": "Bearer error=\"invalid_token\""])
        }
    }

    private func limitWrites(_ person: AuthenticatedPerson) throws {
        if let retryAfter = limiter.acquire(person.authSource.rawValue + ":" + person.providerUserID) {
            throw HTTPError(
                .tooManyRequests, detail: "Too many changes in a short time; try again soon.",
                headers: ["Retry-After": String(retryAfter)])
        }
    }

    private func existing(_ request: Request) async throws -> StoredAction {
        let id = try request.parameter("id")
        guard id.utf8.count <= 64, let stored = try await store.find(publicID: id) else {
            throw HTTPError(.notFound, detail: "No action with this id.")
        }
        return stored
    }

    /// The action at `:id` if `person` wrote it: 404 when absent, 403 when someone else's.
    private func owned(_ request: Request, by person: AuthenticatedPerson) async throws -> StoredAction {
        let stored = try await existing(request)
        guard stored.isWritten(by: person) else {
            throw HTTPError(.forbidden, detail: "Only the author can change this action.")
        }
        return stored
    }

    private static func validated(title: String, content: String) throws -> (String, String) {
        if let violation = ActionRules.violation(title: title, content: content) {
            // NB: a refused control character is named and placed, as the app says it: another client's person
            // cannot see a BEL or a pasted line break either.
            throw HTTPError(
                .unprocessableContent, detail: violation.detail(title: title, content: content),
                field: violation.field)
        }
        return (ActionRules.trimmed(title), ActionRules.trimmed(content))
    }

    /// The page size: `limit` when given (1…100), else 20.
    private static func limit(_ request: Request) throws -> Int {
        try request.pageSize(
            ChangeJarQuery.limit, default: ChangeJarQuery.defaultPageSize, maximum: ChangeJarQuery.maximumPageSize)
    }

    /// A page as `reader` gets it (`nil`: an answer anyone may read, which says nothing of its authors' accounts).
    private static func page(
        _ items: [StoredAction], for reader: AuthenticatedPerson?, hasMore: Bool, head: KeysetCursor?
    )
        -> ActionPage
    {
        ActionPage(
            items: items.map { $0.action(for: reader) }, nextCursor: hasMore ? items.last?.cursor.encoded : nil,
            headCursor: head?.encoded)
    }
}
