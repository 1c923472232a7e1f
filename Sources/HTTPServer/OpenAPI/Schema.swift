import DynamicJSON

/// JSON Schema pieces for request and response bodies, so each domain states its rules the way its handlers
/// enforce them (required fields, types, enums, limits) in a few words.
///
/// ```swift
/// Schema.object(["text": Schema.text(graphemes: 2000)], required: ["text"])
/// ```
public enum Schema {
    /// White space as Foundation's `whitespacesAndNewlines` trims it, spelled out for a regular expression (the
    /// `\s` of ECMAScript and of Python each differ from it, and from each other, at the edges).
    public static let whiteSpaceClass = #"\t\n\u000B\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000"#

    /// The default-ignorable characters of the Basic Multilingual Plane (zero-width spaces and joiners, direction
    /// marks, the byte-order mark, the soft hyphen, the Hangul fillers, variation selectors), which draw nothing by
    /// themselves, as the inside of a character class: the `invisible` of ``text(graphemes:codePoints:blankAllowed:refusing:invisible:)``
    /// for a rule that checks `Unicode.Scalar.Properties.isDefaultIgnorableCodePoint`. NB: the few outside the
    /// plane (tag characters, musical formatting) cannot be written in a pattern without the `u` flag.
    public static let invisibleClass =
        #"\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F"#
        + #"\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8"#

    /// An object with these properties; unknown properties are ignored by the server, so they are allowed.
    public static func object(_ properties: [String: JSONValue], required: [String] = []) -> JSONValue {
        var schema: [String: JSONValue] = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required.sorted().map { .string($0) }) }
        return .object(schema)
    }

    /// A string, optionally bounded in Unicode code points (JSON Schema's unit).
    public static func string(minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil) -> JSONValue {
        var schema: [String: JSONValue] = ["type": "string"]
        if let minLength { schema["minLength"] = .number(Double(minLength)) }
        if let maxLength { schema["maxLength"] = .number(Double(maxLength)) }
        if let pattern { schema["pattern"] = .string(pattern) }
        return .object(schema)
    }

    /// Text a person writes: no NUL, something other than white space (unless `blankAllowed`), and at most
    /// `graphemes` characters as people see them.
    ///
    /// JSON Schema's `maxLength` counts code points, and one character can be several (an emoji with a skin
    /// tone, a letter with a combining accent), so a `maxLength` would refuse text the server accepts or allow
    /// text it refuses. The limit is stated instead in the description and in `x-maxGraphemes`. A second cap
    /// in code points (`codePoints`, which a server checks as well) is a `maxLength`.
    ///
    /// `refusing` is what it never holds, as the inside of a regular expression's character class (by default NUL;
    /// ``controlClass`` for one line of plain text). `invisible`, in the same form, is what does not count as
    /// something besides white space (characters that draw nothing); by default none.
    public static func text(
        graphemes limit: Int, codePoints: Int? = nil, blankAllowed: Bool = false, refusing: String = #"\u0000"#,
        invisible: String = ""
    ) -> JSONValue {
        let pattern =
            blankAllowed
            ? "^[^\(refusing)]*$" : "^[^\(refusing)]*[^\(refusing)\(whiteSpaceClass)\(invisible)][^\(refusing)]*$"
        var schema: [String: JSONValue] = [
            "type": "string", "pattern": .string(pattern), "x-maxGraphemes": .number(Double(limit)),
            "description": .string(
                "At most \(limit) characters counted as grapheme clusters (what a person sees as one character)"
                    + (codePoints.map { " and \($0) code points" } ?? "")
                    + (blankAllowed ? "" : "; not only white space")
                    + (refusing == #"\u0000"# ? "; no NUL" : "; none of [\(refusing)]")),
        ]
        if let codePoints { schema["maxLength"] = .number(Double(codePoints)) }
        return .object(schema)
    }

    /// `schema` or `null`: Swift decodes `null` into an optional property as if it were absent.
    public static func orNull(_ schema: JSONValue) -> JSONValue {
        guard case .object(var object) = schema, case .string(let type)? = object["type"] else { return schema }
        object["type"] = [.string(type), "null"]
        return .object(object)
    }

    /// Every control character (C0, DEL, C1) and the Unicode line and paragraph separators, as the inside of a
    /// character class: what one line of plain text never holds.
    public static let controlClass = #"\u0000-\u001F\u007F-\u009F\u2028\u2029"#

    /// The directional embeddings, overrides and isolates (`Unicode.Scalar.reordersText`), as the inside of a
    /// character class: what a text that must read as it is stored never holds.
    public static let reorderingClass = #"\u202A-\u202E\u2066-\u2069"#

    /// A string with something other than white space in it, and no NUL (a name).
    public static let nonBlank = string(pattern: #"^[^\u0000]*[^\u0000"# + whiteSpaceClass + #"][^\u0000]*$"#)

    /// An integer in a closed range.
    public static func integer(_ range: ClosedRange<Int>? = nil) -> JSONValue {
        guard let range else { return ["type": "integer"] }
        return [
            "type": "integer", "minimum": .number(Double(range.lowerBound)),
            "maximum": .number(Double(range.upperBound)),
        ]
    }

    /// One of a few strings.
    public static func oneOf(_ values: [String]) -> JSONValue {
        ["type": "string", "enum": .array(values.map { .string($0) })]
    }

    /// An array of `items`, optionally bounded in count; `distinct` says how no two items may be alike.
    public static func array(
        _ items: JSONValue, minItems: Int? = nil, maxItems: Int? = nil, distinct: String? = nil
    ) -> JSONValue {
        var schema: [String: JSONValue] = ["type": "array", "items": items]
        if let minItems { schema["minItems"] = .number(Double(minItems)) }
        if let maxItems { schema["maxItems"] = .number(Double(maxItems)) }
        if let distinct {
            // NB: `uniqueItems` compares exactly; the server's own sameness (`distinct`) may be looser, so it is
            // stated in words too.
            schema["uniqueItems"] = true
            schema["description"] = .string(distinct)
        }
        return .object(schema)
    }

    /// An object used as a map from string keys to `values`.
    public static func map(_ values: JSONValue) -> JSONValue {
        ["type": "object", "additionalProperties": values]
    }

    /// `true` or `false`.
    public static let boolean: JSONValue = ["type": "boolean"]

    /// No NUL anywhere: any string.
    public static let noNULPattern = #"^[^\u0000]*$"#

    /// `schema` with ``noNULPattern`` on every string it describes that states no form of its own (a pattern,
    /// an enum, a constant or a format), and on the keys of every map, at any depth: how the document says that
    /// the server refuses NUL in a request (``NULRefusalMiddleware``, ``Request/decode(_:decoder:)``).
    public static func withoutNUL(_ schema: JSONValue) -> JSONValue {
        switch schema {
        case .array(let schemas):
            return .array(schemas.map(withoutNUL))
        case .object(var object):
            for key in ["items", "additionalProperties", "not"] {
                if let child = object[key], case .object = child { object[key] = withoutNUL(child) }
            }
            for key in ["properties", "patternProperties"] {
                if case .object(let children)? = object[key] { object[key] = .object(children.mapValues(withoutNUL)) }
            }
            for key in ["oneOf", "anyOf", "allOf", "prefixItems"] {
                if let children = object[key] { object[key] = withoutNUL(children) }
            }
            if case .object? = object["additionalProperties"], object["propertyNames"] == nil {
                object["propertyNames"] = ["pattern": .string(noNULPattern)]
            }
            let isString: Bool
            switch object["type"] {
            case .string("string")?: isString = true
            case .array(let types)?: isString = types.contains(.string("string"))
            default: isString = false
            }
            if isString, ["pattern", "enum", "const", "format"].allSatisfy({ object[$0] == nil }) {
                object["pattern"] = .string(noNULPattern)
            }
            return .object(object)
        default:
            return schema
        }
    }
}
