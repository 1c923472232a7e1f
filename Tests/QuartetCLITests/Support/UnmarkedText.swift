import Foundation
import Localization

@testable import QuartetCLI

/// Finds the words a command printed that came from no core's strings table.
///
/// A test runs commands under `StringTable.$marking.withValue(true)`, so every sentence a core's table hands out
/// arrives wrapped in `⟦` … `⟧`. What is left of a line once the marked spans are gone may only be data the test
/// itself put in (titles, names, ids, paths, URLs, from its fixtures or its own requests), numbers, dates and
/// times, punctuation and white space. Any other word was decided somewhere else, usually in `QuartetCLI`:
///
/// ```swift
/// let check = UnmarkedText(data: ["M 7.3 - Big", feedPath])
/// #expect(check.offences(in: output).isEmpty, "\(check.report(output))")
/// ```
struct UnmarkedText: Sendable {
    /// One printed line with words that came from no table.
    struct Offence: Sendable, Equatable, CustomStringConvertible {
        /// The line as printed, each marked span shown as `…`.
        var line: String
        /// The words left once the marked spans and the test's data were taken out.
        var words: [String]

        var description: String { "\(words.joined(separator: " ")) ← \(line)" }
    }

    /// The test's own data, each as the test gave it (matched whole, ignoring case).
    private let data: [String]

    /// A check that lets `data` through, plus the words of a date or time formatted in `locale` (a formatted
    /// date is data too: `Wed 10 Mar`, `Dec 2, 2026 at 9:41 AM`).
    init(data: [String], locale: Locale = Locale(identifier: "en_US")) {
        self.init(data: data, dateWords: Self.dateWords(locale))
    }

    private init(data: [String], dateWords: [String]) {
        // NB: the longest first, so a title is taken out whole before a shorter piece of data that is part of it.
        self.data = Set((data + dateWords).flatMap { $0.split(separator: "\n").map(String.init) })
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .sorted { $0.count > $1.count }
    }

    /// The names of months, weekdays and the day's halves in `locale`, and the words its date formatter puts
    /// between them (`at`).
    static func dateWords(_ locale: Locale) -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        let formatter = DateFormatter()
        formatter.locale = locale
        // NB: no long time styles, whose zone names (`Coordinated Universal Time`) would let common words through.
        let formatted = [DateFormatter.Style.none, .short, .medium, .long, .full].flatMap { date in
            [DateFormatter.Style.none, .short, .medium].map { time in
                formatter.dateStyle = date
                formatter.timeStyle = time
                return formatter.string(from: Date(timeIntervalSince1970: 0))
            }
        }
        return calendar.monthSymbols + calendar.shortMonthSymbols + calendar.weekdaySymbols
            + calendar.shortWeekdaySymbols + [calendar.amSymbol, calendar.pmSymbol] + formatted.flatMap(words)
    }

    /// The offending lines of `output` (standard output and standard error alike), in order.
    ///
    /// NB: the marked spans go first, over the whole output, as a table's sentence may hold a line break.
    func offences(in output: String) -> [Offence] {
        Self.removingMarkedSpans(output).split(separator: "\n").compactMap { line in
            // NB: a web address is data, whoever made it: a signed share link carries an expiry and a signature
            // made at print time, which no `--json` run of the same command can repeat to the second. It goes
            // first: taking the test's short data out first ("M", "Bo", "No") could cut a random signature in two,
            // and the half after the cut was then read as a word.
            var rest = String(line).replacing(/https?:\/\/\S+/, with: " ")
            for item in data { rest = Self.removing(item, from: rest) }
            let words = Self.words(rest)
            return words.isEmpty ? nil : Offence(line: String(line), words: words)
        }
    }

    /// The offending lines of `output`, one a line, for a failing expectation.
    func report(_ output: String) -> String {
        offences(in: output).map(\.description).joined(separator: "\n")
    }

    /// `text` with every `⟦…⟧` span replaced by `…` (spans nest: a sentence may hold another). A mark without
    /// its partner stays, with what follows it, so it shows in the report.
    static func removingMarkedSpans(_ text: String) -> String {
        let open = Character(StringTable.openMark)
        let close = Character(StringTable.closeMark)
        var result = ""
        var pending = ""
        var depth = 0
        for character in text {
            if character == open {
                if depth == 0 { pending = "" }
                depth += 1
                pending.append(character)
            } else if character == close, depth > 0 {
                depth -= 1
                pending.append(character)
                if depth == 0 { result += "…" }
            } else if depth > 0 {
                pending.append(character)
            } else {
                result.append(character)
            }
        }
        return depth > 0 ? result + pending : result
    }

    /// `text` with each whole occurrence of `item` (ignoring case, not inside a longer word) replaced by a space.
    static func removing(_ item: String, from text: String) -> String {
        var result = text
        var searchStart = result.startIndex
        while let found = result.range(of: item, options: [.caseInsensitive], range: searchStart..<result.endIndex) {
            let before = found.lowerBound > result.startIndex ? result[result.index(before: found.lowerBound)] : nil
            let after = found.upperBound < result.endIndex ? result[found.upperBound] : nil
            let startsClean = before.map { !isWordCharacter($0) || !isWordCharacter(item.first!) } ?? true
            let endsClean = after.map { !isWordCharacter($0) || !isWordCharacter(item.last!) } ?? true
            if startsClean && endsClean {
                result.replaceSubrange(found, with: " ")
                searchStart = result.startIndex
            } else {
                searchStart = result.index(after: found.lowerBound)
            }
        }
        return result
    }

    /// The runs of letters and digits in `text` that hold a letter (a number alone is data).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text + " " {
            if isWordCharacter(character) {
                current.append(character)
            } else {
                if current.contains(where: \.isLetter) { words.append(current) }
                current = ""
            }
        }
        return words
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }
}

extension UnmarkedText {
    /// The command line's own vocabulary under `spec`: command and option names and the placeholders of their
    /// values and arguments (`show`, `title`, `ID`, `TEXT`). A refusal names them (`--title: …`, `needs ID`), as
    /// the argument parser does; they are identifiers, like the ids a test gets back, not sentences.
    static func grammar(of spec: CommandSpec) -> [String] {
        let placeholders = spec.arguments.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[].")) }
        let options = spec.options.flatMap { [$0.name] + ($0.valueName.map { [$0] } ?? []) }
        return [spec.name] + placeholders + options + spec.subcommands.flatMap(grammar)
    }

    /// The parts of `text` outside its marked spans: what a `--json` answer made under marking holds of data,
    /// without the core's words (a row's byline, a like count), which would otherwise hide a copy printed unmarked.
    static func unmarkedPieces(_ text: String) -> [String] {
        var pieces = [""]
        var depth = 0
        for character in text {
            if String(character) == StringTable.openMark {
                depth += 1
                if depth == 1 { pieces.append("") }
            } else if String(character) == StringTable.closeMark, depth > 0 {
                depth -= 1
            } else if depth == 0 {
                pieces[pieces.count - 1].append(character)
            }
        }
        return pieces.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// Every string and number in a command's `--json` answer, outside marked spans: the data a plain run of it
    /// may print.
    static func data(inJSON text: String) -> [String] {
        func walk(_ value: Any) -> [String] {
            switch value {
            case let text as String: [text]
            case let number as NSNumber: [number.stringValue]
            case let list as [Any]: list.flatMap(walk)
            case let object as [String: Any]: object.values.flatMap(walk)
            default: []
            }
        }
        guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        else { return [] }
        return walk(value).flatMap(unmarkedPieces)
    }
}

/// What a test's commands printed, by command, for one ``UnmarkedText`` check at the end.
struct Transcript: Sendable {
    /// One command and everything it printed (standard output, then standard error).
    struct Entry: Sendable {
        var command: [String]
        var printed: String
    }

    private(set) var entries: [Entry] = []

    /// Records a run: its arguments and what it printed.
    mutating func record(_ command: [String], _ printed: String...) {
        entries.append(Entry(command: command, printed: printed.joined(separator: "\n")))
    }

    /// Records a run refused as a usage error, whose last line must be the tool's own pointer to `--help`.
    ///
    /// That line is `QuartetTool`'s, the same for every app and every mistake but for the command it names, so it
    /// is left out of the check;
    /// the line before it, which says what was wrong, is checked like any other.
    mutating func recordUsageError(_ command: [String], code: Int32, _ output: String, _ errors: String) {
        var lines = errors.split(separator: "\n", omittingEmptySubsequences: false)
        if code == 2, lines.last == "", lines.count > 1, lines[lines.count - 2].hasPrefix("usage: see 'quartet"),
            lines[lines.count - 2].hasSuffix(" --help'")
        {
            lines.removeLast(2)
            lines.append("")
        }
        let refusal = lines.joined(separator: "\n")
        record(command, output, refusal)
    }

    /// Every command that printed something, so a test can tell that it checked real output.
    var printedCommands: Int { entries.filter { !$0.printed.isEmpty }.count }
}

extension UnmarkedText {
    /// Each offending line of the transcript, led by the command that printed it; empty when all is well.
    func offences(in transcript: Transcript) -> [String] {
        transcript.entries.flatMap { entry in
            offences(in: entry.printed).map { "\(entry.command.joined(separator: " ")): \($0)" }
        }
    }
}
