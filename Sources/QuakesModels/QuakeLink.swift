import Foundation

/// A link of a quake, kept small: USGS's long shared prefix and `.geojson` suffix are flags, not bytes.
///
/// NB: the event page and detail feed of a summary quake are ~60 and ~90 bytes, each its own heap string:
/// about a megabyte for the week feed, held for as long as the quakes are shown. What remains between
/// the shared prefix and suffix is usually the event id, short enough (≤ 15 bytes) for Swift to keep it
/// inside the string value itself. The split is a function of the text alone, so two links are equal
/// exactly when their texts are.
package struct QuakeLink: Sendable, Hashable {
    /// Prefixes of USGS links, by index; `0` (no prefix) must stay first.
    private static let prefixes = [
        "", "https://earthquake.usgs.gov/earthquakes/eventpage/",
        "https://earthquake.usgs.gov/earthquakes/feed/v1.0/detail/",
    ]
    private static let prefixBytes = prefixes.map { Array($0.utf8) }
    private static let suffix = ".geojson"
    private static let suffixBytes = Array(suffix.utf8)

    /// Index of the prefix in the table.
    package private(set) var prefix: UInt8
    /// Whether the link ends in `.geojson`.
    package private(set) var hasSuffix: Bool
    /// The text between prefix and suffix.
    package private(set) var middle: String

    package init(_ text: String) {
        var text = text
        (prefix, hasSuffix, middle) = text.withUTF8 { bytes in
            let prefix = Self.prefixBytes.indices.dropFirst().first { Self.hasPrefix(bytes, Self.prefixBytes[$0]) } ?? 0
            let start = Self.prefixBytes[prefix].count
            let rest = UnsafeBufferPointer(rebasing: bytes[start...])
            let suffix = Self.suffixBytes
            let hasSuffix =
                rest.count >= suffix.count
                && Self.hasPrefix(UnsafeBufferPointer(rebasing: rest.suffix(suffix.count)), suffix)
            let middle = UnsafeBufferPointer(rebasing: rest.dropLast(hasSuffix ? suffix.count : 0))
            // NB: the prefixes and the suffix are ASCII, so cutting them off leaves whole UTF-8 sequences.
            return (UInt8(prefix), hasSuffix, String(decoding: middle, as: UTF8.self))
        }
    }

    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: [UInt8]) -> Bool {
        guard bytes.count >= prefix.count else { return false }
        return prefix.withUnsafeBufferPointer { prefix in
            guard let base = bytes.baseAddress, let prefixBase = prefix.baseAddress else { return prefix.isEmpty }
            return memcmp(base, prefixBase, prefix.count) == 0
        }
    }

    /// The link as text.
    package var text: String {
        Self.prefixes[Int(prefix)] + middle + (hasSuffix ? Self.suffix : "")
    }

    /// The text of a link from its parts, or `nil` for a prefix index out of the table.
    package static func text(prefix: UInt8, hasSuffix: Bool, middle: String) -> String? {
        guard prefixes.indices.contains(Int(prefix)) else { return nil }
        return prefixes[Int(prefix)] + middle + (hasSuffix ? suffix : "")
    }
}
