/// HTTP header fields: case-insensitive names, order kept, repeated names allowed.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields in order, names as given.
    public private(set) var fields: [(name: String, value: String)] = []

    /// No headers.
    public init() {}

    /// Headers from name/value pairs, in order.
    public init(_ fields: [(String, String)]) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    /// Headers from a literal such as `["Content-Type": "text/plain"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value for `name` (case-insensitive); setting replaces every value, `nil` removes them.
    public subscript(name: String) -> String? {
        get {
            for field in fields where field.name.caseInsensitiveEquals(name) { return field.value }
            return nil
        }
        set {
            fields.removeAll { $0.name.caseInsensitiveEquals(name) }
            if let newValue { fields.append((name: name, value: newValue)) }
        }
    }

    /// Whether any field is named `name` (case-insensitive).
    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// Same fields, same order, same spelling.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }
}

extension String {
    /// ASCII case-insensitive comparison, which is all header names need.
    @inlinable
    func caseInsensitiveEquals(_ other: String) -> Bool {
        let a = utf8
        let b = other.utf8
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) where x != y {
            let lx = (x >= 65 && x <= 90) ? x | 0x20 : x
            let ly = (y >= 65 && y <= 90) ? y | 0x20 : y
            if lx != ly { return false }
        }
        return true
    }
}
