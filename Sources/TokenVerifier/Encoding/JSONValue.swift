import Foundation

/// A JSON value, as found in JOSE headers and JWT claims.
public enum JSONValue: Sendable, Hashable, Codable {
    /// A string.
    case string(String)
    /// A number; JWT times are seconds since 1970 and fit a `Double` exactly.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])
    /// `null`.
    case null

    /// Decodes one JSON value of any kind.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as the JSON it stands for.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The number, when this is a number.
    public var numberValue: Double? {
        if case .number(let value) = self { value } else { nil }
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { value } else { nil }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral {
    /// A string value from a literal.
    public init(stringLiteral value: String) { self = .string(value) }

    /// A number value from an integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }

    /// An array value from a literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

/// A JSON object: the shape of a JOSE header and of a JWT claims set.
public typealias JSONObject = [String: JSONValue]

extension JSONObject {
    /// Decodes a JSON object, or returns nil when the bytes are not exactly one JSON object, or when any object
    /// in it repeats a member name.
    static func decodeObject(_ data: Data) -> JSONObject? {
        guard let object = try? JSONDecoder().decode(JSONObject.self, from: data),
            !DuplicateKeyScanner.hasDuplicateKeys(data)
        else { return nil }
        return object
    }

    /// Encodes the object as compact JSON with sorted keys, so equal objects give equal bytes.
    func encodedJSON() throws(CryptoError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(self)
        } catch {
            throw .operationFailed("JSON encoding")
        }
    }
}
