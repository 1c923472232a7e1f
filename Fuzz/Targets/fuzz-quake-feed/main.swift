// The Quakes feed decoder (a hand-written scanner over untrusted server bytes) against Foundation's
// `JSONSerialization` as the reference: whatever the reference reads as a JSON object, the scanner must read too,
// with the same numbers for the quakes it keeps, and nothing may trap on any input.
import Foundation
import FuzzSupport

@testable import QuakesCore

let decoder = QuakeFeedDecoder()

/// The features of a reference parse, when the body is a JSON object with a `features` array.
func referenceFeatures(_ object: [String: Any]) -> [Any]? { object["features"] as? [Any] }

/// The id the decoder gives a feature's `id` member (strings as they are, numbers written without a fraction).
func referenceID(_ feature: Any) -> String? {
    guard let feature = feature as? [String: Any] else { return nil }
    if let id = feature["id"] as? String { return id }
    if let id = feature["id"] as? NSNumber, !(id is Bool) { return NumberText.fixed(id.doubleValue, digits: 0) }
    return nil
}

func referenceCoordinates(_ feature: Any) -> [Double]? {
    guard let feature = feature as? [String: Any], let geometry = feature["geometry"] as? [String: Any],
        let coordinates = geometry["coordinates"] as? [Any]
    else { return nil }
    return coordinates.compactMap { ($0 as? NSNumber)?.doubleValue }
}

fuzz { input in
    let data = Data(input.bytes)
    let result = Result { () throws(FeedDecodingError) in try decoder.decode(data) }
    let reference = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    // NB: Foundation also reads UTF-16 and UTF-32 (it guesses from the zero bytes, so `{\0\0\0}\0\0\0` is `{}`);
    // JSON between systems is UTF-8 (RFC 8259, 8.1), where a zero byte never stands outside a string's escape.
    guard let object = reference as? [String: Any], !input.bytes.contains(0) else { return }
    guard case .success(let feed) = result else {
        require(false, "the scanner refused JSON that Foundation reads: \(result)")
        return
    }
    for quake in feed.quakes {
        require(!quake.id.isEmpty && !quake.title.isEmpty, "a quake without id or title")
        require(
            (-180...180).contains(quake.coordinate.longitude) && (-90...90).contains(quake.coordinate.latitude),
            "a quake outside the globe: \(quake.coordinate)")
    }
    // NB: a repeated key is read twice by the scanner and once by the reference; compare only bodies without
    // repeats of the members that decide which features become quakes, and without escapes (which can spell
    // a key in another way).
    guard let features = referenceFeatures(object), !input.bytes.contains(UInt8(ascii: "\\")) else { return }
    func occurrences(_ key: String) -> Int {
        let needle = Array("\"\(key)\"".utf8)
        guard input.bytes.count >= needle.count else { return 0 }
        return (0...(input.bytes.count - needle.count)).filter {
            input.bytes[$0..<($0 + needle.count)].elementsEqual(needle)
        }
        .count
    }
    guard occurrences("features") == 1 else { return }
    require(
        feed.quakes.count + feed.skipped == features.count,
        "\(feed.quakes.count) quakes + \(feed.skipped) skipped, but \(features.count) features")
    // Each quake is a later feature with its id and exactly its numbers, in order. NB: not simply the next feature
    // with its id: ids may repeat, and a feature the decoder skipped (off the globe, a field of the wrong type)
    // may carry the same id as the one it kept.
    guard occurrences("coordinates") == features.count, occurrences("id") == features.count else { return }
    var next = 0
    for quake in feed.quakes {
        let same = { (feature: Any) -> Bool in
            guard referenceID(feature) == quake.id, let coordinates = referenceCoordinates(feature),
                coordinates.count >= 2
            else { return false }
            return coordinates[0] == quake.coordinate.longitude && coordinates[1] == quake.coordinate.latitude
                && (coordinates.count > 2 ? coordinates[2] : nil) == quake.coordinate.depth
        }
        guard let index = features[next...].firstIndex(where: same) else {
            require(false, "quake \(quake.id) at \(quake.coordinate) is no later feature of the body")
            return
        }
        next = index + 1
    }
}
