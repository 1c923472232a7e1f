import Foundation

/// Where log lines go: standard error in production, a collector in tests.
///
/// Lines are single-line `key=value` records (logfmt); ``LogSink/standardError`` writes each with one
/// `write(2)` so lines from concurrent requests never interleave.
public struct LogSink: Sendable {
    /// Writes one line (without its trailing newline).
    public var write: @Sendable (String) -> Void

    /// Makes a sink from a closure.
    public init(write: @escaping @Sendable (String) -> Void) { self.write = write }

    /// Standard error, one `write(2)` per line.
    public static let standardError = LogSink { line in
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var sent = 0
            while sent < buffer.count {
                let result = Foundation.write(STDERR_FILENO, base + sent, buffer.count - sent)
                if result <= 0 { return }
                sent += result
            }
        }
    }

    /// Drops every line.
    public static let discard = LogSink { _ in }

    /// Writes a logfmt record built from ordered fields.
    public func record(_ fields: KeyValuePairs<String, String>) {
        write(LogSink.format(fields.map { ($0.key, $0.value) }))
    }

    /// `key=value key2="two words"`: values with spaces, quotes, `=` or control characters are quoted, and
    /// control characters escaped, so a value can never forge a field or a line.
    static func format(_ fields: [(String, String)]) -> String {
        fields.map { key, value in "\(key)=\(quote(value))" }.joined(separator: " ")
    }

    static func quote(_ value: String) -> String {
        let needsQuotes =
            value.isEmpty
            || value.unicodeScalars.contains { scalar in
                scalar == " " || scalar == "\"" || scalar == "=" || scalar == "\\" || scalar.value < 0x20
                    || scalar.value == 0x7F
            }
        guard needsQuotes else { return value }
        var quoted = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    quoted += String(format: "\\u%04x", scalar.value)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}
