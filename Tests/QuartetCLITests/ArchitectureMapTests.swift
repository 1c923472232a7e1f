import Foundation
import Testing

/// docs/ARCHITECTURE.md's table "Where each app's rules live" is a newcomer's one hop from a rule to the file that
/// decides it: every file it names is there, and every name it gives in parentheses after a file is spelled in it.
/// A file moved or a function renamed without the map fails here, not in a newcomer's search.
@Suite struct ArchitectureMapTests {
    @Test func everyFileTheRuleTableNamesIsThereWithTheNamesItGives() throws {
        let text = try String(contentsOf: ArchitectureMap.document, encoding: .utf8)
        let rows = try #require(ArchitectureMap.ruleRows(in: text))
        #expect(rows.count >= 40, "the rule table was not found whole (\(rows.count) rows)")
        var checkedFiles = 0
        for row in rows {
            let references = ArchitectureMap.references(in: row.files)
            #expect(!references.isEmpty, "“\(row.rule)” names no file")
            var resolver = ArchitectureMap.Resolver(sources: StringKeys.sources)
            for reference in references {
                guard let file = resolver.resolve(reference.path) else {
                    Issue.record("“\(row.rule)”: \(reference.path) is not under Sources/")
                    continue
                }
                checkedFiles += 1
                guard !reference.names.isEmpty, !file.hasDirectoryPath else { continue }
                let source = try String(contentsOf: file, encoding: .utf8)
                for name in reference.names where !source.contains(ArchitectureMap.identifier(of: name)) {
                    Issue.record("“\(row.rule)”: \(reference.path) does not spell \(name)")
                }
            }
        }
        #expect(checkedFiles >= 100)
    }

    @Test func aPathIsFoundFromTheOneBeforeIt() {
        let references = ArchitectureMap.references(
            in:
                "`SalesCore/Storage/PendingEdit.swift` (`SalesOutbox.send`, `signedIn(as:)`), `Screens/A.swift`, `B.swift`"
        )
        #expect(references.map(\.path) == ["SalesCore/Storage/PendingEdit.swift", "Screens/A.swift", "B.swift"])
        #expect(references[0].names == ["SalesOutbox.send", "signedIn(as:)"])
        #expect(ArchitectureMap.identifier(of: "SalesOutbox.send") == "send")
        #expect(ArchitectureMap.identifier(of: "signedIn(as:)") == "signedIn")
        #expect(ArchitectureMap.identifier(of: "maxLength") == "maxLength")
    }
}

/// Reads docs/ARCHITECTURE.md's rule table.
enum ArchitectureMap {
    static let document = StringKeys.sources.deletingLastPathComponent()
        .appendingPathComponent("docs/ARCHITECTURE.md")

    struct Row {
        var rule: String
        var files: String
    }

    /// A file the table names, and the names given after it in parentheses.
    struct Reference: Equatable {
        var path: String
        var names: [String] = []
    }

    /// The rows of the table under "Where each app's rules live", or `nil` when the heading is not there.
    static func ruleRows(in text: String) -> [Row]? {
        guard let heading = text.range(of: "## Where each app's rules live") else { return nil }
        let section = text[heading.upperBound...]
        var rows: [Row] = []
        var inTable = false
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("|") else {
                if inTable { break }
                continue
            }
            inTable = true
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, cells[0] != "app", !cells[0].hasPrefix("---") else { continue }
            rows.append(Row(rule: String(cells[1].prefix(60)), files: cells[cells.count - 1]))
        }
        return rows
    }

    /// The files a cell names (a code span ending in `.swift` or `/`), each with the code spans in the parentheses
    /// that follow it.
    static func references(in cell: String) -> [Reference] {
        var references: [Reference] = []
        var depth = 0
        var rest = Substring(cell)
        while let next = rest.firstIndex(where: { $0 == "`" || $0 == "(" || $0 == ")" }) {
            switch rest[next] {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            default:
                let start = rest.index(after: next)
                guard let end = rest[start...].firstIndex(of: "`") else { return references }
                let span = String(rest[start..<end])
                if depth > 0 {
                    if !references.isEmpty { references[references.count - 1].names.append(span) }
                } else if span.hasSuffix(".swift") || span.hasSuffix("/") {
                    references.append(Reference(path: span))
                }
                rest = rest[rest.index(after: end)...]
                continue
            }
            rest = rest[rest.index(after: next)...]
        }
        return references
    }

    /// The identifier a name ends in: `send` of `SalesOutbox.send`, `signedIn` of `signedIn(as:)`.
    static func identifier(of name: String) -> String {
        let withoutArguments = name.split(separator: "(", maxSplits: 1).first.map(String.init) ?? name
        return withoutArguments.split(separator: ".").last.map(String.init) ?? withoutArguments
    }

    /// Finds a path as the table writes it: from `Sources/`, else inside the module of the last path found, else
    /// in the folder of the last file found (`Screens/A.swift` after `SalesCore/…`, `B.swift` after `…/Screens/A.swift`).
    struct Resolver {
        var sources: URL
        private var module: URL?
        private var folder: URL?

        init(sources: URL) {
            self.sources = sources
        }

        mutating func resolve(_ path: String) -> URL? {
            let candidates = [sources, module, folder].compactMap { $0?.appendingPathComponent(path) }
            guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
                return nil
            }
            let components = path.split(separator: "/")
            if components.count > 1, found == candidates.first {
                module = sources.appendingPathComponent(String(components[0]))
            }
            folder = path.hasSuffix("/") ? found : found.deletingLastPathComponent()
            return found
        }
    }
}
