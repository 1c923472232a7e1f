import Foundation

/// Points the USGS links of a feed folder's file at this replay, as the demo feed's are: an event's `url` at the
/// replay's event page, its `detail` (and the feed's `metadata.url`) at the replay's feeds.
///
/// NB: only a JSON string that *starts* with USGS's address (`https://earthquake.usgs.gov/earthquakes/eventpage/`
/// or `…/earthquakes/feed/v1.0/`, or the `http:` of older feeds) changes, and only that start: every other byte of
/// the file stays as it was, so what the replay serves is still the file, with its numbers and key order. The
/// replay serves the page and detail of each event of the folder by its id, which is what USGS's links end with.
enum FolderLinks {
    /// USGS's link prefixes and the replay's path for each.
    private static let prefixes: [(usgs: [UInt8], replay: String)] = [
        (Array("https://earthquake.usgs.gov/earthquakes/eventpage/".utf8), "/usgs/earthquakes/eventpage/"),
        (Array("http://earthquake.usgs.gov/earthquakes/eventpage/".utf8), "/usgs/earthquakes/eventpage/"),
        (Array("https://earthquake.usgs.gov/earthquakes/feed/v1.0/".utf8), "/usgs/feed/v1.0/"),
        (Array("http://earthquake.usgs.gov/earthquakes/feed/v1.0/".utf8), "/usgs/feed/v1.0/"),
    ]

    /// `body` with every string that starts with a USGS link prefix starting with `base` (``USGSReplay/linkBase(for:)``)
    /// and the replay's path instead; `body` itself when it has none.
    static func pointingAtReplay(_ body: Data, base: String) -> Data {
        let replacements = prefixes.map { (usgs: $0.usgs, replay: Array((base + $0.replay).utf8)) }
        return body.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Data in
            let bytes = raw.bindMemory(to: UInt8.self)
            var out: [UInt8] = []
            var copied = 0
            var index = 0
            var inString = false
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if inString {
                    if byte == UInt8(ascii: "\\") {
                        index += 2
                        continue
                    }
                    if byte == UInt8(ascii: "\"") { inString = false }
                    index += 1
                    continue
                }
                index += 1
                guard byte == UInt8(ascii: "\"") else { continue }
                inString = true
                for replacement in replacements where starts(bytes, at: index, with: replacement.usgs) {
                    if out.isEmpty { out.reserveCapacity(count + count / 8) }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                    out.append(contentsOf: replacement.replay)
                    index += replacement.usgs.count
                    copied = index
                    break
                }
            }
            guard copied > 0 else { return body }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<count]))
            return Data(out)
        }
    }

    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, with prefix: [UInt8]) -> Bool {
        guard bytes.count - index >= prefix.count else { return false }
        for offset in prefix.indices where bytes[index + offset] != prefix[offset] { return false }
        return true
    }
}
