import APIClient
import Foundation

/// Every way a Change Jar operation fails, as the screens tell it.
public enum ChangeJarError: LocalizedError, Sendable, Hashable {
    /// The network or the server cannot be reached.
    case offline
    /// The token is missing, expired or refused: the person must sign in (again).
    case signInRequired
    /// The server refused the operation for this person (not theirs, or identity mismatch).
    case forbidden
    /// A field breaks a rule; `field` is its wire name.
    case invalid(field: String, message: String)
    /// The action no longer exists.
    case notFound
    /// Too many writes in a short time.
    case rateLimited
    /// The sign-in provider or Cognito refused the sign-in; the message says why.
    case signInFailed(String)
    /// Anything else the server said, in its words (problem `detail`).
    case service(String)

    /// A sentence for a banner.
    public var message: String {
        switch self {
        case .offline: Strings.offline
        case .signInRequired: Strings.signInRequired
        case .forbidden: Strings.forbidden
        case .invalid(_, let message): message
        case .notFound: Strings.notFound
        case .rateLimited: Strings.rateLimited
        case .signInFailed(let reason): Strings.signInFailed(reason)
        case .service(let message): message
        }
    }

    /// The banner sentence (so generic error reporting shows what the screen would).
    public var errorDescription: String? { message }

    /// Classifies any error thrown by a dependency (already-typed errors pass through; a transport's is read
    /// as the client layer reads it, ``APIError/init(transportError:)``).
    public init(_ error: any Error) {
        if let error = error as? ChangeJarError {
            self = error
        } else if error is APIError || error is URLError {
            let error = APIError(transportError: error)
            if error.isUnreachable {
                self = .offline
            } else if error == .signedOut || error == .notSignedIn {
                self = .signInRequired
            } else {
                self = .service(error.message)
            }
        } else {
            self = .service(Strings.unexpected)
        }
    }
}
