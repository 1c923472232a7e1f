/// One line of the quake list, exactly as it is drawn.
public struct QuakeRow: Sendable, Hashable, Identifiable {
    public var id: String
    /// The USGS title (`M 4.5 - 10 km N of X`), as ``QuakeRowFormatter/rowTitle(_:)`` shows it.
    public var title: String
    /// `38.29° N, 122.31° W`.
    public var coordinateText: String
    /// When it happened, in the device's time zone and locale.
    public var timeText: String
    /// The row's colour, from the magnitude as it reads: light red from 5, red from 7.
    public var tint: QuakeTint
}
