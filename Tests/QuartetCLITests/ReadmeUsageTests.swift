import Foundation
import QuartetCLI
import Testing

/// README's "The command line" is where a user learns what `quartet` does: every command of every app is on its
/// usage lines, and every option of `quartet serve` (the one command whose options are configuration). A command
/// added without a README line, or one renamed, fails here.
@Suite struct ReadmeUsageTests {
    @Test(arguments: ["quakes", "sales", "changejar", "attendee"])
    func everyCommandOfAnAppIsOnItsUsageLines(_ app: String) throws {
        let lines = try ReadmeUsage.lines(of: app)
        let spec = try #require(QuartetTool.root.subcommands.first { $0.name == app })
        #expect(!spec.subcommands.isEmpty)
        for command in spec.subcommands where !ReadmeUsage.names(command.name, in: lines) {
            Issue.record("README's usage lines for 'quartet \(app)' do not name '\(command.name)'")
        }
    }

    @Test func everyOptionOfServeIsOnItsUsageLines() throws {
        let lines = try ReadmeUsage.lines(of: "serve")
        let spec = try #require(QuartetTool.root.subcommands.first { $0.name == "serve" })
        #expect(spec.options.count > 10)
        for option in spec.options where !ReadmeUsage.names("--" + option.name, in: lines) {
            Issue.record("README's usage lines for 'quartet serve' do not name '--\(option.name)'")
        }
    }

    @Test func aNameIsAWholeWord() {
        #expect(ReadmeUsage.names("map", in: "quartet quakes [list|map --output x]"))
        #expect(!ReadmeUsage.names("agenda", in: "quartet attendee my-agenda EVENT"))
        #expect(!ReadmeUsage.names("--port", in: "quartet serve [--ports N]"))
    }
}

/// Reads README's usage block: the indented lines under "## The command line", each app's from its `quartet APP`
/// line to the next one.
enum ReadmeUsage {
    static let readme = StringKeys.sources.deletingLastPathComponent().appendingPathComponent("README.md")

    static func lines(of command: String) throws -> String {
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let heading = text.range(of: "## The command line\n") else { return "" }
        var block: [Substring] = []
        for line in text[heading.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("    ") {
                block.append(line)
            } else if !block.isEmpty {
                break
            }
        }
        var lines: [Substring] = []
        var isCommand = false
        for line in block {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("quartet ") { isCommand = trimmed.hasPrefix("quartet \(command) ") }
            if isCommand { lines.append(line) }
        }
        return lines.joined(separator: "\n")
    }

    /// Whether `name` stands in `text` as a whole word (letters, digits and hyphens around it end it).
    static func names(_ name: String, in text: String) -> Bool {
        let isWordCharacter = { (character: Character) in character.isLetter || character.isNumber || character == "-" }
        var rest = text[...]
        while let range = rest.range(of: name) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !(before.map(isWordCharacter) ?? false), !(after.map(isWordCharacter) ?? false) { return true }
            rest = text[range.upperBound...]
        }
        return false
    }
}
