/// An HTTP request method (RFC 9110 §9), shared by the server's router and the apps' clients.
///
/// Method tokens are case-sensitive: `get` is not `GET`.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The method token as sent (`GET`).
    public var rawValue: String
    /// A method from its token.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `GET`.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `POST`.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `OPTIONS`.
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    /// `true` for the methods RFC 9110 defines as idempotent (GET, HEAD, PUT, DELETE, OPTIONS): repeating one
    /// is harmless, so a client may retry it.
    public var isIdempotent: Bool {
        [Self.get, .head, .put, .delete, .options].contains(self)
    }

    /// The method token.
    public var description: String { rawValue }
}
