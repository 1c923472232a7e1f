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
        let headers = response.headers
        guard headers["Content-Encoding"] == nil, headers["Content-Range"] == nil,
            headers["Accept-Ranges"]?.lowercased().contains("bytes") != true,
            headers["Cache-Control"]?.lowercased().contains("no-transform") != true,
            let type = headers["Content-Type"]
        else { return false }
        return isCompressible(mediaType: type)
    }

    /// Whether a `Content-Type` names text, JSON or XML, which gzip shrinks.
    static func isCompressible(mediaType: String) -> Bool {
        let essence =
            mediaType.split(separator: ";", maxSplits: 1).first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if essence == "text/event-stream" { return false }
        if essence.hasPrefix("text/") { return true }
        if essence.hasSuffix("+json") || essence.hasSuffix("+xml") { return true }
        return ["application/json", "application/xml", "application/javascript"].contains(essence)
    }

    /// `Vary` with `Accept-Encoding` among its names (it is already, or `*` varies on everything).
    static func varying(_ vary: String?) -> String {
        guard let vary, !vary.trimmingCharacters(in: .whitespaces).isEmpty else { return "Accept-Encoding" }
        let names = vary.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if names.contains("accept-encoding") || names.contains("*") { return vary }
        return vary + ", Accept-Encoding"
    }

    /// Whether an `Accept-Encoding` value accepts gzip: `gzip` or `x-gzip` (the same coding, RFC 9110 §8.4.1.3)
    /// with a weight above 0, or, when neither is named, `*` with one. No field, or an empty one, asks for the bytes
    /// as they are; a weight that is not one (`q=2`, `q=abc`) counts as 0.
    static func acceptsGzip(_ value: String?) -> Bool {
        guard let value else { return false }
        var gzip: Double?
        var any: Double?
        for element in value.split(separator: ",") {
            let parts = element.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let coding = parts.first?.lowercased(), !coding.isEmpty else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                guard pair.count == 2, pair[0].lowercased() == "q" else { continue }
                weight = qualityValue(pair[1]) ?? 0
            }
            switch coding {
            case "gzip", "x-gzip": gzip = max(gzip ?? 0, weight)
            case "*": any = weight
            default: break
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
