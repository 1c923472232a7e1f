import APIClient
import Foundation
import QuakeFeedCodec

/// Why the feed could not be refreshed, with the message a person sees.
public enum QuakeFeedError: Error, Sendable, Equatable, LocalizedError {
    /// The device has no network.
    case offline
    /// The network is there but the feed's server could not be reached (refused, no such host).
    case unreachable
    /// The connection dropped before the whole answer came.
    case connectionLost
    /// The server did not answer in time.
    case timedOut
    /// The server answered with an error status.
    case server(status: Int)
    /// The body was not a feed (JSON of another shape, or cut short).
    case unreadable
    /// The network answered in the feed's place: a web page, not JSON (a captive portal's sign-in page on hotel or
    /// airport Wi-Fi, a proxy's page), or `511 Network Authentication Required` (RFC 6585). The person can do
    /// something about it: sign in to the network.
    case networkSignIn
    /// Any other failure, with the message to show.
    case other(String)
    /// The request was cancelled (its screen went away, or SwiftUI ended a pull's task): nothing went wrong, and no
    /// screen shows it.
    case cancelled

    /// The banner text.
    public var message: String {
        switch self {
        case .offline: Strings.text("quakes.error.offline")
        case .unreachable: Strings.text("quakes.error.unreachable")
        case .connectionLost: Strings.text("quakes.error.connectionLost")
        case .timedOut: Strings.text("quakes.error.timeout")
        case .server(let status): Strings.format("quakes.error.server", String(status))
        case .unreadable: Strings.text("quakes.error.unreadable")
        case .networkSignIn: Strings.text("quakes.error.networkSignIn")
        case .other(let message): message
        case .cancelled: Strings.text("quakes.error.other")
        }
    }

    public var errorDescription: String? { message }

    /// Classifies any error thrown while fetching.
    public init(_ error: any Error) {
        switch error {
        case let error as QuakeFeedError: self = error
        case is APIError, is URLError, is CancellationError:
            switch APIError(transportError: error) {
            case .cancelled: self = .cancelled
            case .timeout: self = .timedOut
            case .offline: self = .offline
            case .cannotConnect: self = .unreachable
            case .connectionLost: self = .connectionLost
            case .http(511, _, _): self = .networkSignIn
            case .http(let status, _, _): self = .server(status: status)
            case .decoding: self = .unreadable
            default: self = .other(Strings.text("quakes.error.other"))
            }
        case is FeedDecodingError: self = .unreadable
        default: self = .other(Strings.text("quakes.error.other"))
        }
    }
}

extension QuakeFeedError {
    /// Whether a body may be JSON: its first byte past whitespace (and a byte order mark) is `{` or `[`. A captive
    /// portal's sign-in page (`<!DOCTYPE html>…`) is not, nor is a proxy's text; a feed cut short still is.
    static func mayBeJSON(_ body: Data) -> Bool {
        let first = body.first { byte in ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains(byte) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}
