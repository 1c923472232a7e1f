import DynamicJSON
import Foundation
import Localization
import QuakesModels

/// The plain reference for ``QuakeFeedDecoder``: the same feed rules, read from Foundation's `JSONDecoder` tree in
/// a few lines each, with no care for speed.
///
/// Tests decode the same bodies with both and require the same quakes, the same skipped count and the same
/// metadata; the scanner is what the app runs. The rules, as ``QuakeFeedDecoder`` states them: a feature with a
/// missing id, time or coordinates, off the globe, with a time beyond ``QuakeFeedDecoder/timeRange``, or with a field
/// of the wrong type is skipped and counted; `null` is a missing value (a `null` depth, an unknown one); a missing
/// title is made from magnitude, type and place as USGS writes them; texts naming a kind (alert, status, type, magnitude type) are trimmed and
/// lowercased; site-relative links get the origin, and a link that is then no web address is dropped
/// (``Quake/webLink(_:origin:)``).
///
/// NB: where a body repeats a key the two may differ (the scanner reads every copy, the tree keeps the last);
/// feeds never repeat one. Where Foundation refuses a whole body over one value the scanner reads that value
/// leniently: a lone UTF-16 surrogate escape as `�`, a number with a leading zero (`04.5`), one too small for a
/// double as 0 (`1e-400`). A number too large for a double both refuse.
public struct PlainQuakeFeedDecoder: Sendable {
    /// Scheme and host that relative links are resolved against.
    public var origin: String

    /// A decoder resolving links against `origin`.
    public init(origin: String = "https://earthquake.usgs.gov") {
        self.origin = origin.hasSuffix("/") ? String(origin.dropLast()) : origin
    }

    /// Decodes a summary feed (or a single detail feature, as a feed of one); a body that is no JSON object, or
    /// one with neither a `features` array nor the type `Feature`, throws `DecodingError`.
    public func decode(_ data: Data) throws -> DecodedFeed {
        guard case .object(let document) = try JSONDecoder().decode(JSONValue.self, from: data) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "A feed is a JSON object."))
        }
        var feed = DecodedFeed(quakes: [])
        if case .object(let metadata)? = document["metadata"] {
            if case .number(let count)? = metadata["count"], count >= 0, count < 1e9 { feed.declaredCount = Int(count) }
            if case .number(let ms)? = metadata["generated"] { feed.generated = Date(timeIntervalSince1970: ms / 1000) }
            if case .string(let title)? = metadata["title"] { feed.title = title }
        }
        let features: [JSONValue]
        switch (document["features"], document["type"]) {
        case (.array(let items)?, _): features = items
        case (nil, .string("Feature")?): features = [.object(document)]
        case (_, .string("Feature")?): features = []
        default:
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "A feed has a features array or is one Feature."))
        }
        for feature in features {
            if let quake = quake(feature) { feed.quakes.append(quake) } else { feed.skipped += 1 }
        }
        return feed
    }

    /// Thrown inside ``quake(_:)`` when a field has a type the feed never uses.
    private struct Malformed: Error {}

    private func quake(_ feature: JSONValue) -> Quake? {
        guard case .object(let members) = feature else { return nil }
        return try? quake(members)
    }

    private func quake(_ feature: [String: JSONValue]) throws -> Quake? {
        let id: String?
        switch feature["id"] {
        case .string(let text)?: id = text
        case .number(let number)?: id = NumberText.fixed(number, digits: 0)
        case nil: id = nil
        default: throw Malformed()
        }
        var properties: [String: JSONValue] = [:]
        switch feature["properties"] {
        case .object(let object)?: properties = object.filter { $0.value != .null }
        case nil: break
        default: throw Malformed()
        }
        var coordinates: [Double] = []
        switch feature["geometry"] {
        case .object(let geometry)?:
            if case .array(let items)? = geometry["coordinates"] {
                position: for item in items {
                    switch item {
                    case .number(let number): coordinates.append(number)
                    case .null where coordinates.count >= 2: break position
                    default: throw Malformed()
                    }
                }
            }
        case nil: break
        default: throw Malformed()
        }
        func number(_ key: String) throws -> Double? {
            switch properties[key] {
            case .number(let number)?: return number
            case nil: return nil
            default: throw Malformed()
            }
        }
        func integer(_ key: String) throws -> Int? {
            guard let number = try number(key) else { return nil }
            guard abs(number) < 1e15 else { throw Malformed() }
            return Int(number.rounded())
        }
        func text(_ key: String) throws -> String? {
            switch properties[key] {
            case .string(let text)?: return text
            case nil: return nil
            default: throw Malformed()
            }
        }
        func kind(_ key: String) throws -> String? {
            try text(key).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
        }
        func link(_ key: String) throws -> String? {
            try text(key).flatMap { Quake.webLink($0, origin: origin) }
        }
        let tsunami: Bool
        switch properties["tsunami"] {
        case .number(let flag)?: tsunami = flag != 0
        case .bool(let flag)?: tsunami = flag
        case nil: tsunami = false
        default: throw Malformed()
        }
        let magnitude = try number("mag")
        let place = try text("place").flatMap { $0.isEmpty ? nil : $0 }
        let type = try kind("type") ?? "earthquake"
        let title =
            try text("title").flatMap { $0.isEmpty ? nil : $0 }
            ?? Quake.usgsTitle(magnitude: magnitude, place: place, type: type)
        let time = try number("time")
        let updated = try number("updated")
        let quake = Quake(
            id: id ?? "", magnitude: magnitude, place: place, title: title,
            time: Date(timeIntervalSince1970: (time ?? 0) / 1000),
            updated: updated.map { Date(timeIntervalSince1970: $0 / 1000) },
            eventPage: try link("url"), detailFeed: try link("detail"), felt: try integer("felt"),
            cdi: try number("cdi"), mmi: try number("mmi"), alert: try kind("alert"), tsunami: tsunami,
            status: try kind("status"), type: type, magType: try kind("magType"),
            coordinate: QuakeCoordinate(
                longitude: coordinates.first ?? .nan, latitude: coordinates.dropFirst().first ?? .nan,
                depth: coordinates.count > 2 ? coordinates[2] : nil),
            tz: try integer("tz"), net: try text("net"), code: try text("code"), sig: try integer("sig"))
        let range = QuakeFeedDecoder.timeRange
        guard let id, !id.isEmpty, let time, range.contains(time), updated.map(range.contains) ?? true,
            coordinates.count >= 2,
            (-180...180).contains(quake.coordinate.longitude), (-90...90).contains(quake.coordinate.latitude)
        else { return nil }
        return quake
    }
}
