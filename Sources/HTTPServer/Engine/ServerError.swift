/// Why ``Server/start()`` failed.
public enum ServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `host` is not an IP address (or `localhost`).
    case invalidHost(String)
    /// The address could not be bound (in use, not local, no permission).
    case bindFailed(host: String, port: UInt16, reason: String?)
    /// ``Server/start()`` was called twice.
    case alreadyStarted

    /// A human-readable message.
    public var description: String {
        switch self {
        case .invalidHost(let host):
            "'\(host)' is not an IP address to listen on."
        case .bindFailed(let host, let port, let reason):
            "Could not listen on \(host):\(port)" + (reason.map { ": \($0)." } ?? ".")
        case .alreadyStarted:
            "The server is already started."
        }
    }
}
