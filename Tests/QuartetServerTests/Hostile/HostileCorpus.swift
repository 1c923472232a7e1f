import Foundation

/// Request bodies no client should send: broken JSON, values past every sensible limit, bytes that are not text.
///
/// Each is sent to every route that takes a body; the server must answer 4xx (or accept it when it happens to be
/// valid), never 5xx, and never crash.
enum HostileCorpus {
    /// Name → body.
    static let bodies: [(name: String, body: Data)] = [
        ("empty", Data()),
        ("truncated object", Data(#"{"title": "half"#.utf8)),
        ("missing value", Data(#"{"title":}"#.utf8)),
        ("trailing garbage", Data(#"{"title": "x"} trailing"#.utf8)),
        ("comma before }", Data(#"{"title": "x", "content": "y", "rating": 3,}"#.utf8)),
        ("comma before ]", Data(#"{"title": "x", "sessions": ["a",], "guests": [],}"#.utf8)),
        ("bare null", Data("null".utf8)),
        ("top-level number", Data("42".utf8)),
        ("top-level string", Data(#""just a string""#.utf8)),
        ("array instead of object", Data("[1, 2, 3]".utf8)),
        ("huge exponent", Data(#"{"rating": 1e999999, "capacity": 1e999999}"#.utf8)),
        ("400-digit integer", Data(#"{"rating": \#(String(repeating: "9", count: 400))}"#.utf8)),
        ("negative zero and NaN words", Data(#"{"rating": -0, "latitude": NaN}"#.utf8)),
        (
            "deep array nesting",
            Data((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8)
        ),
        (
            "deep object nesting",
            Data((String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000)).utf8)
        ),
        ("invalid UTF-8 in a string", Data(#"{"title": ""#.utf8) + Data([0xC3, 0x28, 0xFF, 0xFE]) + Data(#""}"#.utf8)),
        ("lone surrogate escape", Data(#"{"title": "\ud800", "content": "\udfff"}"#.utf8)),
        ("escaped NUL", Data(#"{"title": "a\u0000b", "email": "x\u0000@example.com", "password": "p\u0000w"}"#.utf8)),
        ("raw NUL byte", Data(#"{"title": "a"#.utf8) + Data([0]) + Data(#"b"}"#.utf8)),
        (
            "10 MB string",
            Data(#"{"title": ""#.utf8) + Data(repeating: UInt8(ascii: "x"), count: 10_000_000) + Data(#""}"#.utf8)
        ),
        ("duplicate keys", Data(#"{"title": "first", "title": "second", "rating": 3, "rating": 4}"#.utf8)),
        (
            "every field the wrong type",
            Data(
                #"{"title": [], "content": {}, "rating": "five", "email": 7, "password": true, "name": null, "later": "yes", "event": 1, "sessions": "none", "speakers": {}}"#
                    .utf8)
        ),
        ("binary noise", Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })),
    ]

    /// Text that must never appear in a response body: SQL, file paths, stack frames and Swift type names.
    static let internals: [String] = [
        "SELECT ", "INSERT INTO", "UPDATE attendee", "DELETE FROM", "sqlite", "SQLITE_", "postgres", "SQLSTATE",
        "/work/", "/tmp/", ".swift", "Sources/", "Fatal error", "DecodingError", "keyNotFound", "typeMismatch",
        "dataCorrupted", "CodingKeys", "Swift.", "Foundation.", "NSError", "HTTPServer.", "DatabaseError",
    ]

    /// The internals found in `body`.
    static func leaks(in body: String) -> [String] {
        internals.filter { body.localizedCaseInsensitiveContains($0) }
    }
}
