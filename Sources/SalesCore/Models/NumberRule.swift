import Foundation
import Localization

/// What a numeric Salesforce field takes: its digits before and after the decimal point (the field's precision
/// and scale in Salesforce) and its range.
///
/// A value outside them is refused by the org (`NUMBER_OUTSIDE_VALID_RANGE`), or stored with other digits than
/// the ones typed, so the form refuses it first, naming the field.
///
/// ```swift
/// NumberRule.count.refusal("2.5", field: "Number of Beds")  // "Number of Beds must be a whole number."
/// ```
public struct NumberRule: Sendable, Hashable {
    /// The most digits before the decimal point (precision − scale).
    public var integerDigits: Int
    /// The most digits after it (the scale): 0 for a whole number.
    public var decimals: Int
    /// The least value, if any.
    public var minimum: Double?
    /// The greatest value, if any.
    public var maximum: Double?

    /// A count (beds): a whole number from 0, at most six digits.
    public static let count = NumberRule(integerDigits: 6, decimals: 0, minimum: 0)
    /// An amount of money (Salesforce's Currency(16, 2)): may be negative (a loss), cents at most.
    public static let money = NumberRule(integerDigits: 14, decimals: 2)
    /// A rating in percent (Number(5, 2)): from 0 to 100, two decimals at most.
    public static let percentage = NumberRule(integerDigits: 3, decimals: 2, minimum: 0, maximum: 100)

    /// Creates a rule.
    public init(integerDigits: Int, decimals: Int, minimum: Double? = nil, maximum: Double? = nil) {
        self.integerDigits = integerDigits
        self.decimals = decimals
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Why the number written `canonical` (`-1234.50`: ASCII digits, `.` for the point, as ``DecimalInput``
    /// reads it) does not fit the field `field`, in a sentence naming it; `nil` when it fits.
    public func refusal(_ canonical: String, field: String, locale: Locale = .current) -> String? {
        guard let value = Double(canonical) else { return nil }
        let unsigned = canonical.drop { $0 == "-" || $0 == "+" }
        let halves = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = (halves.first ?? "").drop { $0 == "0" }
        let fraction = halves.count == 2 ? String(halves[1].reversed().drop { $0 == "0" }) : ""
        if decimals == 0, !fraction.isEmpty { return SalesText.table.format("rule.whole", field) }
        if fraction.count > decimals {
            return SalesText.table.format("rule.decimals", field, NumberText.count(decimals, locale: locale))
        }
        let number = { (bound: Double) in DecimalInput.display(bound, locale: locale) }
        switch (minimum, maximum) {
        case (let low?, let high?) where value < low || value > high:
            return SalesText.table.format("rule.between", field, number(low), number(high))
        case (let low?, nil) where value < low:
            return SalesText.table.format("rule.atLeast", field, number(low))
        case (nil, let high?) where value > high:
            return SalesText.table.format("rule.atMost", field, number(high))
        default: break
        }
        if whole.count > integerDigits {
            return decimals == 0
                ? SalesText.table.format("rule.digits", field, NumberText.count(integerDigits, locale: locale))
                : SalesText.table.format("rule.integerDigits", field, NumberText.count(integerDigits, locale: locale))
        }
        return nil
    }
}
