import Foundation

extension JSONDecoder {
    /// Decodes `type`, turning every failure into ``APIError/decoding(path:message:)`` that names where it
    /// happened, e.g. `features[3].properties.mag`. The root is the empty path.
    public func decodeReporting<T: Decodable>(_ type: T.Type = T.self, from data: Data) throws(APIError) -> T {
        do {
            return try decode(T.self, from: data)
        } catch let error as DecodingError {
            throw APIError.decoding(path: error.codingPathDescription, message: error.summary)
        } catch {
            throw APIError.decoding(path: "", message: String(describing: error))
        }
    }
}

extension DecodingError {
    /// The coding path in the dotted form a person can look up in the JSON: `features[3].properties.mag`.
    public var codingPathDescription: String {
        var path = context.codingPath
        // NB: for a missing key the context path stops at the container; name the key too.
        if case .keyNotFound(let key, _) = self { path.append(key) }
        return Self.describe(path)
    }

    /// Formats a coding path: string keys joined by dots, integer keys as `[n]`.
    public static func describe(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    private var context: Context {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            return context
        @unknown default:
            return Context(codingPath: [], debugDescription: "")
        }
    }

    /// A one-line reason: what was expected, or why the data could not be read.
    var summary: String {
        switch self {
        case .typeMismatch(let type, let context):
            return "expected \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "missing \(type): \(context.debugDescription)"
        case .keyNotFound(let key, _):
            return "missing key \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            return context.debugDescription
        @unknown default:
            return String(describing: self)
        }
    }
}
