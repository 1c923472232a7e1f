import Foundation

/// Locale-aware decimal entry for the numeric health-care fields (clean ratings, beds, income).
///
/// Accepts the locale's decimal separator and correctly placed grouping separators
/// (`1,234.5` in en-US, `1.234,5` in de-DE), in any script's decimal digits (`١٬٢٣٤٫٥` in ar-EG, as the form
/// shows it there); anything else is refused with a message.
public enum DecimalInput {
    /// Why a text is not a number.
    public struct Invalid: Error, Sendable, Hashable {
        /// What the person typed.
        public var text: String
        /// A sentence for the form, naming the expected format.
        public var message: String
    }

    /// Parses `text`; empty text is `nil` (the field is cleared). A refusal shows `example` as the locale writes it
    /// (`1,234.5`; a field of whole numbers gives a whole one).
    public static func parse(_ text: String, locale: Locale = .current, example: Double = 1234.5)
        -> Result<Double?, Invalid>
    {
        canonical(text, locale: locale, example: example).flatMap { canonical in
            guard let canonical else { return .success(nil) }
            guard let value = Double(canonical), value.isFinite else {
                return .failure(
                    Invalid(
                        text: text,
                        message: SalesText.invalidNumber(
                            text.trimmingCharacters(in: .whitespacesAndNewlines),
                            example: display(example, locale: locale))))
            }
            return .success(value)
        }
    }

    /// `text` as the number it writes, in ASCII digits with `.` for the point and `-` for a sign (`-1234.50`), so
    /// its digits can be counted as typed; `nil` when empty.
    public static func canonical(_ text: String, locale: Locale = .current, example: Double = 1234.5)
        -> Result<String?, Invalid>
    {
        let trimmed = asciiDigits(text).trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .success(nil) }
        let decimal = locale.decimalSeparator ?? "."
        let grouping = locale.groupingSeparator ?? ","
        let invalid = Invalid(
            text: text, message: SalesText.invalidNumber(trimmed, example: display(example, locale: locale)))

        var body = Substring(trimmed)
        var sign = ""
        if let first = body.first, first == "-" || first == "+" || first == "−" {
            sign = first == "+" ? "" : "-"
            body = body.dropFirst()
        }
        let halves = body.components(separatedBy: decimal)
        guard halves.count <= 2, let integerPart = halves.first else { return .failure(invalid) }
        let fraction = halves.count == 2 ? halves[1] : nil
        // NB: French and others group with a (narrow) no-break space, which people type as a plain one.
        let groupSeparators = Set([grouping, " ", "\u{00A0}", "\u{202F}"].filter { !$0.isEmpty && $0 != decimal })
        var groups = [integerPart]
        for separator in groupSeparators where integerPart.contains(separator) {
            groups = integerPart.components(separatedBy: separator)
            break
        }
        let isDigits: (String) -> Bool = { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard groups.allSatisfy(isDigits) else { return .failure(invalid) }
        if groups.count > 1 {
            guard (groups.first?.count ?? 0) <= 3, groups.dropFirst().allSatisfy({ $0.count == 3 }) else {
                return .failure(invalid)
            }
        }
        if let fraction, !isDigits(fraction) { return .failure(invalid) }
        return .success(sign + groups.joined() + (fraction.map { "." + $0 } ?? ""))
    }

    /// `text` with every decimal digit of another script (Arabic-Indic `٣`, Devanagari `३`, …) written as its ASCII
    /// digit, and the invisible direction marks a right-to-left locale puts around a sign dropped.
    static func asciiDigits(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if ["\u{061C}", "\u{200E}", "\u{200F}"].contains(scalar) { continue }
            if scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue,
                let digit = Unicode.Scalar(UInt32(48 + Int(value)))
            {
                scalars.append(digit)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// A number as the locale writes it, up to two decimals (`71.5`, `1,234.5`, `71,5`).
    public static func display(_ value: Double, locale: Locale = .current) -> String {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .decimal
        formatter.minimumFractionDigits = 0
        formatter.maximumFractionDigits = 2
        return formatter.string(from: NSNumber(value: value)) ?? LenientNumber.text(value)
    }
}
