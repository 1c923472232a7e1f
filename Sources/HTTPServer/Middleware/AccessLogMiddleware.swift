import Foundation

/// Writes one logfmt line per request: method, path, status, bytes, duration, request id, remote address.
///
/// ```
/// method=GET path=/search?q=quake&token=[redacted] status=200 bytes=1024 duration_ms=0.42 request_id=… remote=127.0.0.1
/// ```
///
/// Headers are never logged, so `Authorization` and `Cookie` cannot leak. Query values are replaced by
/// `[redacted]` when their name suggests a secret (token, password, secret, key, auth, session,
/// signature, code, credential) or when the value itself looks like a token (long, letters and digits
/// mixed, no spaces; UUIDs excepted).
public struct AccessLogMiddleware: Middleware {
    private let sink: LogSink
    private let now: @Sendable () -> ContinuousClock.Instant

    /// Makes the middleware writing to `sink`; `now` is injectable for tests.
    public init(
        sink: LogSink = .standardError,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.sink = sink
        self.now = now
    }

    /// Runs the rest and logs the outcome (an error is logged with the status it maps to, then rethrown).
    public func handle(_ request: Request, next: Handler) async throws -> Response {
        let start = now()
        let status: Int
        let bytes: String
        do {
            let response = try await next(request)
            status = response.status.rawValue
            switch response.body {
            case .bytes(let data): bytes = String(data.count)
            case .file(let file): bytes = String(file.count)
            case .eventStream: bytes = "stream"
            }
            write(request, status: status, bytes: bytes, start: start)
            return response
        } catch {
            let mapped = (error as? HTTPError)?.status.rawValue ?? 500
            write(request, status: mapped, bytes: "0", start: start)
            throw error
        }
    }

    private func write(_ request: Request, status: Int, bytes: String, start: ContinuousClock.Instant) {
        let elapsed = now() - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        sink.record([
            "method": request.method.rawValue,
            "path": Self.loggablePath(request),
            "status": String(status),
            "bytes": bytes,
            "duration_ms": String(format: "%.3f", milliseconds),
            "request_id": request.requestID,
            "remote": request.remoteAddress,
        ])
    }

    /// The path plus the query with secret-looking values replaced by `[redacted]`.
    static func loggablePath(_ request: Request) -> String {
        guard !request.queryItems.isEmpty else { return request.path }
        let query = request.queryItems.map { item in
            let value = isSecretName(item.name) || looksLikeToken(item.value) ? "[redacted]" : item.value
            return "\(item.name)=\(value)"
        }
        return request.path + "?" + query.joined(separator: "&")
    }

    static let secretNames = [
        "token", "password", "passwd", "secret", "key", "auth", "session", "signature", "code", "credential",
        "jwt",
    ]

    static func isSecretName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return secretNames.contains { lowered.contains($0) }
    }

    /// Long runs of base64/hex-ish characters with letters and digits mixed: API keys, JWTs, session ids.
    static func looksLikeToken(_ value: String) -> Bool {
        guard value.utf8.count >= 20 else { return false }
        var letters = false
        var digits = false
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): letters = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits = true
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "+"),
                UInt8(ascii: "/"), UInt8(ascii: "="):
                break
            default: return false
            }
        }
        return letters && digits && !isUUID(value)
    }

    private static func isUUID(_ value: String) -> Bool {
        let groups = value.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
        return groups == [8, 4, 4, 4, 12] && value.allSatisfy { $0 == "-" || $0.isHexDigit }
    }
}
