// The Quakes feed decoder (a hand-written scanner over untrusted server bytes) against Foundation's
// `JSONSerialization` as the reference: whatever the reference reads as a feed (a JSON object with a `features`
// array, or of the type `Feature`), the scanner must read too, with the same numbers for the quakes it keeps; a
// JSON object that is no feed (a proxy's `{"error": …}`) it must refuse, not read as a feed of nothing; and nothing
// may trap on any input.
import Foundation
import FuzzSupport
import QuakeFeedCodec
import QuakesModels

let decoder = QuakeFeedDecoder()

/// The features of a reference parse, when the body is a JSON object with a `features` array.
func referenceFeatures(_ object: [String: Any]) -> [Any]? { object["features"] as? [Any] }

/// Whether a reference parse is a feed as the decoder defines one: a `features` array, or the type `Feature`.
func isFeed(_ object: [String: Any]) -> Bool {
    referenceFeatures(object) != nil || object["type"] as? String == "Feature"
}

/// How many times `key`, quoted, stands in `bytes` (a member name, or a string value that spells it).
func occurrenceCount(_ key: String, in bytes: [UInt8]) -> Int {
    let needle = Array("\"\(key)\"".utf8)
    guard bytes.count >= needle.count else { return 0 }
    return (0...(bytes.count - needle.count)).filter { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }.count
}

/// Whether a feature's `id` member is the id the decoder gave a quake: a string as it is; a number written without
/// a fraction, compared as a number (see ``same(_:_:)`` for why not exactly).
func hasID(_ feature: Any, _ id: String) -> Bool {
    guard let feature = feature as? [String: Any] else { return false }
    if let text = feature["id"] as? String { return text == id }
    if let number = feature["id"] as? NSNumber, !(number is Bool) {
        let reference = number.doubleValue
        if NumberText.fixed(reference, digits: 0) == id { return true }
        return Double(id).map { same(reference.rounded(), $0) } ?? false
    }
    return false
}

func referenceCoordinates(_ feature: Any) -> [Double]? {
    guard let feature = feature as? [String: Any], let geometry = feature["geometry"] as? [String: Any],
        let coordinates = geometry["coordinates"] as? [Any]
    else { return nil }
    return coordinates.compactMap { ($0 as? NSNumber)?.doubleValue }
}

/// Whether the scanner's number is the reference's. NB: within 4 units in the last place, not exactly: Linux
/// Foundation's `JSONSerialization` misrounds some 17-digit numbers (`19.721820463939991` by 2 units), where the
/// scanner, `JSONDecoder` and `strtod` agree on the correctly rounded double.
func same(_ reference: Double, _ scanned: Double) -> Bool {
    guard reference != scanned else { return true }
    guard reference.sign == scanned.sign, reference.isFinite, scanned.isFinite else { return false }
    let distance = Int64(bitPattern: reference.bitPattern) - Int64(bitPattern: scanned.bitPattern)
    return distance.magnitude <= 4
}

fuzz { input in
    let data = Data(input.bytes)
    let result = Result { () throws(FeedDecodingError) in try decoder.decode(data) }
    let reference = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    // NB: Foundation also reads UTF-16 and UTF-32 (it guesses from the zero bytes, so `{\0\0\0}\0\0\0` is `{}`);
    // JSON between systems is UTF-8 (RFC 8259, 8.1), where a zero byte never stands outside a string's escape.
    guard let object = reference as? [String: Any], !input.bytes.contains(0) else { return }
    // NB: a repeated `features` or `type` is read by the scanner as it comes and by the reference as the last one
    // (and an escape can spell either name another way), so which object is a feed is compared only without them.
    func occurrences(_ key: String) -> Int { occurrenceCount(key, in: input.bytes) }
    let plainKeys =
        occurrences("features") <= 1 && occurrences("type") <= 1 && !input.bytes.contains(UInt8(ascii: "\\"))
    guard isFeed(object) else {
        if plainKeys, case .success(let feed) = result {
            require(false, "the scanner read JSON that is no feed as a feed of \(feed.quakes.count) quakes")
        }
        return
    }
    guard case .success(let feed) = result else {
        require(false, "the scanner refused a feed that Foundation reads: \(result)")
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
        let matches = { (feature: Any) -> Bool in
            guard hasID(feature, quake.id), let coordinates = referenceCoordinates(feature),
                coordinates.count >= 2
            else { return false }
            let depth = coordinates.count > 2 ? coordinates[2] : nil
            return same(coordinates[0], quake.coordinate.longitude) && same(coordinates[1], quake.coordinate.latitude)
                && (depth == nil) == (quake.coordinate.depth == nil)
                && (depth.map { same($0, quake.coordinate.depth ?? .nan) } ?? true)
        }
        guard let index = features[next...].firstIndex(where: matches) else {
            require(false, "quake \(quake.id) at \(quake.coordinate) is no later feature of the body")
            return
        }
        next = index + 1
    }
}
