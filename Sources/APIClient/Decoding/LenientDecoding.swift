import Foundation

/// Decoding that never trusts the server.
///
/// A model reads each field with `decodeLenient`: a missing key, a `null`, or a value of the wrong type
/// gives `nil` (or the default you name) instead of failing the whole response. Numbers sent as strings
/// (`"mag": "4.5"`) and strings sent as numbers are converted when the type allows it.
///
/// ```swift
/// struct Quake: Decodable {
///     var id: String
///     var magnitude: Double?        // nil when missing, null or not a number
///     var place: String             // "" when missing
///     @LossyArray var tags: [String] // bad elements skipped, `$tags.skipped` counts them
///
///     init(from decoder: any Decoder) throws {
///         let c = try decoder.container(keyedBy: CodingKeys.self)
///         id = try c.decode(String.self, forKey: .id)   // a hard requirement: fails with its path
///         magnitude = c.decodeLenient(Double.self, forKey: .mag)
///         place = c.decodeLenient(String.self, forKey: .place, default: "")
///         _tags = c.decodeLenient(LossyArray<String>.self, forKey: .tags, default: [])
///     }
/// }
/// ```
extension KeyedDecodingContainer {
    /// The value at `key`, or `nil` when it is missing, `null` or of the wrong type.
    public func decodeLenient<T: Decodable>(_ type: T.Type, forKey key: Key) -> T? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }

    /// The value at `key`, or `defaultValue` when it is missing, `null` or of the wrong type.
    public func decodeLenient<T: Decodable>(_ type: T.Type, forKey key: Key, default defaultValue: T) -> T {
        decodeLenient(type, forKey: key) ?? defaultValue
    }

    /// The value at `key`, also accepting its string form (`"4.5"` for a `Double`, `12` for a `String`);
    /// `nil` when missing, `null` or unreadable.
    public func decodeLenient<T: Decodable & LosslessStringConvertible>(_ type: T.Type, forKey key: Key) -> T? {
        if let value = (try? decodeIfPresent(type, forKey: key)) ?? nil { return value }
        if let text = (try? decodeIfPresent(String.self, forKey: key)) ?? nil {
            return T(text.trimmingCharacters(in: .whitespaces))
        }
        if let integer = (try? decodeIfPresent(Int64.self, forKey: key)) ?? nil, let value = T(String(integer)) {
            return value
        }
        if let double = (try? decodeIfPresent(Double.self, forKey: key)) ?? nil, let value = T(String(double)) {
            return value
        }
        if let bool = (try? decodeIfPresent(Bool.self, forKey: key)) ?? nil, let value = T(String(bool)) {
            return value
        }
        return nil
    }

    /// Like ``decodeLenient(_:forKey:)`` for string-convertible types, with a default.
    public func decodeLenient<T: Decodable & LosslessStringConvertible>(
        _ type: T.Type, forKey key: Key, default defaultValue: T
    ) -> T {
        decodeLenient(type, forKey: key) ?? defaultValue
    }
}
