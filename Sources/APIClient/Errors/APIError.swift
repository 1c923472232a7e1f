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
    /// The server answered with an error status, and the problem document it sent, if it sent one.
    case http(status: Int, problem: ProblemDetails?)
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
        case .http(let status, let problem):
            if let text = problem?.detail ?? problem?.title, !text.isEmpty { return text }
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

    /// The HTTP status for ``http(status:problem:)``, else `nil`.
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
