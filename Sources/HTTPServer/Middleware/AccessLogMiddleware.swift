import Foundation

/// Writes one logfmt line per request: method, path, status, bytes, duration, request id, client address (the
/// peer's, or the one a trusted proxy forwarded: see ``TrustedProxies``).
///
/// ```
/// method=GET path=/search?q=quake&token=[redacted] status=200 bytes=1024 duration_ms=0.42 request_id=… remote=127.0.0.1
/// ```
///
/// Headers are never logged, so `Authorization` and `Cookie` cannot leak. Query values are replaced by
/// `[redacted]` when their name suggests a secret (token, password, secret, key, auth, session, sid,
/// signature, code, credential, ticket, …) or, whatever the name, when the value itself looks like a
/// credential: a Salesforce session id (`00D…!…`), or a long run without spaces of mixed letters and digits,
/// of mixed-case letters, or of hex (UUIDs excepted).
public struct AccessLogMiddleware: Middleware {
    private let sink: LogSink
    private let trustedProxies: TrustedProxies
    private let now: @Sendable () -> ContinuousClock.Instant

    /// Makes the middleware writing to `sink`, naming each client as `trustedProxies` tell it (the same
    /// ``TrustedProxies`` the rate limiter uses); `now` is injectable for tests.
    public init(
        sink: LogSink = .standardError,
        trustedProxies: TrustedProxies = .none,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.sink = sink
        self.trustedProxies = trustedProxies
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
            "remote": trustedProxies.clientAddress(of: request),
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

    /// Parts of a parameter name that mark its value secret wherever they appear in it.
    static let secretNames = [
        "token", "password", "passwd", "secret", "key", "auth", "session", "signature", "code", "credential",
        "jwt", "ticket", "assertion", "saml", "bearer", "cookie", "hmac", "nonce", "otp",
    ]

    /// Short names that mark a value secret only as a whole word of the name (`sid`, `user_sid`, `sessId`; not
    /// `side` or `assess`).
    static let secretWords: Set<String> = ["sid", "sess", "pin", "sig", "pwd", "pass", "sso", "jsessionid"]

    static func isSecretName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if secretNames.contains(where: { lowered.contains($0) }) { return true }
        return words(of: name).contains { secretWords.contains($0) }
    }

    /// `user_sid` → `user`, `sid`; `sessId` → `sess`, `id`.
    private static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousLower = false
        for character in name {
            if !(character.isLetter || character.isNumber) {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousLower = false
                continue
            }
            if character.isUppercase, previousLower, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current += character.lowercased()
            previousLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Whether `value` looks like a credential whatever its name: a Salesforce session id (`00D…!…`), or at
    /// least 20 characters from a token's alphabet (letters, digits, `-_.~+/=!:*$`) with letters and digits
    /// mixed, or at least 24 of mixed-case letters, or at least 32 hex digits. UUIDs are ids, not secrets.
    static func looksLikeToken(_ value: String) -> Bool {
        if isSalesforceSession(value) { return true }
        guard value.utf8.count >= 20 else { return false }
        var lower = false
        var upper = false
        var digits = false
        var hex = true
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                lower = true
                if byte > UInt8(ascii: "f") { hex = false }
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                upper = true
                if byte > UInt8(ascii: "F") { hex = false }
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits = true
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "+"),
                UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: ":"), UInt8(ascii: "*"),
                UInt8(ascii: "$"):
                hex = false
            default: return false
            }
        }
        if isUUID(value) { return false }
        let count = value.utf8.count
        return ((lower || upper) && digits) || (lower && upper && count >= 24) || (hex && count >= 32)
    }

    /// `00D` and an organization id (15 or 18 characters in all), `!`, and the session's secret part.
    private static func isSalesforceSession(_ value: String) -> Bool {
        guard value.hasPrefix("00D"), let bang = value.firstIndex(of: "!") else { return false }
        let organization = value[..<bang]
        let secret = value[value.index(after: bang)...]
        return (organization.count == 15 || organization.count == 18)
            && organization.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } && secret.count >= 16
    }

    private static func isUUID(_ value: String) -> Bool {
        let groups = value.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
        return groups == [8, 4, 4, 4, 12] && value.allSatisfy { $0 == "-" || $0.isHexDigit }
    }
}
