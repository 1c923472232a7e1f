import Foundation

extension URL {
    /// `text` as the address of an HTTP server: an `http` or `https` URL with a host; `nil` for anything else
    /// (`ftp://…`, `localhost:8080` without a scheme, a bare path).
    ///
    /// ```swift
    /// URL(httpAddress: "http://127.0.0.1:8080")   // the URL
    /// URL(httpAddress: "127.0.0.1:8080")          // nil
    /// ```
    public init?(httpAddress text: String) {
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil
        else { return nil }
        self = url
    }
}
