import Foundation

/// Names the value a ``DefaultValue`` property takes when the server leaves it out.
public protocol DefaultValueProvider {
    /// The type of the value.
    associatedtype Value: Decodable
    /// The value used for a missing, `null` or wrong-typed field.
    static var defaultValue: Value { get }
}

/// A property that falls back to a documented default instead of failing the decode.
///
/// ```swift
/// struct Account: Decodable {
///     var id: String
///     @DefaultValue<Defaults.EmptyString> var name: String   // "" when missing or null
///     @DefaultValue<Defaults.False> var isActive: Bool       // false when missing or not a Bool
/// }
/// ```
@propertyWrapper
public struct DefaultValue<Provider: DefaultValueProvider> {
    /// The decoded value or the provider's default.
    public var wrappedValue: Provider.Value

    /// Wraps a value.
    public init(wrappedValue: Provider.Value) { self.wrappedValue = wrappedValue }
}

extension DefaultValue: Sendable where Provider.Value: Sendable {}
extension DefaultValue: Equatable where Provider.Value: Equatable {}

extension DefaultValue: Decodable {
    /// Decodes the value, or takes the default when it is `null` or of the wrong type.
    public init(from decoder: any Decoder) throws {
        let value = try? decoder.singleValueContainer().decode(Provider.Value.self)
        self.init(wrappedValue: value ?? Provider.defaultValue)
    }
}

extension DefaultValue: Encodable where Provider.Value: Encodable {
    /// Encodes the plain value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension KeyedDecodingContainer {
    /// Lets `@DefaultValue` properties take their default when the key is missing.
    public func decode<Provider>(_ type: DefaultValue<Provider>.Type, forKey key: Key) throws
        -> DefaultValue<Provider>
    {
        DefaultValue(wrappedValue: decodeLenient(Provider.Value.self, forKey: key) ?? Provider.defaultValue)
    }
}

/// Common defaults for ``DefaultValue``.
public enum Defaults {
    /// `""`.
    public enum EmptyString: DefaultValueProvider {
        /// The default.
        public static var defaultValue: String { "" }
    }
    /// `0`.
    public enum Zero: DefaultValueProvider {
        /// The default.
        public static var defaultValue: Int { 0 }
    }
    /// `false`.
    public enum False: DefaultValueProvider {
        /// The default.
        public static var defaultValue: Bool { false }
    }
    /// `true`.
    public enum True: DefaultValueProvider {
        /// The default.
        public static var defaultValue: Bool { true }
    }
    /// `[]`.
    public enum EmptyArray<Element: Decodable>: DefaultValueProvider {
        /// The default.
        public static var defaultValue: [Element] { [] }
    }
}
