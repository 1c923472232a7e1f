import ChangeJarModels
import DynamicJSON
import HTTPServer
import HTTPTypes

extension ChangeJarService {
    private static let tag = "Change Jar"

    // NB: the text limits are ActionRules' own, counted as the server counts them (characters people see, after
    // trimming), which JSON Schema's `maxLength` cannot say.
    // NB: a title is one line without control characters; content may also hold tabs and line breaks (\t \n \r).
    // Neither holds a character that reorders the text after it, nor only characters that draw nothing.
    private static let title = Schema.text(
        graphemes: ActionRules.titleLength.upperBound, refusing: Schema.controlClass + Schema.reorderingClass,
        invisible: invisible)
    private static let content = Schema.text(
        graphemes: ActionRules.contentLength.upperBound,
        refusing: #"\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029"# + Schema.reorderingClass,
        invisible: invisible)
    /// What ``ActionRules/showsSomething(_:)`` does not count, as the inside of a character class. NB: a text of only
    /// the few outside the Basic Multilingual Plane (tag characters), which the class cannot hold, is refused all
    /// the same.
    private static let invisible = Schema.invisibleClass
    private static let authSource = Schema.oneOf(AuthSource.allCases.map(\.rawValue))
    /// A 422 for a field (`field`): a control character refused is named in `detail`, with the words before it, as the
    /// app says it (`ActionRules.Violation.detail(of:)`).
    private static let refusedField =
        "A field breaks a rule (`field`); a refused character is named in `detail`, with the words before it"

    private static let action: JSONValue = [
        "type": "object",
        "required": ["id", "title", "content", "authSource", "createdAt", "updatedAt"],
        "properties": [
            "id": ["type": "string"], "title": ["type": "string"], "content": ["type": "string"],
            "authSource": authSource, "authorName": ["type": "string"],
            "createdAt": ["type": "string", "format": "date-time"],
            "updatedAt": ["type": "string", "format": "date-time"],
            "isMine": [
                "type": "boolean",
                "description": "Whether the caller wrote it; only in answers to a request that carried a token",
            ],
        ],
        // NB: no author's account (provider user id) in any answer: where anyone may read them, they listed every
        // pledge of one Facebook, Google or Twitter account.
        "additionalProperties": false,
    ]

    private static let page: JSONValue = [
        "type": "object", "required": ["items"],
        "properties": [
            "items": ["type": "array", "items": action], "nextCursor": ["type": "string"],
            "headCursor": ["type": "string"],
        ],
    ]

    private static let text: JSONValue = [
        "type": "object", "required": ["title", "content"],
        "properties": ["title": title, "content": content],
    ]

    private static let newAction: JSONValue = [
        "type": "object", "required": ["title", "content", "authSource", "providerUserID"],
        "properties": [
            "title": title, "content": content, "authSource": authSource,
            "providerUserID": ["type": "string"],
            "authorName": [
                "type": "string",
                "description": .string(
                    "The name to go by, used only while the person has none (the first submission claims it); "
                        + "then ignored: the name changes through PUT /profile"),
            ],
        ],
    ]

    /// What PUT /profile takes: a name (its letter or digit said here as an ASCII one, as JSON Schema's patterns
    /// have no Unicode classes; the server takes any).
    private static let newProfile: JSONValue = [
        "type": "object", "required": ["name"],
        "properties": [
            "name": [
                "type": "string", "x-maxGraphemes": .number(Double(AuthorName.length.upperBound)),
                "pattern": .string("^[^\(Schema.controlClass)]*[A-Za-z0-9][^\(Schema.controlClass)]*$"),
                "description": .string(
                    "1 to \(AuthorName.length.upperBound) characters on one line, with a letter or a digit"),
            ]
        ],
    ]

    private static let profile: JSONValue = [
        "type": "object",
        "properties": [
            "name": [
                "type": "string",
                "description": .string(
                    "The name on all of the person's actions (1 to \(AuthorName.length.upperBound) characters, one "
                        + "line); absent until chosen. No two people share one: case, accents, spacing, punctuation, "
                        + "invisible characters and common look-alike letters do not make a name another"),
            ]
        ],
    ]

    /// A Change Jar operation: `query` names its query parameters with their schemas; `paged` adds `limit` and the
    /// `cursor` (of at most `cursorLength` bytes) of a list; `since` the New Actions position.
    private static func operation(
        _ route: Route, _ summary: String, responses: [Int: String], requestBody: JSONValue? = nil,
        responseBody: JSONValue? = nil, query: [String: JSONValue] = [:], paged: Bool = false,
        cursorLength: Int = KeysetCursor.maximumLength, since: Bool = false, required: Set<String> = [],
        acceptsAuthentication: Bool = false
    ) -> APIOperation {
        var operation = APIOperation(
            route, summary: summary, tag: tag, responses: responses, requestBody: requestBody,
            responseBody: responseBody)
        operation.acceptsAuthentication = acceptsAuthentication
        for name in query.keys { operation.queryParameters[name] = name }
        operation.queryParameterSchemas = query
        if paged {
            let (maximum, standard) = (ChangeJarQuery.maximumPageSize, ChangeJarQuery.defaultPageSize)
            operation.pageSize(
                ChangeJarQuery.limit, maximum: maximum,
                description: "How many on the page (1–\(maximum), default \(standard))")
            operation.cursor(
                ChangeJarQuery.cursor, maximumLength: cursorLength, description: "The last page's nextCursor")
        }
        if since {
            operation.cursor(
                ChangeJarQuery.since, maximumLength: KeysetCursor.maximumLength,
                description: "A page's headCursor: the newest action the reader has seen (absent: everything)")
        }
        operation.requiredQueryParameters = required
        return operation
    }

    /// The search text as the handler checks it after trimming: 1 to 200 characters (grapheme clusters).
    private static let searchText = Schema.text(graphemes: maximumSearchLength)

    /// Change Jar's tokens: OpenID tokens of the Cognito identity pool the server trusts.
    public static let securityScheme = BearerScheme(
        name: "changeJar", description: "A Cognito Identity OpenID token (GetOpenIdToken) of the trusted pool")

    /// Every route ``register(on:)`` adds, for `/openapi.json`.
    public static let operations: [APIOperation] = [
        operation(
            ChangeJarRoute.allActions, "All actions, newest first (cursor, limit ≤ \(ChangeJarQuery.maximumPageSize))",
            responses: [200: "A page", 400: "Unknown cursor", 422: "Bad limit"], responseBody: page, paged: true),
        operation(
            ChangeJarRoute.createAction, "Put an action in the jar",
            responses: [
                200: "The same action of this person's, already in the jar (a retry)", 201: "Created",
                400: "Malformed JSON", 401: "Not signed in", 403: "Body names someone else",
                409: "The person has no name yet, and another person goes by authorName", 413: "Body too large",
                422: refusedField, 429: "Too many writes",
            ],
            requestBody: newAction, responseBody: action),
        operation(
            ChangeJarRoute.newActions, "Actions newer than `since`, newest first; with a token, none of the caller's",
            responses: [200: "A page", 400: "Unknown cursor", 401: "A token that is refused", 422: "Bad limit"],
            responseBody: page, paged: true, since: true, acceptsAuthentication: true),
        operation(
            ChangeJarRoute.newActionsCount,
            "How many actions are newer than `since` (the badge); with a token, not counting the caller's",
            responses: [200: "The count", 400: "Unknown cursor", 401: "A token that is refused"],
            responseBody: ["type": "object", "required": ["count"], "properties": ["count": ["type": "integer"]]],
            since: true, acceptsAuthentication: true),
        operation(
            ChangeJarRoute.myActions, "The signed-in person's actions, newest first",
            responses: [200: "A page", 400: "Unknown cursor", 401: "Not signed in", 422: "Bad limit"],
            responseBody: page, paged: true),
        operation(
            ChangeJarRoute.search,
            "Full-text search over title and content, best match first (q); the pages after the first keep its "
                + "place: an action added meanwhile is not on them, and one deleted moves nothing",
            responses: [200: "A page", 400: "Unknown cursor", 422: "Missing or too long q, or bad limit"],
            responseBody: page, query: [ChangeJarQuery.text: searchText], paged: true,
            cursorLength: SearchCursor.maximumLength, required: [ChangeJarQuery.text]),
        {
            var read = operation(
                ChangeJarRoute.action, "One action; with a token, also whether it is the caller's (isMine)",
                responses: [200: "The action", 404: "No such action"], responseBody: action)
            read.acceptsAuthentication = true
            return read
        }(),
        operation(
            ChangeJarRoute.editAction, "Rewrite one's own action",
            responses: [
                200: "Updated", 400: "Malformed JSON", 401: "Not signed in", 403: "Not the author",
                404: "No such action", 409: "The author has another action with this title and content",
                413: "Body too large", 422: refusedField, 429: "Too many writes",
            ],
            requestBody: text, responseBody: action),
        operation(
            ChangeJarRoute.deleteAction, "Delete one's own action",
            responses: [
                204: "Deleted", 401: "Not signed in", 403: "Not the author", 404: "No such action",
                429: "Too many writes",
            ]),
        operation(
            ChangeJarRoute.profile, "The signed-in person's name in the jar",
            responses: [200: "The profile", 401: "Not signed in"], responseBody: profile),
        operation(
            ChangeJarRoute.editProfile, "Choose one's name: it changes on all of one's actions at once",
            responses: [
                200: "The profile", 400: "Malformed JSON", 401: "Not signed in",
                409: "Another person goes by this name (or one too like it)", 413: "Body too large",
                422:
                    "Not a name (empty, too long, control characters, no letter or digit); a refused character is "
                    + "named in `detail`, with the words before it", 429: "Too many writes",
            ],
            requestBody: newProfile, responseBody: profile),
    ]
}
