import Foundation
import HTTPTypes

/// An HTTP request as a handler sees it: fully read, immutable, `Sendable`.
public struct Request: Sendable {
    /// The request method.
    public var method: HTTPMethod
    /// The percent-decoded path, without the query (`/events/42/sessions`).
    public var path: String
    /// The path as it came on the wire, still percent-encoded. The router splits this one into segments
    /// before decoding each, so an encoded slash (`%2F`) stays inside its segment.
    public var rawPath: String
    /// Decoded query parameters; a repeated key keeps its last value (see ``queryItems`` for all).
    public var query: [String: String]
    /// Every query parameter in order, decoded.
    public var queryItems: [(name: String, value: String)]
    /// The request headers (case-insensitive names).
    public var headers: HTTPHeaders
    /// The whole request body (at most the server's `maxBodySize`).
    public var body: Data
    /// The peer's address (`127.0.0.1`), used by the rate limiter and the access log.
    public var remoteAddress: String
    /// The request id (from `X-Request-Id` or generated), echoed in the response and the log.
    public var requestID: String
    /// Parameters captured by the router (`:eventID` → `"42"`).
    public var parameters: [String: String]
    /// The receiver that took the body as it arrived, for a route registered with
    /// ``Router/on(_:_:receiving:handler:)`` on a server given ``Router/bodyReceivers()``; ``body`` is then empty.
    public var bodyReceiver: (any BodyReceiver)?
    /// The rate limiter's decision, when the engine asked it at the headers (a request with a body, on a server given
    /// `rateLimit`): the limiter in the chain takes it instead of counting the request again.
    public var rateLimitDecision: RateLimitDecision?

    /// A request from decoded parts (tests and the engine).
    public init(
        method: HTTPMethod,
        path: String,
        rawPath: String? = nil,
        queryItems: [(name: String, value: String)] = [],
        headers: HTTPHeaders = [:],
        body: Data = Data(),
        remoteAddress: String = "127.0.0.1",
        requestID: String = "",
        parameters: [String: String] = [:]
    ) {
        self.method = method
        self.path = path
        self.rawPath = rawPath ?? path
        self.queryItems = queryItems
        var query: [String: String] = [:]
        for item in queryItems { query[item.name] = item.value }
        self.query = query
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        self.requestID = requestID
        self.parameters = parameters
    }

    /// Builds a request from a target such as `/search?q=caf%C3%A9&limit=5`, decoding path and query.
    public init(
        method: HTTPMethod,
        target: String,
        headers: HTTPHeaders = [:],
        body: Data = Data(),
        remoteAddress: String = "127.0.0.1"
    ) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let rawPath = parts.first.map(String.init) ?? "/"
        let rawQuery = parts.count > 1 ? String(parts[1]) : ""
        self.init(
            method: method,
            path: rawPath.removingPercentEncoding ?? rawPath,
            rawPath: rawPath,
            queryItems: Request.decodeQuery(rawQuery),
            headers: headers,
            body: body,
            remoteAddress: remoteAddress
        )
    }

    /// Decodes `a=1&b=two+words&c=%C3%A9` (form encoding: `+` is a space).
    public static func decodeQuery(_ raw: String) -> [(name: String, value: String)] {
        guard !raw.isEmpty else { return [] }
        return raw.split(separator: "&").map { pair in
            let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                let spaced = part.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (name: decode(halves[0]), value: halves.count > 1 ? decode(halves[1]) : "")
        }
    }

    /// The page size a list is asked for in the query parameter `name`: `defaultSize` when it is absent or empty,
    /// else a whole number from 1 to `maximum`; anything else is a 422 naming the parameter.
    ///
    /// Every paged list reads its size here, so each refuses what its documentation does not allow in the same way.
    public func pageSize(_ name: String = "limit", default defaultSize: Int, maximum: Int) throws -> Int {
        guard let text = query[name], !text.isEmpty else { return defaultSize }
        guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(text), (1...maximum).contains(value)
        else {
            throw HTTPError(
                .unprocessableContent, detail: "The \(name) must be a whole number from 1 to \(maximum).",
                field: name)
        }
        return value
    }

    /// The value a client passed back in the query parameter `name` (a cursor, a mark this server gave out), as
    /// `read` makes it of the text: `nil` when the parameter is absent or empty (the first page), a 400 naming the
    /// parameter (``KeysetCursor/notIssued(_:)``) when `read` does not take it.
    ///
    /// Every paged list reads its cursor here, so an empty one means the same everywhere, and the document says so
    /// (``APIOperation/cursor(_:maximumLength:description:)``).
    public func issuedValue<Value>(_ name: String, _ read: (String) -> Value?) throws -> Value? {
        guard let text = query[name], !text.isEmpty else { return nil }
        guard let value = read(text) else { throw KeysetCursor.notIssued(name) }
        return value
    }

    /// The token of `Authorization: Bearer <token>` (RFC 6750 §2.1; the scheme's case does not matter, spaces
    /// around the token are dropped), or `nil` when there is no such header, it names another scheme, or the
    /// token is empty. `schemes` are the accepted scheme names in lower case (Salesforce also takes `oauth`).
    public func bearerToken(schemes: Set<String> = ["bearer"]) -> String? {
        guard let header = headers["Authorization"] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, schemes.contains(parts[0].lowercased()) else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// A path parameter captured by the router, or a 400 naming it when absent.
    public func parameter(_ name: String) throws -> String {
        guard let value = parameters[name] else {
            throw HTTPError(.badRequest, detail: "Missing path parameter '\(name)'.")
        }
        return value
    }

    /// The largest JSON body ``decode(_:decoder:limit:)`` reads unless told otherwise: 256 KiB. The longest texts
    /// (2,000 characters of a post, a note or a profile's About) fit however they are escaped: a character written
    /// as `\uXXXX` escapes of an emoji sequence takes up to about 100 bytes.
    public static let jsonBodyLimit = 256 * 1024

    /// Decodes the JSON body, or throws a 400 (malformed, a comma before `}` or `]` included, which Foundation's
    /// parser would take) or 422 (wrong shape) problem. An unpaired UTF-16 surrogate escape, which Foundation's
    /// parser would refuse, is read as U+FFFD (see ``JSONText``).
    ///
    /// A string the type reads (a field, an array item, a map key or value) that holds NUL is a 422 naming its
    /// path, as for any other invalid field: no text on Quartet's APIs holds one (see ``Swift/StringProtocol/holdsNUL``).
    /// Properties the type does not read are not looked at, as they are ignored.
    ///
    /// A body over `limit` bytes is a 413 before the parser sees it: parsing costs about 50 ms a megabyte, and the
    /// server takes bodies of up to its `maxBodySize` (40 MiB) for uploads, so without the limit anyone could make a
    /// sign-in spend two seconds of a core. The default, ``jsonBodyLimit``, holds any form's text.
    public func decode<T: Decodable>(
        _ type: T.Type, decoder: JSONDecoder = Request.jsonDecoder, limit: Int = Request.jsonBodyLimit
    ) throws -> T {
        guard body.count <= limit else {
            throw HTTPError(.contentTooLarge, detail: "The request body is larger than \(limit / 1024) KiB.")
        }
        if let offset = JSONText.commaBeforeClose(in: body) {
            throw HTTPError(
                .badRequest,
                detail: "The request body is not valid JSON: a comma before a closing bracket at byte \(offset).")
        }
        let value: T
        let readable = JSONText.replacingLoneSurrogates(in: body) ?? body
        do {
            value = try decoder.decode(T.self, from: readable)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
                let field = JSONText.pathOfUnfitNumber(
                    in: readable,
                    failsTheSameWay: { data in
                        guard case .dataCorrupted(let again)? = Self.decodingError(T.self, from: data, decoder)
                        else { return false }
                        return again.codingPath.isEmpty
                    })
            {
                throw HTTPError(
                    .unprocessableContent, detail: "Field '\(field)' must be a whole number in range.", field: field)
            }
            throw HTTPError.decoding(error)
        } catch {
            throw HTTPError(.badRequest, detail: "The request body is not valid JSON.")
        }
        if let field = DecodedText.pathOfFirstNUL(in: value) {
            throw HTTPError(
                .unprocessableContent, detail: "Field '\(field)' contains NUL, which is not allowed.", field: field)
        }
        return value
    }

    private static func decodingError<T: Decodable>(_ type: T.Type, from data: Data, _ decoder: JSONDecoder)
        -> DecodingError?
    {
        do {
            _ = try decoder.decode(type, from: data)
            return nil
        } catch {
            return error as? DecodingError
        }
    }

    /// ISO 8601 dates, the wire format of every Quartet API, read to the whole second.
    ///
    /// NB: answers carry whole seconds (`JSONEncoder`'s `.iso8601`), so a fraction a client sends
    /// (`09:00:00.123Z`, as JavaScript writes dates) is dropped where it is read: what is stored is what is
    /// answered, and a value sent back unchanged is the same value (the request-json fuzz target found the
    /// difference).
    public static let jsonDecoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = try? Date.ISO8601FormatStyle().parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected date string to be ISO8601-formatted.")
            }
            return Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        }
        return decoder
    }()
}
