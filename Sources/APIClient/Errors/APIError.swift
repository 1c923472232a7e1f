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
    /// The server answered with an error status, the problem document it sent, if it sent one, and how long its
    /// `Retry-After` asked to wait, if it asked (a 429, a 503).
    case http(status: Int, problem: ProblemDetails?, retryAfter: Duration? = nil)
    /// The response could not be read; `path` names where (`features[3].properties.mag`, empty for the root).
    case decoding(path: String, message: String)
    /// The credentials were refused even after a refresh: the person must sign in again.
    case signedOut
    /// The server wants a sign-in and none is kept (never signed in, or signed out): nothing expired.
    case notSignedIn
    /// The request itself could not be built (bad body, bad URL).
    case invalidRequest(String)

    /// A short sentence for the person, e.g. in an error banner: the server's own words where a refusal's (4xx)
    /// problem document has some, else the client layer's localized sentence for the failure. A 5xx is always the
    /// client's sentence: its body is the server's account of its own fault, in the server's language, and a proxy
    /// or a misconfigured server can put internals there.
    public var message: String {
        switch self {
        case .offline: return Strings.text("failure.offline")
        case .cannotConnect: return Strings.text("failure.cannotConnect")
        case .connectionLost: return Strings.text("failure.connectionLost")
        case .timeout: return Strings.text("failure.timeout")
        case .cancelled: return Strings.text("failure.cancelled")
        case .decoding: return Strings.text("failure.unreadable")
        case .signedOut: return Strings.text("failure.signedOut")
        case .notSignedIn: return Strings.text("failure.notSignedIn")
        case .invalidRequest: return Strings.text("failure.invalidRequest")
        case .http(let status, let problem, _):
            if status < 500, let text = problem?.detail ?? problem?.title, !text.isEmpty { return text }
            return Strings.format(Self.statusKey(status), String(status))
        }
    }

    /// The same as ``message``.
    public var errorDescription: String? { message }

    /// The sentence for any failure a screen or the command line shows: a transport's as the client layer reads
    /// it (``init(transportError:)``), a file's naming the file (a photo to upload, a place to save to), an
    /// error's own where it describes itself for people (`LocalizedError`), and a plain "something went wrong"
    /// for anything else.
    ///
    /// NB: never an error's `String(describing:)`: a `DatabaseError`'s quotes its SQL, and other types print
    /// their fields.
    public static func message(for error: any Error) -> String {
        switch error {
        case is APIError, is URLError, is CancellationError: APIError(transportError: error).message
        case let error as CocoaError where error.isFileError: fileMessage(error)
        case let error as LocalizedError: error.errorDescription ?? Strings.text("failure.unexpected")
        default: Strings.text("failure.unexpected")
        }
    }

    /// A file that could not be read or written, named as the person gave it.
    private static func fileMessage(_ error: CocoaError) -> String {
        let file = error.filePath ?? error.url?.path ?? ""
        switch error.code {
        case .fileNoSuchFile, .fileReadNoSuchFile: return Strings.format("failure.file.missing", file)
        case .fileReadNoPermission, .fileWriteNoPermission: return Strings.format("failure.file.denied", file)
        case .fileWriteOutOfSpace: return Strings.format("failure.file.full", file)
        default: return Strings.format("failure.file.other", file)
        }
    }

    /// The HTTP status for ``http(status:problem:retryAfter:)``, else `nil`.
    public var status: Int? {
        if case .http(let status, _, _) = self { return status }
        return nil
    }

    /// How long the server asked to wait before the same call (its `Retry-After`), else `nil`.
    public var retryAfter: Duration? {
        if case .http(_, _, let retryAfter) = self { return retryAfter }
        return nil
    }

    /// Whether the server was not reached, or not in time: no network, a refused or unknown host, a dropped
    /// line, no answer. Every screen calls this "offline", and shows what it saved instead.
    public var isUnreachable: Bool {
        switch self {
        case .offline, .cannotConnect, .connectionLost, .timeout: return true
        case .cancelled, .http, .decoding, .signedOut, .notSignedIn, .invalidRequest: return false
        }
    }

    /// Whether the request surely never reached the server (no network, a refused or unknown host), so a write
    /// it carried was not made; a dropped line or a late answer may have delivered it.
    public var neverReachedServer: Bool {
        switch self {
        case .offline, .cannotConnect: return true
        case .connectionLost, .timeout, .cancelled, .http, .decoding, .signedOut, .notSignedIn, .invalidRequest:
            return false
        }
    }

    /// Whether the same call may well succeed later: the server was unreachable, or answered 408, 429 or a 5xx.
    /// A cached copy stands in for such a failure, and a queued write waits it out.
    public var isTransient: Bool {
        if let status { return status == 408 || status == 429 || status >= 500 }
        return isUnreachable
    }

    private static func statusKey(_ status: Int) -> String {
        switch status {
        case 400: "failure.status.refused"
        case 401, 403: "failure.status.forbidden"
        case 404: "failure.status.notFound"
        case 409, 412: "failure.status.changed"
        case 413: "failure.status.tooLarge"
        case 429: "failure.status.tooMany"
        case 500...599: "failure.status.server"
        default: "failure.status.other"
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
        case .cannotDecodeRawData, .cannotDecodeContentData:
            self = .decoding(path: "", message: "the body's content encoding could not be undone")
        default: self = .cannotConnect
        }
    }
}
