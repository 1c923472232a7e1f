import Foundation

/// One generated event, with every field a summary feed carries.
struct DemoQuake: Sendable {
    var id: String
    var network: String
    var code: String
    var magnitude: Double
    var magType: String
    var place: String
    var timeMilliseconds: Int64
    var updatedMilliseconds: Int64
    var longitude: Double
    var latitude: Double
    var depth: Double
    var type: String
    var status: String
    var tsunami: Bool
    var alert: String?
    var felt: Int?
    var cdi: Double?
    var mmi: Double?
    var significance: Int
    var stations: Int?
    var minimumDistance: Double?
    var rms: Double
    var gap: Double?

    /// `M 4.5 - 12 km SSW of Volcano, Hawaii`, with the event type for non-earthquakes, as USGS writes it.
    var title: String {
        var head = "M " + Self.fixed(magnitude, 1)
        if type != "earthquake" {
            head +=
                " "
                + type.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(
                    separator: " ")
        }
        return head + " - " + place
    }

    /// USGS's significance of a magnitude alone: `mag * 100 * mag / 6.5`.
    static func significance(magnitude: Double) -> Int {
        magnitude <= 0 ? 0 : Int((magnitude * 100 * magnitude / 6.5).rounded())
    }

    /// Fixed-point text without `String(format:)`.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int64((abs(value) * scale).rounded())
        let negative = value < 0 && scaled != 0
        let whole = String(scaled / Int64(scale))
        guard digits > 0 else { return (negative ? "-" : "") + whole }
        let fraction = String(scaled % Int64(scale))
        return (negative ? "-" : "") + whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
