/// A small deterministic random number generator (SplitMix64), so the demo feed (and the benchmarks' data) is the
/// same on every run.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform number in `0 ..< 1`.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A uniform number in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// `true` with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }
}
