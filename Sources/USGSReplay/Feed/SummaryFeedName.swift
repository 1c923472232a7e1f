import Foundation

/// A summary feed's name, `<magnitude>_<period>` (`all_month`, `4.5_week`, `significant_day`).
struct SummaryFeedName: Sendable, Hashable {
    enum Floor: String, Sendable, CaseIterable {
        case all
        case one = "1.0"
        case twoAndHalf = "2.5"
        case fourAndHalf = "4.5"
        case significant

        /// USGS's wording in feed titles.
        var titleWord: String {
            switch self {
            case .all: "All"
            case .one: "M1.0+"
            case .twoAndHalf: "M2.5+"
            case .fourAndHalf: "M4.5+"
            case .significant: "Significant"
            }
        }

        func admits(_ quake: DemoQuake) -> Bool {
            switch self {
            case .all: true
            case .one: quake.magnitude >= 1
            case .twoAndHalf: quake.magnitude >= 2.5
            case .fourAndHalf: quake.magnitude >= 4.5
            // USGS lists an event as significant from a significance of 600.
            case .significant: quake.significance >= 600
            }
        }
    }

    enum Period: String, Sendable, CaseIterable {
        case hour, day, week, month

        var seconds: TimeInterval {
            switch self {
            case .hour: 3600
            case .day: 86_400
            case .week: 7 * 86_400
            case .month: 30 * 86_400
            }
        }

        var titleWord: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    }

    var floor: Floor
    var period: Period

    /// Parses `all_month.geojson` (the extension is required, as on USGS).
    init?(file: String) {
        guard file.hasSuffix(".geojson") else { return nil }
        let parts = file.dropLast(".geojson".count).split(separator: "_")
        guard parts.count == 2, let floor = Floor(rawValue: String(parts[0])),
            let period = Period(rawValue: String(parts[1]))
        else { return nil }
        self.floor = floor
        self.period = period
    }

    var name: String { floor.rawValue + "_" + period.rawValue }

    /// `USGS Significant Earthquakes, Past Week`.
    var title: String { "USGS \(floor.titleWord) Earthquakes, Past \(period.titleWord)" }
}
