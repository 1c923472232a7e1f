import Foundation
import PublicInit

/// An HTTP response: status, headers and a body.
@PublicInit
public struct Response: Sendable {
    /// What the engine sends after the headers.
    public enum Body: Sendable {
        /// The whole body, known up front.
        case bytes(Data)
        /// A Server-Sent Events stream (see ``EventStream``), written as events arrive.
        case eventStream(EventStream)
        /// An open file, sent from the page cache (see ``FileBody``).
        case file(FileBody)
    }

    /// The status code.
    public var status: HTTPStatus = .ok
    /// The response headers; `Content-Length` and `Date` are added by the engine.
    public var headers: HTTPHeaders = [:]
    /// The body: bytes or an event stream.
    public var body: Body

    /// A response with a byte body.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = .bytes(body)
    }

    /// The body's bytes (a file's read whole), or empty for a stream.
    public var bodyData: Data {
        switch body {
        case .bytes(let data): data
        case .file(let file): (try? file.readAll()) ?? Data()
        case .eventStream: Data()
        }
    }

    /// A JSON response (`application/json; charset=utf-8`) with ISO 8601 dates and sorted keys.
    public static func json<T: Encodable>(_ value: T, status: HTTPStatus = .ok, headers: HTTPHeaders = [:]) throws
        -> Response
    {
        var headers = headers
        headers["Content-Type"] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: try jsonEncoder.encode(value))
    }

    /// A plain-text response.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8))
    }

    /// An empty `204 No Content`.
    public static var noContent: Response { Response(status: .noContent) }

    /// The encoder behind ``json(_:status:headers:)``.
    public static let jsonEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
