import Foundation

/// An array that skips the elements it cannot decode, and counts them.
///
/// As a property wrapper on a synthesized `Decodable`, a missing key, `null` or a non-array gives an empty
/// array instead of an error:
///
/// ```swift
/// struct Feed: Decodable {
///     @LossyArray var features: [Feature]
/// }
/// let feed = try decoder.decode(Feed.self, from: data)
/// feed.features        // the good ones
/// feed.$features.skipped // how many were dropped
/// ```
@propertyWrapper
public struct LossyArray<Element> {
    /// The elements that decoded.
    public var wrappedValue: [Element]
    /// How many elements were skipped because they did not decode.
    public var skipped: Int

    /// Wraps elements (nothing skipped).
    public init(wrappedValue: [Element]) {
        self.wrappedValue = wrappedValue
        self.skipped = 0
    }

    /// The wrapper itself, to read ``skipped``.
    public var projectedValue: LossyArray<Element> { self }
}

extension LossyArray: Sendable where Element: Sendable {}
extension LossyArray: Equatable where Element: Equatable {}

extension LossyArray: ExpressibleByArrayLiteral {
    /// Wraps literal elements.
    public init(arrayLiteral elements: Element...) { self.init(wrappedValue: elements) }
}

/// Decodes anything and keeps nothing: advances an unkeyed container past a bad element.
private struct Skipped: Decodable {
    init(from decoder: any Decoder) throws {}
}

extension LossyArray: Decodable where Element: Decodable {
    /// Decodes the good elements of an array; a `null` is an empty array, anything else not an array throws.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), single.decodeNil() {
            self.init(wrappedValue: [])
            return
        }
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        var skipped = 0
        while !container.isAtEnd {
            let before = container.currentIndex
            if let element = try? container.decode(Element.self) {
                elements.append(element)
            } else {
                skipped += 1
                _ = try? container.decode(Skipped.self)
                // NB: a container that refused to move on would loop forever; stop instead.
                if container.currentIndex == before { break }
            }
        }
        self.init(wrappedValue: elements)
        self.skipped = skipped
    }
}

extension LossyArray: Encodable where Element: Encodable {
    /// Encodes the elements as a plain array.
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

extension KeyedDecodingContainer {
    /// Lets `@LossyArray` properties treat a missing, `null` or non-array value as empty.
    public func decode<Element: Decodable>(_ type: LossyArray<Element>.Type, forKey key: Key) throws
        -> LossyArray<Element>
    {
        decodeLenient(type, forKey: key, default: [])
    }
}
