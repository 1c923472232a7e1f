import APIClient
import ChangeJarModels
import Foundation
import HTTPTypes
import PublicInit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Change Jar API as the core calls it. Every failure is a ``ChangeJarError``.
@PublicInit
public struct ActionsClient: Sendable {
    /// Every action, newest first, after `cursor`.
    public var all: @Sendable (_ cursor: String?) async throws -> ActionPage
    /// Actions newer than `since` (everything when `nil`), newest first; with the signed-in person's token, none of
    /// their own (what they wrote is not new to them).
    public var new: @Sendable (_ token: String?, _ since: String?, _ cursor: String?) async throws -> ActionPage
    /// How many actions are newer than `since`; with the signed-in person's token, not counting their own.
    public var newCount: @Sendable (_ token: String?, _ since: String?) async throws -> Int
    /// The signed-in person's actions, newest first, after `cursor`.
    public var mine: @Sendable (_ token: String, _ cursor: String?) async throws -> ActionPage
    /// Full-text search, best match first.
    public var search: @Sendable (_ text: String, _ cursor: String?) async throws -> ActionPage
    /// One action; with the signed-in person's token, the answer also says whether it is theirs (`isMine`).
    public var action: @Sendable (_ token: String?, _ id: String) async throws -> Action
    /// Submits an action for the person the token names: a new one, or the same one of theirs already in the jar.
    public var create: @Sendable (_ token: String, _ action: NewAction) async throws -> Submission
    /// Rewrites one's own action.
    public var edit: @Sendable (_ token: String, _ id: String, _ edit: ActionEdit) async throws -> Action
    /// Deletes one's own action.
    public var delete: @Sendable (_ token: String, _ id: String) async throws -> Void
    /// The name the jar shows on the signed-in person's actions (`nil` until they have one).
    public var profile: @Sendable (_ token: String) async throws -> AuthorProfile
    /// Chooses the name on all of the signed-in person's actions; ``ChangeJarError/nameTaken`` when someone else
    /// goes by it.
    public var rename: @Sendable (_ token: String, _ name: String) async throws -> AuthorProfile
}

extension ActionsClient {
    /// Talks to a Quartet server at `baseURL` through `send` (one HTTP exchange, e.g. `HTTPTransport.send`).
    ///
    /// Every failure is also told to `errorReporter`, which by default posts `ServiceErrorOccurred`.
    public static func live(
        baseURL: URL,
        send: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse),
        errorReporter: ErrorReporter = .notificationCenter()
    ) -> ActionsClient {
        let http = ActionsHTTP(baseURL: baseURL, send: send, reporter: errorReporter)
        return ActionsClient(
            all: { cursor in
                try await http.page(ChangeJarRoute.allActions, query: [ChangeJarQuery.cursor: cursor])
            },
            new: { token, since, cursor in
                try await http.page(
                    ChangeJarRoute.newActions, query: [ChangeJarQuery.since: since, ChangeJarQuery.cursor: cursor],
                    token: token)
            },
            newCount: { token, since in
                let count: NewActionsCount = try await http.call(
                    ChangeJarRoute.newActionsCount, query: [ChangeJarQuery.since: since], token: token)
                return count.count
            },
            mine: { token, cursor in
                try await http.page(ChangeJarRoute.myActions, query: [ChangeJarQuery.cursor: cursor], token: token)
            },
            search: { text, cursor in
                try await http.page(
                    ChangeJarRoute.search, query: [ChangeJarQuery.text: text, ChangeJarQuery.cursor: cursor])
            },
            action: { token, id in
                try await http.call(ChangeJarRoute.action, parameters: [id], token: token)
            },
            create: { token, action in
                let (data, status) = try await http.exchange(ChangeJarRoute.createAction, token: token, body: action)
                let stored: Action = try http.decode(data, ChangeJarRoute.createAction)
                // NB: 201 made it; 200 is the person's same title and text, already in the jar.
                return status == 201 ? .added(stored) : .alreadyInJar(stored)
            },
            edit: { token, id, edit in
                try await http.call(ChangeJarRoute.editAction, parameters: [id], token: token, body: edit)
            },
            delete: { token, id in
                let (data, _) = try await http.exchange(ChangeJarRoute.deleteAction, parameters: [id], token: token)
                // NB: a 2xx whose body is no JSON is not the jar's answer (``ActionsHTTP/decode(_:_:)``): nothing
                // was deleted, and the row must not go.
                guard data.isEmpty || ActionsHTTP.isJSON(data) else { throw ChangeJarError.unreachable }
            },
            profile: { token in try await http.call(ChangeJarRoute.profile, token: token) },
            rename: { token, name in
                try await http.call(ChangeJarRoute.editProfile, token: token, body: AuthorProfile(name: name))
            }
        )
    }
}

/// The request building and error mapping behind ``ActionsClient/live(baseURL:send:)``.
private struct ActionsHTTP: Sendable {
    var baseURL: URL
    var send: @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)
    var reporter: ErrorReporter

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    func call<Output: Decodable>(
        _ route: Route,
        parameters: [String] = [],
        query: [String: String?] = [:],
        token: String? = nil,
        body: (some Encodable & Sendable)? = String?.none
    ) async throws -> Output {
        let (data, _) = try await exchange(route, parameters: parameters, query: query, token: token, body: body)
        return try decode(data, route)
    }

    /// A page of actions. An action on it that does not read (a field missing, a provider added after this version)
    /// is left out, as Sales leaves out a record it cannot read: it used to fail the whole page, so one such action
    /// emptied the list for everyone. A body that is no page (no `items` array), or a page of which no action reads,
    /// is still unexpected.
    func page(_ route: Route, query: [String: String?], token: String? = nil) async throws -> ActionPage {
        let page: ReadablePage = try await call(route, query: query, token: token)
        return ActionPage(items: page.items, nextCursor: page.nextCursor, headCursor: page.headCursor)
    }

    /// An answer's body, read as `Output`; one that does not read is reported and said as unexpected, or as the jar out
    /// of reach when it is no JSON at all.
    func decode<Output: Decodable>(_ data: Data, _ route: Route) throws -> Output {
        do {
            return try Self.decoder.decode(Output.self, from: data)
        } catch {
            reporter.report(.decoding(path: "", message: "\(error)"), "\(route.method) \(route.pattern)")
            // NB: a body that is no JSON at all did not come from the jar, which answers JSON only: a captive portal's
            // sign-in page (hotel or airport Wi-Fi) or a proxy's error page, sent with 200. The jar was not reached:
            // the lists show the saved copy and a Submit keeps its action, as when offline.
            guard Self.isJSON(data) else { throw ChangeJarError.unreachable }
            throw ChangeJarError.service(Strings.unexpected)
        }
    }

    /// Whether `data` is JSON at all (of any shape).
    static func isJSON(_ data: Data) -> Bool {
        (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil
    }

    func exchange(
        _ route: Route,
        parameters: [String] = [],
        query: [String: String?] = [:],
        token: String? = nil,
        body: (some Encodable & Sendable)? = String?.none
    ) async throws -> (data: Data, status: Int) {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
        let basePath = components?.path ?? ""
        components?.percentEncodedPath =
            (basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath) + route.href(parameters)
        let items = query.sorted { $0.key < $1.key }.compactMap { name, value in
            value.map { URLQueryItem(name: name, value: $0) }
        }
        components?.queryItems = items.isEmpty ? nil : items
        guard let url = components?.url else { throw ChangeJarError.service(Strings.unexpected) }
        var request = URLRequest(url: url)
        request.httpMethod = route.method.rawValue
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONEncoder().encode(body)
        }
        let data: Data
        let response: HTTPURLResponse
        let described = "\(route.method) \(url.absoluteString)"
        do {
            (data, response) = try await send(request)
        } catch {
            let failure = APIError(transportError: error)
            if failure != .cancelled { reporter.report(failure, described) }
            throw ChangeJarError(error)
        }
        guard (200..<300).contains(response.statusCode) else {
            reporter.report(
                .http(status: response.statusCode, problem: ProblemDetails.parse(data)), described)
            throw Self.error(status: response.statusCode, body: data, namesAnAction: !parameters.isEmpty)
        }
        return (data, response.statusCode)
    }

    /// Maps a problem-details answer onto the error a screen shows. `namesAnAction`: whether the route's path
    /// names one action (a 404 then says it is gone; on a list's path it says the server has no jar at all).
    ///
    /// A refusal (4xx) keeps the jar's `detail`: its 422 sentences are the documented rules of the jar. A 5xx never
    /// shows its body (``ChangeJarError/init(serverFault:)``); its status and problem go to the reporter above.
    static func error(status: Int, body: Data, namesAnAction: Bool) -> ChangeJarError {
        let problem = ProblemDetails.parse(body)
        let detail = problem?.detail
        switch status {
        case 401: return .signInRequired
        case 403: return .forbidden
        case 404: return namesAnAction ? .notFound : .noJarHere
        // NB: on an action's path (an edit) a 409 is the author's twin action; on a submission, the name.
        case 409: return namesAnAction ? .duplicateAction : .nameTaken
        case 422: return .invalid(field: problem?.field ?? "", message: detail ?? Strings.unexpected)
        case 429: return .rateLimited
        case 500...599: return ChangeJarError(serverFault: status)
        default: return .service(detail ?? Strings.unexpected)
        }
    }
}

/// ``ActionPage`` as the client reads it: `items` must be an array, and its actions that do not read are left out.
private struct ReadablePage: Decodable {
    var items: [Action]
    var nextCursor: String?
    var headCursor: String?

    enum CodingKeys: String, CodingKey {
        case items, nextCursor, headCursor
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // NB: not the lenient `@LossyArray` key decoding, which reads a missing or `null` list as empty: a body that
        // is no page (a proxy's `{}`) must not read as an empty jar.
        guard container.contains(.items), !(try container.decodeNil(forKey: .items)) else {
            throw DecodingError.valueNotFound(
                [Action].self, .init(codingPath: [CodingKeys.items], debugDescription: "a page has an items array"))
        }
        let readable = try LossyArray<Action>(from: container.superDecoder(forKey: .items))
        // NB: a page of which nothing reads has actions this version cannot show: unexpected, not an empty jar.
        guard !readable.wrappedValue.isEmpty || readable.skipped == 0 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [CodingKeys.items], debugDescription: "no action on the page reads"))
        }
        items = readable.wrappedValue
        nextCursor = try container.decodeIfPresent(String.self, forKey: .nextCursor)
        headCursor = try container.decodeIfPresent(String.self, forKey: .headCursor)
    }
}
