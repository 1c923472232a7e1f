import Foundation
import Testing

/// Every sentence of every string table is one a screen, a command or a rule asks for: a key nothing reads is a
/// sentence kept, and translated, for nothing (or one a screen forgot to show).
@Suite struct StringKeysTests {
    @Test(arguments: StringKeys.modulesWithATable)
    func everyKeyOfTheTableIsAskedFor(_ module: String) throws {
        #expect(try StringKeys.unused(inTableOf: module) == [])
    }

    @Test func everyTableIsChecked() {
        // Found, not listed, so that a new module's table cannot be left out (LocalStore's once was).
        #expect(
            Set(StringKeys.modulesWithATable).isSuperset(of: [
                "QuakesCore", "SalesCore", "ChangeJarCore", "AttendeeCore", "AttendeeModels", "APIClient",
                "Localization", "LocalStore",
            ]))
    }

    /// The apps tell a person they are offline in one voice: `You're offline…`, never `You are offline…` or
    /// `You appear to be offline…` (a sentence that does not address the reader, `Offline: agenda saved…`, may
    /// say it its own way).
    @Test(arguments: StringKeys.modulesWithATable)
    func offlineIsSaidInOneVoice(_ module: String) throws {
        let table = StringKeys.sources.appendingPathComponent("\(module)/Resources/en.lproj/Localizable.strings")
        let sentences = try String(contentsOf: table, encoding: .utf8).split(separator: "\n")
            .compactMap { $0.split(separator: "= \"", maxSplits: 1).dropFirst().first }
        let offline = sentences.filter { $0.localizedCaseInsensitiveContains("offline") && $0.hasPrefix("You") }
        #expect(offline.filter { !$0.hasPrefix("You're offline") } == [])
    }

    /// docs/ARCHITECTURE.md sends a newcomer to a core's `Strings/` for every sentence a screen or a command shows:
    /// the tables it names are declared there, not beside a screen's model.
    @Test(arguments: [
        ("QuakesCore", "QuakeScreenText"), ("QuakesCore", "QuakeMessages"), ("SalesCore", "SalesText"),
        ("SalesCore", "SalesCommandText"), ("ChangeJarCore", "ChangeJarScreenText"),
        ("ChangeJarCore", "ChangeJarCommandText"), ("AttendeeCore", "AttendeeScreenText"),
        ("AttendeeCore", "AttendeeCommandText"),
    ])
    func aCoresStringTableLivesInItsStringsFolder(_ module: String, _ table: String) throws {
        #expect(try StringKeys.folders(declaring: "public enum \(table) {", in: module) == ["Strings"])
    }

    @Test func aKeyIsAskedForWhole() {
        #expect(StringKeys.keys(in: "/* c */\n\"a.b\" = \"A\";\n\"c\"=\"x = y\";\nnot a key\n") == ["a.b", "c"])
        let asked = StringKeys.Asked(
            code: #"Strings.text("poll.kind.\(kind)") + text("session.kind." + raw) + "Hello, \(name)" + "wall.title""#)
        #expect(asked.prefixes == ["poll.kind.", "session.kind."])
        #expect(asked.names("wall.title") && asked.names("poll.kind.quiz") && asked.names("session.kind.talk"))
        #expect(!asked.names("wall") && !asked.names("title") && !asked.names("Hello, "))
    }
}

/// The keys of an app's string table that no source file asks for: sentences kept, and translated, for nothing.
///
/// A key counts as asked for when a Swift file under `Sources` spells it in quotes (`"wall.title"`), or builds it
/// from a quoted prefix and a value (`"poll.kind.\(kind.rawValue)"`, `"session.kind." + kind.rawValue`).
enum StringKeys {
    /// The repository's `Sources` folder, found from this file's place in `Tests/QuartetCLITests`.
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// The modules under `Sources` with an English strings table, by name.
    static let modulesWithATable: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []).sorted().filter { module in
            FileManager.default.fileExists(
                atPath: sources.appendingPathComponent("\(module)/Resources/en.lproj/Localizable.strings").path)
        }

    /// What the sources ask for, read once for every table.
    static let asked = Result { Asked(code: try swiftSources()) }

    /// The keys of `Sources/<module>/Resources/en.lproj/Localizable.strings` no Swift source asks for, in the
    /// table's order.
    static func unused(inTableOf module: String) throws -> [String] {
        let table = sources.appendingPathComponent("\(module)/Resources/en.lproj/Localizable.strings")
        let asked = try asked.get()
        return keys(in: try String(contentsOf: table, encoding: .utf8)).filter { !asked.names($0) }
    }

    /// The keys of a `.strings` file (`"key" = "sentence";`), in order.
    static func keys(in table: String) -> [String] {
        table.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("\""), let end = line.dropFirst().firstIndex(of: "\""),
                line[line.index(after: end)...].trimmingCharacters(in: .whitespaces).hasPrefix("=")
            else { return nil }
            return String(line[line.index(after: line.startIndex)..<end])
        }
    }

    /// The texts between quotes in the sources, and the dotted prefixes keys are built from.
    struct Asked: Sendable {
        /// Every run of text between two quotes (in a literal or not: a key is found either way).
        let quoted: Set<Substring>
        /// `poll.kind.` of `"poll.kind.\(kind)"`, and `session.kind.` of `"session.kind." + raw`.
        let prefixes: Set<String>

        init(code: String) {
            // NB: one pass over the sources; a `contains` per key over megabytes of code took half a minute of
            // both cores and starved the socket tests running beside it.
            let runs = code.split(separator: "\"", omittingEmptySubsequences: false)
            quoted = Set(runs)
            prefixes = Set(
                runs.compactMap { run in
                    let start = run.range(of: "\\(").map { run[..<$0.lowerBound] } ?? run
                    guard start.hasSuffix("."), start.contains("."), !start.contains(" "),
                        start.first?.isLetter == true
                    else { return nil }
                    return String(start)
                })
        }

        /// Whether `key` is spelled whole between quotes, or starts with a prefix keys are built from.
        func names(_ key: String) -> Bool {
            quoted.contains(Substring(key)) || prefixes.contains { key.hasPrefix($0) }
        }
    }

    /// The folders of `Sources/<module>` (relative to it) whose Swift files contain `declaration`.
    static func folders(declaring declaration: String, in module: String) throws -> [String] {
        let root = sources.appendingPathComponent(module).standardizedFileURL.path + "/"
        var folders: Set<String> = []
        let files = FileManager.default.enumerator(
            at: sources.appendingPathComponent(module), includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift",
                try String(contentsOf: file, encoding: .utf8).contains(declaration)
            else { continue }
            folders.insert(String(file.deletingLastPathComponent().standardizedFileURL.path.dropFirst(root.count)))
        }
        return folders.sorted()
    }

    /// Every Swift file under `Sources`, one after another.
    static func swiftSources() throws -> String {
        var code = ""
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            code += try String(contentsOf: file, encoding: .utf8) + "\n"
        }
        return code
    }
}
