import Foundation

/// What a request carries after its headers.
public struct RequestBody: Sendable {
    enum Content: Sendable {
        case raw(Data)
        case json(any Encodable & Sendable)
    }

    let content: Content
    /// The `Content-Type` header sent with the body.
    public var contentType: String

    /// Raw bytes with their content type, e.g. a JPEG for an attachment.
    public static func data(_ data: Data, contentType: String) -> RequestBody {
        RequestBody(content: .raw(data), contentType: contentType)
    }

    /// A value encoded as JSON by the client's encoder when the request is built.
    public static func json(_ value: some Encodable & Sendable) -> RequestBody {
        RequestBody(content: .json(value), contentType: "application/json")
    }

    /// The bytes to send, encoding JSON with `encoder`.
    func encoded(with encoder: JSONEncoder) throws(APIError) -> Data {
        switch content {
        case .raw(let data):
            return data
        case .json(let value):
            do {
                return try encoder.encode(value)
            } catch {
                throw APIError.invalidRequest("The request body could not be encoded: \(error)")
            }
        }
    }
}
