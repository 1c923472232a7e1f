import Foundation

/// The user-visible strings of one module, from its `Resources/<language>.lproj/Localizable.strings`.
///
/// Every app core holds one table (`Strings/`) and reads every sentence a screen or the command line shows
/// through it:
///
/// ```swift
/// enum QuakeStrings {
///     static let table = StringTable(bundle: .module)
///     static var loading: String { table.text("quakes.loading") }
///     static func deleted(_ title: String) -> String { table.format("quakes.deleted", title) }
/// }
/// ```
///
/// NB: the table is read once, when it is made, in the language the person prefers among the bundle's, and each
/// lookup after that is a dictionary read. `NSLocalizedString` on every lookup went through CoreFoundation's
/// bundle code each time, which on Linux once handed out an empty sentence while many screens looked strings up
/// at once. Placeholders are filled by hand (`%@`, `%1$@`, `%2$@` …), since `String(format:)` needs Objective-C
/// objects for `%@` on Linux; numbers are formatted by the caller, so every argument is a string.
public struct StringTable: Sendable {
    /// The bundle whose `Localizable.strings` the table reads.
    public let bundle: Bundle
    /// The sentences, by key.
    private let sentences: [String: String]

    /// A table over `bundle` (a module's `Bundle.module`), read at once.
    public init(bundle: Bundle) {
        self.bundle = bundle
        sentences = Self.read(bundle)
    }

    /// The `Localizable.strings` of the preferred language the bundle has (its development language otherwise);
    /// empty when there is none, so every key shows as itself.
    static func read(_ bundle: Bundle) -> [String: String] {
        let language = Bundle.preferredLocalizations(from: bundle.localizations).first
        guard
            let url = bundle.url(
                forResource: "Localizable", withExtension: "strings", subdirectory: nil, localization: language)
                ?? bundle.url(forResource: "Localizable", withExtension: "strings"),
            let data = try? Data(contentsOf: url),
            let table = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String]
        else { return [:] }
        return table
    }

    /// The string for `key` in the current language; the key itself when the table lacks it.
    public func text(_ key: String) -> String {
        mark(sentences[key] ?? key)
    }

    /// The string for `key` with its placeholders filled in order: `%1$@`, `%2$@` … by position, plain `%@`
    /// in order of appearance.
    public func format(_ key: String, _ arguments: String...) -> String {
        format(key, arguments)
    }

    /// The string for `key` with its placeholders filled by `arguments`.
    ///
    /// NB: while ``marking`` is on, only the table's own words are marked, each run between placeholders on its
    /// own, and the arguments are left as they came: a sentence from another table keeps its own marks, and a
    /// sentence that came from no table shows as unmarked inside the one that holds it.
    public func format(_ key: String, _ arguments: [String]) -> String {
        Self.fill(sentences[key] ?? key, arguments, literal: mark)
    }

    /// Fills `%n$@` and `%@` placeholders of `template` with `arguments`; `%%` is a literal percent sign.
    public static func fill(_ template: String, _ arguments: [String]) -> String {
        fill(template, arguments) { $0 }
    }

    /// ``fill(_:_:)``, each run of the template's own text passed through `literal`.
    static func fill(_ template: String, _ arguments: [String], literal: (String) -> String) -> String {
        var result = ""
        var text = ""
        func append(_ argument: String) {
            if !text.isEmpty { result += literal(text) }
            text = ""
            result += argument
        }
        var next = 0
        var index = template.startIndex
        while index < template.endIndex {
            let character = template[index]
            guard character == "%" else {
                text.append(character)
                index = template.index(after: index)
                continue
            }
            let rest = template[template.index(after: index)...]
            if rest.hasPrefix("%") {
                text.append("%")
                index = template.index(index, offsetBy: 2)
            } else if rest.hasPrefix("@") {
                append(next < arguments.count ? arguments[next] : "")
                next += 1
                index = template.index(index, offsetBy: 2)
            } else if let dollar = rest.firstIndex(of: "$"), let position = Int(rest[..<dollar]),
                template.index(after: dollar) < template.endIndex, template[template.index(after: dollar)] == "@"
            {
                append((1...arguments.count).contains(position) ? arguments[position - 1] : "")
                index = template.index(dollar, offsetBy: 2)
            } else {
                text.append(character)
                index = template.index(after: index)
            }
        }
        append("")
        return result
    }

    /// Pseudo-localization for tests: while ``marking`` is on, every string a table hands out (in a formatted
    /// one, every run of the table's own text) is wrapped in ``openMark`` … ``closeMark``, so a test can prove
    /// that each sentence on screen came from a table.
    private func mark(_ text: String) -> String {
        Self.marking ? Self.openMark + text + Self.closeMark : text
    }

    /// Turned on by tests (never by the apps) around the code under test: `StringTable.$marking.withValue(true)`.
    ///
    /// NB: a task-local value, so tests running in parallel do not see each other's marks.
    @TaskLocal public static var marking = false
    /// The mark before a looked-up string while ``marking`` is on.
    public static let openMark = "⟦"
    /// The mark after a looked-up string while ``marking`` is on.
    public static let closeMark = "⟧"
}
