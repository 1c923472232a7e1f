import CMHDShim
import CMicroHTTPD
import Foundation
import HTTPTypes

extension ServerCore {
    /// Builds the ``Request`` from what MHD parsed: the path and query arguments arrive still
    /// percent-encoded (see `cmhd_keep_encoded`) and are decoded here, part by part. An absolute-form target
    /// (`http://host/path`, RFC 9112 §3.2.2) is routed by its path, and its authority stands for `Host`.
    func makeRequest(
        connection: OpaquePointer,
        url: UnsafePointer<CChar>,
        method: UnsafePointer<CChar>,
        body: Data
    ) -> Request {
        var rawPath = String(cString: url)
        var headers = HTTPHeaders(ServerCore.values(of: .HEADER_KIND, connection))
        if let (authority, path) = ServerCore.absoluteForm(rawPath) {
            rawPath = path
            // NB: §3.2.2: the target's authority, not a Host header, names the host the client asked for.
            headers["Host"] = authority
        }
        let path = ServerCore.decode(rawPath)
        let query = ServerCore.values(of: .GET_ARGUMENT_KIND, connection).map { name, value in
            (name: ServerCore.decode(name), value: ServerCore.decode(value))
        }
        return Request(
            method: HTTPMethod(rawValue: String(cString: method)),
            path: path,
            rawPath: rawPath,
            queryItems: query,
            headers: headers,
            body: body,
            remoteAddress: ServerCore.remoteAddress(connection)
        )
    }

    /// `http://host:8080/a/b` → (`host:8080`, `/a/b`); `https://host` → (`host`, `/`); `nil` for origin-form.
    static func absoluteForm(_ target: String) -> (authority: String, path: String)? {
        guard let first = target.utf8.first, first != UInt8(ascii: "/") else { return nil }
        let lowered = target.prefix(8).lowercased()
        let schemeLength = lowered.hasPrefix("http://") ? 7 : lowered.hasPrefix("https://") ? 8 : 0
        guard schemeLength > 0 else { return nil }
        let rest = target.dropFirst(schemeLength)
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        return (String(rest[..<slash]), slash == rest.endIndex ? "/" : String(rest[slash...]))
    }

    /// Percent-decodes `text`; malformed escapes leave it as it came.
    private static func decode(_ text: String) -> String {
        // NB: a byte scan, not `contains("%")`, which goes through Foundation's string search.
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        return text.removingPercentEncoding ?? text
    }

    private static func values(of kind: MHD_ValueKind, _ connection: OpaquePointer) -> [(String, String)] {
        let collector = FieldCollector()
        withExtendedLifetime(collector) {
            _ = MHD_get_connection_values(
                connection, kind,
                { cls, _, key, value in
                    guard let cls, let key else { return .YES }
                    let collector = Unmanaged<FieldCollector>.fromOpaque(cls).takeUnretainedValue()
                    collector.fields.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
                    return .YES
                }, Unmanaged.passUnretained(collector).toOpaque())
        }
        return collector.fields
    }

    static func remoteAddress(_ connection: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        guard cmhd_client_address(connection, &buffer, buffer.count) == 0 else { return "" }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Collects the name/value pairs MHD hands to a `MHD_KeyValueIterator`.
private final class FieldCollector {
    var fields: [(String, String)] = []
}
