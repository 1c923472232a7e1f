import APIClient
import Foundation

/// What happened when the outbox tried to send one operation.
public enum DeliveryOutcome: Sendable, Equatable {
    /// The server accepted it and answered `body`.
    case delivered(body: Data)
    /// The server refused it because the resource changed (409 / 412).
    case conflict(status: Int, message: String)
    /// The server refused it for good.
    case rejected(status: Int?, message: String)
    /// It could not be sent now (offline, timeout, 5xx, 429, signed out, cancelled): replay stops here and
    /// keeps this operation and the ones after it.
    case unreachable(message: String)

    /// Classifies a client error.
    public init(error: APIError) {
        switch error {
        case .http(let status, _, _) where status == 409 || status == 412:
            self = .conflict(status: status, message: error.message)
        case .http(let status, _, _) where !error.isTransient:
            self = .rejected(status: status, message: error.message)
        case .invalidRequest:
            self = .rejected(status: nil, message: error.message)
        case .http, .offline, .cannotConnect, .connectionLost, .timeout, .cancelled, .signedOut, .notSignedIn,
            .decoding:
            self = .unreachable(message: error.message)
        }
    }
}
