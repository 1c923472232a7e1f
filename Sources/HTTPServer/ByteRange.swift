import Foundation

/// What a `Range` header asks of a representation of known length (RFC 9110 §14).
///
/// Only a single byte range is served: `bytes=a-b`, `bytes=a-` (to the end) and `bytes=-n` (the last `n`
/// bytes). A header this server does not serve — another unit, several ranges, a syntax error — is ignored
/// and the whole representation is sent, as RFC 9110 §14.2 allows.
///
/// ```swift
/// switch ByteRange.parse(request.headers["Range"], length: 1000) {
/// case .whole: …                          // 200 with everything
/// case .partial(let range): …             // 206, Content-Range: bytes 0-499/1000
/// case .unsatisfiable: …                  // 416, Content-Range: bytes */1000
/// }
/// ```
public enum ByteRange: Sendable, Equatable {
    /// No usable range: send the whole representation.
    case whole
    /// The bytes at these offsets (both ends included, within the representation).
    case partial(ClosedRange<Int>)
    /// A well-formed range that selects no byte of the representation.
    case unsatisfiable

    /// Reads `header` (the `Range` value, if any) against a representation of `length` bytes.
    public static func parse(_ header: String?, length: Int) -> ByteRange {
        guard let header else { return .whole }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard let equals = trimmed.firstIndex(of: "="),
            trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == "bytes"
        else { return .whole }
        let spec = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        // NB: several ranges would need multipart/byteranges; the whole body is a valid answer instead.
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .whole }
        let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        guard first.isASCIIDigits, last.isASCIIDigits, !(first.isEmpty && last.isEmpty)
        else { return .whole }
        if first.isEmpty {
            // bytes=-n: the last n bytes; a suffix of 0 selects nothing.
            guard let suffix = Int(last) else { return length > 0 ? .partial(0...(length - 1)) : .unsatisfiable }
            guard suffix > 0, length > 0 else { return .unsatisfiable }
            return .partial(max(0, length - suffix)...(length - 1))
        }
        guard let start = Int(first) else { return .unsatisfiable }
        let end: Int
        if last.isEmpty {
            end = length - 1
        } else {
            // A last position past the end means "to the end"; one beyond Int's range likewise.
            end = Int(last).map { min($0, length - 1) } ?? (length - 1)
            if let stated = Int(last), stated < start { return .whole }
        }
        guard start < length, start <= end else { return .unsatisfiable }
        return .partial(start...end)
    }

    /// The `Content-Range` value for this answer to a representation of `length` bytes (`nil` for ``whole``).
    public func contentRange(length: Int) -> String? {
        switch self {
        case .whole: nil
        case .partial(let range): "bytes \(range.lowerBound)-\(range.upperBound)/\(length)"
        case .unsatisfiable: "bytes */\(length)"
        }
    }
}

extension String {
    /// Whether every byte is one of `0` to `9`.
    ///
    /// NB: not `("0"..."9").contains(character)`: characters compare as strings, so a digit with a combining
    /// mark (`4\u{301}`) sorts between `4` and `5` and passed, and `bytes=0-4\u{301}99` was read as `0-` (the
    /// fuzzer found it).
    fileprivate var isASCIIDigits: Bool { utf8.allSatisfy { (0x30...0x39).contains($0) } }
}

/// A stored file answered with validators and ranges: `ETag`, `If-None-Match` → 304, `If-Range`, `Range` →
/// 206 or 416, sent with `sendfile`.
///
/// ```swift
/// return try FileResponse.make(
///     for: request, path: path, etag: "\"\(sha256)\"",
///     headers: ["Content-Type": "image/jpeg", "Content-Disposition": "inline"])
/// ```
public enum FileResponse {
    /// The response to a `GET` or `HEAD` of the file at `path`, whose strong entity tag is `etag` (quoted).
    ///
    /// `headers` (content type, disposition, caching) are sent on every answer but 416.
    public static func make(for request: Request, path: String, etag: String, headers: HTTPHeaders = [:]) throws
        -> Response
    {
        let file = try FileBody(path: path)
        let length = file.count
        var headers = headers
        headers["ETag"] = etag
        headers["Accept-Ranges"] = "bytes"
        if let condition = request.headers["If-None-Match"], matches(condition, etag, weak: true) {
            // NB: RFC 9110 §15.4.5: a 304 carries the validators a 200 would, and no body.
            headers["Content-Type"] = nil
            headers["Content-Disposition"] = nil
            return Response(status: .notModified, headers: headers)
        }
        var range = ByteRange.parse(request.headers["Range"], length: length)
        // If-Range: the range only holds for the representation the client already has part of.
        if let condition = request.headers["If-Range"], !matches(condition, etag, weak: false) {
            range = .whole
        }
        switch range {
        case .whole:
            return Response(status: .ok, headers: headers, body: .file(file))
        case .partial(let bytes):
            headers["Content-Range"] = range.contentRange(length: length)
            return Response(
                status: .partialContent, headers: headers, body: .file(try FileBody(path: path, range: bytes)))
        case .unsatisfiable:
            return Response(
                status: .rangeNotSatisfiable,
                headers: [
                    "Content-Range": range.contentRange(length: length) ?? "", "ETag": etag, "Accept-Ranges": "bytes",
                ])
        }
    }

    /// Whether an `If-None-Match` list (weak comparison) or an `If-Range` value (strong) names `etag`.
    static func matches(_ condition: String, _ etag: String, weak: Bool) -> Bool {
        let condition = condition.trimmingCharacters(in: .whitespaces)
        if weak, condition == "*" { return true }
        let candidates =
            weak ? condition.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : [condition]
        return candidates.contains { candidate in
            if candidate.hasPrefix("W/") { return weak && String(candidate.dropFirst(2)) == etag }
            return candidate == etag
        }
    }
}
