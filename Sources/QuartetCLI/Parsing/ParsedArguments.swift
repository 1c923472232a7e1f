import PublicInit

/// The result of parsing: option values by name, flags that were given, and positional arguments.
@PublicInit
public struct ParsedArguments: Sendable, Equatable {
    /// Every value given for each option, in order (repeatable options keep them all).
    public var values: [String: [String]] = [:]
    /// The flags given, by name without dashes (`json` for `--json`).
    public var flags: Set<String> = []
    /// The words that were neither options nor subcommands, in order (every word after `--` among them).
    public var positionals: [String] = []
    /// The command path that was selected, e.g. `["quakes", "show"]`.
    public var commandPath: [String] = []

    /// The last value given for `name` (the option, its environment variable, or its default).
    public func value(_ name: String) -> String? { values[name]?.last }

    /// All values given for a repeatable option.
    public func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether the flag `--name` was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of `name` converted by `transform`, or a usage error naming the option.
    public func value<T>(_ name: String, as kind: String, _ transform: (String) -> T?) throws -> T? {
        guard let raw = value(name) else { return nil }
        guard let converted = transform(raw) else {
            throw UsageError("--\(name) expects \(kind), not '\(raw)'")
        }
        return converted
    }

    /// The value of `name` converted by `transform`, or a usage error saying `refusal(value)`: an app's command
    /// passes its core's sentence, so the app, not the parser, words what it expects.
    public func value<T>(_ name: String, refusal: (String) -> String, _ transform: (String) -> T?) throws -> T? {
        guard let raw = value(name) else { return nil }
        guard let converted = transform(raw) else { throw UsageError(refusal(raw)) }
        return converted
    }
}

/// A mistake in how the tool was called: printed as one line plus usage, exit code 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, printed after `quartet: `: `--port expects a port number (0-65535), not 'x'`.
    public var message: String
    /// The command that refused the words (`["attendee", "register"]`), whose `--help` the tool points to;
    /// the parser and the tool fill it in, so a command's body need not.
    public var command: [String]?
    /// A usage error saying `message`; ``command`` is filled in on the way up.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
