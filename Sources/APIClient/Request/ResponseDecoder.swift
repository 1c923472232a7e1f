import Foundation
import PublicInit

/// How a response body becomes a value.
@PublicInit
public struct ResponseDecoder<Response>: Sendable {
    /// Turns the body into a value; `APIError.decoding` on failure.
    public var decode: @Sendable (Data, JSONDecoder) throws(APIError) -> Response
}

extension ResponseDecoder where Response: Decodable & Sendable {
    /// Decodes JSON; failures name the coding path (`features[3].properties.mag`).
    public static func json() -> ResponseDecoder {
        ResponseDecoder { data, decoder throws(APIError) in
            let value: Response = try decoder.decodeReporting(from: data)
            return value
        }
    }
}

extension ResponseDecoder where Response == Data {
    /// The body's bytes, untouched.
    public static var data: ResponseDecoder { ResponseDecoder { data, _ in data } }
}

extension ResponseDecoder where Response == Void {
    /// Ignores the body.
    public static var none: ResponseDecoder { ResponseDecoder { _, _ in () } }
}
