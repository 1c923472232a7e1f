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
