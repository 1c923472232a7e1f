import Foundation

extension URL {
    /// `text` as the address of an HTTP server: an `http` or `https` URL with a host, and perhaps a port and a
    /// path that paths are added to; `nil` for anything else (`ftp://…`, `localhost:8080` without a scheme, a
    /// bare path), and for one with a query, a fragment or a user name, which the paths added to it would not
    /// follow (a link built on `…/base?x=1#f` ends in the fragment) or which would hand a password to everyone the
    /// links reach.
    ///
    /// ```swift
    /// URL(httpAddress: "http://127.0.0.1:8080")   // the URL
    /// URL(httpAddress: "127.0.0.1:8080")          // nil
    /// ```
    public init?(httpAddress text: String) {
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil, url.user == nil,
            url.password == nil
        else { return nil }
        self = url
    }
}
