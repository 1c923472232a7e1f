import Foundation

/// `quartet serve`: runs the Quartet server until SIGINT or SIGTERM.
enum ServeCommand {
    static var spec: CommandSpec {
        CommandSpec(
            "serve",
            summary: "run the Quartet server (all backends and the stand-ins)",
            options: [
                OptionSpec(
                    "host", value: "HOST", help: "address to listen on", environment: "QUARTET_HOST",
                    default: "127.0.0.1"),
                OptionSpec(
                    "port", value: "PORT", help: "port to listen on (0 picks a free one)", environment: "QUARTET_PORT",
                    default: "8080"),
                OptionSpec(
                    "data-dir", value: "DIR", help: "server data directory", environment: "QUARTET_SERVER_DATA_DIR",
                    default: "./.quartet"),
                OptionSpec(
                    "database", value: "URL", help: "database URL (sqlite:///path or postgres://…)",
                    environment: "QUARTET_DATABASE"),
            ],
            body: { context in
                let port = try context.arguments.value("port", as: "a port number") { UInt16($0) } ?? 8080
                context.console.errorLine("serve is not wired yet (port \(port))")
                return 1
            }
        )
    }
}
