/// An HTTP request method, and whether repeating it is safe.
public struct RequestMethod: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The method token, upper case (`GET`).
    public var rawValue: String

    /// Creates a method from its token; the token is upper-cased.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    /// `GET`.
    public static let get = RequestMethod(rawValue: "GET")
    /// `HEAD`.
    public static let head = RequestMethod(rawValue: "HEAD")
    /// `POST`.
    public static let post = RequestMethod(rawValue: "POST")
    /// `PUT`.
    public static let put = RequestMethod(rawValue: "PUT")
    /// `PATCH`.
    public static let patch = RequestMethod(rawValue: "PATCH")
    /// `DELETE`.
    public static let delete = RequestMethod(rawValue: "DELETE")
    /// `OPTIONS`.
    public static let options = RequestMethod(rawValue: "OPTIONS")

    /// `true` for the methods RFC 9110 defines as idempotent (GET, HEAD, PUT, DELETE, OPTIONS).
    public var isIdempotent: Bool {
        [Self.get, .head, .put, .delete, .options].contains(self)
    }

    /// The token.
    public var description: String { rawValue }
}
