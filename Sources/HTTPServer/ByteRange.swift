import Foundation

/// What a `Range` header asks of a representation of known length (RFC 9110 §14).
///
/// Byte ranges are `a-b`, `a-` (to the end) and `-n` (the last `n` bytes), one or several separated by commas.
/// Several ranges are coalesced (overlapping or adjacent ones become one, kept in the order they were asked
/// in) and answered as `multipart/byteranges`; when one range is left it is a plain `206`. A header this server
/// does not serve — another unit, a syntax error — is ignored and the whole representation is sent, as RFC 9110
/// §14.2 allows; so is an abusive one (more than ``maximumRanges`` ranges, or ranges that add up to more than
/// the representation, as overlapping ones do), as nginx does with `max_ranges`.
///
/// ```swift
/// switch ByteRange.parse(request.headers["Range"], length: 1000) {
/// case .whole: …                          // 200 with everything
/// case .partial(let range): …             // 206, Content-Range: bytes 0-499/1000
/// case .multiple(let ranges): …           // 206, multipart/byteranges, a part for each range
/// case .unsatisfiable: …                  // 416, Content-Range: bytes */1000
/// }
/// ```
public enum ByteRange: Sendable, Equatable {
    /// No usable range: send the whole representation.
    case whole
    /// The bytes at these offsets (both ends included, within the representation).
    case partial(ClosedRange<Int>)
    /// Two or more disjoint, non-adjacent ranges (within the representation), in the order they were asked for.
    case multiple([ClosedRange<Int>])
    /// A well-formed header none of whose ranges selects a byte of the representation.
    case unsatisfiable

    /// The most ranges one header may ask for; past it the whole representation is sent.
    public static let maximumRanges = 16

    /// Reads `header` (the `Range` value, if any) against a representation of `length` bytes.
    public static func parse(_ header: String?, length: Int) -> ByteRange {
        guard let header else { return .whole }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard let equals = trimmed.firstIndex(of: "="),
            trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == "bytes"
        else { return .whole }
        // NB: RFC 9110 §5.6.1: empty list elements (`bytes=0-1,,5-6`) are allowed and mean nothing.
        let specs = trimmed[trimmed.index(after: equals)...].split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !specs.isEmpty, specs.count <= maximumRanges else { return .whole }
        var satisfiable: [ClosedRange<Int>] = []
        for spec in specs {
            switch one(spec, length: length) {
            case .invalid: return .whole
            case .unsatisfiable: continue
            case .range(let range): satisfiable.append(range)
            }
        }
        guard !satisfiable.isEmpty else { return .unsatisfiable }
        // Asking for more bytes than there are is asking for the same bytes again: not served piecewise.
        let asked = satisfiable.reduce(0) { $0 + $1.count }
        guard satisfiable.count == 1 || asked <= length else { return .whole }
        let ranges = coalesced(satisfiable)
        return ranges.count == 1 ? .partial(ranges[0]) : .multiple(ranges)
    }

    /// The `Content-Range` value for this answer to a representation of `length` bytes (`nil` for ``whole`` and
    /// ``multiple(_:)``, whose parts carry their own).
    public func contentRange(length: Int) -> String? {
        switch self {
        case .whole, .multiple: nil
        case .partial(let range): Self.contentRange(range, length: length)
        case .unsatisfiable: "bytes */\(length)"
        }
    }

    /// `bytes 0-499/1000`.
    static func contentRange(_ range: ClosedRange<Int>, length: Int) -> String {
        "bytes \(range.lowerBound)-\(range.upperBound)/\(length)"
    }

    private enum Spec {
        case invalid, unsatisfiable
        case range(ClosedRange<Int>)
    }

    /// One `first-last` or `-suffix`, within a representation of `length` bytes.
    private static func one(_ spec: String, length: Int) -> Spec {
        guard let dash = spec.firstIndex(of: "-") else { return .invalid }
        let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        guard first.isASCIIDigits, last.isASCIIDigits, !(first.isEmpty && last.isEmpty)
        else { return .invalid }
        if first.isEmpty {
            // bytes=-n: the last n bytes; a suffix of 0 selects nothing.
            guard let suffix = Int(last) else { return length > 0 ? .range(0...(length - 1)) : .unsatisfiable }
            guard suffix > 0, length > 0 else { return .unsatisfiable }
            return .range(max(0, length - suffix)...(length - 1))
        }
        guard let start = Int(first) else { return .unsatisfiable }
        let end: Int
        if last.isEmpty {
            end = length - 1
        } else {
            // A last position past the end means "to the end"; one beyond Int's range likewise.
            if let stated = Int(last), stated < start { return .invalid }
            end = Int(last).map { min($0, length - 1) } ?? (length - 1)
        }
        guard start < length, start <= end else { return .unsatisfiable }
        return .range(start...end)
    }

    /// Merges overlapping and adjacent ranges; the merged ones keep the place of the first of them asked for.
    static func coalesced(_ ranges: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        var merged: [(range: ClosedRange<Int>, order: Int)] = []
        for (order, range) in ranges.enumerated().sorted(by: { $0.element.lowerBound < $1.element.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.range.upperBound + 1 {
                merged[merged.count - 1] = (
                    last.range.lowerBound...max(last.range.upperBound, range.upperBound), min(last.order, order)
                )
            } else {
                merged.append((range, order))
            }
        }
        return merged.sorted { $0.order < $1.order }.map(\.range)
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

/// A stored file answered with validators and ranges: `ETag`, `If-Match` → 412, `If-None-Match` → 304, `If-Range`,
/// `Range` → 206 (one range, sent with `sendfile`; several, as `multipart/byteranges` read from disk as it is sent)
/// or 416.
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
        // NB: RFC 9110 §13.2.2: If-Match first. It was not read at all, so a client resuming a download with
        // `If-Match` and `Range` after the file changed got bytes of the new file to splice onto the old one.
        if let condition = request.headers["If-Match"], !EntityTag.ifMatch(condition, names: etag) {
            throw HTTPError(
                .preconditionFailed, detail: "The file is not the one If-Match names.", headers: ["ETag": etag])
        }
        if let condition = request.headers["If-None-Match"], EntityTag.ifNoneMatch(condition, names: etag) {
            // NB: RFC 9110 §15.4.5: a 304 carries the validators a 200 would, and no body.
            headers["Content-Type"] = nil
            headers["Content-Disposition"] = nil
            return Response(status: .notModified, headers: headers)
        }
        var range = ByteRange.parse(request.headers["Range"], length: length)
        // If-Range: the range only holds for the representation the client already has part of.
        if let condition = request.headers["If-Range"], !EntityTag.ifRange(condition, names: etag) {
            range = .whole
        }
        switch range {
        case .whole:
            return Response(status: .ok, headers: headers, body: .file(file))
        case .multiple(let ranges):
            let boundary = boundary()
            let partType = headers["Content-Type"] ?? "application/octet-stream"
            headers["Content-Type"] = "multipart/byteranges; boundary=" + boundary
            return Response(
                status: .partialContent, headers: headers,
                body: .file(
                    try FileBody(
                        path: path,
                        segments: multipart(ranges, length: length, contentType: partType, boundary: boundary))))
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

    /// The segments of a `multipart/byteranges` body (RFC 9110 §14.6): each part's delimiter and headers, its
    /// bytes from the file, and the closing delimiter.
    static func multipart(
        _ ranges: [ClosedRange<Int>], length: Int, contentType: String, boundary: String
    ) -> [FileBody.Segment] {
        var segments: [FileBody.Segment] = []
        for (index, range) in ranges.enumerated() {
            let head =
                (index == 0 ? "" : "\r\n") + "--\(boundary)\r\nContent-Type: \(contentType)\r\n"
                + "Content-Range: \(ByteRange.contentRange(range, length: length))\r\n\r\n"
            segments += [.bytes(Data(head.utf8)), .range(range)]
        }
        segments.append(.bytes(Data("\r\n--\(boundary)--\r\n".utf8)))
        return segments
    }

    /// A boundary no file's bytes are likely to hold: 32 random hexadecimal digits after a fixed prefix.
    static func boundary() -> String {
        "quartet-" + (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max)) }.joined()
    }
}
