import Foundation
import Localization
import QuakesModels

/// What came out of a feed: the quakes that made sense and a count of those that did not.
public struct DecodedFeed: Sendable, Equatable {
    /// Well-formed features, in feed order.
    public var quakes: [Quake]
    /// Features skipped because a required field was missing or had the wrong type.
    public var skipped: Int = 0
    /// `metadata.count` as the feed declared it (it may disagree with `quakes.count + skipped`).
    public var declaredCount: Int?
    /// `metadata.generated`.
    public var generated: Date?
    /// `metadata.title`.
    public var title: String?
}

/// Why a body could not be read as a feed at all.
public struct FeedDecodingError: Error, Equatable, Sendable {
    /// Byte offset where reading stopped.
    public var offset: Int
    /// What was wrong there, in English for logs and tests (`unexpected end`, `trailing characters`).
    public var reason: String
}

/// Decodes USGS GeoJSON summary feeds (`FeatureCollection`) and detail feeds (one `Feature`), leniently.
///
/// A feature with a missing id, time or coordinates, with a time no date can have (beyond ``timeRange``), or with a
/// field of the wrong type, is skipped and counted (`null` is a missing value: a `null` depth is an unknown one); only a body that is not JSON (or was cut short), or JSON that is
/// neither a collection with a `features` array nor one `Feature`, fails as a whole.
///
/// ```swift
/// let feed = try QuakeFeedDecoder().decode(data)
/// print(feed.quakes.count, "quakes,", feed.skipped, "skipped")
/// ```
public struct QuakeFeedDecoder: Sendable {
    /// Scheme and host that relative links (`/earthquakes/eventpage/…`) are resolved against.
    public var origin: String

    /// The milliseconds since 1970 a feature's `time` and `updated` may take: ECMAScript's dates, ±100 million days
    /// (USGS writes JavaScript times). A feature with a time beyond them is skipped: `1e300` was kept, and
    /// `quartet quakes --json` trapped converting it to whole milliseconds.
    public static let timeRange: ClosedRange<Double> = -8.64e15...8.64e15

    /// A decoder that resolves relative links against `origin` (`scheme://host[:port]`, a trailing slash dropped);
    /// USGS's by default.
    public init(origin: String = "https://earthquake.usgs.gov") {
        self.origin = origin.hasSuffix("/") ? String(origin.dropLast()) : origin
    }

    /// The origin (`scheme://host[:port]`) of a feed URL, for resolving its relative links.
    public init(feedURL: URL) {
        guard let scheme = feedURL.scheme, let host = feedURL.host, scheme != "file" else {
            self.init()
            return
        }
        self.init(origin: scheme + "://" + host + (feedURL.port.map { ":\($0)" } ?? ""))
    }

    /// Decodes a summary feed (or a single detail feature, as a feed of one).
    public func decode(_ data: Data) throws(FeedDecodingError) -> DecodedFeed {
        let result: Result<DecodedFeed, JSONSyntaxError> = data.withUnsafeBytes { raw in
            var scanner = JSONScanner(raw)
            scanner.skipByteOrderMark()
            do throws(JSONSyntaxError) {
                let feed = try decodeDocument(&scanner)
                guard scanner.peek() == nil else { throw scanner.fail("trailing characters") }
                return .success(feed)
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let feed): return feed
        case .failure(let error): throw FeedDecodingError(offset: error.offset, reason: error.reason)
        }
    }

    private func decodeDocument(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> DecodedFeed {
        var feed = DecodedFeed(quakes: [])
        var single = FeatureFields()
        var isFeature = false
        var sawFeatures = false
        var hasFeatureArray = false
        try scanner.object(FeedKey.self) { (scanner, key) throws(JSONSyntaxError) in
            switch key {
            case .features:
                sawFeatures = true
                guard scanner.peek() == UInt8(ascii: "[") else {
                    _ = try scanner.scalar()
                    return
                }
                hasFeatureArray = true
                // NB: a summary feature takes ~700 bytes; reserving avoids the array's doubling overshoot.
                feed.quakes.reserveCapacity(min(scanner.bytes.count / 600, 200_000))
                try scanner.array { (scanner) throws(JSONSyntaxError) in
                    guard scanner.peek() == UInt8(ascii: "{") else {
                        _ = try scanner.scalar()
                        feed.skipped += 1
                        return
                    }
                    var fields = FeatureFields()
                    try fields.read(&scanner)
                    if let quake = fields.quake(origin: origin) {
                        feed.quakes.append(quake)
                    } else {
                        feed.skipped += 1
                    }
                }
            case .metadata:
                guard scanner.peek() == UInt8(ascii: "{") else {
                    _ = try scanner.scalar()
                    return
                }
                try scanner.object(FeedKey.self) { (scanner, key) throws(JSONSyntaxError) in
                    switch (key, try scanner.scalar()) {
                    case (.count, .number(let count)) where count >= 0 && count < 1e9: feed.declaredCount = Int(count)
                    case (.generated, .number(let ms)): feed.generated = Date(timeIntervalSince1970: ms / 1000)
                    case (.title, .string(let title)): feed.title = title
                    default: break
                    }
                }
            case .type:
                isFeature = try scanner.scalar() == .string("Feature")
            case .properties, .geometry, .id:
                try single.readMember(&scanner, key: key)
            default:
                try scanner.skipValue()
            }
        }
        // NB: JSON that is no feed (`{"error": "rate limited"}` from a proxy) must not read as a feed of nothing,
        // which would replace the list saved on the device with an empty one.
        guard hasFeatureArray || isFeature else { throw scanner.fail("no features array and not a Feature") }
        if isFeature, !sawFeatures {
            if let quake = single.quake(origin: origin) {
                feed.quakes.append(quake)
            } else {
                feed.skipped += 1
            }
        }
        return feed
    }
}

/// The raw fields of one feature while it is being read.
private struct FeatureFields {
    var id: String?
    var mag: Double?
    var place: String?
    var title: String?
    var timeMilliseconds: Double?
    var updatedMilliseconds: Double?
    var tz: Int?
    var url: String?
    var detail: String?
    var felt: Int?
    var cdi: Double?
    var mmi: Double?
    var alert: String?
    var status: String?
    var tsunami = false
    var sig: Int?
    var net: String?
    var code: String?
    var magType: String?
    var type: String?
    var coordinates: [Double] = []
    /// A field had a type the feed never uses: the feature is skipped.
    var malformed = false

    mutating func read(_ scanner: inout JSONScanner) throws(JSONSyntaxError) {
        try scanner.object(FeedKey.self) { (scanner, key) throws(JSONSyntaxError) in
            try readMember(&scanner, key: key)
        }
    }

    mutating func readMember(_ scanner: inout JSONScanner, key: FeedKey) throws(JSONSyntaxError) {
        switch key {
        case .id:
            switch try scanner.scalar() {
            case .string(let value): id = value
            case .number(let value): id = NumberText.fixed(value, digits: 0)
            default: malformed = true
            }
        case .properties:
            guard scanner.peek() == UInt8(ascii: "{") else {
                _ = try scanner.scalar()
                malformed = true
                return
            }
            try scanner.object(FeedKey.self) { (scanner, key) throws(JSONSyntaxError) in
                try readProperty(&scanner, key: key)
            }
        case .geometry:
            guard scanner.peek() == UInt8(ascii: "{") else {
                _ = try scanner.scalar()
                malformed = true
                return
            }
            try scanner.object(FeedKey.self) { (scanner, key) throws(JSONSyntaxError) in
                guard key == .coordinates, scanner.peek() == UInt8(ascii: "[") else {
                    try scanner.skipValue()
                    return
                }
                // NB: `null` is a missing value here too: after the longitude and latitude it is an unknown depth,
                // which ends the position (the quake is kept, as one the feed gives no depth for); before them the
                // quake has no place on the map and is skipped.
                var ended = false
                try scanner.array { (scanner) throws(JSONSyntaxError) in
                    let value = try scanner.scalar()
                    guard !ended else { return }
                    switch value {
                    case .number(let value): coordinates.append(value)
                    case .null where coordinates.count >= 2: ended = true
                    default: malformed = true
                    }
                }
            }
        default:
            try scanner.skipValue()
        }
    }

    private mutating func readProperty(_ scanner: inout JSONScanner, key: FeedKey) throws(JSONSyntaxError) {
        // NB: values of keys the app does not use are skipped without making strings for them.
        guard key != .other else {
            try scanner.skipValue()
            return
        }
        let value = try scanner.scalar()
        if value == .null { return }
        switch key {
        case .mag: mag = number(value)
        case .place: place = text(value)
        case .title: title = text(value)
        case .time: timeMilliseconds = number(value)
        case .updated: updatedMilliseconds = number(value)
        case .tz: tz = integer(value)
        case .url: url = text(value)
        case .detail: detail = text(value)
        case .felt: felt = integer(value)
        case .cdi: cdi = number(value)
        case .mmi: mmi = number(value)
        case .alert: alert = text(value).map(Self.normalized)
        case .status: status = text(value).map(Self.normalized)
        case .tsunami:
            switch value {
            case .number(let flag): tsunami = flag != 0
            case .bool(let flag): tsunami = flag
            default: malformed = true
            }
        case .sig: sig = integer(value)
        case .net: net = text(value)
        case .code: code = text(value)
        case .magType: magType = text(value).map(Self.normalized)
        case .type: type = text(value).map(Self.normalized)
        default: break
        }
    }

    private mutating func number(_ value: JSONScalar) -> Double? {
        if case .number(let number) = value { return number }
        malformed = true
        return nil
    }

    private mutating func integer(_ value: JSONScalar) -> Int? {
        guard case .number(let number) = value, abs(number) < 1e15 else {
            malformed = true
            return nil
        }
        return Int(number.rounded())
    }

    private mutating func text(_ value: JSONScalar) -> String? {
        if case .string(let text) = value { return text }
        malformed = true
        return nil
    }

    /// Trimmed and lowercased; ASCII-only values (all the feed uses) skip Foundation. NB: a tab is white space
    /// too (the plain reference decoder found one kept).
    static func normalized(_ text: String) -> String {
        var needsWork = false
        for byte in text.utf8 where byte >= 0x80 || (byte >= 0x41 && byte <= 0x5A) || byte == 0x20 || byte == 0x09 {
            needsWork = true
            break
        }
        guard needsWork else { return text }
        return text.trimmingCharacters(in: .whitespaces).lowercased()
    }

    func quake(origin: String) -> Quake? {
        guard !malformed, let id, !id.isEmpty, let timeMilliseconds, coordinates.count >= 2,
            QuakeFeedDecoder.timeRange.contains(timeMilliseconds),
            updatedMilliseconds.map(QuakeFeedDecoder.timeRange.contains) ?? true
        else { return nil }
        let longitude = coordinates[0]
        let latitude = coordinates[1]
        guard (-180...180).contains(longitude), (-90...90).contains(latitude) else { return nil }
        let type = (self.type?.isEmpty ?? true) ? "earthquake" : self.type ?? "earthquake"
        let place = self.place.flatMap { $0.isEmpty ? nil : $0 }
        let title =
            self.title.flatMap { $0.isEmpty ? nil : $0 }
            ?? Quake.usgsTitle(
                magnitude: mag, place: place, type: type)
        return Quake(
            id: id,
            magnitude: mag,
            place: place,
            title: title,
            time: Date(timeIntervalSince1970: timeMilliseconds / 1000),
            updated: updatedMilliseconds.map { Date(timeIntervalSince1970: $0 / 1000) },
            eventPage: url.flatMap { Quake.webLink($0, origin: origin) },
            detailFeed: detail.flatMap { Quake.webLink($0, origin: origin) },
            felt: felt,
            cdi: cdi,
            mmi: mmi,
            alert: alert.flatMap { $0.isEmpty ? nil : $0 },
            tsunami: tsunami,
            status: status.flatMap { $0.isEmpty ? nil : $0 },
            type: type,
            magType: magType.flatMap { $0.isEmpty ? nil : $0 },
            coordinate: QuakeCoordinate(
                longitude: longitude, latitude: latitude, depth: coordinates.count > 2 ? coordinates[2] : nil),
            tz: tz,
            net: net,
            code: code,
            sig: sig
        )
    }
}

/// The keys of a feed the decoder reads; everything else is `.other`.
enum FeedKey: JSONKey, Equatable {
    case features, metadata, type, properties, geometry, id, count, generated, title, coordinates
    case mag, place, time, updated, tz, url, detail, felt, cdi, mmi, alert, status, tsunami, sig, net, code, magType
    case other

    private static let names: [(String, FeedKey)] = [
        ("features", .features), ("metadata", .metadata), ("type", .type), ("properties", .properties),
        ("geometry", .geometry), ("id", .id), ("count", .count), ("generated", .generated), ("title", .title),
        ("coordinates", .coordinates), ("mag", .mag), ("place", .place), ("time", .time), ("updated", .updated),
        ("tz", .tz), ("url", .url), ("detail", .detail), ("felt", .felt), ("cdi", .cdi), ("mmi", .mmi),
        ("alert", .alert), ("status", .status), ("tsunami", .tsunami), ("sig", .sig), ("net", .net),
        ("code", .code), ("magType", .magType),
    ]
    private static let table: [(bytes: [UInt8], key: FeedKey)] = names.map { (Array($0.0.utf8), $0.1) }

    init(bytes: UnsafeRawBufferPointer) {
        for entry in Self.table where entry.bytes.count == bytes.count {
            if entry.bytes.elementsEqual(bytes) {
                self = entry.key
                return
            }
        }
        self = .other
    }
}
