import AttendeeModels
import Foundation
import HTTPTypes
import PublicInit

/// What an importer read, and what it left out and why.
public struct ImportReport: Sendable, Hashable {
    /// One item the importer could not use.
    public struct Skipped: Sendable, Hashable, CustomStringConvertible {
        /// `session`, `speaker`, `day`…
        public var kind: String
        /// The item's id or title as the file gives it.
        public var identifier: String
        /// Why it was skipped, in a sentence.
        public var reason: String

        /// `session 10386: no start time`, the kind named in the reader's language.
        public var description: String {
            Strings.format("import.skipped", Strings.text("import.kind.\(kind)"), identifier, reason)
        }
    }

    /// The programme, ready for `POST /import`.
    public var programme: ConferenceProgramme
    /// What was skipped.
    public var skipped: [Skipped]
    /// Which format the file was in.
    public var format: ProgrammeFormat
    /// What the person should check although nothing was skipped, in sentences (how the event's time zone was
    /// chosen when the file does not name it).
    public var warnings: [String] = []
}

extension ImportReport {
    /// Drops the cover image, photos and social links that are not web addresses (``ProgrammeLimits/isWebAddress(_:)``),
    /// noting each in ``warnings``.
    mutating func leaveOutAddressesThatAreNotWebAddresses() {
        func keep(_ address: String?, at field: String) -> String? {
            guard let address, !ProgrammeLimits.isWebAddress(address) else { return address }
            warnings.append(Strings.format("import.warning.notWebAddress", address, field))
            return nil
        }
        programme.event.coverImageURL = keep(programme.event.coverImageURL, at: "event.coverImageURL")
        for index in programme.speakers.indices {
            let path = "speakers.\(index)"
            programme.speakers[index].photoURL = keep(programme.speakers[index].photoURL, at: path + ".photoURL")
            programme.speakers[index].socialLinks = programme.speakers[index].socialLinks.enumerated().compactMap {
                position, link in
                keep(link.url, at: path + ".socialLinks.\(position).url").map { _ in link }
            }
        }
    }
}

extension ImportReport {
    /// Takes out of each speaker's texts what a profile may not hold, noting each field changed in ``warnings``:
    /// a line break, tab or other control character in the name, title or company becomes a space (runs of
    /// white space then one), and characters that reorder text (``Unicode/Scalar/reordersText``) are dropped
    /// from those and from the bio, whose line breaks stay.
    ///
    /// NB: exports carry such text from the form someone typed into (a company on two lines, a pasted tab), and
    /// what it means is plain; a name with too many combining marks is not cleaned but refused by the dry run
    /// and the server (``ConferenceProgramme/validationError()``), as there is no telling what it should read.
    mutating func keepSpeakersTextsToProfileRules() {
        func oneLine(_ text: String, at field: String) -> String {
            guard text.unicodeScalars.contains(where: { $0.isLineControl || $0.reordersText }) else { return text }
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars where !scalar.reordersText {
                scalars.append(scalar.isLineControl ? " " : scalar)
            }
            let cleaned = String(scalars).split(whereSeparator: { $0 == " " }).joined(separator: " ")
            warnings.append(Strings.format("import.warning.oneLine", field))
            return cleaned
        }
        for index in programme.speakers.indices {
            let path = "speakers.\(index)"
            var speaker = programme.speakers[index]
            speaker.name = oneLine(speaker.name, at: path + ".name")
            speaker.title = oneLine(speaker.title, at: path + ".title")
            speaker.company = oneLine(speaker.company, at: path + ".company")
            if speaker.bio.unicodeScalars.contains(where: \.reordersText) {
                speaker.bio = String(String.UnicodeScalarView(speaker.bio.unicodeScalars.filter { !$0.reordersText }))
                warnings.append(Strings.format("import.warning.reordering", path + ".bio"))
            }
            programme.speakers[index] = speaker
        }
    }
}

/// The programme formats the importer reads.
public enum ProgrammeFormat: String, Sendable, Hashable {
    /// c3voc/frab `schedule.json` (frab, pretalx).
    case frab
    /// Sessionize-style `{sessions, speakers}` JSON.
    case sessionize
    /// The JSON files open-event-server (FOSSASIA) exports: `event`, `sessions`, `speakers`, `microlocations`,
    /// `tracks`.
    case openEvent = "open-event"
}

/// Import choices the file may not carry.
@PublicInit
public struct ImportOptions: Sendable, Hashable {
    /// The event's name when the file has none.
    public var eventName: String?
    /// The IANA zone of the event; when set it wins over whatever the file names or its offsets imply.
    public var timeZone: String?
    /// The Additional Info questions for the event.
    public var additionalInfoFields: [AdditionalInfoField] = []
    /// Seats for each workshop and breakout (files rarely say); `nil` leaves them unlimited.
    public var smallSessionCapacity: Int?

    /// Throws ``ImportOptionError`` when a choice cannot be right whatever the files hold: a zone that is not
    /// a time zone, a negative number of seats.
    func check() throws {
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ImportOptionError(Strings.format("import.zone.explicitInvalid", timeZone))
        }
        if let seats = smallSessionCapacity, seats < 0 {
            throw ImportOptionError(AttendeeCommandText.badCapacity(String(seats)))
        }
    }
}

/// A mistake in the choices the caller gave (``ImportOptions``), not in the files: the command line reports it
/// as a usage error.
public struct ImportOptionError: Error, Sendable, Hashable, LocalizedError {
    /// A sentence for the person.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var errorDescription: String? { message }
}

/// Why a whole file could not be imported.
public struct ImportError: Error, Sendable, Hashable, LocalizedError {
    /// A sentence for the person.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var errorDescription: String? { message }
}

/// Reads a programme in whichever supported format it is: one file, several files, or a folder.
///
/// ```swift
/// let report = try ProgrammeImporter.read(contentsOf: [URL(fileURLWithPath: "export/")])
/// for item in report.skipped { print("skipped \(item)") }
/// let summary = try await client.importProgramme(report.programme)
/// ```
public enum ProgrammeImporter {
    /// Reads one file; detects its format unless `format` says it. Throws only when the file is not a programme.
    ///
    /// A file holding only a list (an Open Event `sessions.json`) or an object with Open Event keys
    /// (`starts-at`, `microlocation`…) is read as Open Event.
    public static func read(
        _ data: Data, format: ProgrammeFormat? = nil, options: ImportOptions = ImportOptions()
    ) throws -> ImportReport {
        try options.check()
        return try checked(
            read(json(data, name: Strings.text("import.error.theFile")), name: nil, format: format, options: options))
    }

    /// Reads files by name (`event.json`, `sessions.json`…; only Open Event comes in several), or one file of
    /// any format.
    public static func read(
        files: [String: Data], format: ProgrammeFormat? = nil, options: ImportOptions = ImportOptions()
    ) throws -> ImportReport {
        try options.check()
        if files.count == 1, let (name, data) = files.first {
            return try checked(
                read(
                    json(data, name: Strings.format("import.error.named", name)), name: name, format: format,
                    options: options))
        }
        guard !files.isEmpty else { throw ImportError(Strings.text("import.error.noFile")) }
        guard format == nil || format == .openEvent else {
            throw ImportError(Strings.format("import.error.severalFiles", format?.rawValue ?? ""))
        }
        var parts: [OpenEventImporter.FileKind: Any] = [:]
        for name in files.keys.sorted() {
            guard let kind = OpenEventImporter.FileKind(fileName: name) else {
                throw ImportError(Strings.format("import.error.notOpenEventFile", name))
            }
            guard parts[kind] == nil else {
                throw ImportError(Strings.format("import.error.twoOfAKind", kind.rawValue))
            }
            parts[kind] = try json(files[name] ?? Data(), name: Strings.format("import.error.named", name))
        }
        return try checked(OpenEventImporter.read(parts, options: options))
    }

    /// Reads files and folders: a folder stands for the Open Event files in it (`event.json`, `sessions.json`,
    /// `speakers.json`, `microlocations.json`, `tracks.json`, or the same names without `.json`, as older
    /// exports wrote them); other files in it are ignored.
    public static func read(
        contentsOf urls: [URL], format: ProgrammeFormat? = nil, options: ImportOptions = ImportOptions()
    ) throws -> ImportReport {
        try options.check()
        var files: [String: Data] = [:]
        var sawFolder = false
        for url in urls {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
            }
            let members: [URL]
            if isFolder.boolValue {
                sawFolder = true
                let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
                members = names.filter { name in
                    OpenEventImporter.FileKind(fileName: name) != nil
                        && (name.lowercased().hasSuffix(".json") || !name.contains("."))
                }.sorted().map { url.appendingPathComponent($0) }
                if members.isEmpty {
                    throw ImportError(Strings.format("import.error.emptyFolder", url.path))
                }
            } else {
                members = [url]
            }
            for member in members {
                let name = member.lastPathComponent
                guard files[name] == nil else { throw ImportError(Strings.format("import.error.twoNamed", name)) }
                files[name] = try Data(contentsOf: member)
            }
        }
        return try read(files: files, format: format ?? (sawFolder ? .openEvent : nil), options: options)
    }

    /// The report, once its programme passes the server's own check (``ConferenceProgramme/validationError()``),
    /// so a dry run refuses what the import would, naming the field as the server's 422 does.
    ///
    /// Addresses the apps could not open (a relative `/images/lee.png` of an Open Event export, a `javascript:`
    /// link) are left out first, each with a warning: the server refuses them, and the rest of the file is good.
    private static func checked(_ report: ImportReport) throws -> ImportReport {
        var report = report
        report.leaveOutAddressesThatAreNotWebAddresses()
        report.keepSpeakersTextsToProfileRules()
        if let error = report.programme.validationError() {
            throw ImportError(Strings.format("import.error.refused", error.field, error.message))
        }
        return report
    }

    private static func json(_ data: Data, name: String) throws -> Any {
        guard let value = try? JSONSerialization.jsonObject(with: data),
            value is [Any] || value is [String: Any]
        else { throw ImportError(Strings.format("import.error.notJSON", name)) }
        return value
    }

    /// Picks the reader: the one `format` names, else the one the shape (and the file's name) points to.
    private static func read(_ root: Any, name: String?, format: ProgrammeFormat?, options: ImportOptions) throws
        -> ImportReport
    {
        let object = root as? [String: Any]
        switch format ?? detect(root, name: name) {
        case .frab?:
            guard let object, object["schedule"] is [String: Any] else {
                throw ImportError(Strings.text("import.error.notFrab"))
            }
            return try FrabImporter.read(object, options: options)
        case .sessionize?:
            guard let object, object["sessions"] is [Any] else {
                throw ImportError(Strings.text("import.error.notSessionize"))
            }
            return try SessionizeImporter.read(object, options: options)
        case .openEvent?:
            return try OpenEventImporter.read(openEventParts(root, name: name), options: options)
        case nil:
            throw ImportError(Strings.text("import.error.unknownFormat"))
        }
    }

    private static func detect(_ root: Any, name: String?) -> ProgrammeFormat? {
        if root is [Any] { return .openEvent }
        guard let object = root as? [String: Any] else { return nil }
        if object["schedule"] is [String: Any] { return .frab }
        if object["data"] != nil { return .openEvent }
        guard let sessions = object["sessions"] as? [Any] else {
            // NB: a lone `speakers.json` is still Open Event, so the reader can say which file is missing.
            return name.flatMap(OpenEventImporter.FileKind.init(fileName:)).map { _ in .openEvent }
        }
        let openEventKeys = [
            "starts-at", "starts_at", "start-time", "start_time", "begin", "microlocation", "short-abstract",
            "short_abstract",
        ]
        let looksOpenEvent = sessions.prefix(20).contains { row in
            guard let row = row as? [String: Any] else { return false }
            return openEventKeys.contains { row[$0] != nil }
        }
        return looksOpenEvent || object["microlocations"] != nil ? .openEvent : .sessionize
    }

    /// One Open Event value as the reader's parts: a combined object by its keys, else the file its name says,
    /// else a sessions list.
    private static func openEventParts(_ root: Any, name: String?) -> [OpenEventImporter.FileKind: Any] {
        if let object = root as? [String: Any] {
            var parts: [OpenEventImporter.FileKind: Any] = [:]
            for kind in OpenEventImporter.FileKind.allCases {
                if let value = object[kind.rawValue] { parts[kind] = value }
            }
            if let value = object["events"], parts[.event] == nil { parts[.event] = value }
            if parts[.sessions] != nil { return parts }
        }
        return [name.flatMap(OpenEventImporter.FileKind.init(fileName:)) ?? .sessions: root]
    }
}

/// Tolerant readers for loosely typed JSON values.
enum JSONField {
    static func string(_ value: Any?) -> String? {
        switch value {
        case let text as String:
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        case let number as NSNumber:
            return number.stringValue
        default:
            return nil
        }
    }

    /// Text without HTML markup (Open Event abstracts and biographies come from a rich-text editor): line and
    /// paragraph breaks kept, other tags dropped, entities decoded. Text without markup is returned trimmed.
    static func plainText(_ value: Any?) -> String? {
        guard var text = string(value) else { return nil }
        guard text.contains("<") || text.contains("&") else { return text }
        let rules = [
            ("<br\\s*/?>", "\n"), ("</(p|div|h[1-6]|ul|ol|blockquote)>", "\n\n"), ("</li>", "\n"),
            ("<li[^>]*>", "• "), ("</?[a-zA-Z][^>]*>", ""), ("[ \\t]+\n", "\n"), ("\n{3,}", "\n\n"),
        ]
        for (pattern, replacement) in rules {
            text = text.replacingOccurrences(
                of: pattern, with: replacement, options: [.regularExpression, .caseInsensitive])
        }
        for (entity, character) in [
            ("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"),
            ("&amp;", "&"),
        ] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return string(text)
    }

    /// A piece of an external id with `|` escaped: the server keeps `|` for the ids it scopes (an event imported
    /// by someone who is not its organizer, the speakers of an event), so a file's ids never contain one.
    static func idPart(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "|", with: "%7C")
    }

    /// The key of an event whose file names it nowhere: `session:` and the smallest of its sessions' ids.
    ///
    /// NB: a fixed fallback ("Imported conference") made every unnamed file the same event, so a second file
    /// merged into the first. Session ids are the exporting system's own (Sessionize's and frab's are UUIDs),
    /// so two files of different events do not share one, while the same file, or a later export of the same
    /// event that keeps its first session, keeps its key and updates its event.
    static func contentKey(sessionIDs: [String]) -> String? {
        sessionIDs.min().map { "session:" + idPart($0) }
    }

    /// `"KotlinConf 2025"` → `"kotlinconf-2025"`; nil when the name has no letter or digit.
    static func slug(_ name: String) -> String? {
        let slug = name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "-")
        return slug.isEmpty ? nil : slug
    }

    static func double(_ value: Any?) -> Double? {
        if let number = value as? NSNumber { return number.doubleValue }
        if let text = value as? String { return Double(text) }
        return nil
    }

    /// `2019-08-21T11:00:00+02:00`, with or without fractional seconds; also `2019-08-21 11:00:00+02:00`, as
    /// Python's `str()` of a date-time writes it (older Open Event exports).
    static func instant(_ value: Any?) -> Date? {
        guard var text = string(value) else { return nil }
        if text.count > 10, text[text.index(text.startIndex, offsetBy: 10)] == " " {
            text.replaceSubrange(
                text.index(text.startIndex, offsetBy: 10)...text.index(text.startIndex, offsetBy: 10), with: "T")
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    /// `2025-05-21T08:00` or `2025-05-21T08:00:00` read in `zone`.
    static func localDateTime(_ value: Any?, in zone: TimeZone) -> Date? {
        guard let text = string(value) else { return nil }
        if let instant = instant(text) { return instant }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = zone
        for pattern in ["yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm"] {
            formatter.dateFormat = pattern
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    /// `00:30`, `1:15`, `01:30:00` → seconds.
    static func duration(_ value: Any?) -> TimeInterval? {
        guard let text = string(value) else { return nil }
        let parts = text.split(separator: ":").map { Int($0) }
        guard parts.allSatisfy({ $0 != nil }) else { return nil }
        let numbers = parts.compactMap { $0 }
        switch numbers.count {
        case 2: return TimeInterval(numbers[0] * 3600 + numbers[1] * 60)
        case 3: return TimeInterval(numbers[0] * 3600 + numbers[1] * 60 + numbers[2])
        default: return nil
        }
    }

    /// A session kind from a frab `type` or Sessionize tags and title.
    static func kind(type: String?, tags: [String] = [], title: String = "") -> SessionKind {
        let words = ([type ?? ""] + tags + [title]).map { $0.lowercased() }
        if words.contains(where: { $0.contains("keynote") }) { return .keynote }
        if words.contains(where: { $0.contains("workshop") }) { return .workshop }
        if words.contains(where: { $0.contains("breakout") || $0.contains("meetup") }) { return .breakout }
        return .talk
    }
}
