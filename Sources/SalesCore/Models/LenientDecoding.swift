import APIClient
import Foundation

/// Decoding helpers that turn a missing, null or mistyped field into `nil` instead of an error.
///
/// NB: Salesforce and its Apex endpoints omit fields, send `null`, and now and then send a number
/// as a string; none of that may crash or hide the rest of a record.
extension KeyedDecodingContainer {
    /// A string, or `nil` when absent, null or not a string.
    func lenientString(_ key: Key) -> String? {
        if let value = try? decodeIfPresent(String.self, forKey: key) { return value }
        if let number = try? decodeIfPresent(Double.self, forKey: key) { return LenientNumber.text(number) }
        return nil
    }

    /// A number, or `nil`; a numeric string such as `"240"` is accepted.
    func lenientDouble(_ key: Key) -> Double? {
        if let value = try? decodeIfPresent(Double.self, forKey: key) { return value }
        if let text = try? decodeIfPresent(String.self, forKey: key) {
            return Double(text.trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// An integer, or `nil`.
    func lenientInt(_ key: Key) -> Int? {
        lenientDouble(key)?.wholeNumber
    }

    /// A Boolean, or `nil`; `"true"`/`"false"` strings are accepted.
    func lenientBool(_ key: Key) -> Bool? {
        if let value = try? decodeIfPresent(Bool.self, forKey: key) { return value }
        if let text = try? decodeIfPresent(String.self, forKey: key) {
            switch text.lowercased() {
            case "true": return true
            case "false": return false
            default: return nil
            }
        }
        return nil
    }

    /// A Salesforce timestamp (`2015-01-15T15:24:02.000Z` or `…+0000`), or `nil`.
    func lenientDate(_ key: Key) -> Date? {
        lenientString(key).flatMap(SalesforceDate.parse)
    }

    /// An array whose unreadable elements are skipped (the platform's ``LossyArray``), or `[]` when absent or
    /// not an array.
    func lenientArray<Element: Decodable>(_ type: Element.Type, _ key: Key) -> [Element] {
        decodeLenient(LossyArray<Element>.self, forKey: key, default: []).wrappedValue
    }
}

/// One value of a record that decodes to `nil` instead of failing the whole record.
struct Skippable<Wrapped: Decodable>: Decodable {
    var value: Wrapped?
    init(from decoder: any Decoder) throws {
        value = try? Wrapped(from: decoder)
    }
}

/// Formatting numbers the way the wire does: `240` rather than `240.0`.
enum LenientNumber {
    static func text(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

/// Salesforce's timestamp formats.
public enum SalesforceDate {
    /// Parses `2015-01-15T15:24:02.000Z`, `2015-01-15T15:24:02Z` or `2015-01-15T15:24:02.000+0000`.
    public static func parse(_ text: String) -> Date? {
        var text = text.trimmingCharacters(in: .whitespaces)
        // NB: ISO8601DateFormatter wants `+00:00`; Salesforce's SOQL answers use `+0000`.
        if let plus = text.lastIndex(where: { $0 == "+" || $0 == "-" }),
            plus > text.index(text.startIndex, offsetBy: 10),
            text[plus...].count == 5
        {
            let zone = text[text.index(after: plus)...]
            text = String(text[..<plus]) + String(text[plus]) + zone.prefix(2) + ":" + zone.suffix(2)
        }
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = withFraction.date(from: text) { return date }
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        return plain.date(from: text)
    }

    /// Formats a date as Salesforce does: `2015-01-15T15:24:02.000Z`, UTC, milliseconds.
    public static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}

extension Double {
    /// The value as an `Int` when it is a whole number a `Double` holds exactly (below 9e15, about 2^53), else `nil`.
    var wholeNumber: Int? {
        guard isFinite, rounded() == self, abs(self) < 9e15 else { return nil }
        return Int(self)
    }
}
