import Foundation

/// The reverse proxies whose word on the client's address is taken: behind one, every request comes from the
/// proxy's address, and the client's is the one the proxy appended to `X-Forwarded-For` (or `Forwarded`).
///
/// Off by default (``none``): a header any client can write is believed only when the peer is a listed proxy.
/// Then the client is the right-most address in the header that is not itself a listed proxy — the one the
/// nearest trusted proxy saw — so addresses a client wrote further left change nothing.
///
/// ```swift
/// let proxies = try TrustedProxies(["10.0.0.5", "10.1.0.0/16"])
/// RateLimitMiddleware(rate: 100, burst: 200, trustedProxies: proxies)
/// AccessLogMiddleware(trustedProxies: proxies)
/// ```
public struct TrustedProxies: Sendable, Equatable {
    /// Which header the proxies write the client's address into.
    public enum Header: Sendable, Equatable {
        /// `X-Forwarded-For: client, proxy1` (nginx `$proxy_add_x_forwarded_for`, HAProxy, most load balancers).
        case xForwardedFor
        /// RFC 7239 `Forwarded: for=client;proto=https, for="[2001:db8::1]:4711"`.
        case forwarded
    }

    /// An address given to ``init(_:header:)`` that is not an IP address or a CIDR block.
    public struct InvalidAddress: Error, CustomStringConvertible, Equatable {
        /// The text as given.
        public var text: String
        public var description: String { "not an IP address or CIDR block: \(text)" }
    }

    private struct Block: Sendable, Equatable {
        var bytes: [UInt8]
        var prefixLength: Int

        func contains(_ address: [UInt8]) -> Bool {
            guard address.count == bytes.count else { return false }
            var remaining = prefixLength
            for (a, b) in zip(address, bytes) where remaining > 0 {
                let bits = min(8, remaining)
                let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
                if a & mask != b & mask { return false }
                remaining -= bits
            }
            return true
        }
    }

    private var blocks: [Block]
    /// The header read from a trusted peer.
    public var header: Header

    /// No proxy is trusted: the client is always the peer.
    public static let none = TrustedProxies(blocks: [], header: .xForwardedFor)

    private init(blocks: [Block], header: Header) {
        self.blocks = blocks
        self.header = header
    }

    /// Trusts `addresses`: IPv4 or IPv6 addresses (`10.0.0.5`, `::1`) or CIDR blocks (`10.1.0.0/16`).
    public init(_ addresses: [String], header: Header = .xForwardedFor) throws(InvalidAddress) {
        var blocks: [Block] = []
        for text in addresses {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            let parts = trimmed.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            guard let bytes = Self.parse(String(parts[0])) else { throw InvalidAddress(text: text) }
            var prefixLength = bytes.count * 8
            if parts.count == 2 {
                guard let length = Int(parts[1]), (0...prefixLength).contains(length) else {
                    throw InvalidAddress(text: text)
                }
                prefixLength = length
            }
            blocks.append(Block(bytes: bytes, prefixLength: prefixLength))
        }
        self.init(blocks: blocks, header: header)
    }

    /// Whether no proxy is trusted.
    public var isEmpty: Bool { blocks.isEmpty }

    /// Whether `address` (an IP literal) is one of the trusted proxies.
    public func trusts(_ address: String) -> Bool {
        guard let bytes = Self.parse(address) else { return false }
        return trusts(bytes)
    }

    private func trusts(_ bytes: [UInt8]) -> Bool {
        blocks.contains { $0.contains(bytes) }
    }

    /// The client's address for `request`: its peer, unless the peer is a trusted proxy and the header names
    /// an address; then the right-most address in it that is not a trusted proxy (or the left-most, when every
    /// one is), written canonically. A malformed entry where the client should be leaves the peer's address.
    public func clientAddress(of request: Request) -> String {
        guard !blocks.isEmpty, trusts(request.remoteAddress) else { return request.remoteAddress }
        let entries = forwardedEntries(request.headers)
        var client: [UInt8]?
        for entry in entries.reversed() {
            guard let bytes = Self.parse(Self.stripPort(entry)) else { return request.remoteAddress }
            client = bytes
            if !trusts(bytes) { break }
        }
        return client.map(Self.format) ?? request.remoteAddress
    }

    /// Every address the proxies listed, left to right, across all of the header's lines.
    private func forwardedEntries(_ headers: HTTPHeaders) -> [String] {
        switch header {
        case .xForwardedFor:
            return headers.filter { $0.name.caseInsensitiveEquals("X-Forwarded-For") }
                .flatMap { $0.value.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
        case .forwarded:
            var entries: [String] = []
            for field in headers where field.name.caseInsensitiveEquals("Forwarded") {
                for element in field.value.split(separator: ",") {
                    // NB: an element without `for=` still stands for a hop; an empty entry makes it unusable.
                    var found = ""
                    for pair in element.split(separator: ";") {
                        let parts = pair.split(separator: "=", maxSplits: 1)
                        guard parts.count == 2,
                            parts[0].trimmingCharacters(in: .whitespaces).caseInsensitiveEquals("for")
                        else { continue }
                        found = parts[1].trimmingCharacters(in: .whitespaces)
                            .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                    }
                    entries.append(found)
                }
            }
            return entries
        }
    }

    /// `1.2.3.4:5678` → `1.2.3.4`, `[2001:db8::1]:4711` → `2001:db8::1`; a bare IPv6 address stays.
    private static func stripPort(_ entry: String) -> String {
        if entry.hasPrefix("[") {
            guard let close = entry.firstIndex(of: "]") else { return entry }
            return String(entry[entry.index(after: entry.startIndex)..<close])
        }
        let colons = entry.utf8.count { $0 == UInt8(ascii: ":") }
        if colons == 1, let colon = entry.firstIndex(of: ":") { return String(entry[..<colon]) }
        return entry
    }

    /// The address's bytes (4 for IPv4, 16 for IPv6), or `nil` for anything else.
    static func parse(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }

    /// `bytes` (4 for IPv4, 16 for IPv6) written canonically.
    static func format(_ bytes: [UInt8]) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        let written = bytes.withUnsafeBytes { raw in
            inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
