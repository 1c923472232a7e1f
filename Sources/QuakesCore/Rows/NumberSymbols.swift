import Foundation
import Localization
import QuakesModels

/// How a locale writes numbers: its ten digits, decimal mark and minus sign, read from its number formatter.
///
/// Every number a Quakes screen or the command line writes goes through ``fixed(_:digits:)`` (magnitudes, depths,
/// coordinates, the map's floor, the filter's floors) or ``whole(_:)`` (counts: quakes listed, pins drawn, felt
/// reports), so it takes the locale's digits with its decimal mark, as the dates beside it do: `٧٫١`, `٣٧٫١١°`
/// and `٢٠` in `ar_SA`, `7,1` in `de_DE`, `7.1` in `en_US`.
///
/// ```swift
/// NumberSymbols(locale: Locale(identifier: "ar_SA")).fixed(7.06, digits: 1)  // "٧٫١"
/// ```
public struct NumberSymbols: Sendable, Hashable {
    /// `0` to `9` as the locale writes them.
    public var digits: [String]
    /// The locale's decimal mark (`.`, `,`, `٫`).
    public var decimalSeparator: String
    /// The locale's minus sign, marks included (`-`, or `؜-` in Arabic).
    public var minusSign: String

    /// ASCII digits, `.` and `-`: what files and scripts read, whatever the locale.
    public static let latin = NumberSymbols(
        digits: (0...9).map(String.init), decimalSeparator: ".", minusSign: "-")

    /// Creates symbols from their parts.
    public init(digits: [String], decimalSeparator: String, minusSign: String) {
        self.digits = digits
        self.decimalSeparator = decimalSeparator
        self.minusSign = minusSign
    }

    /// The symbols of `locale`, from its `NumberFormatter`; a locale whose formatter gives no ten single digits
    /// keeps ASCII digits with its own decimal mark.
    ///
    /// NB: a formatter costs tens of microseconds: read the symbols once for a list of numbers, not once a number.
    public init(locale: Locale) {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .decimal
        formatter.usesGroupingSeparator = false
        let digits = (0...9).map { formatter.string(from: NSNumber(value: $0)) ?? "" }
        self.digits = digits.allSatisfy { $0.count == 1 } ? digits : Self.latin.digits
        self.decimalSeparator = formatter.decimalSeparator.flatMap { $0.isEmpty ? nil : $0 } ?? "."
        self.minusSign = formatter.minusSign.flatMap { $0.isEmpty ? nil : $0 } ?? "-"
    }

    /// `value` in these digits, without grouping: a count (`٤٧١١` in `ar_SA`).
    public func whole(_ value: Int) -> String {
        written(String(value))
    }

    /// `value` rounded half away from zero to `digits` decimals, in these symbols.
    public func fixed(_ value: Double, digits count: Int) -> String {
        written(NumberText.fixed(value, digits: count))
    }

    /// ASCII digits, `.` and `-` of `text` in these symbols.
    private func written(_ text: String) -> String {
        if self == Self.latin { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count * 2)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): out += digits[Int(byte - UInt8(ascii: "0"))]
            case UInt8(ascii: "."): out += decimalSeparator
            case UInt8(ascii: "-"): out += minusSign
            default: out.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return out
    }
}
