import Foundation
import Testing
import USGSReplay

@testable import APIClient

private struct Geometry: Decodable {
    var coordinates: [Double]
}

private struct Properties: Decodable {
    var mag: Double?
    var place: String
    var time: Int64
    @LossyArray var types: [String]

    enum CodingKeys: String, CodingKey {
        case mag, place, time, types
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mag = container.decodeLenient(Double.self, forKey: .mag)
        place = container.decodeLenient(String.self, forKey: .place, default: "")
        time = try container.decode(Int64.self, forKey: .time)
        _types = try container.decode(LossyArray<String>.self, forKey: .types)
    }
}

private struct Feature: Decodable {
    var id: String
    var properties: Properties
    var geometry: Geometry?
}

private struct FeatureCollection: Decodable {
    var type: String
    @LossyArray var features: [Feature]
}

@Suite struct DecodingFuzzTests {
    /// NB: computed, not a stored static, so LeakSanitizer does not count a process-lifetime buffer as a leak.
    static var sample: Data {
        Data(
            #"""
            {"type": "FeatureCollection", "metadata": {"count": 3, "title": "USGS All Earthquakes"},
             "features": [
              {"type": "Feature", "id": "ci1", "properties": {"mag": 1.2, "place": "5 km N of Ridgecrest, CA",
               "time": 1700000000000, "types": ["origin", "phase-data"]}, "geometry": {"coordinates": [-117.6, 35.6, 8.1]}},
              {"type": "Feature", "id": "ak2", "properties": {"mag": null, "place": "Alaska \u00e9\ud83c\udf0b",
               "time": 1700000001000, "types": []}, "geometry": null},
              {"type": "Feature", "id": "us3", "properties": {"mag": "4.5", "time": 1700000002000, "types": "x"},
               "geometry": {"coordinates": [1e2, -2.5E-1, 0]}}
             ]}
            """#.utf8)
    }

    /// Decodes one case; anything but a value or `APIError.decoding` fails the test.
    private func check(_ data: Data, seed: Int) {
        do {
            let collection = try JSONDecoder().decodeReporting(FeatureCollection.self, from: data)
            #expect(collection.features.count + collection.$features.skipped <= 3, "seed \(seed)")
        } catch {
            guard case .decoding = error else {
                Issue.record("seed \(seed): unexpected \(error)")
                return
            }
        }
    }

    @Test func sampleDecodes() throws {
        let collection = try JSONDecoder().decodeReporting(FeatureCollection.self, from: Self.sample)
        #expect(collection.features.map(\.id) == ["ci1", "ak2", "us3"])
        #expect(collection.features.map(\.properties.mag) == [1.2, nil, 4.5])
        #expect(collection.features[2].properties.types == [])
    }

    @Test func everyTruncationGivesAValueOrADecodingError() {
        let sample = Self.sample
        for length in 0..<sample.count {
            check(sample.prefix(length), seed: length)
        }
    }

    @Test func randomByteMutationsGiveAValueOrADecodingError() {
        let interesting: [UInt8] = Array(#"{}[]",:0-9.eE"\ nultrfa"#.utf8) + [0x00, 0x80, 0xC3, 0xFF, 0xED, 0xA0]
        let original = [UInt8](Self.sample)
        for seed in 0..<3000 {
            var generator = SeededGenerator(seed: UInt64(seed))
            var bytes = original
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[index] = interesting.randomElement(using: &generator) ?? 0
                case 1: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                case 2: bytes.remove(at: index)
                default: bytes.insert(interesting.randomElement(using: &generator) ?? 0, at: index)
                }
            }
            if Bool.random(using: &generator) {
                bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
            }
            check(Data(bytes), seed: seed)
        }
    }
}
