import Foundation

/// One value of an sObject field as sent to Salesforce: a string, a number, a Boolean or `null`.
public enum FieldValue: Sendable, Hashable, Codable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// Decodes any JSON scalar.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let value = try? c.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? c.decode(Double.self) {
            self = .number(value)
        } else {
            self = .string(try c.decode(String.self))
        }
    }

    /// Encodes the scalar; whole numbers without a fraction.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .string(let value): try c.encode(value)
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e15 { try c.encode(Int64(value)) } else { try c.encode(value) }
        case .bool(let value): try c.encode(value)
        case .null: try c.encodeNil()
        }
    }
}

extension FieldValue {
    /// The text of a string field, or `nil`.
    var text: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// A whole number, or `nil`.
    var integer: Int? {
        guard case .number(let value) = self else { return nil }
        return value.wholeNumber
    }
}

/// The fields of one sObject write, by Salesforce field name.
public typealias SObjectFields = [String: FieldValue]

extension Optional where Wrapped == String {
    var fieldValue: FieldValue { map(FieldValue.string) ?? .null }
}

extension Optional where Wrapped == Double {
    var fieldValue: FieldValue { map(FieldValue.number) ?? .null }
}
