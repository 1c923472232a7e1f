import QuakesCore
import Testing

@testable import QuartetCLI

/// A small tree that exercises every parsing rule without touching the real commands.
private let tree = CommandSpec(
    "tool",
    summary: "test tool",
    subcommands: [
        CommandSpec(
            "serve",
            summary: "serve",
            options: [
                OptionSpec("port", value: "PORT", help: "port", environment: "T_PORT", default: "8080"),
                .flag("verbose", help: "chatty"),
            ],
            body: { _ in 0 }
        ),
        CommandSpec(
            "quakes",
            summary: "quakes",
            options: ClientOptions.specs + [.flag("json", help: "json"), OptionSpec("tag", value: "T", help: "tags")],
            subcommands: [
                CommandSpec("show", summary: "show one", arguments: ["ID"], body: { _ in 0 }),
                CommandSpec("list", summary: "list", arguments: ["[TEXT]"], body: { _ in 0 }),
            ],
            defaultSubcommand: "list"
        ),
    ]
)

private func run(_ words: [String], env: [String: String] = [:]) throws -> (String, ParsedArguments) {
    switch try ArgumentParser(root: tree).parse(words, environment: env) {
    case .run(let command, let parsed): return (command.name, parsed)
    case .help(let path): return ("help:" + path.map(\.name).joined(separator: " "), ParsedArguments())
    case .version: return ("version", ParsedArguments())
    }
}

@Test func optionsTakeSpaceOrEqualsAndFallBackToEnvironmentThenDefault() throws {
    #expect(try run(["serve", "--port", "9000"]).1.value("port") == "9000")
    #expect(try run(["serve", "--port=9001"]).1.value("port") == "9001")
    #expect(try run(["serve"], env: ["T_PORT": "7000"]).1.value("port") == "7000")
    #expect(try run(["serve"]).1.value("port") == "8080")
    #expect(try run(["serve", "--port", "1"], env: ["T_PORT": "7000"]).1.value("port") == "1")
}

@Test func flagsAndRepeatedOptions() throws {
    let (_, parsed) = try run(["quakes", "list", "--json", "--tag", "a", "--tag=b"])
    #expect(parsed.flag("json"))
    #expect(!parsed.flag("verbose"))
    #expect(parsed.all("tag") == ["a", "b"])
}

@Test func subcommandsPositionalsAndDefaultSubcommand() throws {
    let (name, parsed) = try run(["quakes", "show", "us7000abcd"])
    #expect(name == "show")
    #expect(parsed.positionals == ["us7000abcd"])
    #expect(parsed.commandPath == ["quakes", "show"])
    #expect(try run(["quakes"]).0 == "list")
    #expect(try run(["quakes", "--json"]).0 == "list")
}

@Test func sharedClientOptionsAreDefinedOnceWithEnvironment() throws {
    let (_, parsed) = try run(["quakes", "list"], env: ["QUARTET_SERVER": "http://10.1.2.3:9", "HOME": "/home/x"])
    let options = try ClientOptions(parsed, environment: ["HOME": "/home/x"], badServer: QuakeMessages.badServer)
    #expect(options.server.absoluteString == "http://10.1.2.3:9")
    #expect(options.dataDirectory.path == "/home/x/.quartet")
    let explicit = try ClientOptions(
        try run(["quakes", "--server", "https://q.example", "--data-dir", "/tmp/d"]).1,
        environment: [:], badServer: QuakeMessages.badServer
    )
    #expect(explicit.server.host == "q.example")
    #expect(explicit.dataDirectory.path == "/tmp/d")
}

@Test(arguments: ["ftp://nope", "127.0.0.1:8080", "http://", "/tmp/server"])
func badServerURLIsAUsageErrorInTheAppsWords(server: String) throws {
    let parsed = try run(["quakes", "--server", server]).1
    #expect(throws: UsageError(QuakeMessages.badServer(server))) {
        try ClientOptions(parsed, environment: [:], badServer: QuakeMessages.badServer)
    }
}

@Test(arguments: [
    (["bogus"], "unknown command 'bogus' for 'tool'", []),
    (["serve", "--nope"], "unknown option --nope for 'tool serve'", ["serve"]),
    (["serve", "--port"], "--port needs a value (PORT)", ["serve"]),
    (["serve", "--verbose=yes"], "--verbose takes no value", ["serve"]),
    (["quakes", "show"], "'tool quakes show' needs ID", ["quakes", "show"]),
    (["quakes", "show", "a", "b"], "unexpected argument 'b'", ["quakes", "show"]),
    (["serve", "-x"], "unknown option -x", ["serve"]),
])
func mistakesAreOneLineUsageErrorsNamingTheCommandReached(words: [String], message: String, command: [String]) {
    var expected = UsageError(message)
    expected.command = command
    #expect(throws: expected) { try run(words) }
}

@Test func helpAndVersion() throws {
    #expect(try run(["--help"]).0 == "help:tool")
    #expect(try run(["quakes", "show", "--help"]).0 == "help:tool quakes show")
    #expect(try run(["--version"]).0 == "version")
    let text = ArgumentParser.help(for: [tree, tree.subcommands[0]])
    #expect(text.contains("usage: tool serve [options]"))
    #expect(text.contains("--port PORT"))
    #expect(text.contains("[$T_PORT]"))
    #expect(text.contains("(default: 8080)"))
}

@Test func doubleDashEndsOptionsAndNegativeNumbersArePositionals() throws {
    #expect(try run(["quakes", "list", "--", "--json"]).1.positionals == ["--json"])
    #expect(try run(["quakes", "list", "-3.5"]).1.positionals == ["-3.5"])
}

@Test func typedValuesNameTheOption() throws {
    let parsed = ParsedArguments(values: ["port": ["eighty"]])
    #expect(throws: UsageError("--port expects a port number, not 'eighty'")) {
        try parsed.value("port", as: "a port number") { UInt16($0) }
    }
}

/// The parser reads a repeatable argument only from a name ending in `...` (`TEXT...`, `[PATH]...`), in last
/// place; `[PATH...]` once made `import` refuse a third file. Every command of the tool is checked.
@Test func everyRepeatableArgumentIsWrittenAsTheParserReadsIt() {
    func check(_ command: CommandSpec, path: String) {
        for (index, argument) in command.arguments.enumerated() where argument.contains("...") {
            #expect(argument.hasSuffix("..."), "\(path): \(argument)")
            #expect(index == command.arguments.count - 1, "\(path): \(argument) is not last")
        }
        for sub in command.subcommands { check(sub, path: path + " " + sub.name) }
    }
    check(QuartetTool.root, path: "quartet")
}

/// Every command reads the locale and zone one way: an empty `QUARTET_LOCALE` is unset (it once wrote dates as
/// "2017 M12 3"), and `TZ` may start with the colon POSIX allows.
@Test func theLocaleAndZoneComeFromTheEnvironmentAsPOSIXWritesThem() throws {
    func context(_ environment: [String: String]) -> CommandContext {
        CommandContext(arguments: ParsedArguments(), environment: environment, console: CapturedConsole().console)
    }
    #expect(context(["QUARTET_LOCALE": "de_DE"]).locale.identifier == "de_DE")
    #expect(context(["QUARTET_LOCALE": ""]).locale == .current)
    #expect(context([:]).locale == .current)
    #expect(context(["TZ": "Asia/Tokyo"]).timeZone.identifier == "Asia/Tokyo")
    #expect(context(["TZ": ":Asia/Tokyo"]).timeZone.identifier == "Asia/Tokyo")
    #expect(context(["TZ": "Nowhere/Land"]).timeZone == .current)
}
