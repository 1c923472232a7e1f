import Foundation

/// Base64 text from a request (an attachment's `Body`), checked once and decoded a piece at a time.
///
/// NB: `Data(base64Encoded:)` decodes a 35 MB body into one 25 MB buffer, which the database then copies
/// again. This keeps the text (a slice of the request body), knows the decoded length up front, and
/// decodes in chunks straight into storage. Characters outside the alphabet are skipped, as
/// `Data(base64Encoded:options: .ignoreUnknownCharacters)` does; `=` padding may only complete the
/// last group (Foundation also accepts a stray `=` or text after it).
public struct Base64Text: Sendable, Hashable {
    /// The text, alphabet characters only (the request's bytes when they needed no cleaning).
    private let text: Data
    /// How many `=` end the text (0, 1 or 2).
    private let padding: Int

    /// The number of bytes the text decodes to.
    public var decodedCount: Int { text.count / 4 * 3 - padding }

    /// Checks `text`; `nil` when it is not base64.
    public init?(_ text: Data) {
        if let padding = Self.cleanPadding(text) {
            self.text = text
            self.padding = padding
            return
        }
        var valid = 0
        var padding = 0
        Self.table.withUnsafeBufferPointer { table in
            text.withUnsafeBytes { bytes in
                for byte in bytes {
                    let value = table[Int(byte)]
                    if value < 64 {
                        // Data after padding is not base64.
                        if padding > 0 { padding = 3 }
                        valid += 1
                    } else if value == Self.pad {
                        padding += 1
                    }
                }
            }
        }
        guard padding <= 2, (valid + padding) % 4 == 0 else { return nil }
        // Rare (line-wrapped text): keep the alphabet characters only, so decoding never branches.
        self.text = text.filter { Self.table[Int($0)] < 64 || Self.table[Int($0)] == Self.pad }
        self.padding = padding
    }

    /// The padding of text made of alphabet characters only, with up to two `=` at its end, in whole groups;
    /// `nil` for anything else.
    ///
    /// NB: the common case, checked without a branch per byte by OR-ing every character's table value:
    /// any character outside the alphabet sets a bit above the low six.
    private static func cleanPadding(_ text: Data) -> Int? {
        table.withUnsafeBufferPointer { table in
            text.withUnsafeBytes { bytes -> Int? in
                var end = bytes.count
                while end > 0, bytes.count - end < 2, bytes[end - 1] == UInt8(ascii: "=") { end -= 1 }
                guard bytes.count % 4 == 0 else { return nil }
                var seen: UInt8 = 0
                for index in 0..<end { seen |= table[Int(bytes[index])] }
                return seen < 64 ? bytes.count - end : nil
            }
        }
    }

    /// Checks a JSON string's text; `nil` when it is not base64.
    public init?(_ text: String) {
        self.init(Data(text.utf8))
    }

    /// The whole decoded value.
    public func decoded() -> Data {
        var data = Data(count: decodedCount)
        data.withUnsafeMutableBytes { output in
            var offset = 0
            decode(chunkSize: Self.chunkSize) { chunk in
                UnsafeMutableRawBufferPointer(rebasing: output[offset..<(offset + chunk.count)]).copyMemory(from: chunk)
                offset += chunk.count
            }
        }
        return data
    }

    /// The first `count` decoded bytes (fewer when the value is shorter).
    public func prefix(_ count: Int) -> [UInt8] {
        let groups = (count + 2) / 3
        let head = Base64Text(clean: text.prefix(groups * 4), padding: groups * 4 >= text.count ? padding : 0)
        return Array(head.decoded().prefix(count))
    }

    /// Decodes the text in order, handing each piece of at most `chunkSize` decoded bytes to `consume`.
    public func decode(
        chunkSize: Int = Base64Text.chunkSize, _ consume: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
        let groupsPerChunk = max(1, chunkSize / 3)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: groupsPerChunk * 3, alignment: 16)
        defer { buffer.deallocate() }
        try text.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            let groups = input.count / 4
            var group = 0
            while group < groups {
                let end = min(groups, group + groupsPerChunk)
                let written = Self.decodeGroups(input, from: group, to: end, into: buffer)
                let isLast = end == groups
                try consume(UnsafeRawBufferPointer(rebasing: buffer[0..<(isLast ? written - padding : written)]))
                group = end
            }
        }
    }

    /// Decoded bytes handed over at a time.
    public static let chunkSize = 256 << 10

    private init(clean text: Data, padding: Int) {
        self.text = text
        self.padding = padding
    }

    /// Decodes whole groups of four characters (`=` counts as zero bits; the caller drops its bytes).
    private static func decodeGroups(
        _ input: UnsafeRawBufferPointer, from first: Int, to end: Int, into output: UnsafeMutableRawBufferPointer
    ) -> Int {
        let table = Self.table
        return table.withUnsafeBufferPointer { table in
            var out = 0
            for group in first..<end {
                let at = group * 4
                // Padding decodes as 0: `pad & 63` is 0 by construction of the table.
                let word =
                    UInt32(table[Int(input[at])] & 63) << 18 | UInt32(table[Int(input[at + 1])] & 63) << 12
                    | UInt32(table[Int(input[at + 2])] & 63) << 6 | UInt32(table[Int(input[at + 3])] & 63)
                output[out] = UInt8(truncatingIfNeeded: word >> 16)
                output[out + 1] = UInt8(truncatingIfNeeded: word >> 8)
                output[out + 2] = UInt8(truncatingIfNeeded: word)
                out += 3
            }
            return out
        }
    }

    /// The table's mark for `=` (0 in its low six bits).
    private static let pad: UInt8 = 0x40
    /// The table's mark for a character outside the alphabet.
    private static let unknown: UInt8 = 0x80

    /// Each byte's six-bit value, ``pad`` or ``unknown``.
    private static let table: [UInt8] = {
        var table = [UInt8](repeating: unknown, count: 256)
        for (value, character) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        table[Int(UInt8(ascii: "="))] = pad
        return table
    }()
}
