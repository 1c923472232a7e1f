import APIClient
import Foundation

/// The `quartet` command line: `serve` plus one client command per app.
public enum QuartetTool {
    /// The version printed by `quartet --version` and `GET /health`.
    public static let version = "0.1.0"

    /// The command tree. Each app contributes its subtree from its own file.
    public static var root: CommandSpec {
        CommandSpec(
            Console.program,
            summary: "Quartet: four apps (Quakes, Sales, Change Jar, Attendee) and the server they talk to.",
            subcommands: [
                ServeCommand.spec,
                QuakesCommand.spec,
                SalesCommand.spec,
                ChangeJarCommand.spec,
                AttendeeCommand.spec,
            ]
        )
    }

    /// Parses and runs; returns the process exit code (2 for a usage error). `now` is the clock the commands' rules
    /// read (a test's, to stand at a moment of its event).
    public static func run(
        _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        console: Console = .live,
        now: @escaping @Sendable () -> Date = { Date() }
    ) async -> Int32 {
        let parser = ArgumentParser(root: root)
        do {
            switch try parser.parse(arguments, environment: environment) {
            case .version:
                console.line("\(Console.program) \(version)")
                return 0
            case .help(let path):
                console.line(ArgumentParser.help(for: path))
                return 0
            case .run(let command, let parsed):
                guard let body = command.body else { return 2 }
                do {
                    return try await body(
                        CommandContext(arguments: parsed, environment: environment, console: console, now: now))
                } catch var error as UsageError {
                    error.command = error.command ?? parsed.commandPath
                    throw error
                }
            }
        } catch let error as UsageError {
            console.failure(error.message)
            console.errorLine(
                "usage: see '\(([Console.program] + (error.command ?? [])).joined(separator: " ")) --help'")
            return 2
        } catch {
            console.failure(APIError.message(for: error))
            return 1
        }
    }
}
