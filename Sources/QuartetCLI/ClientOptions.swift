import APIClient
import Foundation

/// The two options every client command shares (`--server`, `--data-dir`), defined once.
public struct ClientOptions: Sendable, Equatable {
    /// The Quartet server the client talks to.
    public var server: URL
    /// The device-side store of this client (caches, sessions, outboxes).
    public var dataDirectory: URL

    /// Where `--server` points when neither it nor `QUARTET_SERVER` is given.
    static let localServer = URL(string: "http://127.0.0.1:8080")!
    /// Where `--data-dir` points when neither it nor `QUARTET_DATA_DIR` is given.
    static let defaultDataDirectory = "~/.quartet"

    /// `--server` (`QUARTET_SERVER`, default `http://127.0.0.1:8080`) and `--data-dir` (`QUARTET_DATA_DIR`, default
    /// `~/.quartet`), for the option list of each client command group.
    public static let specs: [OptionSpec] = [
        OptionSpec(
            "server",
            value: "URL",
            help: "Quartet server to talk to",
            environment: "QUARTET_SERVER",
            default: localServer.absoluteString
        ),
        OptionSpec(
            "data-dir",
            value: "DIR",
            help: "where this device keeps its data",
            environment: "QUARTET_DATA_DIR",
            default: defaultDataDirectory
        ),
    ]

    /// Reads the shared options from parsed arguments (defaults already applied by the parser); a `--server`
    /// that is not an http(s) URL is refused with the app's own sentence, `badServer(value)`.
    public init(
        _ arguments: ParsedArguments, environment: [String: String], badServer: (String) -> String
    ) throws {
        self.server = try arguments.value("server", refusal: badServer, URL.init(httpAddress:)) ?? Self.localServer
        self.dataDirectory = URL(
            fileURLWithPath: ClientOptions.expandHome(
                arguments.value("data-dir") ?? Self.defaultDataDirectory, environment: environment)
        )
    }

    /// The folder an app keeps on this device (`<data-dir>/<app>`, or the data directory itself for `nil`), made
    /// if it is not there yet, readable by this user alone: it holds records, sign-ins and unsent work.
    public func deviceFolder(_ app: String?) throws -> URL {
        let folder = app.map { dataDirectory.appendingPathComponent($0, isDirectory: true) } ?? dataDirectory
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return folder
    }

    /// Expands a leading `~` with `$HOME`.
    static func expandHome(_ path: String, environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + path.dropFirst()
    }
}
