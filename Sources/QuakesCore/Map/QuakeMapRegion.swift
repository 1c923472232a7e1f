import QuakesModels

/// The part of the globe a map shows: a centre and spans in degrees.
public struct QuakeMapRegion: Sendable, Hashable {
    /// Degrees north, −90…90.
    public var centerLatitude: Double
    /// In −180…180, even when the region crosses the antimeridian.
    public var centerLongitude: Double
    /// Degrees of latitude shown, top to bottom: at most 180, and at least 2 in a fitted region.
    public var latitudeSpan: Double
    /// Degrees of longitude shown, side to side: at most 360, and at least 2 in a fitted region.
    public var longitudeSpan: Double

    /// The whole world, shown when there is nothing to fit.
    public static let world = QuakeMapRegion(
        centerLatitude: 0, centerLongitude: 0, latitudeSpan: 180, longitudeSpan: 360)

    /// Smallest span, so that a single pin is not shown at street level.
    static let minimumSpan = 2.0
    /// Margin around the pins, as a fraction of the span.
    static let padding = 0.1

    /// The smallest region holding every coordinate, plus a margin.
    ///
    /// Longitudes are treated as a circle: the region leaves out the widest empty gap between pins, so pins
    /// on both sides of the antimeridian (Fiji at 178° E, Tonga at 174° W) give a narrow region across it,
    /// not one spanning the whole world.
    public static func fitting(_ coordinates: [QuakeCoordinate]) -> QuakeMapRegion {
        guard !coordinates.isEmpty else { return .world }
        var minLatitude = 90.0
        var maxLatitude = -90.0
        for coordinate in coordinates {
            minLatitude = min(minLatitude, coordinate.latitude)
            maxLatitude = max(maxLatitude, coordinate.latitude)
        }
        let longitudes = coordinates.map(\.longitude).sorted()
        // The widest gap between neighbours, including the wrap from the last back to the first.
        var gap = longitudes[0] + 360 - longitudes[longitudes.count - 1]
        var west = longitudes[0]
        for index in 1..<longitudes.count where longitudes[index] - longitudes[index - 1] > gap {
            gap = longitudes[index] - longitudes[index - 1]
            west = longitudes[index]
        }
        let occupied = 360 - gap
        var centerLongitude = west + occupied / 2
        if centerLongitude > 180 { centerLongitude -= 360 }
        let latitudeSpan = min(180, max(minimumSpan, (maxLatitude - minLatitude) * (1 + 2 * padding)))
        let longitudeSpan = min(360, max(minimumSpan, occupied * (1 + 2 * padding)))
        return QuakeMapRegion(
            centerLatitude: (minLatitude + maxLatitude) / 2,
            centerLongitude: centerLongitude,
            latitudeSpan: latitudeSpan,
            longitudeSpan: longitudeSpan)
    }
}
