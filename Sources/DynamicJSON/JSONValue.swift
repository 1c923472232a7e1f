import Foundation

/// Any JSON value, for documents whose shape is data: OpenAPI documents, JOSE headers, JWT claims.
///
/// ```swift
/// let schema: JSONValue = ["type": "object", "required": ["id"]]
/// let exp = claims["exp"]?.numberValue
/// ```
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

    /// Encodes the value as the JSON it stands for; whole numbers are written without a fraction.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e15 {
                try container.encode(Int64(value))
            } else {
                try container.encode(value)
            }
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

    /// The members, when this is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { value } else { nil }
    }

    /// The member `key` of an object, or `nil`.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByDictionaryLiteral
{
    /// A string value from a literal.
    public init(stringLiteral value: String) { self = .string(value) }

    /// A number value from an integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }

    /// An array value from a literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    /// A boolean value from a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// An object value from a literal; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

/// A JSON object: the shape of a JOSE header, a JWT claims set, an OpenAPI path item.
public typealias JSONObject = [String: JSONValue]
