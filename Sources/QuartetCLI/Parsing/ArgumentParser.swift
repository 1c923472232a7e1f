/// Parses `argv` against a tree of ``CommandSpec``s.
///
/// Rules, kept deliberately small:
/// - words are matched against subcommands until a command with a body is reached;
/// - `--name value` and `--name=value` set an option, `--flag` sets a flag, `--` ends options;
/// - options of every command on the path are accepted (so shared options work anywhere after their command);
/// - an absent option falls back to its environment variable, then to its default.
public struct ArgumentParser: Sendable {
    /// The tool's own command (`quartet`): its name starts every usage line, and its subcommands are the tree.
    public var root: CommandSpec

    /// A parser for the tree under `root`.
    public init(root: CommandSpec) { self.root = root }

    /// The outcome of parsing: a command to run, or help to print.
    public enum Outcome: Sendable {
        case run(CommandSpec, ParsedArguments)
        case help([CommandSpec])
        case version
    }

    /// The outcome of `arguments`; a ``UsageError`` names the command that was reached when the words went wrong.
    public func parse(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        var path: [CommandSpec] = [root]
        do {
            return try parse(arguments, environment: environment, path: &path)
        } catch var error as UsageError {
            error.command = error.command ?? path.dropFirst().map(\.name)
            throw error
        }
    }

    private func parse(_ arguments: [String], environment: [String: String], path: inout [CommandSpec]) throws
        -> Outcome
    {
        var index = 0
        var parsed = ParsedArguments()
        var options: [String: OptionSpec] = Dictionary(uniqueKeysWithValues: root.options.map { ($0.name, $0) })
        var optionsEnded = false

        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if !optionsEnded, word == "--" {
                optionsEnded = true
                continue
            }
            if !optionsEnded, word == "--help" || word == "-h" {
                return .help(path)
            }
            if !optionsEnded, word == "--version", path.count == 1 {
                return .version
            }
            if !optionsEnded, word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let name: String
                var inlineValue: String?
                if let equals = body.firstIndex(of: "=") {
                    name = String(body[..<equals])
                    inlineValue = String(body[body.index(after: equals)...])
                } else {
                    name = String(body)
                }
                guard let spec = options[name] else {
                    throw UsageError("unknown option --\(name) for '\(path.map(\.name).joined(separator: " "))'")
                }
                if spec.isFlag {
                    if inlineValue != nil { throw UsageError("--\(name) takes no value") }
                    parsed.flags.insert(name)
                } else {
                    if inlineValue == nil {
                        guard index < arguments.count else {
                            throw UsageError("--\(name) needs a value (\(spec.valueName ?? "VALUE"))")
                        }
                        inlineValue = arguments[index]
                        index += 1
                    }
                    parsed.values[name, default: []].append(inlineValue ?? "")
                }
                continue
            }
            if !optionsEnded, word.hasPrefix("-"), word.count > 1, Double(word) == nil {
                throw UsageError("unknown option \(word)")
            }
            // A word: a subcommand while the current command groups others, else a positional.
            let current = path[path.count - 1]
            if parsed.positionals.isEmpty, !current.subcommands.isEmpty, !optionsEnded {
                guard let next = current.subcommand(named: word) else {
                    if current.body != nil || current.defaultSubcommand != nil {
                        parsed.positionals.append(word)
                        continue
                    }
                    throw UsageError("unknown command '\(word)' for '\(path.map(\.name).joined(separator: " "))'")
                }
                path.append(next)
                for option in next.options { options[option.name] = option }
                continue
            }
            parsed.positionals.append(word)
        }

        var command = path[path.count - 1]
        if command.body == nil, let fallback = command.defaultSubcommand, let sub = command.subcommand(named: fallback)
        {
            path.append(sub)
            for option in sub.options { options[option.name] = option }
            command = sub
        }
        guard command.body != nil else { return .help(path) }
        let expected = command.arguments.filter { !$0.hasPrefix("[") && !$0.hasSuffix("...") }
        if parsed.positionals.count < expected.count {
            throw UsageError("'\(path.map(\.name).joined(separator: " "))' needs \(expected.joined(separator: " "))")
        }
        let takesMany = command.arguments.contains { $0.hasSuffix("...") }
        if !takesMany, parsed.positionals.count > command.arguments.count {
            throw UsageError("unexpected argument '\(parsed.positionals[command.arguments.count])'")
        }
        for option in options.values where !option.isFlag && parsed.values[option.name] == nil {
            if let variable = option.environment, let value = environment[variable], !value.isEmpty {
                parsed.values[option.name] = [value]
            } else if let value = option.defaultValue {
                parsed.values[option.name] = [value]
            }
        }
        parsed.commandPath = path.dropFirst().map(\.name)
        return .run(command, parsed)
    }

    /// Usage and help text for the command at the end of `path`.
    public static func help(for path: [CommandSpec]) -> String {
        guard let command = path.last else { return "" }
        let name = path.map(\.name).joined(separator: " ")
        var lines: [String] = []
        var usage = "usage: \(name)"
        if !command.subcommands.isEmpty { usage += " <command>" }
        if !command.arguments.isEmpty { usage += " " + command.arguments.joined(separator: " ") }
        let allOptions = path.flatMap(\.options)
        if !allOptions.isEmpty { usage += " [options]" }
        lines.append(usage)
        lines.append("")
        lines.append(command.summary)
        if !command.subcommands.isEmpty {
            lines.append("")
            lines.append("commands:")
            let width = command.subcommands.map(\.name.count).max() ?? 0
            for sub in command.subcommands {
                lines.append("  " + sub.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + sub.summary)
            }
        }
        if !allOptions.isEmpty {
            lines.append("")
            lines.append("options:")
            let labels = allOptions.map { option in
                "--" + option.name + (option.valueName.map { " " + $0 } ?? "")
            }
            let width = labels.map(\.count).max() ?? 0
            for (option, label) in zip(allOptions, labels) {
                var text = "  " + label.padding(toLength: width + 2, withPad: " ", startingAt: 0) + option.help
                if let variable = option.environment { text += " [$\(variable)]" }
                if let value = option.defaultValue { text += " (default: \(value))" }
                lines.append(text)
            }
        }
        return lines.joined(separator: "\n")
    }
}
