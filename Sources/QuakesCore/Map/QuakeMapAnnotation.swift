import QuakesModels

/// A pin on the quake map: quakes of magnitude 3.5 or more.
public struct QuakeMapAnnotation: Sendable, Hashable, Identifiable {
    public var id: String
    /// Where the pin goes: the quake's coordinate.
    public var coordinate: QuakeCoordinate
    /// The quake's title as its row shows it (``QuakeRowFormatter/rowTitle(_:)``), the pin's label.
    public var title: String
    /// The feed's magnitude, unrounded; it reads as 3.5 or more (``Quake/shownMagnitude``).
    public var magnitude: Double
    /// The pin's colour, from the magnitude as it reads (``QuakeTint/init(magnitude:)``).
    public var tint: QuakeTint

    /// The pin's width and height on the app's map, in points: 6 for each magnitude above 2.5, at least 8 so that
    /// a 3.5 shows, and at most 45 (a magnitude 10, above any quake recorded), so that a feed's `mag` of 1e300 is
    /// no circle over the whole map.
    ///
    /// NB: the map view worked this out itself, with no upper bound.
    public var diameter: Double { min(45, max(8, (magnitude - 2.5) * 6)) }

    /// The smallest magnitude that gets a pin.
    public static let minimumMagnitude = 3.5

    /// The magnitude the map's pins start at under `filter`: 3.5, or the filter's floor when higher. The map's title,
    /// the SVG's title and the command line's sentence all say this one number.
    public static func floor(for filter: QuakeFilter) -> Double {
        max(minimumMagnitude, filter.minimumMagnitude ?? 0)
    }

    /// Pins for the quakes worth one (magnitude ≥ 3.5 as it reads, ``Quake/shownMagnitude``), in the given order.
    public static func annotations(for quakes: [Quake]) -> [QuakeMapAnnotation] {
        quakes.compactMap { quake in
            guard let magnitude = quake.magnitude, Quake.shown(magnitude) >= minimumMagnitude else { return nil }
            return QuakeMapAnnotation(
                id: quake.id, coordinate: quake.coordinate, title: QuakeRowFormatter.rowTitle(quake.title),
                magnitude: magnitude,
                tint: QuakeTint(magnitude: magnitude))
        }
    }
}
