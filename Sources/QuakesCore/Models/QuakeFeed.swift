import Foundation

/// One of the USGS summary feeds: a magnitude floor × a time window (`all_month`, `4.5_week`…).
public struct QuakeFeed: Sendable, Hashable, CustomStringConvertible {
    /// The magnitude floor of a summary feed.
    public enum Magnitude: String, Sendable, CaseIterable {
        case all
        case one = "1.0"
        case twoAndHalf = "2.5"
        case fourAndHalf = "4.5"
        case significant
    }

    /// The time window of a summary feed.
    public enum Period: String, Sendable, CaseIterable {
        case hour, day, week, month

        /// The window's length.
        public var duration: TimeInterval {
            switch self {
            case .hour: 3600
            case .day: 86_400
            case .week: 7 * 86_400
            case .month: 30 * 86_400
            }
        }

        /// The window's length in whole days (`30` for a month), as `quartet quakes --help` says it.
        public var days: Int { Int(duration / 86_400) }
    }

    /// The magnitude floor: the part of the name before `_`.
    public var magnitude: Magnitude
    /// The time window: the part of the name after `_`.
    public var period: Period

    /// The feed of `magnitude` over `period`: `QuakeFeed(.fourAndHalf, .week)` is `4.5_week`.
    public init(_ magnitude: Magnitude, _ period: Period) {
        self.magnitude = magnitude
        self.period = period
    }

    /// The feed of the past 30 days, every magnitude: what the app shows by default.
    public static let allMonth = QuakeFeed(.all, .month)

    /// The feed's name as USGS spells it: `all_month`, `2.5_day`.
    public var name: String { magnitude.rawValue + "_" + period.rawValue }

    public var description: String { name }

    /// Parses `all_month`, `4.5_week` or `significant_day.geojson`.
    public init?(name: String) {
        var name = Substring(name)
        if name.hasSuffix(".geojson") { name = name.dropLast(".geojson".count) }
        let parts = name.split(separator: "_")
        guard parts.count == 2, let magnitude = Magnitude(rawValue: String(parts[0])),
            let period = Period(rawValue: String(parts[1]))
        else { return nil }
        self.init(magnitude, period)
    }

    /// The feed's GeoJSON address under a summary base URL (USGS's, or a replay's `<server>/usgs/feed/v1.0/summary/`).
    public func url(base: URL) -> URL {
        base.appendingPathComponent(name + ".geojson")
    }

    /// The replay's summary folder on a Quartet server.
    public static func replayBase(server: URL) -> URL {
        server.appendingPathComponent("usgs/feed/v1.0/summary/")
    }

    /// The address a `--feed` argument names: a file that is there (relative to `directory`), a summary feed name
    /// (`4.5_week`) on the server's replay, an `http(s)` URL, or a file path that is not there (any argument with
    /// a `/` or a `.json` or `.geojson` ending); `nil` when it is none of these.
    ///
    /// A file comes first: USGS names its downloads after the feed (`all_day.geojson`), so a file of that name in
    /// the folder is the one meant, not the replay's feed.
    public static func resolve(_ argument: String, server: URL, directory: URL) -> URL? {
        let path = argument.hasPrefix("/") ? argument : directory.appendingPathComponent(argument).path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
            return URL(fileURLWithPath: path)
        }
        if let feed = QuakeFeed(name: argument) { return feed.url(base: replayBase(server: server)) }
        if let url = URL(string: argument), let scheme = url.scheme?.lowercased() {
            if scheme == "http" || scheme == "https" { return url.host == nil ? nil : url }
            if scheme == "file" { return url }
        }
        // NB: a word that is no feed's name is most likely a mistyped one; a path is a file, there or not, so that
        // a missing one is named as missing rather than called a bad option.
        let looksLikePath = argument.contains("/") || argument.hasSuffix(".json") || argument.hasSuffix(".geojson")
        return looksLikePath ? URL(fileURLWithPath: path) : nil
    }
}
