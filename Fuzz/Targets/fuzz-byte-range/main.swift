// `Range` headers (RFC 9110 §14): whatever the header, the answer is the whole representation, a range inside
// it, or 416 for a well-formed single range that selects nothing; never a trap.
import FuzzSupport
import HTTPServer

/// Whether `header` is one well-formed byte range (`bytes=a-b`, `bytes=a-`, `bytes=-n`, any case of `bytes`):
/// the only headers that may change the answer from the whole. White space is not looked at (the parser
/// allows it around the parts).
func isSingleRange(_ header: String) -> Bool {
    let visible = header.unicodeScalars.filter { !($0 == "\t" || $0.properties.generalCategory == .spaceSeparator) }
    let bytes = Array(String(String.UnicodeScalarView(visible)).utf8)
    guard bytes.count > 6, String(decoding: bytes.prefix(6), as: UTF8.self).lowercased() == "bytes=" else {
        return false
    }
    let spec = bytes.dropFirst(6)
    guard let dash = spec.firstIndex(of: UInt8(ascii: "-")) else { return false }
    let first = spec[..<dash]
    let last = spec[(dash + 1)...]
    let digits = { (part: ArraySlice<UInt8>) in part.allSatisfy { (0x30...0x39).contains($0) } }
    return digits(first) && digits(last) && !(first.isEmpty && last.isEmpty)
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
        require(isSingleRange(header), "\(header.debugDescription) is no single range, yet \(bytes)")
        require(bytes.lowerBound >= 0 && bytes.upperBound < length, "\(bytes) outside \(length) bytes")
        require(
            range.contentRange(length: length) == "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(length)",
            "Content-Range \(range.contentRange(length: length) ?? "none")")
    case .unsatisfiable:
        require(isSingleRange(header), "\(header.debugDescription) is no single range, yet 416")
    }
    require(ByteRange.parse(nil, length: length) == .whole, "no header, yet not the whole")
}
