import AttendeeModels
import AttendeeServer
import ChangeJarModels
import Foundation
import QuakesCore
import QuartetServer
import SalesCore
import Testing

@testable import QuartetCLI

/// A number in `--help` that states a rule (a length, a count, a size, a magnitude) is the rule's own constant, so
/// the help cannot drift from what the core enforces when the rule changes. The help said "1 to 120 characters",
/// "2 to 10" options, "images over 25 MB", "past 30 days", "magnitude 3.5" and "bursts of 2N", each typed in the
/// command line.
@Suite struct HelpTextNumbersTests {
    /// Numbers that are examples or conventions, not rules: a duration's spelling, a feed's name, port 0, the day
    /// counted from, what 0 means for a limit, an HTTP status, a protocol's name.
    static let examples = [
        "90m, 24h, 7d", "all_month, 4.5_week", "all_month.geojson, 4.5_week.geojson", "(0 picks a free one)",
        "from 1 (default: 1)", "(0: no limit", "(slower: 408; 0: no limit)", "IPv6",
    ]

    /// Every number in a summary or an option's help is either an example above or put there from a constant: no
    /// string literal in `Sources/QuartetCLI` spells it with the words around it.
    @Test func noNumberOfAHelpTextIsTypedInTheCommandLine() throws {
        let source = try Self.commandLineSource()
        var typed: [String] = []
        for (path, text) in Self.texts(of: QuartetTool.root, path: []) {
            var rest = text
            for example in Self.examples { rest = rest.replacingOccurrences(of: example, with: "…") }
            for (before, number, after) in Self.numbers(in: rest)
            // NB: a number put in by interpolation stands beside `\(` in the source, never beside its words.
            where (!before.isEmpty && source.contains(before + number))
                || (!after.isEmpty && source.contains(number + after))
            {
                typed.append("\(path.joined(separator: " ")): \(text)")
            }
        }
        #expect(typed == [])
    }

    /// The help says the numbers the cores hold.
    @Test func theHelpStatesTheCoresRules() throws {
        var texts: [String: String] = [:]
        for (path, text) in Self.texts(of: QuartetTool.root, path: []) {
            texts[path.joined(separator: " "), default: ""] += text + "\n"
        }
        func help(_ path: String) -> String { texts[path] ?? "" }
        #expect(help("quartet changejar submit --title").contains(ActionRules.phrase(ActionRules.titleLength)))
        let content = help("quartet changejar submit --content")
        #expect(content == "\(ActionRules.phrase(ActionRules.contentLength)) characters\n")
        #expect(content == "1 to 2,000 characters\n")
        let options = PollDraft.optionCount
        #expect(
            help("quartet attendee poll create --option").contains("\(options.lowerBound) to \(options.upperBound)"))
        #expect(help("quartet sales attachment add").contains("over \(SalesText.limitMegabytes) MB"))
        #expect(help("quartet sales attachment add").contains("over 25 MB"))
        #expect(help("quartet quakes").contains("past \(QuakeFeed.allMonth.period.days) days"))
        #expect(help("quartet quakes map").contains("magnitude \(QuakeMapAnnotation.minimumMagnitude) "))
        #expect(help("quartet serve --rate-limit").contains("bursts of \(ServerConfiguration.burstPerRate)N"))
    }

    /// Every option's default that `--help` shows (`(default: 100)`) is the value the code uses when the option is
    /// left out, read from where the code keeps it (the server's configuration, the sign-in throttle, the feed, the
    /// command's own constant). `serve --rate-limit` showed a typed `100` beside ``ServerConfiguration``'s own.
    /// An option given a default and not listed here fails too: its default must be named.
    @Test func everyDefaultTheHelpShowsIsTheOneTheCodeUses() throws {
        let server = ServerConfiguration()
        var used: [String: String] = [
            "quartet serve --host": server.host,
            "quartet serve --port": String(server.port),
            "quartet serve --data-dir": ServerConfiguration.defaultDataDirectory,
            "quartet serve --rate-limit": ServeCommand.written(server.rateLimit),
            "quartet serve --max-connections-per-address": String(server.connectionsPerAddress),
            "quartet serve --min-body-rate": String(server.minimumBodyRate),
            "quartet serve --attendee-signin-failures": String(SignInThrottle().allowedFailures),
            "quartet serve --attendee-signin-window": ServeCommand.written(SignInThrottle().window / 60),
            "quartet quakes --feed": QuakeFeed.allMonth.name,
            "quartet quakes map --output": QuakesCommand.defaultMapFile,
            "quartet sales signin --username": SalesCommand.defaultUsername,
            "quartet sales account update --locale": AccountCommands.defaultLocale,
            "quartet changejar signin --provider": ChangeJarCommand.defaultProvider.rawValue,
        ]
        for group in ["quakes", "sales", "changejar", "attendee"] {
            used["quartet \(group) --server"] = ClientOptions.localServer.absoluteString
            used["quartet \(group) --data-dir"] = ClientOptions.defaultDataDirectory
        }
        #expect(Self.defaults(of: QuartetTool.root, path: []) == used)
    }

    /// What `serve` runs with when told nothing is ``ServerConfiguration``'s defaults: the defaults its help shows
    /// are the ones it reads, and its own fallbacks (the options' defaults taken away) are the same.
    @Test func serveToldNothingRunsWithTheConfigurationsDefaults() throws {
        var expected = ServerConfiguration()
        expected.version = QuartetTool.version
        for root in [QuartetTool.root, Self.withoutDefaults(QuartetTool.root)] {
            let parsed = try Self.parsed(["serve"], root)
            let context = CommandContext(arguments: parsed, environment: [:], console: CapturedConsole().console)
            #expect(try ServeCommand.configuration(context) == expected)
        }
    }

    /// A client command told nothing talks to the server and keeps its data where the help says.
    @Test func aClientToldNothingUsesTheDefaultsItsHelpShows() throws {
        let shown = try ClientOptions(Self.parsed(["quakes", "list"], QuartetTool.root), environment: [:]) { $0 }
        let fallen = try ClientOptions(
            Self.parsed(["quakes", "list"], Self.withoutDefaults(QuartetTool.root)), environment: [:]
        ) { $0 }
        #expect(shown == fallen)
        #expect(shown.server == ClientOptions.localServer)
    }

    /// The words `args` parse to under `root`, with no environment.
    static func parsed(_ arguments: [String], _ root: CommandSpec) throws -> ParsedArguments {
        guard case .run(_, let parsed) = try ArgumentParser(root: root).parse(arguments, environment: [:]) else {
            throw CancellationError()
        }
        return parsed
    }

    /// `command` with no option's default: what the code falls back on by itself.
    static func withoutDefaults(_ command: CommandSpec) -> CommandSpec {
        var command = command
        command.options = command.options.map { option in
            var option = option
            option.defaultValue = nil
            return option
        }
        command.subcommands = command.subcommands.map(withoutDefaults)
        return command
    }

    /// Each option's default as help shows it, by its path (`quartet serve --rate-limit`).
    static func defaults(of command: CommandSpec, path: [String]) -> [String: String] {
        let path = path + [command.name]
        var defaults: [String: String] = [:]
        for option in command.options {
            if let value = option.defaultValue {
                defaults[(path + ["--" + option.name]).joined(separator: " ")] = value
            }
        }
        for subcommand in command.subcommands {
            defaults.merge(Self.defaults(of: subcommand, path: path)) { first, _ in first }
        }
        return defaults
    }

    /// Each number of `text` (`120`, `2,000`, `3.5`) with up to 8 characters before and after it.
    static func numbers(in text: String) -> [(before: String, number: String, after: String)] {
        let characters = Array(text)
        var found: [(before: String, number: String, after: String)] = []
        var index = 0
        while index < characters.count {
            guard characters[index].isASCII, characters[index].isNumber else {
                index += 1
                continue
            }
            var end = index + 1
            while end < characters.count,
                (characters[end].isASCII && characters[end].isNumber)
                    || ((characters[end] == "." || characters[end] == ",") && end + 1 < characters.count
                        && characters[end + 1].isASCII && characters[end + 1].isNumber)
            {
                end += 1
            }
            let before = String(characters[max(0, index - 8)..<index])
            let after = String(characters[end..<min(characters.count, end + 8)])
            found.append((before, String(characters[index..<end]), after))
            index = end
        }
        return found
    }

    /// Each command's summary and each option's help, by its path (`quartet quakes map`, `… submit --title`).
    static func texts(of command: CommandSpec, path: [String]) -> [([String], String)] {
        let path = path + [command.name]
        var texts: [([String], String)] = [(path, command.summary)]
        for option in command.options { texts.append((path + ["--" + option.name], option.help)) }
        for subcommand in command.subcommands { texts += Self.texts(of: subcommand, path: path) }
        return texts
    }

    /// The command line's Swift files, one after the other.
    static func commandLineSource() throws -> String {
        let folder = StringKeys.sources.appendingPathComponent("QuartetCLI")
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(files.count > 10)
        // NB: without comments, which may say a rule's number in words ("magnitude 3.5") without printing it.
        let lines = try files.flatMap { try String(contentsOf: $0, encoding: .utf8).split(separator: "\n") }
        return lines.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
    }
}
