// `Range` headers (RFC 9110 §14): whatever the header, the answer is the whole representation, one range inside
// it, several disjoint ranges inside it (never more than the parser's maximum, never more bytes than there are),
// or 416 for a well-formed list that selects nothing; never a trap.
import FuzzSupport
import HTTPServer

/// Whether `header` is a well-formed list of byte ranges (`bytes=a-b, c-, -n`, any case of `bytes`, empty list
/// elements allowed): the only headers that may change the answer from the whole. White space is not looked at
/// (the parser allows it around the parts).
func isRangeList(_ header: String) -> Bool {
    let visible = header.unicodeScalars.filter { !($0 == "\t" || $0.properties.generalCategory == .spaceSeparator) }
    let bytes = Array(String(String.UnicodeScalarView(visible)).utf8)
    guard bytes.count > 6, String(decoding: bytes.prefix(6), as: UTF8.self).lowercased() == "bytes=" else {
        return false
    }
    let specs = bytes.dropFirst(6).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true)
    let digits = { (part: ArraySlice<UInt8>) in part.allSatisfy { (0x30...0x39).contains($0) } }
    return !specs.isEmpty
        && specs.allSatisfy { spec in
            guard let dash = spec.firstIndex(of: UInt8(ascii: "-")) else { return false }
            let first = spec[..<dash]
            let last = spec[(dash + 1)...]
            return digits(first) && digits(last) && !(first.isEmpty && last.isEmpty)
        }
}

fuzz { input in
    // The first two bytes choose the representation's length (0 to 65,535), the rest is the header.
    var length = 0
    for byte in input.bytes.prefix(2) { length = length << 8 | Int(byte) }
    let header = String(decoding: input.bytes.dropFirst(2), as: UTF8.self)
    let range = ByteRange.parse(header, length: length)
    switch range {
    case .whole:
        require(range.contentRange(length: length) == nil, "a Content-Range for the whole")
    case .partial(let bytes):
        require(isRangeList(header), "\(header.debugDescription) is no range list, yet \(bytes)")
        require(bytes.lowerBound >= 0 && bytes.upperBound < length, "\(bytes) outside \(length) bytes")
        require(
            range.contentRange(length: length) == "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(length)",
            "Content-Range \(range.contentRange(length: length) ?? "none")")
    case .multiple(let ranges):
        require(isRangeList(header), "\(header.debugDescription) is no range list, yet \(ranges)")
        require((2...ByteRange.maximumRanges).contains(ranges.count), "\(ranges.count) ranges")
        require(ranges.allSatisfy { $0.lowerBound >= 0 && $0.upperBound < length }, "\(ranges) outside \(length)")
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        require(
            zip(sorted, sorted.dropFirst()).allSatisfy { $0.upperBound + 1 < $1.lowerBound },
            "\(ranges) overlap or touch")
        require(ranges.reduce(0) { $0 + $1.count } <= length, "\(ranges) ask for more than \(length) bytes")
        require(range.contentRange(length: length) == nil, "a Content-Range for several ranges")
    case .unsatisfiable:
        require(isRangeList(header), "\(header.debugDescription) is no range list, yet 416")
    }
    require(ByteRange.parse(nil, length: length) == .whole, "no header, yet not the whole")
}
