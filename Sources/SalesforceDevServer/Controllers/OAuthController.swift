import DynamicJSON
import Foundation
import HTTPServer

/// `/services/oauth2/token` and `/services/oauth2/revoke`, form-encoded as Salesforce expects.
struct OAuthController: Sendable {
    let service: SalesforceDevService

    /// The password and refresh-token grants. A failure to read or store a token goes on to the error middleware
    /// (logged with the request id; 500, or 503 for a database that is gone), worded as OAuth's by
    /// ``SalesforceErrorShape``.
    func token(_ request: Request) async throws -> Response {
        guard let form = Self.form(request) else { return Self.tooLarge }
        guard let clientID = form["client_id"], !clientID.isEmpty else {
            return Self.failure("invalid_client_id", "client identifier invalid")
        }
        switch form["grant_type"] {
        case "password":
            guard let username = form["username"], let password = form["password"],
                let user = service.users.first(where: {
                    $0.username.lowercased() == username.lowercased() && $0.password == password
                })
            else { return Self.failure("invalid_grant", "authentication failure") }
            let refresh = IssuedToken(
                value: Self.randomToken(), kind: .refresh, username: user.username, expiresAt: nil,
                refreshToken: nil, clientID: clientID)
            try await service.store.saveToken(refresh)
            return try await issue(for: user, refreshToken: refresh.value, includeRefresh: true, request: request)
        case "refresh_token":
            // NB: a refresh token works only for the client it was issued to (RFC 6749 §5.2: invalid_grant
            // for a grant "issued to another client"), in the words Salesforce answers any unusable one.
            guard let value = form["refresh_token"], let refresh = try await service.store.token(value),
                refresh.kind == .refresh, refresh.clientID == nil || refresh.clientID == clientID,
                let user = service.users.first(where: { $0.username == refresh.username })
            else { return Self.failure("invalid_grant", "expired access/refresh token") }
            return try await issue(for: user, refreshToken: refresh.value, includeRefresh: false, request: request)
        default:
            return Self.failure("unsupported_grant_type", "grant type not supported")
        }
    }

    /// Revokes a token (a refresh token takes its access tokens with it).
    func revoke(_ request: Request) async throws -> Response {
        guard let form = Self.form(request) else { return Self.tooLarge }
        guard let value = form["token"], try await service.store.revoke(value) else {
            return Self.failure("unsupported_token_type", "this token type is not supported")
        }
        return Response(status: .ok)
    }

    private func issue(for user: SeedData.User, refreshToken: String, includeRefresh: Bool, request: Request)
        async throws -> Response
    {
        let now = service.configuration.now()
        let access = IssuedToken(
            value: "00DQ0000000Quartet!" + Self.randomToken(), kind: .access, username: user.username,
            expiresAt: now.addingTimeInterval(service.configuration.accessTokenLifetime), refreshToken: refreshToken)
        try await service.store.saveToken(access)
        let instance = instanceURL(request)
        var body: [String: JSONValue] = [
            "access_token": .string(access.value),
            "instance_url": .string(instance),
            "id": .string("\(instance)/id/00DQ0000000QuartQAA/\(user.userID)"),
            "token_type": "Bearer",
            "issued_at": .string(String(Int64(now.timeIntervalSince1970 * 1000))),
            "signature": .string(Data(Self.randomToken().utf8.prefix(32)).base64EncodedString()),
        ]
        if includeRefresh { body["refresh_token"] = .string(refreshToken) }
        return (try? Response.json(body)) ?? Response(status: .internalServerError)
    }

    /// The configured instance URL; else the request's own address when its `Host` is a well-formed
    /// `host[:port]` and its `X-Forwarded-Proto` (if any) is http or https; else the server's own address.
    ///
    /// NB: both headers are the client's to write; reflected unchecked, `X-Forwarded-Proto: javascript` made the
    /// instance URL `javascript://…`, which a client then sends its token to and opens links under.
    private func instanceURL(_ request: Request) -> String {
        func trimmed(_ url: URL) -> String {
            let text = url.absoluteString
            return text.hasSuffix("/") ? String(text.dropLast()) : text
        }
        if let configured = service.configuration.instanceURL { return trimmed(configured) }
        let scheme = (request.headers["X-Forwarded-Proto"] ?? "http").trimmingCharacters(in: .whitespaces)
            .lowercased()
        if scheme == "http" || scheme == "https", let host = request.headers["Host"], Self.isHostAndPort(host) {
            return "\(scheme)://\(host)"
        }
        return service.configuration.ownURL.map(trimmed) ?? "http://127.0.0.1:8080"
    }

    /// Whether `text` is `host[:port]`: a DNS name or IPv4 address, or an IPv6 address in brackets, and a port of
    /// 1 to 65535.
    static func isHostAndPort(_ text: String) -> Bool {
        var host = Substring(text)
        var port: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            let address = host[host.index(after: host.startIndex)..<close]
            guard !address.isEmpty, address.contains(":"),
                address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." })
            else { return false }
            let rest = host[host.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return false }
                port = rest.dropFirst()
            }
            host = ""
        } else if let colon = host.lastIndex(of: ":") {
            port = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        if let port {
            guard (1...5).contains(port.count), port.allSatisfy(\.isASCII), let number = Int(port),
                (1...65535).contains(number)
            else { return false }
        }
        guard !host.isEmpty else { return text.hasPrefix("[") }
        guard host.count <= 253 else { return false }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }

    /// The largest form accepted: a grant is a few hundred bytes.
    ///
    /// NB: decoding a 33 MB form took 2.6 s of a server thread; anything this large is not a grant.
    static let maxFormSize = 16 << 10

    /// The query and form parameters; `nil` when the body is larger than ``maxFormSize``.
    static func form(_ request: Request) -> [String: String]? {
        guard request.body.count <= maxFormSize else { return nil }
        var form = request.query
        for item in Request.decodeQuery(String(decoding: request.body, as: UTF8.self)) { form[item.name] = item.value }
        return form
    }

    static var tooLarge: Response {
        failure("invalid_request", "the request body is too large", status: .contentTooLarge)
    }

    static func failure(_ code: String, _ description: String, status: HTTPStatus = .badRequest) -> Response {
        let body: [String: String] = ["error": code, "error_description": description]
        return (try? Response.json(body, status: status)) ?? Response(status: status)
    }

    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        return String((0..<48).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }
}
