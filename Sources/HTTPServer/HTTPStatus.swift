/// An HTTP status code with its reason phrase.
public struct HTTPStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The numeric code.
    public var rawValue: Int
    /// A status from its code.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A status from its code.
    public init(_ code: Int) { self.rawValue = code }

    /// 200 OK.
    public static let ok = HTTPStatus(200)
    /// 201 Created.
    public static let created = HTTPStatus(201)
    /// 202 Accepted.
    public static let accepted = HTTPStatus(202)
    /// 204 No Content.
    public static let noContent = HTTPStatus(204)
    /// 206 Partial Content.
    public static let partialContent = HTTPStatus(206)
    /// 300 Multiple Choices.
    public static let multipleChoices = HTTPStatus(300)
    /// 304 Not Modified.
    public static let notModified = HTTPStatus(304)
    /// 400 Bad Request.
    public static let badRequest = HTTPStatus(400)
    /// 401 Unauthorized.
    public static let unauthorized = HTTPStatus(401)
    /// 403 Forbidden.
    public static let forbidden = HTTPStatus(403)
    /// 404 Not Found.
    public static let notFound = HTTPStatus(404)
    /// 405 Method Not Allowed.
    public static let methodNotAllowed = HTTPStatus(405)
    /// 408 Request Timeout.
    public static let requestTimeout = HTTPStatus(408)
    /// 409 Conflict.
    public static let conflict = HTTPStatus(409)
    /// 410 Gone.
    public static let gone = HTTPStatus(410)
    /// 412 Precondition Failed.
    public static let preconditionFailed = HTTPStatus(412)
    /// 413 Content Too Large.
    public static let contentTooLarge = HTTPStatus(413)
    /// 415 Unsupported Media Type.
    public static let unsupportedMediaType = HTTPStatus(415)
    /// 416 Range Not Satisfiable.
    public static let rangeNotSatisfiable = HTTPStatus(416)
    /// 422 Unprocessable Content.
    public static let unprocessableContent = HTTPStatus(422)
    /// 429 Too Many Requests.
    public static let tooManyRequests = HTTPStatus(429)
    /// 500 Internal Server Error.
    public static let internalServerError = HTTPStatus(500)
    /// 501 Not Implemented.
    public static let notImplemented = HTTPStatus(501)
    /// 502 Bad Gateway.
    public static let badGateway = HTTPStatus(502)
    /// 503 Service Unavailable.
    public static let serviceUnavailable = HTTPStatus(503)

    /// The standard reason phrase, used as the problem-details `title`.
    public var reasonPhrase: String {
        switch rawValue {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 300: "Multiple Choices"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(rawValue)"
        }
    }

    /// `404 Not Found`.
    public var description: String { "\(rawValue) \(reasonPhrase)" }
}
