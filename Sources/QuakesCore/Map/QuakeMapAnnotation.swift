import QuakesModels

/// A pin on the quake map: quakes of magnitude 3.5 or more.
public struct QuakeMapAnnotation: Sendable, Hashable, Identifiable {
    public var id: String
    public var coordinate: QuakeCoordinate
    public var title: String
    public var magnitude: Double
    public var tint: QuakeTint

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
                id: quake.id, coordinate: quake.coordinate, title: quake.title, magnitude: magnitude,
                tint: QuakeTint(magnitude: magnitude))
        }
    }
}
