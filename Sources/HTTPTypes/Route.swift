/// One route of an API, written once: the server registers ``pattern`` and a client fills it in.
///
/// ```swift
/// static let session = Route(.get, "/attendee/v1/sessions/:sessionID")
/// router.on(AttendeeRoutes.session) { request in … }              // server
/// let path = AttendeeRoutes.session.path("s-42")                  // client: ["attendee", "v1", "sessions", "s-42"]
/// ```
public struct Route: Sendable, Hashable, CustomStringConvertible {
    /// The method.
    public var method: HTTPMethod
    /// The router pattern with `:name` parameters (`/attendee/v1/sessions/:sessionID`).
    public var pattern: String
    /// Whether the route needs `Authorization: Bearer <token>`.
    public var requiresAuthentication: Bool

    /// A route from its method and pattern.
    public init(_ method: HTTPMethod, _ pattern: String, authenticated: Bool = false) {
        self.method = method
        self.pattern = pattern
        self.requiresAuthentication = authenticated
    }

    /// The names of the `:name` parameters, in order.
    public var parameterNames: [String] {
        pattern.split(separator: "/").filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) }
    }

    /// The path segments, unencoded, with each `:parameter` replaced in order by `values` (a missing value
    /// leaves an empty segment, which no route matches).
    public func path(_ values: String...) -> [String] {
        path(values)
    }

    /// The path segments with each `:parameter` replaced in order by `values`.
    public func path(_ values: [String]) -> [String] {
        var remaining = values[...]
        return pattern.split(separator: "/").map { part in
            guard part.hasPrefix(":") else { return String(part) }
            return remaining.popFirst() ?? ""
        }
    }

    /// The path as a string with each segment percent-encoded, e.g. for a `Location` header.
    public func href(_ values: String...) -> String {
        href(values)
    }

    /// The path as a string with each segment percent-encoded.
    public func href(_ values: [String]) -> String {
        "/" + path(values).map(Self.encodeSegment).joined(separator: "/")
    }

    /// `GET /attendee/v1/…`, for logs and documentation.
    public var description: String { "\(method) \(pattern)" }

    /// Percent-encodes everything but RFC 3986's unreserved characters and the sub-delimiters a segment may
    /// hold, so `/`, `?` and `#` in a value stay inside its segment.
    static func encodeSegment(_ segment: String) -> String {
        var encoded = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
                UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","),
                UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }
}
