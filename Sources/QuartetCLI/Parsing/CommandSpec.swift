import Foundation
import PublicInit

/// One `--option` a command accepts.
///
/// Options are data, not code: a command lists its `OptionSpec`s and the shared
/// ``ArgumentParser`` does the rest (`--name value`, `--name=value`, repeated values,
/// environment fallbacks, help text).
public struct OptionSpec: Sendable, Hashable {
    /// The long name without dashes (`"port"` for `--port`).
    public var name: String
    /// The placeholder shown in help (`"PORT"`); `nil` makes the option a flag.
    public var valueName: String?
    /// One line for `--help`.
    public var help: String
    /// An environment variable read when the option is absent.
    public var environment: String?
    /// The value used when neither the option nor its environment variable is given.
    public var defaultValue: String?

    /// An option that takes a value named `valueName` in help (`value: "PORT"`), or a flag when it is `nil`; an absent
    /// one reads `environment`, then `defaultValue`.
    public init(
        _ name: String,
        value valueName: String? = nil,
        help: String,
        environment: String? = nil,
        default defaultValue: String? = nil
    ) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.environment = environment
        self.defaultValue = defaultValue
    }

    /// Whether the option stands alone (`--json`) rather than taking a value.
    public var isFlag: Bool { valueName == nil }

    /// A flag: `--json`, `--reload`.
    public static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name, help: help)
    }
}

/// What a running command may touch: its arguments, the environment and the two output streams.
@PublicInit
public struct CommandContext: Sendable {
    /// The words the command was called with, parsed, with environment variables and defaults filled in.
    public var arguments: ParsedArguments
    /// The process's environment variables (tests pass their own).
    public var environment: [String: String]
    /// Where the command writes: standard output and error, or a test's capture.
    public var console: Console
    /// The clock rules read (whether a session has ended): this machine's, or a test's.
    public var now: @Sendable () -> Date = { Date() }

    /// The locale dates and numbers are written in: `QUARTET_LOCALE` (`en_GB`, `de_DE` …) when set and not
    /// empty, else this machine's.
    public var locale: Locale {
        guard let identifier = environment["QUARTET_LOCALE"], !identifier.isEmpty else { return .current }
        return Locale(identifier: identifier)
    }

    /// The zone times are shown in: `TZ` when it names one (`Asia/Tokyo`, or `:Asia/Tokyo` as POSIX allows),
    /// else this machine's.
    public var timeZone: TimeZone {
        guard var name = environment["TZ"] else { return .current }
        if name.hasPrefix(":") { name.removeFirst() }
        return TimeZone(identifier: name) ?? .current
    }
}

/// A command of the `quartet` tool: a name, its options and either a body or subcommands.
public struct CommandSpec: Sendable {
    /// A command's work, returning the exit status (0 for success). A thrown ``UsageError`` is printed with a pointer
    /// to `--help`, exit status 2; any other error prints its message, exit status 1.
    public typealias Body = @Sendable (CommandContext) async throws -> Int32

    /// The word that selects the command (`quakes`); the tool's name at the root.
    public var name: String
    /// One line shown in the parent's command list.
    public var summary: String
    /// Positional argument names for the usage line (`["ID"]`, `["[TEXT]"]`).
    public var arguments: [String]
    /// The command's own options, accepted anywhere after its name (its subcommands take them too).
    public var options: [OptionSpec]
    /// The commands the next word selects; empty for a command that only runs.
    public var subcommands: [CommandSpec]
    /// Runs the command; `nil` for a command that only groups subcommands.
    public var body: Body?
    /// When set, a bare invocation of a group runs this subcommand's body (`quartet quakes` lists).
    public var defaultSubcommand: String?

    /// A command that runs `body`, or groups `subcommands` (a bare group runs `defaultSubcommand` when one is named).
    public init(
        _ name: String,
        summary: String,
        arguments: [String] = [],
        options: [OptionSpec] = [],
        subcommands: [CommandSpec] = [],
        defaultSubcommand: String? = nil,
        body: Body? = nil
    ) {
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.body = body
    }

    /// Finds a direct subcommand by name.
    public func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }
}
