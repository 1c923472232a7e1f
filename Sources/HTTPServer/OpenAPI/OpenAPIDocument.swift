import DynamicJSON
import HTTPTypes
import PublicInit

/// One documented operation of the Quartet API.
///
/// Domains describe their routes with these next to the handlers they register, and the
/// server publishes them as an OpenAPI 3.1 document at `/openapi.json`. A contract test checks
/// that every route has an operation and every operation a route.
public struct APIOperation: Sendable, Hashable {
    /// The HTTP method the route answers.
    public var method: HTTPMethod
    /// The router pattern (`/events/:eventID`); the document shows it as `/events/{eventID}`.
    public var path: String
    /// One line saying what the operation does: the document's `summary`.
    public var summary: String
    /// The group the document lists the operation under (`tags`): its domain or stand-in (`Attendee`, `usgs`).
    public var tag: String
    /// Status code → description.
    public var responses: [Int: String]
    /// A JSON Schema for the request body, when there is one.
    public var requestBody: JSONValue?
    /// A JSON Schema for the main success response, when it is JSON.
    public var responseBody: JSONValue?
    /// The response media type (`application/json`, `text/event-stream`, …).
    public var responseMediaType: String
    /// Whether the operation needs a bearer token.
    public var requiresAuthentication: Bool
    /// Whether an operation open to everyone also reads a bearer token when one is sent (refusing one it cannot
    /// verify with 401): its answer then says more to the signed-in caller. The document gives it the optional
    /// security requirement `[{}, {scheme: []}]`.
    public var acceptsAuthentication = false
    /// The media type of its error bodies: problem details for Quartet's own APIs; a stand-in answers in the
    /// format of the service it stands in for.
    public var errorMediaType: String
    /// Whether a request must have a body (`false`: an empty body takes the defaults).
    public var requestBodyRequired = true
    /// The request body's media type: `application/json`, or e.g. `application/octet-stream` for a raw upload.
    public var requestMediaType: String = "application/json"
    /// Query parameters: name → description (optional unless in ``requiredQueryParameters``).
    public var queryParameters: [String: String] = [:]
    /// Query parameters that together take the bearer token's place (a share link's `expires` and `signature`):
    /// name → description. The document offers them as a second security requirement, one `apiKey` scheme in the
    /// query for each, so a client (and a contract fuzzer) reads that the operation needs the token *or* all of
    /// them, not the token alone.
    public var linkCredentials: [String: String] = [:]
    /// Schemas of query parameters whose values the server restricts (default: any string).
    public var queryParameterSchemas: [String: JSONValue] = [:]
    /// Query parameters the server refuses the request without.
    public var requiredQueryParameters: Set<String> = []
    /// Query parameters whose empty value (`?limit=`) the server reads as if the parameter were absent, as
    /// ``Request/pageSize(_:default:maximum:)`` reads a page size; the document marks them `allowEmptyValue`, so a
    /// typed one (an integer) is not documented as refusing the empty value the server takes.
    public var emptyMeansAbsent: Set<String> = []
    /// Query parameters that hold a value only the server gives out (a cursor a page ended with): a client passes
    /// back what a response held, and the server refuses anything else with 400. The document marks each with
    /// `x-issuedByServer: true`, as no schema can tell an issued value from a made-up one of the same form.
    public var issuedByServer: Set<String> = []
    /// Schemas of path parameters whose form the server checks (default: any string).
    public var pathParameterSchemas: [String: JSONValue] = [:]
    /// Request headers the operation needs: name → schema (all required).
    public var headerParameters: [String: JSONValue] = [:]
    /// Request headers the operation reads when a client sends them: name → schema (none required).
    public var optionalHeaderParameters: [String: JSONValue] = [:]
    /// What a header parameter (required or optional) does: name → the parameter's `description`.
    public var headerDescriptions: [String: String] = [:]
    /// The security scheme naming whose bearer token the operation needs (each domain issues its own);
    /// ``OpenAPIDocument/add(_:securedBy:)`` sets it.
    public var securityScheme = BearerScheme.bearer.name
    /// Whether the server refuses NUL in the operation's parameters and body text (``NULRefusalMiddleware``);
    /// ``OpenAPIDocument/add(_:securedBy:refusingNUL:)`` sets it, and the document then says so in every
    /// string schema of the request.
    public var refusesNUL = false

    /// An operation answering `responses` (`200: "OK"` by default), open to everyone and answering errors as problem
    /// details unless told otherwise.
    public init(
        _ method: HTTPMethod,
        _ path: String,
        summary: String,
        tag: String,
        responses: [Int: String] = [200: "OK"],
        requestBody: JSONValue? = nil,
        responseBody: JSONValue? = nil,
        responseMediaType: String = "application/json",
        requiresAuthentication: Bool = false,
        errorMediaType: String = "application/problem+json"
    ) {
        self.method = method
        self.path = path
        self.summary = summary
        self.tag = tag
        self.responses = responses
        self.requestBody = requestBody
        self.responseBody = responseBody
        self.responseMediaType = responseMediaType
        self.requiresAuthentication = requiresAuthentication
        self.errorMediaType = errorMediaType
    }

    /// The operation of a shared route: its method, pattern and whether it needs a bearer token.
    public init(
        _ route: Route,
        summary: String,
        tag: String,
        responses: [Int: String] = [200: "OK"],
        requestBody: JSONValue? = nil,
        responseBody: JSONValue? = nil,
        responseMediaType: String = "application/json"
    ) {
        self.init(
            route.method, route.pattern, summary: summary, tag: tag, responses: responses, requestBody: requestBody,
            responseBody: responseBody, responseMediaType: responseMediaType,
            requiresAuthentication: route.requiresAuthentication)
    }

    /// The OpenAPI form of the path: `:name` and `*name` become `{name}`.
    public var openAPIPath: String {
        "/"
            + path.split(separator: "/").map { part in
                part.hasPrefix(":") || part.hasPrefix("*") ? "{\(part.dropFirst())}" : String(part)
            }.joined(separator: "/")
    }

    var parameterNames: [String] {
        path.split(separator: "/").compactMap { part in
            part.hasPrefix(":") || part.hasPrefix("*") ? String(part.dropFirst()) : nil
        }
    }
}

extension APIOperation {
    /// Documents the query parameter `name` as ``Request/pageSize(_:default:maximum:)`` reads it: a whole number
    /// from 1 to `maximum`, and an empty value taken as none (``emptyMeansAbsent``).
    public mutating func pageSize(_ name: String = "limit", maximum: Int, description: String) {
        queryParameters[name] = description
        queryParameterSchemas[name] = Schema.integer(1...maximum)
        emptyMeansAbsent.insert(name)
    }

    /// Documents the query parameter `name` as ``Request/issuedValue(_:_:)`` reads it: a value the server gave
    /// out (``issuedByServer``), base64url of at most `maximumLength` bytes, and an empty value taken as none
    /// (the first page).
    public mutating func cursor(_ name: String = "cursor", maximumLength: Int, description: String) {
        queryParameters[name] = description
        queryParameterSchemas[name] = Schema.string(maxLength: maximumLength, pattern: Base64URL.pattern)
        emptyMeansAbsent.insert(name)
        issuedByServer.insert(name)
    }
}

/// A bearer-token security scheme of the document: each domain that signs people in issues tokens of its own,
/// and the scheme tells a client (and a contract fuzzer) which token an operation wants.
@PublicInit
public struct BearerScheme: Sendable, Hashable {
    /// The key under `components.securitySchemes`.
    public var name: String
    /// What the document says the token is and where one gets it: "An Attendee session token, from sign-up or
    /// sign-in".
    public var description: String

    /// The scheme of operations added without one.
    public static let bearer = BearerScheme(name: "bearer", description: "A bearer token")
}

/// Builds the OpenAPI 3.1 document from the operations every domain declares.
public struct OpenAPIDocument: Sendable {
    /// The document's `info.title` (`Quartet`).
    public var title: String
    /// The document's `info.version`: the server's version.
    public var version: String
    public private(set) var operations: [APIOperation] = []
    private var schemes: [String: BearerScheme] = [:]

    /// A document with no operations yet; each domain then adds its own (``add(_:securedBy:refusingNUL:)``).
    public init(title: String, version: String) {
        self.title = title
        self.version = version
    }

    /// Adds operations whose tokens, where they need one, are those of `scheme`; with `refusingNUL`, routes
    /// the server serves behind ``NULRefusalMiddleware`` (and whose bodies it reads with ``Request/decode(_:decoder:)``).
    public mutating func add(
        _ operations: [APIOperation], securedBy scheme: BearerScheme = .bearer, refusingNUL: Bool = false
    ) {
        if operations.contains(where: { $0.requiresAuthentication || $0.acceptsAuthentication }) {
            schemes[scheme.name] = scheme
        }
        self.operations += operations.map { operation in
            var secured = operation
            secured.securityScheme = scheme.name
            secured.refusesNUL = refusingNUL
            return secured
        }
    }

    /// The `apiKey` schemes of every operation's ``APIOperation/linkCredentials``, by scheme name.
    private var linkSchemes: [String: JSONValue] {
        var schemes: [String: JSONValue] = [:]
        for operation in operations {
            for (parameter, description) in operation.linkCredentials {
                schemes[Self.linkScheme(parameter)] = [
                    "type": "apiKey", "in": "query", "name": .string(parameter), "description": .string(description),
                ]
            }
        }
        return schemes
    }

    /// The security scheme of the link credential `parameter` (`expires` → `linkExpires`).
    static func linkScheme(_ parameter: String) -> String {
        "link" + parameter.prefix(1).uppercased() + parameter.dropFirst()
    }

    /// The document as JSON.
    public var json: JSONValue {
        var paths: [String: JSONValue] = [:]
        for operation in operations {
            var entry: [String: JSONValue] = [
                "summary": .string(operation.summary),
                "tags": [.string(operation.tag)],
                "operationId": .string(Self.operationID(operation)),
            ]
            let request = { (schema: JSONValue) in operation.refusesNUL ? Schema.withoutNUL(schema) : schema }
            let parameters = operation.parameterNames.map { name -> JSONValue in
                [
                    "name": .string(name), "in": "path", "required": true,
                    "schema": request(operation.pathParameterSchemas[name] ?? ["type": "string"]),
                ]
            }
            let required = operation.headerParameters.map { ($0.key, $0.value, true) }
            let optional = operation.optionalHeaderParameters.map { ($0.key, $0.value, false) }
            let headers = (required + optional).sorted { $0.0 < $1.0 }.map { name, schema, isRequired -> JSONValue in
                var parameter: [String: JSONValue] = [
                    "name": .string(name), "in": "header", "required": .bool(isRequired), "schema": schema,
                ]
                if let description = operation.headerDescriptions[name] {
                    parameter["description"] = .string(description)
                }
                return .object(parameter)
            }
            let query = operation.queryParameters.sorted { $0.key < $1.key }.map { name, description -> JSONValue in
                var parameter: [String: JSONValue] = [
                    "name": .string(name), "in": "query",
                    "required": .bool(operation.requiredQueryParameters.contains(name)),
                    "description": .string(description),
                    "schema": request(operation.queryParameterSchemas[name] ?? ["type": "string"]),
                ]
                if operation.emptyMeansAbsent.contains(name) { parameter["allowEmptyValue"] = true }
                if operation.issuedByServer.contains(name) { parameter["x-issuedByServer"] = true }
                return .object(parameter)
            }
            if !parameters.isEmpty || !query.isEmpty || !headers.isEmpty {
                entry["parameters"] = .array(parameters + query + headers)
            }
            if let schema = operation.requestBody {
                entry["requestBody"] = [
                    "required": .bool(operation.requestBodyRequired),
                    "content": .object([operation.requestMediaType: ["schema": request(schema)]]),
                ]
            }
            var responses: [String: JSONValue] = [:]
            for (code, description) in operation.responses.merging(
                Self.commonResponses(operation), uniquingKeysWith: { own, _ in own })
            {
                var response: [String: JSONValue] = ["description": .string(description)]
                if (200..<300).contains(code), code != 204 {
                    let schema = operation.responseBody ?? ["type": "object"]
                    response["content"] = .object([operation.responseMediaType: ["schema": schema]])
                } else if code >= 400 {
                    let schema: JSONValue =
                        operation.errorMediaType == "application/problem+json"
                        ? ["$ref": "#/components/schemas/Problem"] : ["type": ["object", "array"]]
                    response["content"] = .object([operation.errorMediaType: ["schema": schema]])
                }
                if code == 429 { response["headers"] = ["Retry-After": Self.retryAfter] }
                responses[String(code)] = .object(response)
            }
            entry["responses"] = .object(responses)
            var link: [String: JSONValue] = [:]
            for parameter in operation.linkCredentials.keys { link[Self.linkScheme(parameter)] = [] }
            if operation.requiresAuthentication {
                entry["security"] = .array([[operation.securityScheme: []]] + (link.isEmpty ? [] : [.object(link)]))
            } else if operation.acceptsAuthentication {
                entry["security"] = [[:], [operation.securityScheme: []]]
            }
            var item = paths[operation.openAPIPath]?.objectValue ?? [:]
            item[operation.method.rawValue.lowercased()] = .object(entry)
            paths[operation.openAPIPath] = .object(item)
        }
        return [
            "openapi": "3.1.0",
            "info": ["title": .string(title), "version": .string(version)],
            "paths": .object(paths),
            "components": [
                "securitySchemes": .object(
                    schemes.mapValues { scheme -> JSONValue in
                        ["type": "http", "scheme": "bearer", "description": .string(scheme.description)]
                    }.merging(linkSchemes, uniquingKeysWith: { bearer, _ in bearer })),
                "schemas": [
                    "Problem": [
                        "type": "object",
                        "description": "RFC 9457 problem details",
                        "properties": [
                            "type": ["type": "string"], "title": ["type": "string"], "status": ["type": "integer"],
                            "detail": ["type": "string"], "instance": ["type": "string"],
                        ],
                        "required": ["title", "status"],
                    ]
                ],
            ],
        ]
    }

    /// `Retry-After` as every 429 carries it (``RateLimitMiddleware``, and a handler's own limits such as the
    /// Attendee sign-in throttle): whole seconds to wait.
    static let retryAfter: JSONValue = [
        "description": "Seconds to wait before trying again", "required": true,
        "schema": ["type": "integer", "minimum": 1],
    ]

    /// The refusals every operation can meet whatever its handler does: the rate limit and the request
    /// deadline for all; a missing or expired token where one is needed; a malformed or oversized body where
    /// one is read.
    static func commonResponses(_ operation: APIOperation) -> [Int: String] {
        var responses = [
            429: "Too many requests from this address (see Retry-After)",
            503: "Took too long, or the database is busy; retry (see Retry-After where given)",
        ]
        if operation.requiresAuthentication { responses[401] = "Not signed in, or the token has expired" }
        if operation.acceptsAuthentication { responses[401] = "A token was sent and cannot be verified (or expired)" }
        if operation.refusesNUL, !operation.parameterNames.isEmpty || !operation.queryParameters.isEmpty {
            responses[400] = "A path or query parameter contains NUL"
        }
        if operation.requestBody != nil {
            responses[400] = "Malformed body"
            responses[413] = "Body too large"
            if operation.requestMediaType == "application/json", operation.errorMediaType == "application/problem+json"
            {
                responses[422] = "The body is JSON of the wrong shape, or breaks a rule"
            }
        }
        return responses
    }

    static func operationID(_ operation: APIOperation) -> String {
        let words = operation.path.split(separator: "/").map { part -> String in
            let name = part.hasPrefix(":") || part.hasPrefix("*") ? "by-" + part.dropFirst() : String(part)
            return name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.capitalized }.joined()
        }
        return operation.method.rawValue.lowercased() + words.joined()
    }
}
