import HTTPTypes

/// Finds the strings in a decoded request body, to refuse NUL wherever a body carries text.
///
/// NB: it walks the value with `Mirror`, so it needs no list of fields kept beside each type: a body type's
/// stored properties are its wire fields (none of Quartet's request types renames a key), arrays are walked by
/// index and dictionaries by key.
enum DecodedText {
    /// How deep the walk goes; a decoded body is never deeper (Foundation refuses JSON nested past 512).
    static let depthLimit = 600

    /// The dotted path (`guests.1.name`) of the first string that holds NUL, or `nil`; `""` for the body itself.
    static func pathOfFirstNUL(in value: Any) -> String? {
        firstNUL(in: value, path: [], depth: 0).map { $0.joined(separator: ".") }
    }

    private static func firstNUL(in value: Any, path: [String], depth: Int) -> [String]? {
        if let text = value as? String { return text.holdsNUL ? path : nil }
        guard depth < depthLimit else { return nil }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .dictionary:
            for entry in mirror.children {
                let pair = Array(Mirror(reflecting: entry.value).children)
                guard pair.count == 2 else { continue }
                let key = pair[0].value as? String ?? String(describing: pair[0].value)
                if key.holdsNUL { return path + [key.withoutNUL] }
                if let found = firstNUL(in: pair[1].value, path: path + [key], depth: depth + 1) { return found }
            }
        case .collection, .set:
            for (index, child) in mirror.children.enumerated() {
                if let found = firstNUL(in: child.value, path: path + [String(index)], depth: depth + 1) {
                    return found
                }
            }
        case .optional:
            if let wrapped = mirror.children.first {
                return firstNUL(in: wrapped.value, path: path, depth: depth + 1)
            }
        case .struct, .enum, .class, .tuple:
            for child in mirror.children {
                // NB: an enum's child is labelled with its case, which is no field of the wire.
                let step = mirror.displayStyle == .enum ? [] : child.label.map { [$0] } ?? []
                if let found = firstNUL(in: child.value, path: path + step, depth: depth + 1) { return found }
            }
        default:
            return nil
        }
        return nil
    }
}
