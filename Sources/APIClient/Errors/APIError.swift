import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every way an API call can fail, each with a short message fit for a person.
public enum APIError: Error, Sendable, Equatable, LocalizedError {
    /// The device has no network.
    case offline
    /// The server could not be reached (refused, unknown host, TLS failure).
    case cannotConnect
    /// The connection dropped before the response was complete.
    case connectionLost
    /// The server did not answer in time.
    case timeout
    /// The caller cancelled; never reported to the person.
    case cancelled
    /// The server answered with an error status, and what it said about it.
    case http(status: Int, detail: ServiceErrorDetail?)
    /// The response could not be read; `path` names where (`features[3].properties.mag`, empty for the root).
    case decoding(path: String, message: String)
    /// The credentials were refused even after a refresh: the person must sign in again.
    case signedOut
    /// The request itself could not be built (bad body, bad URL).
    case invalidRequest(String)

    /// A short sentence for the person, e.g. in an error banner.
    public var message: String {
        switch self {
        case .offline:
            return "You appear to be offline. Check your connection and try again."
        case .cannotConnect:
            return "The server could not be reached. Try again later."
        case .connectionLost:
            return "The connection was lost. Try again."
        case .timeout:
            return "The server took too long to answer. Try again."
        case .cancelled:
            return "The request was cancelled."
        case .http(let status, let detail):
            if let text = detail?.message, !text.isEmpty { return text }
            return Self.statusMessage(status)
        case .decoding:
            return "The server sent data this app could not read."
        case .signedOut:
            return "Your session has ended. Please sign in again."
        case .invalidRequest:
            return "The request could not be made."
        }
    }

    /// The same as ``message``.
    public var errorDescription: String? { message }

    /// The HTTP status for ``http(status:detail:)``, else `nil`.
    public var status: Int? {
        if case .http(let status, _) = self { return status }
        return nil
    }

    private static func statusMessage(_ status: Int) -> String {
        switch status {
        case 400: return "The request was not accepted (400)."
        case 401, 403: return "You are not allowed to do this (\(status))."
        case 404: return "This item no longer exists (404)."
        case 409, 412: return "Someone else changed this item first (\(status))."
        case 413: return "This is too large to send (413)."
        case 429: return "Too many requests. Wait a moment and try again (429)."
        case 500...599: return "The server had a problem (\(status)). Try again later."
        default: return "The request failed (\(status))."
        }
    }

    /// Classifies an error thrown by a transport.
    public init(transportError error: any Error) {
        if let apiError = error as? APIError {
            self = apiError
            return
        }
        if error is CancellationError {
            self = .cancelled
            return
        }
        guard let urlError = error as? URLError else {
            self = .cannotConnect
            return
        }
        switch urlError.code {
        case .cancelled: self = .cancelled
        case .timedOut: self = .timeout
        case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff: self = .offline
        case .networkConnectionLost, .badServerResponse, .cannotParseResponse, .zeroByteResource:
            self = .connectionLost
        default: self = .cannotConnect
        }
    }
}

/// What the server said about an error, in one of the two shapes our backends use.
public enum ServiceErrorDetail: Sendable, Equatable {
    /// RFC 9457 problem details (`application/problem+json`).
    case problem(ProblemDetails)
    /// A Salesforce-style array: `[{"message": …, "errorCode": …, "fields": […]}]`.
    case salesforce([SalesforceError])

    /// The first human-readable text the server gave.
    public var message: String? {
        switch self {
        case .problem(let problem): return problem.detail ?? problem.title
        case .salesforce(let errors): return errors.first?.message
        }
    }

    /// Reads an error body, or `nil` when it is neither shape.
    public static func parse(_ data: Data) -> ServiceErrorDetail? {
        let decoder = JSONDecoder()
        if let errors = try? decoder.decode([SalesforceError].self, from: data), !errors.isEmpty {
            return .salesforce(errors)
        }
        if let problem = try? decoder.decode(ProblemDetails.self, from: data),
            problem.title != nil || problem.detail != nil || problem.type != nil
        {
            return .problem(problem)
        }
        return nil
    }
}

/// RFC 9457 problem details; every member is optional because servers leave them out.
public struct ProblemDetails: Sendable, Equatable, Codable {
    /// A URI naming the problem type.
    public var type: String?
    /// A short summary of the problem type.
    public var title: String?
    /// The status the server meant.
    public var status: Int?
    /// An explanation of this occurrence, for the person.
    public var detail: String?
    /// A URI naming this occurrence.
    public var instance: String?

    /// Creates problem details.
    public init(
        type: String? = nil, title: String? = nil, status: Int? = nil, detail: String? = nil,
        instance: String? = nil
    ) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.instance = instance
    }

    /// Reads each member leniently: a wrong type leaves it `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = container.decodeLenient(String.self, forKey: .type)
        title = container.decodeLenient(String.self, forKey: .title)
        status = container.decodeLenient(Int.self, forKey: .status)
        detail = container.decodeLenient(String.self, forKey: .detail)
        instance = container.decodeLenient(String.self, forKey: .instance)
    }
}

/// One element of a Salesforce REST error response.
public struct SalesforceError: Sendable, Equatable, Codable {
    /// The human-readable message.
    public var message: String
    /// The machine code, e.g. `INVALID_FIELD`.
    public var errorCode: String
    /// The fields involved, if any.
    public var fields: [String]

    /// Creates an error element.
    public init(message: String, errorCode: String, fields: [String] = []) {
        self.message = message
        self.errorCode = errorCode
        self.fields = fields
    }

    /// Requires `message`; `errorCode` and `fields` default to empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        message = try container.decode(String.self, forKey: .message)
        errorCode = container.decodeLenient(String.self, forKey: .errorCode, default: "")
        fields = container.decodeLenient([String].self, forKey: .fields, default: [])
    }
}
