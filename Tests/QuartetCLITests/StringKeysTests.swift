import Foundation
import Testing

/// Every sentence of every string table is one a screen, a command or a rule asks for: a key nothing reads is a
/// sentence kept, and translated, for nothing (or one a screen forgot to show).
@Suite struct StringKeysTests {
    @Test(arguments: ["QuakesCore", "SalesCore", "ChangeJarCore", "AttendeeCore", "AttendeeModels", "APIClient"])
    func everyKeyOfTheTableIsAskedFor(_ module: String) throws {
        #expect(try StringKeys.unused(inTableOf: module) == [])
    }

    @Test func aKeyIsAskedForWhole() throws {
        #expect(StringKeys.keys(in: "/* c */\n\"a.b\" = \"A\";\n\"c\"=\"x = y\";\nnot a key\n") == ["a.b", "c"])
        let prefixes = StringKeys.builtPrefixes(
            in: #"Strings.text("poll.kind.\(kind)") + text("session.kind." + raw) + "Hello, \(name)" + "\(x)""#)
        #expect(prefixes == ["poll.kind.", "session.kind."])
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

    /// The keys of `Sources/<module>/Resources/en.lproj/Localizable.strings` no Swift source asks for, in the
    /// table's order.
    static func unused(inTableOf module: String) throws -> [String] {
        let table = sources.appendingPathComponent("\(module)/Resources/en.lproj/Localizable.strings")
        let keys = try keys(in: String(contentsOf: table, encoding: .utf8))
        let code = try swiftSources()
        let prefixes = builtPrefixes(in: code)
        return keys.filter { key in
            !code.contains("\"\(key)\"") && !prefixes.contains { key.hasPrefix($0) }
        }
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

    /// The quoted prefixes keys are built from: `"poll.kind.` before `\(` or before `" +`.
    static func builtPrefixes(in code: String) -> Set<String> {
        var prefixes: Set<String> = []
        for marker in ["\\(", "\" +"] {
            var rest = code[...]
            while let found = rest.range(of: marker) {
                let before = rest[..<found.lowerBound]
                if let quote = before.lastIndex(of: "\"") {
                    let prefix = before[before.index(after: quote)...]
                    // NB: only a dotted key's start; "\(name)" or "Hello, " + name builds no key.
                    if prefix.contains("."), !prefix.contains(" "), prefix.last == "." {
                        prefixes.insert(String(prefix))
                    }
                }
                rest = rest[found.upperBound...]
            }
        }
        return prefixes
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
