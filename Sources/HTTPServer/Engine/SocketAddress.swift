import Foundation

/// An IPv4 or IPv6 socket address built from a literal host and a port.
enum SocketAddress {
    case v4(sockaddr_in)
    case v6(sockaddr_in6)

    var isIPv6: Bool {
        if case .v6 = self { return true }
        return false
    }

    /// Calls `body` with a pointer to the address as a `sockaddr`.
    mutating func withSocketAddress<T>(_ body: (UnsafePointer<sockaddr>) -> T) -> T {
        switch self {
        case .v4(var address):
            return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        case .v6(var address):
            return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        }
    }
}

extension Server {
    static func socketAddress(host: String, port: UInt16) throws(ServerError) -> SocketAddress {
        let literal = host == "localhost" ? "127.0.0.1" : host
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, literal, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            return .v4(v4)
        }
        var v6 = sockaddr_in6()
        let bare = literal.hasPrefix("[") && literal.hasSuffix("]") ? String(literal.dropFirst().dropLast()) : literal
        if inet_pton(AF_INET6, bare, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            return .v6(v6)
        }
        throw ServerError.invalidHost(host)
    }
}
