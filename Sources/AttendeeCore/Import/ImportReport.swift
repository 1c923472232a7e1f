import AttendeeModels
import Foundation

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

        /// Creates a skipped item.
        public init(kind: String, identifier: String, reason: String) {
            self.kind = kind
            self.identifier = identifier
            self.reason = reason
        }

        /// `session 10386: no start time`.
        public var description: String { "\(kind) \(identifier): \(reason)" }
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

/// The programme formats the importer reads.
public enum ProgrammeFormat: String, Sendable, Hashable {
    /// c3voc/frab `schedule.json` (frab, pretalx).
    case frab
    /// Sessionize-style `{sessions, speakers}` JSON.
    case sessionize
}

/// Import choices the file may not carry.
public struct ImportOptions: Sendable, Hashable {
    /// The event's name when the file has none.
    public var eventName: String?
    /// The IANA zone of the event; when set it wins over whatever the file names or its offsets imply.
    public var timeZone: String?
    /// The Additional Info questions for the event.
    public var additionalInfoFields: [AdditionalInfoField]
    /// Seats for each workshop and breakout (files rarely say); `nil` leaves them unlimited.
    public var smallSessionCapacity: Int?

    /// Creates options.
    public init(
        eventName: String? = nil, timeZone: String? = nil, additionalInfoFields: [AdditionalInfoField] = [],
        smallSessionCapacity: Int? = nil
    ) {
        self.eventName = eventName
        self.timeZone = timeZone
        self.additionalInfoFields = additionalInfoFields
        self.smallSessionCapacity = smallSessionCapacity
    }
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

/// Reads a programme file in whichever supported format it is.
public enum ProgrammeImporter {
    /// Detects the format and imports; throws only when the file is not a programme at all.
    public static func read(_ data: Data, options: ImportOptions = ImportOptions()) throws -> ImportReport {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ImportError("The file is not a JSON object.")
        }
        if root["schedule"] is [String: Any] {
            return try FrabImporter.read(root, options: options)
        }
        if root["sessions"] is [Any] {
            return try SessionizeImporter.read(root, options: options)
        }
        throw ImportError("The file is neither a frab schedule.json nor a Sessionize export.")
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

    /// A piece of an external id with `|` escaped: the server keeps `|` for the ids it scopes (an event imported
    /// by someone who is not its organizer, the speakers of an event), so a file's ids never contain one.
    static func idPart(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "|", with: "%7C")
    }

    static func int(_ value: Any?) -> Int? {
        if let number = value as? NSNumber { return number.intValue }
        if let text = value as? String { return Int(text.trimmingCharacters(in: .whitespaces)) }
        return nil
    }

    static func double(_ value: Any?) -> Double? {
        if let number = value as? NSNumber { return number.doubleValue }
        if let text = value as? String { return Double(text) }
        return nil
    }

    /// `2019-08-21T11:00:00+02:00`, with or without fractional seconds.
    static func instant(_ value: Any?) -> Date? {
        guard let text = string(value) else { return nil }
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
