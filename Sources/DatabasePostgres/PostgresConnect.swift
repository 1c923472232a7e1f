import CLibPQ
import Foundation

/// Opens libpq connections with the parameters every Quartet connection uses: the pool's and the listener's.
enum PostgresConnect {
    /// The parameters, in the order libpq reads them, before the URL (`dbname`), whose own parameters override
    /// them (`?keepalives_idle=5`).
    ///
    /// NB: keepalives and a TCP user timeout, so that a server that vanished without closing the connection (a
    /// host gone, a network cut, a failover) is noticed in about a minute: libpq's defaults (the system's two hours
    /// idle, fifteen minutes of retransmissions) left a pooled connection waiting for an answer that never came,
    /// its pool thread taken, until about ten such requests had every later one refused for want of a connection.
    static func parameters(url: String, applicationName: String, connectTimeoutSeconds: Int) -> [(String, String)] {
        [
            ("connect_timeout", String(connectTimeoutSeconds)), ("application_name", applicationName),
            ("keepalives", "1"), ("keepalives_idle", "30"), ("keepalives_interval", "10"), ("keepalives_count", "3"),
            ("tcp_user_timeout", "60000"), ("dbname", url),
        ]
    }

    /// A connection opened with ``parameters(url:applicationName:connectTimeoutSeconds:)`` (its status still to be
    /// checked), or `nil` when libpq could not allocate one.
    static func open(url: String, applicationName: String, connectTimeoutSeconds: Int) -> OpaquePointer? {
        let parameters = parameters(
            url: url, applicationName: applicationName, connectTimeoutSeconds: connectTimeoutSeconds)
        return withCStrings(parameters.map(\.0)) { keywords in
            withCStrings(parameters.map(\.1)) { values in PQconnectdbParams(keywords, values, 1) }
        }
    }

    /// The value the connection `handle` uses for the parameter `keyword` (`keepalives_idle`), or `nil` when unset.
    static func option(_ keyword: String, of handle: OpaquePointer) -> String? {
        guard let options = PQconninfo(handle) else { return nil }
        defer { PQconninfoFree(options) }
        var option = options
        while let name = option.pointee.keyword {
            if String(cString: name) == keyword { return option.pointee.val.map { String(cString: $0) } }
            option += 1
        }
        return nil
    }
}

/// Runs `body` with `strings` as C strings, followed by the `NULL` that ends a libpq parameter list.
private func withCStrings<T>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
    let copies = strings.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    return body(copies.map { UnsafePointer($0) } + [nil])
}
