/// Fast fixed-point text for numbers (`String(format:)` is slow and locale-bound on Linux).
public enum NumberText {
    /// `value` rounded half away from zero to `digits` decimals (0…6), with `.` (or `separator`) as the point.
    ///
    /// ```swift
    /// NumberText.fixed(-122.3149, digits: 2)  // "-122.31"
    /// ```
    public static func fixed(_ value: Double, digits: Int, separator: String = ".") -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let digits = max(0, min(digits, 6))
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let magnitude = (abs(value) * Double(scale)).rounded(.toNearestOrAwayFromZero)
        guard magnitude < 9.0e15 else { return String(value) }
        let scaled = Int64(magnitude)
        let whole = scaled / scale
        let negative = value < 0 && scaled != 0
        var text = negative ? "-" : ""
        text += String(whole)
        if digits > 0 {
            let fraction = String(scaled % scale)
            text += separator
            text += String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return text
    }
}
