import Foundation

/// An error a handler throws to answer with an RFC 9457 problem-details response.
///
/// Only what is set here reaches the client; any other error becomes a bare 500
/// whose details go to the log, never the wire.
///
/// ```swift
/// throw HTTPError(.unprocessableContent, detail: "Title must be 1–120 characters.", field: "title")
/// ```
public struct HTTPError: Error, Sendable, Equatable {
    /// The response status.
    public var status: HTTPStatus
    /// A human-readable explanation specific to this occurrence.
    public var detail: String?
    /// A URI naming the problem type; `about:blank` when absent.
    public var type: String?
    /// Extra members for the problem document (`field`, `errors`, …).
    public var extensions: [String: String]
    /// Extra response headers (`Allow`, `Retry-After`, `WWW-Authenticate`).
    public var headers: HTTPHeaders

    /// Makes a problem; `field` names the offending input and lands in the document as `field`.
    public init(
        _ status: HTTPStatus,
        detail: String? = nil,
        type: String? = nil,
        field: String? = nil,
        extensions: [String: String] = [:],
        headers: HTTPHeaders = [:]
    ) {
        self.status = status
        self.detail = detail
        self.type = type
        var extensions = extensions
        if let field { extensions["field"] = field }
        self.extensions = extensions
        self.headers = headers
    }

    /// A problem for a body that decoded to the wrong shape: 422 naming the field path.
    static func decoding(_ error: DecodingError) -> HTTPError {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let field = (context.codingPath.map(\.stringValue) + [key.stringValue]).joined(separator: ".")
            return HTTPError(.unprocessableContent, detail: "Missing field '\(field)'.", field: field)
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let field = path(context)
            return HTTPError(.unprocessableContent, detail: "Field '\(field)' has the wrong type.", field: field)
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            let field = path(context)
            return HTTPError(.unprocessableContent, detail: "Field '\(field)' is not valid.", field: field)
        default:
            return HTTPError(.badRequest, detail: "The request body is not valid JSON.")
        }
    }

    /// The problem-details response for this error.
    public func response(instance: String? = nil) -> Response {
        var document: [String: String] = extensions
        document["type"] = type ?? "about:blank"
        document["title"] = status.reasonPhrase
        document["status"] = nil
        if let detail { document["detail"] = detail }
        if let instance { document["instance"] = instance }
        var headers = headers
        headers["Content-Type"] = "application/problem+json"
        let body = ProblemDocument(fields: document, status: status.rawValue)
        let data = (try? Response.jsonEncoder.encode(body)) ?? Data()
        return Response(status: status, headers: headers, body: data)
    }
}

/// The JSON body of a problem: string members plus the numeric `status`.
private struct ProblemDocument: Encodable {
    var fields: [String: String]
    var status: Int

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (key, value) in fields { try container.encode(value, forKey: Key(stringValue: key)) }
        try container.encode(status, forKey: Key(stringValue: "status"))
    }
}

/// An error from a layer below HTTP (the database) that knows which answer it stands for, such as a 503 with
/// `Retry-After` for a lock held too long. The conformance lives where both the error and this protocol are seen
/// (QuartetServer, for the database's); the real error still goes to the log, never to the wire.
public protocol HTTPResponseError: Error {
    /// The problem to answer with; `nil` answers as for any unexpected error (a logged 500).
    var httpError: HTTPError? { get }
}
