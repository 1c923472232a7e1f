import QuakesModels

/// How strongly a row (and its map pin) is shaded.
public enum QuakeTint: String, Sendable, Hashable, CaseIterable {
    /// No magnitude, or below 5.
    case none
    /// Magnitude 5 or more (and below 7).
    case lightRed
    /// Magnitude 7 or more.
    case red

    /// Tint for a magnitude as it reads to one decimal (``Quake/shown(_:)``): ≥ 7 red, ≥ 5 light red (both
    /// thresholds inclusive), otherwise none.
    public init(magnitude: Double?) {
        guard let magnitude = magnitude.map(Quake.shown) else {
            self = .none
            return
        }
        if magnitude >= 7 {
            self = .red
        } else if magnitude >= 5 {
            self = .lightRed
        } else {
            self = .none
        }
    }
}
