import Foundation

/// Generates the demo month of quakes: deterministic for a seed and a "now", about 10,000 events.
///
/// Sizes follow Gutenberg–Richter (b ≈ 1: each unit of magnitude is ten times rarer); regional networks
/// report many tiny quakes, the global network fewer quakes of magnitude 4 and up, and a few great
/// quakes (≥ 7) are placed in subduction zones. Places are written the way USGS writes them
/// ("12 km SSW of Volcano, Hawaii"), from the offset between the event and a town.
struct DemoFeedGenerator: Sendable {
    var now: Date
    var seed: UInt64
    var count: Int
    /// The window the events fall in, ending at `now`.
    var window: TimeInterval = 30 * 86_400

    /// The events, newest first.
    func generate() -> [DemoQuake] {
        var random = SeededGenerator(seed: seed)
        let regions = DemoRegion.all
        let totalWeight = regions.reduce(0) { $0 + $1.weight }
        let nowMilliseconds = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        let windowMilliseconds = Int64(window * 1000)
        var quakes: [DemoQuake] = []
        quakes.reserveCapacity(count)
        let greatCount = min(3, count)
        for index in 0..<count {
            let great = index < greatCount
            let region = great ? greatRegion(index, regions) : pickRegion(regions, totalWeight, &random)
            let time = nowMilliseconds - Int64(random.unit() * Double(windowMilliseconds - 1)) - 1
            quakes.append(makeQuake(index, region, time: time, nowMilliseconds: nowMilliseconds, great: great, &random))
        }
        quakes.sort {
            $0.timeMilliseconds != $1.timeMilliseconds ? $0.timeMilliseconds > $1.timeMilliseconds : $0.id < $1.id
        }
        return quakes
    }

    private func greatRegion(_ index: Int, _ regions: [DemoRegion]) -> DemoRegion {
        let subduction = regions.filter { $0.oceanic }
        return subduction[index % subduction.count]
    }

    private func pickRegion(_ regions: [DemoRegion], _ total: Double, _ random: inout SeededGenerator) -> DemoRegion {
        var target = random.unit() * total
        for region in regions {
            target -= region.weight
            if target < 0 { return region }
        }
        return regions[regions.count - 1]
    }

    private func makeQuake(
        _ index: Int, _ region: DemoRegion, time: Int64, nowMilliseconds: Int64, great: Bool,
        _ random: inout SeededGenerator
    ) -> DemoQuake {
        let town = region.towns[Int(random.unit() * Double(region.towns.count)) % region.towns.count]
        let latitude = max(-89.9, min(89.9, town.latitude + random.uniform(-region.spread...region.spread)))
        var longitude = town.longitude + random.uniform(-region.spread...region.spread)
        if longitude > 180 { longitude -= 360 }
        if longitude < -180 { longitude += 360 }

        var type = "earthquake"
        for other in region.otherTypes where random.chance(other.probability) {
            type = other.type
            break
        }
        // Gutenberg–Richter with b = 1: P(M ≥ floor + x) = 10^-x.
        let tail = -log10(max(random.unit(), 1e-12))
        var magnitude: Double
        var magType: String
        var digits: Int
        switch region.sizes {
        case .local(let floor):
            // NB: the squared term rolls off the smallest sizes, as a network's detection threshold does.
            let rollOff = random.unit()
            magnitude = min(5.9, floor - 0.2 + tail - 1.2 * rollOff * rollOff)
            magType = region.network == "nc" || region.network == "hv" ? (magnitude < 3.5 ? "md" : "ml") : "ml"
            digits = 2
        case .global:
            magnitude = min(6.9, 4.0 + tail)
            magType = magnitude >= 5.5 ? "mww" : "mb"
            digits = 1
        }
        if great {
            magnitude = 7.0 + Double(index) * 0.3 + random.uniform(0...0.15)
            magType = "mww"
        }
        if type != "earthquake" { magnitude = random.uniform(0.8...2.4) }
        magnitude = Double(DemoQuake.fixed(magnitude, digits)) ?? magnitude
        var depth = random.uniform(region.depths)
        if type != "earthquake" { depth = random.uniform(-0.6...0.4) }
        if great { depth = random.uniform(15...35) }

        let ageDays = Double(nowMilliseconds - time) / 86_400_000
        let automatic = region.sizes.isGlobal ? ageDays < 0.5 : random.chance(ageDays < 2 ? 0.9 : 0.3)
        let code = region.network == "us" ? "7000" + base36(index, width: 4) : String(73_000_000 + index * 7)
        let id = region.network + code
        let felt: Int? = magnitude >= 2.5 && random.chance(0.4) ? Int(pow(magnitude, 3) * random.unit()) : nil
        let alert: String? = magnitude >= 7.3 ? "orange" : magnitude >= 7 ? "yellow" : magnitude >= 5.5 ? "green" : nil
        return DemoQuake(
            id: id,
            network: region.network,
            code: code,
            magnitude: magnitude,
            magType: magType,
            place: place(from: town, latitude: latitude, longitude: longitude),
            timeMilliseconds: time,
            updatedMilliseconds: min(
                nowMilliseconds, time + Int64(random.uniform(60_000...(automatic ? 900_000 : 86_400_000)))),
            longitude: (longitude * 10_000).rounded() / 10_000,
            latitude: (latitude * 10_000).rounded() / 10_000,
            depth: (depth * 100).rounded() / 100,
            type: type,
            status: automatic ? "automatic" : "reviewed",
            tsunami: region.oceanic && magnitude >= 6.5,
            alert: alert,
            felt: felt,
            cdi: felt.map { _ in (min(9, max(1, magnitude - 1.5)) * 10).rounded() / 10 },
            mmi: magnitude >= 4.5 ? (min(9.5, magnitude - 0.5) * 1000).rounded() / 1000 : nil,
            significance: DemoQuake.significance(magnitude: magnitude) + (felt ?? 0) / 10,
            stations: region.sizes.isGlobal ? nil : Int(random.uniform(4...60)),
            minimumDistance: region.sizes.isGlobal ? random.uniform(0.5...8) : random.uniform(0.001...0.3),
            rms: (random.uniform(0.01...1.2) * 100).rounded() / 100,
            gap: random.chance(0.9) ? random.uniform(20...300).rounded() : nil
        )
    }

    /// "12 km SSW of Volcano, Hawaii": distance and compass direction from the town to the event.
    private func place(
        from town: (name: String, latitude: Double, longitude: Double), latitude: Double, longitude: Double
    ) -> String {
        let north = (latitude - town.latitude) * 111.2
        var deltaLongitude = longitude - town.longitude
        if deltaLongitude > 180 { deltaLongitude -= 360 }
        if deltaLongitude < -180 { deltaLongitude += 360 }
        let east = deltaLongitude * 111.2 * cos(town.latitude * .pi / 180)
        let distance = Int((north * north + east * east).squareRoot().rounded())
        guard distance > 0 else { return town.name }
        let bearing = (atan2(east, north) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
        let points = [
            "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
        ]
        let direction = points[Int((bearing / 22.5).rounded()) % 16]
        return "\(distance) km \(direction) of \(town.name)"
    }

    private func base36(_ value: Int, width: Int) -> String {
        let text = String(value, radix: 36)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

extension DemoRegion.Sizes {
    var isGlobal: Bool {
        if case .global = self { return true }
        return false
    }
}
