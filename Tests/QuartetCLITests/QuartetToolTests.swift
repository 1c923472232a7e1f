import Foundation
import Locking
import Testing

@testable import QuartetCLI

/// Captures what a command writes, for assertions.
final class CapturedConsole: Sendable {
    private let out = Locked("")
    private let err = Locked("")

    var console: Console {
        Console(
            write: { text in self.out.withLock { $0 += text } },
            writeError: { text in self.err.withLock { $0 += text } },
            isTerminal: false
        )
    }
    var output: String { out.withLock { $0 } }
    var errors: String { err.withLock { $0 } }
}

@Test func unknownCommandExitsTwoWithOneLineAndUsage() async {
    let captured = CapturedConsole()
    let code = await QuartetTool.run(["frobnicate"], environment: [:], console: captured.console)
    #expect(code == 2)
    #expect(captured.errors == "quartet: unknown command 'frobnicate' for 'quartet'\nusage: see 'quartet --help'\n")
    #expect(captured.output.isEmpty)
}

@Test func aUsageErrorPointsToTheHelpOfTheCommandThatRefusedIt() async {
    // The parser's refusals name the command it had reached; a body's refusal names the command that ran.
    let cases: [([String], String)] = [
        (["attendee", "register", "e1", "--answer", "x"], "quartet attendee register --help"),
        (["attendee", "frobnicate"], "quartet attendee --help"),
        (["serve", "--port"], "quartet serve --help"),
        (["sales", "account", "update", "001"], "quartet sales account update --help"),
    ]
    for (arguments, help) in cases {
        let captured = CapturedConsole()
        let code = await QuartetTool.run(arguments, environment: ["HOME": "/nonexistent"], console: captured.console)
        #expect(code == 2, "\(arguments)")
        #expect(captured.errors.hasSuffix("\nusage: see '\(help)'\n"), "\(arguments): \(captured.errors)")
    }
}

@Test func badFlagExitsTwo() async {
    let captured = CapturedConsole()
    let code = await QuartetTool.run(["serve", "--port", "x"], environment: [:], console: captured.console)
    #expect(code == 2)
    #expect(captured.errors.hasPrefix("quartet: --port expects a port number (0-65535), not 'x'\n"))
}

@Test func versionAndHelp() async {
    let captured = CapturedConsole()
    #expect(await QuartetTool.run(["--version"], environment: [:], console: captured.console) == 0)
    #expect(captured.output == "quartet \(QuartetTool.version)\n")
    let help = CapturedConsole()
    #expect(await QuartetTool.run(["--help"], environment: [:], console: help.console) == 0)
    #expect(help.output.contains("serve"))
    let serveHelp = CapturedConsole()
    #expect(await QuartetTool.run(["serve", "--help"], environment: [:], console: serveHelp.console) == 0)
    #expect(serveHelp.output.contains("--port PORT"))
}

/// Every app's `--json` is printed one way: keys sorted, a URL's slashes as they are, indented unless a stream
/// asks for one value a line; the app's encoder brings only its date format.
@Test func jsonOutputIsOneFormatForEveryApp() throws {
    struct Row: Encodable {
        var url = "https://example.com/a/b"
        var at = Date(timeIntervalSince1970: 0)
        var count = 2
    }
    let captured = CapturedConsole()
    let dates = JSONEncoder()
    dates.dateEncodingStrategy = .iso8601
    try captured.console.json(Row(), encoder: dates)
    try captured.console.json(Row(), encoder: dates, compact: true)
    #expect(
        captured.output == """
            {
              "at" : "1970-01-01T00:00:00Z",
              "count" : 2,
              "url" : "https://example.com/a/b"
            }
            {"at":"1970-01-01T00:00:00Z","count":2,"url":"https://example.com/a/b"}

            """)
}

/// Text from other people and from servers reaches the terminal as text: control characters become `�`.
@Test func printedTextCannotControlTheTerminal() {
    #expect(Console.terminalSafe("Plant a tree 🌳\n\tin spring") == "Plant a tree 🌳\n\tin spring")
    #expect(Console.terminalSafe("Dave\u{1B}]0;pwned\u{07}\u{1B}[2J") == "Dave�]0;pwned��[2J")
    #expect(Console.terminalSafe("over\rwrite\u{7F}\u{9B}31m\u{0}") == "over�write��31m�")
    #expect(Console.terminalSafe("Eve\u{202E}gnp.exe\u{202C} \u{2067}x\u{2069}") == "Eve�gnp.exe� �x�")
    #expect(Console.terminalSafe("שלום\u{200F} سلام\u{200E}!") == "שלום\u{200F} سلام\u{200E}!")
    let captured = CapturedConsole()
    captured.console.line("a\u{1B}[31mb")
    captured.console.errorLine("c\u{1B}[31md")
    captured.console.line("tinted\u{1B}[0m", style: "\u{1B}[91m")
    #expect(captured.output == "a�[31mb\n\u{1B}[91mtinted�[0m\u{1B}[0m\n")
    #expect(captured.errors == "c�[31md\n")
}

/// Whatever the app, the line that says why a command failed leads with the program's name, as a Unix tool's does,
/// so a script or a person reading a log tells it from a notice printed beside a result.
@Test func aFailingCommandOfEveryAppSaysWhyAfterTheProgramsName() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("failure-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let commands: [[String]] = [
        ["quakes"], ["changejar", "all"], ["attendee", "events"],
        ["sales", "signin", "--username", "a", "--password", "b"],
    ]
    for command in commands {
        let captured = CapturedConsole()
        let code = await QuartetTool.run(
            command + [
                "--server", "http://127.0.0.1:1", "--data-dir", folder.appendingPathComponent(command[0]).path,
            ],
            environment: ["HOME": folder.path], console: captured.console)
        #expect(code == 1, "\(command)")
        #expect(captured.output.isEmpty, "\(command)")
        let lines = captured.errors.split(separator: "\n")
        #expect(lines.count == 1, "\(command): \(captured.errors)")
        #expect(lines.allSatisfy { $0.hasPrefix("\(Console.program): ") }, "\(command): \(captured.errors)")
    }
}
