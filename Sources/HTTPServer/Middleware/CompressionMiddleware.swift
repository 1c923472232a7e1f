import Foundation
import HTTPTypes

/// Compresses a response's body with gzip for a client that accepts it (`Accept-Encoding`, RFC 9110 §12.5.3),
/// as nginx's `gzip on` does: JSON, GeoJSON and text shrink to a fifth or less, which a phone on a slow network
/// waits for and a metered one pays for.
///
/// A response is compressed when all of these hold:
/// - its body is bytes (not an event stream, which must reach the client as each event is written, nor a file,
///   which is sent from the page cache and answers ranges) of at least ``minimumSize`` bytes;
/// - its `Content-Type` is text (`text/*` but `text/event-stream`), JSON or XML (`application/json`,
///   `application/problem+json`, `application/geo+json`, `image/svg+xml`…); images, PDFs and archives are
///   compressed already;
/// - it has no `Content-Encoding` of its own, no `Content-Range`, offers no ranges (`Accept-Ranges: bytes`: a
///   range counts the bytes as they are) and has no `Cache-Control: no-transform`;
/// - its status is not 204, 206 or 304, which carry no body of their own;
/// - the request accepts `gzip` (or `x-gzip`, or `*`) with a weight above 0.
///
/// Every response of a type that could be compressed says `Vary: Accept-Encoding`, so a shared cache keeps the two
/// forms apart. A compressed response's strong `ETag` becomes weak (`W/"…"`), because the bytes are no longer the
/// ones it named (RFC 9110 §8.8.1); `If-None-Match` compares weakly, so a client's revalidation still gets its 304.
///
/// ```swift
/// let handler = router.handler(middleware: [RequestIDMiddleware(), CompressionMiddleware(), ErrorMiddleware()])
/// ```
public struct CompressionMiddleware: Middleware {
    /// The smallest body worth compressing: below about one packet, gzip's 18 bytes of framing and the time it
    /// takes buy nothing.
    public var minimumSize: Int
    /// zlib's level (1…9).
    public var level: Int32

    /// Makes the middleware.
    public init(minimumSize: Int = 1024, level: Int32 = Gzip.defaultLevel) {
        self.minimumSize = minimumSize
        self.level = level
    }

    /// Runs the rest, then compresses the response when the request and the response allow it.
    public func handle(_ request: Request, next: Handler) async throws -> Response {
        var response = try await next(request)
        guard case .bytes(let body) = response.body, body.count >= minimumSize, Self.mayCompress(response) else {
            return response
        }
        response.headers["Vary"] = Self.varying(response.headers["Vary"])
        guard Self.acceptsGzip(request.headers["Accept-Encoding"]),
            let compressed = try? Gzip.compress(body, level: level), compressed.count < body.count
        else { return response }
        response.body = .bytes(compressed)
        response.headers["Content-Encoding"] = "gzip"
        if let etag = response.headers["ETag"], !etag.hasPrefix("W/") { response.headers["ETag"] = "W/" + etag }
        return response
    }

    /// Whether `response` is of a type, status and shape that may be compressed (its body aside).
    static func mayCompress(_ response: Response) -> Bool {
        switch response.status.rawValue {
        case 100..<200, 204, 206, 304: return false
        default: break
        }
        var type: String?
        // NB: one pass over the fields rather than a lookup for each name: this runs for every answer.
        for (name, value) in response.headers {
            if name.caseInsensitiveEquals("Content-Type") {
                if type == nil { type = value }
            } else if name.caseInsensitiveEquals("Content-Encoding") || name.caseInsensitiveEquals("Content-Range") {
                return false
            } else if name.caseInsensitiveEquals("Accept-Ranges") {
                if HeaderBytes(value).contains("bytes") { return false }
            } else if name.caseInsensitiveEquals("Cache-Control") {
                if HeaderBytes(value).contains("no-transform") { return false }
            }
        }
        return type.map(isCompressible(mediaType:)) ?? false
    }

    /// Whether a `Content-Type` names text, JSON or XML, which gzip shrinks.
    static func isCompressible(mediaType: String) -> Bool {
        let type = HeaderBytes(mediaType)
        let essence = type.trimmed(type.upTo(UInt8(ascii: ";"), in: type.all))
        if type.equals(essence, "text/event-stream") { return false }
        return type.hasPrefix(essence, "text/") || type.hasSuffix(essence, "+json") || type.hasSuffix(essence, "+xml")
            || type.equals(essence, "application/json") || type.equals(essence, "application/xml")
            || type.equals(essence, "application/javascript")
    }

    /// `Vary` with `Accept-Encoding` among its names (it is already, or `*` varies on everything).
    static func varying(_ vary: String?) -> String {
        guard let vary else { return "Accept-Encoding" }
        let field = HeaderBytes(vary)
        let names = field.split(field.all, by: UInt8(ascii: ",")).map(field.trimmed)
        if names.allSatisfy(\.isEmpty) { return "Accept-Encoding" }
        if names.contains(where: { field.equals($0, "accept-encoding") || field.equals($0, "*") }) { return vary }
        return vary + ", Accept-Encoding"
    }

    /// Whether an `Accept-Encoding` value accepts gzip: `gzip` or `x-gzip` (the same coding, RFC 9110 §8.4.1.3)
    /// with a weight above 0, or, when neither is named, `*` with one. No field, or an empty one, asks for the bytes
    /// as they are; a weight that is not one (`q=2`, `q=abc`) counts as 0.
    static func acceptsGzip(_ value: String?) -> Bool {
        guard let value else { return false }
        let field = HeaderBytes(value)
        var gzip: Double?
        var any: Double?
        for element in field.split(field.all, by: UInt8(ascii: ",")) {
            let parts = field.split(element, by: UInt8(ascii: ";"))
            let coding = field.trimmed(parts[0])
            guard !coding.isEmpty else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() {
                let name = field.trimmed(field.upTo(UInt8(ascii: "="), in: parameter))
                guard name.upperBound < parameter.upperBound, field.equals(name, "q") else { continue }
                let text = field.trimmed(name.upperBound + 1..<parameter.upperBound)
                weight = qualityValue(String(decoding: field.bytes[text], as: UTF8.self)) ?? 0
            }
            if field.equals(coding, "gzip") || field.equals(coding, "x-gzip") {
                gzip = max(gzip ?? 0, weight)
            } else if field.equals(coding, "*") {
                any = weight
            }
        }
        return (gzip ?? any ?? 0) > 0
    }

    /// A weight as RFC 9110 §12.4.2 writes it: `0` to `1`, at most three decimals; `nil` for anything else.
    static func qualityValue(_ text: String) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, whole == "0" || whole == "1" else { return nil }
        if parts.count == 2 {
            let fraction = parts[1]
            guard fraction.count <= 3, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            if whole == "1", fraction.contains(where: { $0 != "0" }) { return nil }
        }
        return Double(text)
    }
}

/// A header's value as bytes, read as RFC 9110 reads tokens and media types: spaces and tabs around a part do not
/// count, and ASCII letters compare without case (§5.6.2).
///
/// NB: by hand over the bytes, not with Foundation's `trimmingCharacters(in:)` and `lowercased()`: those cost some
/// 40,000 instructions a request on the agenda (`bench.d/instructions.sh`), where the whole request costs 263,000.
struct HeaderBytes {
    let bytes: [UInt8]

    init(_ value: String) { bytes = Array(value.utf8) }

    /// Every byte.
    var all: Range<Int> { 0..<bytes.count }

    /// `range` up to (not including) the first `separator`, or all of it.
    func upTo(_ separator: UInt8, in range: Range<Int>) -> Range<Int> {
        range.lowerBound..<(bytes[range].firstIndex(of: separator) ?? range.upperBound)
    }

    /// The parts of `range` between `separator`s, empty ones included; always at least one.
    func split(_ range: Range<Int>, by separator: UInt8) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        for index in range where bytes[index] == separator {
            parts.append(start..<index)
            start = index + 1
        }
        parts.append(start..<range.upperBound)
        return parts
    }

    /// `range` without the spaces and tabs at either end.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, Self.isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, Self.isSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// Whether the bytes of `range` are `text` (lower-case ASCII), case aside.
    func equals(_ range: Range<Int>, _ text: StaticString) -> Bool {
        range.count == text.utf8CodeUnitCount && matches(range.lowerBound, text)
    }

    /// Whether the bytes of `range` start with `text` (lower-case ASCII), case aside.
    func hasPrefix(_ range: Range<Int>, _ text: StaticString) -> Bool {
        range.count >= text.utf8CodeUnitCount && matches(range.lowerBound, text)
    }

    /// Whether the bytes of `range` end with `text` (lower-case ASCII), case aside.
    func hasSuffix(_ range: Range<Int>, _ text: StaticString) -> Bool {
        range.count >= text.utf8CodeUnitCount && matches(range.upperBound - text.utf8CodeUnitCount, text)
    }

    /// Whether `text` (lower-case ASCII) is anywhere in the bytes, case aside.
    func contains(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard count <= bytes.count else { return false }
        return (0...(bytes.count - count)).contains { matches($0, text) }
    }

    private func matches(_ start: Int, _ text: StaticString) -> Bool {
        text.withUTF8Buffer { expected in
            for (offset, byte) in expected.enumerated() where Self.lowered(bytes[start + offset]) != byte {
                return false
            }
            return true
        }
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
}
