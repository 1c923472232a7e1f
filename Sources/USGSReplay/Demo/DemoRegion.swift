/// A seismic region of the demo feed: the network that reports it, towns to name places after, depths and sizes.
struct DemoRegion: Sendable {
    /// How quakes here are sized.
    enum Sizes: Sendable {
        /// A dense regional network: many tiny quakes (`ml`/`md`), magnitude floor around zero.
        case local(floor: Double)
        /// Reported by the global network (`mb`/`mww`): magnitude 4 and up.
        case global
    }

    var network: String
    /// Towns as (name, latitude, longitude); places read "12 km SSW of <town>".
    var towns: [(name: String, latitude: Double, longitude: Double)]
    /// How far from a town a quake may be, in degrees.
    var spread: Double
    var depths: ClosedRange<Double>
    var sizes: Sizes
    /// Relative share of the demo feed's quakes.
    var weight: Double
    /// Whether an event here can raise the tsunami flag (oceanic subduction zones).
    var oceanic = false
    /// Non-earthquake event types reported here, with their probability.
    var otherTypes: [(type: String, probability: Double)] = []

    /// The regions of the demo feed.
    static let all: [DemoRegion] = [
        DemoRegion(
            network: "hv",
            towns: [
                ("Volcano, Hawaii", 19.43, -155.23), ("Pāhala, Hawaii", 19.20, -155.48),
                ("Leilani Estates, Hawaii", 19.47, -154.92),
            ],
            spread: 0.12, depths: -1.5...12, sizes: .local(floor: 1.6), weight: 0.14),
        DemoRegion(
            network: "nc",
            towns: [
                ("The Geysers, CA", 38.78, -122.76), ("Petrolia, CA", 40.33, -124.29), ("Cobb, CA", 38.82, -122.72),
                ("Parkfield, CA", 35.90, -120.43),
            ],
            spread: 0.15, depths: -0.5...15, sizes: .local(floor: 1.0), weight: 0.15,
            otherTypes: [("quarry blast", 0.01)]),
        DemoRegion(
            network: "ci",
            towns: [
                ("Ridgecrest, CA", 35.62, -117.67), ("Ocotillo Wells, CA", 33.14, -116.13),
                ("Borrego Springs, CA", 33.26, -116.37), ("Anza, CA", 33.56, -116.67),
            ],
            spread: 0.2, depths: -0.5...18, sizes: .local(floor: 0.9), weight: 0.19,
            otherTypes: [("quarry blast", 0.02), ("explosion", 0.005)]),
        DemoRegion(
            network: "ak",
            towns: [
                ("Anchorage, Alaska", 61.22, -149.90), ("Petersville, Alaska", 62.50, -150.85),
                ("Adak, Alaska", 51.88, -176.66), ("Sand Point, Alaska", 55.34, -160.50),
            ],
            spread: 0.6, depths: 0...180, sizes: .local(floor: 1.2), weight: 0.24,
            otherTypes: [("ice quake", 0.01), ("quarry blast", 0.005)]),
        DemoRegion(
            network: "nn",
            towns: [("Mina, Nevada", 38.39, -118.11), ("Dayton, Nevada", 39.24, -119.59)],
            spread: 0.3, depths: 0...12, sizes: .local(floor: 0.8), weight: 0.05,
            otherTypes: [("explosion", 0.01)]),
        DemoRegion(
            network: "uu",
            towns: [("West Yellowstone, Montana", 44.66, -111.10), ("Magna, Utah", 40.71, -112.10)],
            spread: 0.2, depths: 0...12, sizes: .local(floor: 1.0), weight: 0.04,
            otherTypes: [("mining explosion", 0.01)]),
        DemoRegion(
            network: "pr",
            towns: [("Maria Antonia, Puerto Rico", 17.98, -66.89), ("Indios, Puerto Rico", 17.99, -66.82)],
            spread: 0.25, depths: 2...30, sizes: .local(floor: 2.0), weight: 0.05),
        DemoRegion(
            network: "ok",
            towns: [("Perry, Oklahoma", 36.29, -97.29), ("Pawnee, Oklahoma", 36.34, -96.80)],
            spread: 0.15, depths: 2...8, sizes: .local(floor: 1.4), weight: 0.02,
            otherTypes: [("quarry blast", 0.03)]),
        DemoRegion(
            network: "mb",
            towns: [("Lincoln, Montana", 46.95, -112.68), ("Helena, Montana", 46.59, -112.04)],
            spread: 0.2, depths: 2...15, sizes: .local(floor: 1.0), weight: 0.02),
        DemoRegion(
            network: "us",
            towns: [
                ("Iwaki, Japan", 37.05, 140.89), ("Namie, Japan", 37.49, 141.00),
                ("Hualien City, Taiwan", 23.99, 121.60),
            ],
            spread: 1.5, depths: 10...80, sizes: .global, weight: 0.015, oceanic: true),
        DemoRegion(
            network: "us",
            towns: [
                ("Iquique, Chile", -20.21, -70.15), ("Tocopilla, Chile", -22.09, -70.20),
                ("Ollagüe, Chile", -21.22, -68.25),
            ],
            spread: 1.2, depths: 10...200, sizes: .global, weight: 0.012, oceanic: true),
        DemoRegion(
            network: "us",
            towns: [
                ("Sinabang, Indonesia", 2.47, 96.38), ("Bengkulu, Indonesia", -3.80, 102.27),
                ("Ternate, Indonesia", 0.79, 127.38),
            ],
            spread: 1.5, depths: 10...150, sizes: .global, weight: 0.012, oceanic: true),
        DemoRegion(
            network: "us",
            towns: [
                ("Neiafu, Tonga", -18.65, -173.98), ("Levuka, Fiji", -17.68, 178.84),
                ("Isangel, Vanuatu", -19.54, 169.27),
            ],
            spread: 1.8, depths: 10...650, sizes: .global, weight: 0.012, oceanic: true),
        DemoRegion(
            network: "us",
            towns: [
                ("Malatya, Türkiye", 38.35, 38.31), ("Grindavík, Iceland", 63.84, -22.43),
                ("Ḩalabjah, Iraq", 35.18, 45.99),
            ],
            spread: 0.8, depths: 5...25, sizes: .global, weight: 0.006),
        DemoRegion(
            network: "us",
            towns: [
                ("Pinotepa Nacional, Mexico", 16.34, -98.05), ("Acajutla, El Salvador", 13.59, -89.83),
                ("Lima, Peru", -12.05, -77.04),
            ],
            spread: 1.0, depths: 10...120, sizes: .global, weight: 0.009, oceanic: true),
    ]
}
