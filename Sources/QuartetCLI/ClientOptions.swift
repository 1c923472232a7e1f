import Foundation

/// The two options every client command shares (`--server`, `--data-dir`), defined once.
public struct ClientOptions: Sendable, Equatable {
    /// The Quartet server the client talks to.
    public var server: URL
    /// The device-side store of this client (caches, sessions, outboxes).
    public var dataDirectory: URL

    public static let specs: [OptionSpec] = [
        OptionSpec(
            "server",
            value: "URL",
            help: "Quartet server to talk to",
            environment: "QUARTET_SERVER",
            default: "http://127.0.0.1:8080"
        ),
        OptionSpec(
            "data-dir",
            value: "DIR",
            help: "where this device keeps its data",
            environment: "QUARTET_DATA_DIR",
            default: "~/.quartet"
        ),
    ]

    /// Reads the shared options from parsed arguments (defaults already applied by the parser).
    public init(_ arguments: ParsedArguments, environment: [String: String]) throws {
        let rawServer = arguments.value("server") ?? "http://127.0.0.1:8080"
        guard let server = URL(string: rawServer), let scheme = server.scheme, ["http", "https"].contains(scheme),
            server.host != nil
        else {
            throw UsageError("--server expects an http(s) URL, not '\(rawServer)'")
        }
        self.server = server
        self.dataDirectory = URL(
            fileURLWithPath: ClientOptions.expandHome(
                arguments.value("data-dir") ?? "~/.quartet", environment: environment)
        )
    }

    /// Expands a leading `~` with `$HOME`.
    static func expandHome(_ path: String, environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + path.dropFirst()
    }

    /// A one-line message for an error that reached the top of a command.
    static func message(for error: any Error) -> String {
        if let error = error as? LocalizedError, let description = error.errorDescription { return description }
        return String(describing: error)
    }
}
